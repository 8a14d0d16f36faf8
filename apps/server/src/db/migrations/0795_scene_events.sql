-- Events (issue 19): gatherings the owner of a space schedules in it. A cancelled event is kept
-- (its shared link says so); `start_notified_at` is the claim of the job that tells the host's
-- followers once the event starts: one app instance sets it, the others skip the row.
CREATE TABLE scene_events (
  id text PRIMARY KEY,
  scene_id text NOT NULL REFERENCES scenes (id) ON DELETE CASCADE,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  starts_at timestamptz NOT NULL,
  duration_minutes integer NOT NULL CHECK (duration_minutes >= 1),
  cover_file_id text,
  cancelled_at timestamptz,
  start_notified_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- a space's events by start (the sidebar)
CREATE INDEX scene_events_scene_idx ON scene_events (scene_id, starts_at);
-- the start job's look-up: events not yet told, by start
CREATE INDEX scene_events_due_idx ON scene_events (starts_at)
  WHERE start_notified_at IS NULL AND cancelled_at IS NULL;

-- An event's chat. Guests chat too (their id lasts one visit): the author is kept by id, name
-- and picture as they were, without a reference to users.
CREATE TABLE scene_event_messages (
  id text PRIMARY KEY,
  event_id text NOT NULL REFERENCES scene_events (id) ON DELETE CASCADE,
  author_id text NOT NULL,
  author_name text NOT NULL,
  author_picture text,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX scene_event_messages_event_idx ON scene_event_messages (event_id, created_at DESC);

-- "X's event started": the notification names the event; one per follower and event
ALTER TABLE notifications ADD COLUMN event_id text REFERENCES scene_events (id) ON DELETE CASCADE;
ALTER TABLE notifications DROP CONSTRAINT IF EXISTS notifications_type_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_type_check CHECK (type IN
  ('follow', 'like', 'comment', 'reply', 'directMessage', 'partyInvitation', 'eventStarted'));
CREATE UNIQUE INDEX notifications_event_once ON notifications (recipient_id, event_id)
  WHERE type = 'eventStarted';
