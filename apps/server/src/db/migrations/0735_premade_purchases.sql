-- Premade spaces bought with credits (issue 17: spec 2 §7.4 purchase/scene/{id}; spec 2 §9.2:
-- premade spaces have a credit price). One row per account and template: a template is bought
-- once. `free` marks Pro's one free premade space (no movement of credits).
CREATE TABLE premade_purchases (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  template_id text NOT NULL REFERENCES space_templates (id) ON DELETE CASCADE,
  transaction_id text,
  credits integer NOT NULL DEFAULT 0 CHECK (credits >= 0),
  free boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, template_id)
);
-- Pro's free premade space is had once
CREATE UNIQUE INDEX premade_purchases_one_free ON premade_purchases (user_id) WHERE free;
