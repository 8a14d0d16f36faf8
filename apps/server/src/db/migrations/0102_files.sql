-- The files core: every stored file (profile pictures, cover photos, later models, pictures,
-- videos). Content lives in the storage adapter under storage_key; the row is its record.
CREATE TABLE files (
  id text PRIMARY KEY,
  -- a deleted owner's files go with them (the storage objects are removed by the service)
  owner_id text REFERENCES users (id) ON DELETE CASCADE,
  -- what the file is for: 'profile-picture', 'cover-photo', 'picture', 'model'...
  purpose text NOT NULL,
  content_type text NOT NULL,
  size_bytes bigint NOT NULL,
  sha256 text NOT NULL,
  width integer,
  height integer,
  -- generated, never the client's file name
  storage_key text NOT NULL UNIQUE,
  -- sized variants: [{ "size": 256, "key": "...", "contentType": "image/webp", "bytes": 1234 }]
  variants jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX files_owner_id_idx ON files (owner_id);

ALTER TABLE users
  ADD CONSTRAINT users_profile_picture_fk FOREIGN KEY (profile_picture_file_id)
    REFERENCES files (id) ON DELETE SET NULL,
  ADD CONSTRAINT users_cover_photo_fk FOREIGN KEY (cover_photo_file_id)
    REFERENCES files (id) ON DELETE SET NULL;
