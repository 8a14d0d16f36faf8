-- Parties (issue 19): a leader and members who chat and travel together, invitations to join,
-- and the party chat. A user is in at most one party (party_members.user_id is unique).
CREATE TABLE parties (
  id text PRIMARY KEY,
  leader_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE party_members (
  party_id text NOT NULL REFERENCES parties (id) ON DELETE CASCADE,
  user_id text NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
  joined_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (party_id, user_id)
);
-- an invitation to someone who blocked the inviter is kept (the inviter sees it pending, as any
-- other) but never delivered: the invitee's lists and the bell leave it out
CREATE TABLE party_invitations (
  id text PRIMARY KEY,
  party_id text NOT NULL REFERENCES parties (id) ON DELETE CASCADE,
  inviter_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  invitee_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  scene_id text REFERENCES scenes (id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'declined')),
  delivered boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  answered_at timestamptz,
  CHECK (inviter_id <> invitee_id)
);
CREATE UNIQUE INDEX party_invitations_pending ON party_invitations (party_id, invitee_id)
  WHERE status = 'pending';
CREATE INDEX party_invitations_invitee ON party_invitations (invitee_id, created_at DESC)
  WHERE status = 'pending' AND delivered;
CREATE TABLE party_messages (
  id text PRIMARY KEY,
  party_id text NOT NULL REFERENCES parties (id) ON DELETE CASCADE,
  sender_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  text text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX party_messages_party ON party_messages (party_id, created_at DESC, id DESC);

-- the bell tells of party invitations (eventStarted: the events of the same issue)
ALTER TABLE notifications DROP CONSTRAINT IF EXISTS notifications_type_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_type_check CHECK (type IN
  ('follow', 'like', 'comment', 'reply', 'directMessage', 'eventStarted', 'partyInvitation'));
