-- Accounts core: users and their server-side sessions.
CREATE TABLE users (
  id text PRIMARY KEY,
  email text NOT NULL,
  name text NOT NULL,
  -- null for accounts that only sign in through an OpenID Connect provider
  password_hash text,
  -- 'admin' for content editing and moderation; plan roles come from the plan column
  roles text[] NOT NULL DEFAULT '{}',
  plan text NOT NULL DEFAULT 'free' CHECK (plan IN ('free', 'standard', 'pro')),
  avatar text,
  searchable boolean NOT NULL DEFAULT true,
  auto_save boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

CREATE TABLE sessions (
  -- sha256 of the cookie's token: a copy of this table cannot be replayed as cookies
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  user_agent text,
  ip text
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);
CREATE INDEX sessions_expires_at_idx ON sessions (expires_at);
