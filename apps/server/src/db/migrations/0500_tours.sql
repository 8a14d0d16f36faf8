-- Guided tours (issue 7): a scene's paths of ordered points, /api/storyTellingService.
-- A tour goes with its scene; a point with its tour.
CREATE TABLE guided_tours (
  id text PRIMARY KEY,
  scene_id text NOT NULL REFERENCES scenes (id) ON DELETE CASCADE,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  public boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX guided_tours_scene_idx ON guided_tours (scene_id, created_at, id);

CREATE TABLE guided_tour_points (
  id text PRIMARY KEY,
  tour_id text NOT NULL REFERENCES guided_tours (id) ON DELETE CASCADE,
  sort_order integer NOT NULL,
  title text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  audio_uri text,
  color text NOT NULL DEFAULT '#3DABFF',
  position jsonb NOT NULL,
  rotation jsonb NOT NULL,
  scale jsonb NOT NULL,
  bounds jsonb NOT NULL,
  bounds_center jsonb NOT NULL,
  instance_tag text,
  duration real NOT NULL CHECK (duration >= 0)
);
CREATE INDEX guided_tour_points_tour_idx ON guided_tour_points (tour_id, sort_order);
