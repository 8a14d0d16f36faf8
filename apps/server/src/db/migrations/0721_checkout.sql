-- Card checkout (issue 17): sessions opened by buyers, and the payment provider's webhook events
-- already handled (a replayed event changes nothing the second time).
CREATE TABLE checkout_sessions (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider text NOT NULL,
  price_id text NOT NULL,
  product_name text NOT NULL,
  credits integer NOT NULL CHECK (credits >= 0),
  amount integer NOT NULL CHECK (amount >= 0),
  currency text NOT NULL,
  return_path text NOT NULL DEFAULT '/wallet',
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'complete', 'declined', 'expired')),
  failure text,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);
CREATE INDEX checkout_sessions_user_idx ON checkout_sessions (user_id, created_at DESC);

CREATE TABLE payment_webhook_events (
  id text PRIMARY KEY,
  type text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);

-- the sandbox signs its webhook events with a secret of this database, shared by every instance
CREATE TABLE payment_secrets (
  name text PRIMARY KEY,
  value text NOT NULL
);
INSERT INTO payment_secrets (name, value)
VALUES ('sandbox_webhook', 'whsec_' || replace(gen_random_uuid()::text, '-', ''));
