-- E-mail addresses left on the coming-soon page: one row per address, written once.
CREATE TABLE coming_soon_signups (
  email text PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now()
);
