-- Subscriptions (issue 17 item 4). The account's plan (users.plan) follows its subscriptions:
-- the highest plan among the active ones, or the plan an operator granted (set-plan), whichever
-- is higher. plan_ends_at is when the plan that won stops being paid for: past it, the granted
-- plan applies even before the provider's event arrives.
ALTER TABLE users ADD COLUMN granted_plan text NOT NULL DEFAULT 'free'
  CHECK (granted_plan IN ('free', 'standard', 'pro'));
UPDATE users SET granted_plan = plan;
ALTER TABLE users ADD COLUMN plan_ends_at timestamptz;

-- a checkout is a one-time payment, a subscription, or a card change (setup) for a subscription
ALTER TABLE checkout_sessions ADD COLUMN mode text NOT NULL DEFAULT 'payment'
  CHECK (mode IN ('payment', 'subscription', 'setup'));
ALTER TABLE checkout_sessions ADD COLUMN provider_session_id text;
ALTER TABLE checkout_sessions ADD COLUMN subscription_id text;

-- the user's customer at a provider (Stripe: cus_...)
CREATE TABLE payment_customers (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider text NOT NULL,
  customer_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, provider),
  UNIQUE (provider, customer_id)
);

-- the provider's subscriptions as its events last described them
CREATE TABLE subscriptions (
  id text PRIMARY KEY,
  provider text NOT NULL,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  customer_id text NOT NULL,
  price_id text NOT NULL,
  plan text NOT NULL CHECK (plan IN ('standard', 'pro')),
  provider_status text NOT NULL,
  -- spec 1 §3: 0 renewing, 1 cancellation scheduled at the period end, 2 canceled
  is_canceled smallint NOT NULL DEFAULT 0 CHECK (is_canceled IN (0, 1, 2)),
  ends_at timestamptz NOT NULL,
  canceled_at timestamptz,
  -- the newest event applied (unix seconds): an older event arriving late changes nothing
  last_event_at bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX subscriptions_user_idx ON subscriptions (user_id, updated_at DESC);

-- the built-in sandbox provider's own books (what Stripe keeps on its side)
CREATE TABLE sandbox_customers (
  id text PRIMARY KEY,
  user_id text NOT NULL,
  email text NOT NULL,
  card_brand text,
  card_last4 text,
  card_exp_month integer,
  card_exp_year integer,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE sandbox_checkouts (
  id text PRIMARY KEY,
  mode text NOT NULL CHECK (mode IN ('payment', 'subscription', 'setup')),
  user_id text,
  email text,
  customer_id text,
  price_id text,
  subscription_id text,
  -- the card a setup checkout collected, until it becomes the customer's default
  card_brand text,
  card_last4 text,
  card_exp_month integer,
  card_exp_year integer,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'complete', 'expired')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE sandbox_subscriptions (
  id text PRIMARY KEY,
  customer_id text NOT NULL REFERENCES sandbox_customers (id),
  user_id text NOT NULL,
  price_id text NOT NULL,
  status text NOT NULL,
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  current_period_start timestamptz NOT NULL,
  current_period_end timestamptz NOT NULL,
  canceled_at timestamptz,
  ended_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
