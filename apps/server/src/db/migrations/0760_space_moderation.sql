-- Moderation by a space's owner (issue 19, spec 1 §6): visitors muted for everyone in the space
-- (no public chat, no voice), the chat lock (only the owner writes), and the log of every action
-- for the owner. A guest is known by its id for one visit and by a hash of its address, so that
-- coming back with a new guest id does not lift the mute.
CREATE TABLE space_mutes (
  scene_id text NOT NULL REFERENCES scenes (id) ON DELETE CASCADE,
  user_id text NOT NULL,
  address_key text,
  name text NOT NULL,
  guest boolean NOT NULL,
  muted_by text REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz,
  PRIMARY KEY (scene_id, user_id)
);
CREATE INDEX space_mutes_address_idx ON space_mutes (scene_id, address_key)
  WHERE address_key IS NOT NULL;

CREATE TABLE space_chat_locks (
  scene_id text PRIMARY KEY REFERENCES scenes (id) ON DELETE CASCADE,
  locked_by text REFERENCES users (id) ON DELETE SET NULL,
  locked_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE moderation_log (
  id text PRIMARY KEY,
  scene_id text NOT NULL REFERENCES scenes (id) ON DELETE CASCADE,
  actor_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  action text NOT NULL CHECK (action IN ('mute', 'unmute', 'remove', 'lockChat', 'unlockChat')),
  target_user_id text,
  target_name text,
  target_guest boolean,
  instance_id text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX moderation_log_scene_idx ON moderation_log (scene_id, created_at DESC, id);
