-- Content service (/cms/api): authors, resource categories, FAQs, glossary and articles
-- (guides, blog posts, the whitepaper, legal documents). Bodies are stored as markdown;
-- the server renders and sanitises them when they are read.

CREATE TABLE cms_authors (
  id text PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  name text NOT NULL,
  role text NOT NULL DEFAULT '',
  bio text NOT NULL DEFAULT '',
  avatar text,
  revision integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- the resources sidebar and header menu; the spec numbers them and sorts by id
CREATE TABLE cms_resource_categories (
  id integer PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  external_url text,
  icon text,
  revision integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE cms_faqs (
  id text PRIMARY KEY,
  question text NOT NULL,
  answer text NOT NULL,
  category text NOT NULL DEFAULT '',
  position integer NOT NULL DEFAULT 0,
  published boolean NOT NULL DEFAULT false,
  published_at timestamptz,
  revision integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cms_faqs_published_idx ON cms_faqs (published, position);

CREATE TABLE cms_glossary_terms (
  id text PRIMARY KEY,
  term text NOT NULL,
  definition text NOT NULL,
  published boolean NOT NULL DEFAULT false,
  published_at timestamptz,
  revision integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX cms_glossary_terms_term_key ON cms_glossary_terms (lower(term));

CREATE TABLE cms_articles (
  id text PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('guide', 'blog', 'whitepaper', 'legal')),
  title text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  category text NOT NULL DEFAULT '',
  tags text[] NOT NULL DEFAULT '{}',
  thumbnail text,
  banner text,
  author_id text REFERENCES cms_authors (id) ON DELETE SET NULL,
  body text NOT NULL DEFAULT '',
  -- guides only: the guides-menu section and the order within it
  guide_section text,
  position integer NOT NULL DEFAULT 0,
  published boolean NOT NULL DEFAULT false,
  published_at timestamptz,
  -- the footer's 'Updated on': set when a published article's content changes
  content_updated_at timestamptz,
  revision integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cms_articles_listing_idx ON cms_articles (kind, published, published_at DESC);

-- one counter bumped by every content write: caches of rendered content and the check that
-- a prerendered page is still current compare against it
CREATE TABLE cms_state (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  revision bigint NOT NULL DEFAULT 0
);
INSERT INTO cms_state (id, revision) VALUES (true, 0);
