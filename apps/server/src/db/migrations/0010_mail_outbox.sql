-- Every e-mail Atrium sends is written here first: the embedded default only logs it,
-- SMTP_URL delivers it; failed deliveries are retried.
CREATE TABLE mail_outbox (
  id text PRIMARY KEY,
  kind text NOT NULL,
  to_address text NOT NULL,
  reply_to text,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text,
  -- logged: embedded default, not delivered; sending: claimed by one instance for delivery
  status text NOT NULL CHECK (status IN ('logged', 'sending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  claimed_at timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX mail_outbox_status_idx ON mail_outbox (status, created_at);
