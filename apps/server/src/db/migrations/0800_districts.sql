-- Districts (issue 18): branded areas on their own subdomain, with members and roles, groups,
-- invitations and follows. See docs/districts.md for the decisions.

CREATE TABLE districts (
  id text PRIMARY KEY,
  owner_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title text NOT NULL,
  -- the title folded (NFKC, lower case, spaces collapsed): titles are unique on it
  title_key text NOT NULL UNIQUE,
  -- a DNS label, stored as validated (lowercase ASCII only), so unique means unique host
  subdomain text NOT NULL UNIQUE CHECK (subdomain ~ '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$'),
  subtitle text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  photo text,
  cover_photo text,
  -- theme colour and font family (spec 1 §3: styles)
  styles jsonb NOT NULL DEFAULT '{}',
  social_media jsonb NOT NULL DEFAULT '[]',
  public boolean NOT NULL DEFAULT true,
  visible boolean NOT NULL DEFAULT true,
  listed boolean NOT NULL DEFAULT true,
  active boolean NOT NULL DEFAULT true,
  free_space_template_id text REFERENCES space_templates (id) ON DELETE SET NULL,
  -- title, subtitle and description for the districts search
  search_vector tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('simple', coalesce(title, '')), 'A')
    || setweight(to_tsvector('simple', coalesce(subtitle, '')), 'B')
    || setweight(to_tsvector('simple', coalesce(description, '')), 'C')
  ) STORED,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX districts_owner_idx ON districts (owner_id);
CREATE INDEX districts_search_idx ON districts USING gin (search_vector);
CREATE INDEX districts_listed_idx ON districts (created_at DESC, id DESC)
  WHERE public AND visible AND listed AND active;

-- every member has one role; the owner is a member with the role Owner
CREATE TABLE district_members (
  district_id text NOT NULL REFERENCES districts (id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('Owner', 'Creator', 'Guest')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (district_id, user_id)
);
CREATE INDEX district_members_user_idx ON district_members (user_id);
CREATE UNIQUE INDEX district_members_one_owner_idx ON district_members (district_id)
  WHERE role = 'Owner';

-- groups of a district (managed by its owner) or of one user (district_id null)
CREATE TABLE user_groups (
  id text PRIMARY KEY,
  district_id text REFERENCES districts (id) ON DELETE CASCADE,
  owner_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  image text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_groups_district_idx ON user_groups (district_id);
CREATE INDEX user_groups_owner_idx ON user_groups (owner_id);

CREATE TABLE group_members (
  group_id text NOT NULL REFERENCES user_groups (id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (group_id, user_id)
);
-- a space's group access lists are checked against the visitor's groups
CREATE INDEX group_members_user_idx ON group_members (user_id, group_id);

-- invitation links: the code travels in the link only; the table keeps its SHA-256
CREATE TABLE district_invitations (
  id text PRIMARY KEY,
  district_id text NOT NULL REFERENCES districts (id) ON DELETE CASCADE,
  inviter_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email text NOT NULL,
  role text NOT NULL CHECK (role IN ('Creator', 'Guest')),
  code_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  used_by text REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX district_invitations_district_idx ON district_invitations (district_id, created_at DESC);
CREATE INDEX district_invitations_email_idx ON district_invitations (lower(email));

CREATE TABLE district_follows (
  district_id text NOT NULL REFERENCES districts (id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (district_id, user_id)
);
CREATE INDEX district_follows_user_idx ON district_follows (user_id, created_at DESC);

-- a district's drafts and published spaces belong to it
UPDATE scenes SET district_id = NULL, district_subdomain = NULL WHERE district_id IS NOT NULL;
ALTER TABLE scenes ADD CONSTRAINT scenes_district_fk
  FOREIGN KEY (district_id) REFERENCES districts (id) ON DELETE SET NULL;
CREATE INDEX scenes_district_idx ON scenes (district_id) WHERE district_id IS NOT NULL;

-- a deleted district's spaces stay with their owners but are no longer open to anyone else:
-- a private district's space must not become public when its district goes
CREATE FUNCTION districts_delete_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE scenes SET privacy_acl_enabled = true, published_public = false
    WHERE district_id = OLD.id;
  RETURN OLD;
END
$$;
CREATE TRIGGER districts_delete BEFORE DELETE ON districts
  FOR EACH ROW EXECUTE FUNCTION districts_delete_trigger();
