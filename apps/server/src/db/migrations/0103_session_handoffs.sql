-- Sessions handed from the platform's host to a district subdomain when the browser cannot
-- share one cookie between them (a single-label base domain such as localhost: Chromium keeps
-- Domain=localhost cookies host-only). The subdomain's session is a child of the platform's:
-- ending either ends both.
ALTER TABLE sessions
  ADD COLUMN parent_id text REFERENCES sessions (id) ON DELETE CASCADE;
CREATE INDEX sessions_parent_id_idx ON sessions (parent_id);

CREATE TABLE session_handoffs (
  -- sha256 of the one-time code carried in the redirect
  id text PRIMARY KEY,
  session_id text NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  -- the only host that may take the code
  host text NOT NULL,
  expires_at timestamptz NOT NULL
);
