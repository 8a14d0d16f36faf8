-- Notifications (issue 16 item 7): what happened to a user's account and spaces, kept until
-- read and beyond, pushed live on the notificationhub. A notification goes with its recipient,
-- its actor, its space, its comment or its direct message group.
CREATE TABLE notifications (
  id text PRIMARY KEY,
  recipient_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('follow', 'like', 'comment', 'reply', 'directMessage')),
  actor_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  scene_id text REFERENCES scenes (id) ON DELETE CASCADE,
  comment_id text REFERENCES scene_comments (id) ON DELETE CASCADE,
  group_id text REFERENCES direct_message_groups (id) ON DELETE CASCADE,
  excerpt text NOT NULL DEFAULT '',
  count integer NOT NULL DEFAULT 1 CHECK (count >= 1),
  read_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (recipient_id <> actor_id)
);
-- the list, newest first
CREATE INDEX notifications_recipient_idx ON notifications (recipient_id, created_at DESC, id DESC);
-- the unread count
CREATE INDEX notifications_unread_idx ON notifications (recipient_id) WHERE read_at IS NULL;
-- following again, or liking again after an unlike, tells nobody twice
CREATE UNIQUE INDEX notifications_follow_once ON notifications (recipient_id, actor_id)
  WHERE type = 'follow';
CREATE UNIQUE INDEX notifications_like_once ON notifications (recipient_id, actor_id, scene_id)
  WHERE type = 'like';
-- the messages of one group while unread are one notification that grows
CREATE UNIQUE INDEX notifications_dm_unread ON notifications (recipient_id, group_id)
  WHERE type = 'directMessage' AND read_at IS NULL;
