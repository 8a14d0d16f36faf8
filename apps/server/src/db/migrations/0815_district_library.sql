-- A district's library (issue 18): items its owner and creators share into it from their own
-- libraries; the items stay theirs (deleting one removes it here too).
CREATE TABLE district_library (
  district_id text NOT NULL REFERENCES districts (id) ON DELETE CASCADE,
  asset_id text NOT NULL REFERENCES assets (id) ON DELETE CASCADE,
  added_by text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (district_id, asset_id)
);
CREATE INDEX district_library_asset_idx ON district_library (asset_id);
