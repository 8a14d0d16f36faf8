-- Live together (issue 16): the key that signs hub tokens (one per deployment, shared by every
-- app instance through the database), and direct message groups with their history.
CREATE TABLE hub_signing_keys (
  id text PRIMARY KEY,
  secret bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE direct_message_groups (
  id text PRIMARY KEY,
  title text NOT NULL DEFAULT '',
  created_by text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_message_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE direct_message_group_members (
  group_id text NOT NULL REFERENCES direct_message_groups (id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  joined_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (group_id, user_id)
);
CREATE INDEX direct_message_group_members_user_idx ON direct_message_group_members (user_id);

CREATE TABLE direct_messages (
  id text PRIMARY KEY,
  group_id text NOT NULL REFERENCES direct_message_groups (id) ON DELETE CASCADE,
  sender_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  text text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX direct_messages_group_idx ON direct_messages (group_id, created_at, id);
