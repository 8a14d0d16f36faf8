-- Explore reads the text index on every keystroke: without the pending list ("fastupdate"),
-- a read never scans unsorted recent entries, so its time does not grow between vacuums.
ALTER INDEX scenes_search_idx SET (fastupdate = off);
