-- The likes and comments counters of a space follow their rows whatever removes them: an
-- unlike, a deleted comment (and its replies), or a deleted account taking its likes and
-- comments with it.
CREATE FUNCTION scene_likes_counter() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE scenes SET likes_count = likes_count + 1 WHERE id = NEW.scene_id;
  ELSE
    UPDATE scenes SET likes_count = greatest(likes_count - 1, 0) WHERE id = OLD.scene_id;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER scene_likes_counter AFTER INSERT OR DELETE ON scene_likes
  FOR EACH ROW EXECUTE FUNCTION scene_likes_counter();

CREATE FUNCTION scene_comments_counter() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE scenes SET comments_count = comments_count + 1 WHERE id = NEW.scene_id;
  ELSE
    UPDATE scenes SET comments_count = greatest(comments_count - 1, 0) WHERE id = OLD.scene_id;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER scene_comments_counter AFTER INSERT OR DELETE ON scene_comments
  FOR EACH ROW EXECUTE FUNCTION scene_comments_counter();

-- counters already stored follow the rows from now on
UPDATE scenes s SET comments_count = (SELECT count(*) FROM scene_comments c WHERE c.scene_id = s.id)
  WHERE comments_count <> 0 OR EXISTS (SELECT 1 FROM scene_comments c WHERE c.scene_id = s.id);
