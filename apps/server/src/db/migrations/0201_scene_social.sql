-- Social interactions with spaces: likes, threaded comments, daily views, history, favourites.
-- The scenes' counters (likes_count, views_count, comments_count) change in the same
-- transaction as these rows.

CREATE TABLE scene_likes (
  scene_id text NOT NULL REFERENCES scenes (id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scene_id, user_id)
);
CREATE INDEX scene_likes_user_idx ON scene_likes (user_id, created_at DESC);

CREATE TABLE scene_comments (
  id text PRIMARY KEY,
  scene_id text NOT NULL REFERENCES scenes (id) ON DELETE CASCADE,
  parent_comment_id text REFERENCES scene_comments (id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  body text NOT NULL,
  edited boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX scene_comments_scene_idx ON scene_comments (scene_id, created_at);
CREATE INDEX scene_comments_parent_idx ON scene_comments (parent_comment_id);

-- one view per visitor (user id, or a digest of an anonymous visitor's cookie) per day
CREATE TABLE scene_views (
  scene_id text NOT NULL REFERENCES scenes (id) ON DELETE CASCADE,
  visitor text NOT NULL,
  day date NOT NULL,
  PRIMARY KEY (scene_id, visitor, day)
);

CREATE TABLE scene_history (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  scene_id text NOT NULL REFERENCES scenes (id) ON DELETE CASCADE,
  visited_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, scene_id)
);
CREATE INDEX scene_history_user_idx ON scene_history (user_id, visited_at DESC);

CREATE TABLE scene_favorites (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  scene_id text NOT NULL REFERENCES scenes (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, scene_id)
);
CREATE INDEX scene_favorites_user_idx ON scene_favorites (user_id, created_at DESC);
