-- Creator and visitor menu (issue 16): a user's blocks (a blocked user cannot write to them,
-- greet them, and their messages do not reach them) and mutes (hidden from oneself only; the
-- voice chat will reuse the list).
CREATE TABLE user_blocks (
  blocker_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  blocked_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (blocker_id, blocked_id)
);
CREATE INDEX user_blocks_blocked_idx ON user_blocks (blocked_id);

CREATE TABLE user_mutes (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  muted_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, muted_id)
);
