-- Hosting requests and promotion (issue 18: the spec names both among a District owner's tasks
-- without describing them). A user asks a District to host one of their own spaces; its owner
-- accepts (the space joins the District) or declines. The owner promotes published spaces of
-- the District: they lead its home page.
CREATE TABLE district_hosting_requests (
  id text PRIMARY KEY,
  district_id text NOT NULL REFERENCES districts (id) ON DELETE CASCADE,
  scene_id text NOT NULL REFERENCES scenes (id) ON DELETE CASCADE,
  requester_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  message text NOT NULL DEFAULT '',
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'accepted', 'declined')),
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz
);
-- one open request per space and District
CREATE UNIQUE INDEX district_hosting_pending_idx ON district_hosting_requests (district_id, scene_id)
  WHERE state = 'pending';
CREATE INDEX district_hosting_requester_idx ON district_hosting_requests (requester_id);

ALTER TABLE scenes ADD COLUMN promoted_at timestamptz;
CREATE INDEX scenes_district_promoted_idx ON scenes (district_id, promoted_at DESC)
  WHERE promoted_at IS NOT NULL;
