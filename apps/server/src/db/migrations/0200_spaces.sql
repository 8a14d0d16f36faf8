-- Spaces (issue 4): scene metadata and content, premade spaces, publishing slots.
-- See docs/spaces.md for the decisions (slots, ACLs, search, deletion).

CREATE TABLE space_template_families (
  id text PRIMARY KEY,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  tier text NOT NULL DEFAULT 'Standard' CHECK (tier IN ('Standard', 'Premium')),
  cover_photo text,
  photo_gallery text[] NOT NULL DEFAULT '{}',
  sort_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE space_templates (
  id text PRIMARY KEY,
  family_id text NOT NULL REFERENCES space_template_families (id) ON DELETE CASCADE,
  district_item_id text,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  size text NOT NULL,
  tier text NOT NULL DEFAULT 'Standard' CHECK (tier IN ('Standard', 'Premium')),
  -- the district price in credits (spec 1 §3: districtPrice)
  credit_price integer NOT NULL DEFAULT 0 CHECK (credit_price >= 0),
  rooms integer NOT NULL DEFAULT 1,
  cover_photo text,
  photo_gallery text[] NOT NULL DEFAULT '{}',
  -- a whole scene document (custom space) the editor and viewer load as is
  document jsonb NOT NULL,
  plan_preview jsonb NOT NULL DEFAULT '{}',
  sort_order integer NOT NULL DEFAULT 0
);
CREATE INDEX space_templates_family_idx ON space_templates (family_id, sort_order);

CREATE TABLE scenes (
  id text PRIMARY KEY,
  owner_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  creator_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  tags text[] NOT NULL DEFAULT '{}',
  comments_enabled boolean NOT NULL DEFAULT true,
  adult_content boolean NOT NULL DEFAULT false,
  cover_photo_uri text,
  photo_gallery text[] NOT NULL DEFAULT '{}',
  audio_uri text,
  thumbnail_uri text,
  state text NOT NULL DEFAULT 'Draft' CHECK (state IN ('Draft', 'Published')),
  visible boolean NOT NULL DEFAULT true,
  published_public boolean NOT NULL DEFAULT true,
  published_public_districts text[] NOT NULL DEFAULT '{}',
  published_private_districts text[] NOT NULL DEFAULT '{}',
  restricted_to_groups text[] NOT NULL DEFAULT '{}',
  district_id text,
  district_subdomain text,
  slot_id text,
  premade_template_id text REFERENCES space_templates (id) ON DELETE SET NULL,
  privacy_acl_enabled boolean NOT NULL DEFAULT false,
  user_privacy_acl text[] NOT NULL DEFAULT '{}',
  group_privacy_acl text[] NOT NULL DEFAULT '{}',
  communication_acl_enabled boolean NOT NULL DEFAULT false,
  user_communication_acl text[] NOT NULL DEFAULT '{}',
  group_communication_acl text[] NOT NULL DEFAULT '{}',
  likes_count integer NOT NULL DEFAULT 0,
  views_count integer NOT NULL DEFAULT 0,
  comments_count integer NOT NULL DEFAULT 0,
  -- title, description, tags and the creator's name; kept by the triggers below
  search_vector tsvector NOT NULL DEFAULT ''::tsvector,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  published_at timestamptz
);
CREATE INDEX scenes_owner_idx ON scenes (owner_id, state, updated_at DESC);
CREATE INDEX scenes_search_idx ON scenes USING gin (search_vector) WHERE state = 'Published';
CREATE INDEX scenes_published_at_idx ON scenes (published_at DESC, id DESC) WHERE state = 'Published' AND visible;
CREATE INDEX scenes_likes_idx ON scenes (likes_count DESC, published_at DESC, id DESC) WHERE state = 'Published' AND visible;
CREATE INDEX scenes_views_idx ON scenes (views_count DESC, published_at DESC, id DESC) WHERE state = 'Published' AND visible;

CREATE FUNCTION scenes_search_vector(title text, description text, tags text[], owner text)
RETURNS tsvector LANGUAGE sql IMMUTABLE AS $$
  SELECT setweight(to_tsvector('simple', coalesce(title, '')), 'A')
      || setweight(to_tsvector('simple', array_to_string(coalesce(tags, '{}'), ' ')), 'B')
      || setweight(to_tsvector('simple', coalesce(owner, '')), 'B')
      || setweight(to_tsvector('simple', coalesce(description, '')), 'C')
$$;

CREATE FUNCTION scenes_search_vector_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := scenes_search_vector(NEW.title, NEW.description, NEW.tags,
    (SELECT name FROM users WHERE id = NEW.owner_id));
  RETURN NEW;
END
$$;
CREATE TRIGGER scenes_search_vector_update
  BEFORE INSERT OR UPDATE OF title, description, tags, owner_id ON scenes
  FOR EACH ROW EXECUTE FUNCTION scenes_search_vector_trigger();

-- a renamed creator is found by the new name
CREATE FUNCTION users_name_scenes_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.name IS DISTINCT FROM OLD.name THEN
    UPDATE scenes SET search_vector = scenes_search_vector(title, description, tags, NEW.name)
      WHERE owner_id = NEW.id;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER users_name_scenes_update AFTER UPDATE OF name ON users
  FOR EACH ROW EXECUTE FUNCTION users_name_scenes_trigger();

CREATE TABLE scene_contents (
  scene_id text PRIMARY KEY REFERENCES scenes (id) ON DELETE CASCADE,
  document jsonb NOT NULL,
  -- every save names the revision it started from; a stale one gets 409
  revision integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Publishing slots: the Starter Trial's free slot (one month), purchased slots (never expire)
-- and district slots. A slot holds at most one published scene.
CREATE TABLE space_slots (
  id text PRIMARY KEY,
  owner_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('free', 'purchased', 'district')),
  district_id text,
  district_subdomain text,
  product_id text,
  scene_id text UNIQUE REFERENCES scenes (id) ON DELETE SET NULL,
  publisher_id text REFERENCES users (id) ON DELETE SET NULL,
  active boolean NOT NULL DEFAULT true,
  -- only free slots expire; the keep-alive charge (600 credits) moves this a month on
  expires_at timestamptz,
  keep_alive_credits integer NOT NULL DEFAULT 600,
  renewed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX space_slots_one_free_idx ON space_slots (owner_id) WHERE kind = 'free';
CREATE INDEX space_slots_owner_idx ON space_slots (owner_id);
CREATE INDEX space_slots_expiry_idx ON space_slots (expires_at) WHERE active AND expires_at IS NOT NULL;

ALTER TABLE scenes ADD CONSTRAINT scenes_slot_fk
  FOREIGN KEY (slot_id) REFERENCES space_slots (id) ON DELETE SET NULL;

-- existing users get their Starter slot now, lasting a month from sign-up
INSERT INTO space_slots (id, owner_id, kind, expires_at)
  SELECT 'slot-free-' || id, id, 'free', created_at + interval '1 month' FROM users
  ON CONFLICT DO NOTHING;
