-- Pictures keep their image's proportions (packages/domain rules/picture-size.ts): a picture is
-- shown at its image's aspect, its longest side the asset's default size, grown by the item's
-- scale, and width and height always scale alike. Documents stored before that rule (the demo
-- spaces hung 4:3 pictures at scale 1.6 x 1.2, shown 1.6 x 0.9 m) are mended the way
-- `mendedPictureScale` does: the width stays, the height follows the image (scale y := scale x).
-- Only documents holding such a picture are rewritten; the revision stays, so an editor open
-- across the upgrade can still save (its own picture scales are then kept by the editor's rule).
WITH stretched AS (
  SELECT c.scene_id, c.document::jsonb AS document
  FROM scene_contents c
  WHERE json_typeof(c.document -> 'pictures') = 'array'
    AND EXISTS (
      SELECT 1
      FROM json_array_elements(c.document -> 'pictures') AS picture(item)
      WHERE json_typeof(picture.item -> 'scale') = 'array'
        AND abs((picture.item -> 'scale' ->> 0)::float8 - (picture.item -> 'scale' ->> 1)::float8)
          > 1e-3 * greatest((picture.item -> 'scale' ->> 0)::float8, (picture.item -> 'scale' ->> 1)::float8)
    )
),
mended AS (
  SELECT s.scene_id,
    jsonb_set(
      s.document,
      '{pictures}',
      (
        SELECT jsonb_agg(
          CASE
            WHEN jsonb_typeof(picture.item -> 'scale') = 'array'
              AND abs((picture.item -> 'scale' ->> 0)::float8 - (picture.item -> 'scale' ->> 1)::float8)
                > 1e-3 * greatest((picture.item -> 'scale' ->> 0)::float8, (picture.item -> 'scale' ->> 1)::float8)
            THEN jsonb_set(picture.item, '{scale,1}', picture.item -> 'scale' -> 0)
            ELSE picture.item
          END
          ORDER BY picture.position
        )
        FROM jsonb_array_elements(s.document -> 'pictures') WITH ORDINALITY AS picture(item, position)
      )
    ) AS document
  FROM stretched s
)
UPDATE scene_contents c
SET document = m.document::json
FROM mended m
WHERE c.scene_id = m.scene_id;
