-- Profiles (spec 2 §3.6), settings, OpenID Connect identities, password resets and follows.
ALTER TABLE users
  ADD COLUMN username text,
  ADD COLUMN bio text,
  ADD COLUMN birthday date,
  ADD COLUMN city text,
  ADD COLUMN country text,
  ADD COLUMN gender text,
  ADD COLUMN occupation text,
  ADD COLUMN website text,
  ADD COLUMN social_media jsonb NOT NULL DEFAULT '[]',
  -- files(id) references are added with the files table (0102)
  ADD COLUMN profile_picture_file_id text,
  ADD COLUMN cover_photo_file_id text,
  ADD COLUMN hide_content_library boolean NOT NULL DEFAULT false,
  ADD COLUMN hide_groups boolean NOT NULL DEFAULT false,
  ADD COLUMN language text NOT NULL DEFAULT 'en',
  ADD COLUMN login_provider text NOT NULL DEFAULT 'password',
  ADD COLUMN last_login_at timestamptz,
  -- null while an account made by an OpenID Connect sign-in has no profile yet: my-user
  -- answers 302 until the client creates it (spec 2 §7.1)
  ADD COLUMN profile_created_at timestamptz DEFAULT now();
CREATE UNIQUE INDEX users_username_key ON users (lower(username)) WHERE username IS NOT NULL;
-- user search: by name or username, searchable users only
CREATE INDEX users_searchable_name_idx ON users (lower(name)) WHERE searchable;

CREATE TABLE user_identities (
  issuer text NOT NULL,
  subject text NOT NULL,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (issuer, subject)
);
CREATE INDEX user_identities_user_id_idx ON user_identities (user_id);

CREATE TABLE password_resets (
  -- sha256 of the link's token, as for sessions
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_resets_user_id_idx ON password_resets (user_id);

CREATE TABLE user_follows (
  follower_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  followee_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (follower_id, followee_id),
  CHECK (follower_id <> followee_id)
);
CREATE INDEX user_follows_followee_idx ON user_follows (followee_id, created_at);

-- OpenID Connect sign-ins in flight: state, nonce and PKCE verifier between the redirect to
-- the provider and the callback (kept in the database so any instance can finish the flow)
CREATE TABLE oidc_logins (
  state text PRIMARY KEY,
  code_verifier text NOT NULL,
  nonce text NOT NULL,
  return_to text NOT NULL DEFAULT '/',
  expires_at timestamptz NOT NULL
);
