-- An ended session keeps its row, marked ended, until past its expiry: a request that read the session
-- before it ended saves it again at its end, and that save must find the mark, not an empty place.
ALTER TABLE sessions ADD COLUMN IF NOT EXISTS ended_at timestamptz;
