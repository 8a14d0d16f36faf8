-- Asset library: the items users upload or make (pictures, videos, audio, 3D models, 3D texts
-- and hypertexts, web views, info points) and the built-in catalogue the repository's own
-- scripts create (props, materials, skies, fonts, portal styles, themes, licences).
CREATE TABLE assets (
  id text PRIMARY KEY,
  owner_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  family text NOT NULL CHECK (family IN ('picture', 'video', 'audio', 'model3d', 'text3d', 'webview3d', 'infopoint')),
  title text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  tags text[] NOT NULL DEFAULT '{}',
  public boolean NOT NULL DEFAULT false,
  license_id text,
  interactive boolean NOT NULL DEFAULT true,
  collisions text NOT NULL DEFAULT 'Precise' CHECK (collisions IN ('Precise', 'None')),
  transparent boolean NOT NULL DEFAULT false,
  default_size double precision NOT NULL DEFAULT 1 CHECK (default_size > 0),
  -- stored files: what a scene loads, the upload as it came (models), the card's picture,
  -- and any further sizes; all ids of the files table
  file_id text,
  original_file_id text,
  thumbnail_file_id text,
  extra_file_ids text[] NOT NULL DEFAULT '{}',
  -- bytes of all its files, counted against the owner's storage quota
  bytes bigint NOT NULL DEFAULT 0 CHECK (bytes >= 0),
  -- the family's own fields (sizes, duration, counts, text, url...), checked by the service
  details jsonb NOT NULL DEFAULT '{}',
  -- 3D texts: whether it is a hypertext (the library lists texts and hypertexts apart)
  hyper_text boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX assets_owner_family_idx ON assets (owner_id, family, hyper_text, updated_at DESC);
CREATE INDEX assets_public_family_idx ON assets (family, updated_at DESC) WHERE public;

CREATE TABLE catalogue_items (
  id text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('prop', 'material', 'sky', 'font', 'portal', 'theme', 'license', 'infopointCategory')),
  title text NOT NULL,
  category text,
  sort integer NOT NULL DEFAULT 0,
  file_id text,
  thumbnail_file_id text,
  -- further files of the item: a material's normal map, a font's subset files
  extra_file_ids text[] NOT NULL DEFAULT '{}',
  details jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX catalogue_items_kind_idx ON catalogue_items (kind, sort);
