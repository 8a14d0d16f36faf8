-- A space's document is stored as json, not jsonb: the server validates it against the scene
-- schema and writes JSON.stringify of the result, and loads it whole; nothing looks inside it
-- but the rare "which spaces use this asset" check, which casts. jsonb made every save parse
-- and rebuild the 138 KB of a 500-object document and every load print it again (about half
-- of a save's database time); json only checks the text and keeps it as written.
ALTER TABLE scene_contents ALTER COLUMN document TYPE json USING document::json;
