-- The media library (docs/media.md): one row per image with its files, newest first in the panel. The
-- bytes live in the photo storage under media/{id}/; this table only says what is there.
CREATE TABLE IF NOT EXISTS media (
  id uuid PRIMARY KEY,
  url text NOT NULL,
  type text NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  bytes bigint NOT NULL,
  total_bytes bigint NOT NULL,
  variants jsonb NOT NULL DEFAULT '[]',
  source_url text,
  uploaded_by text,
  created_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS media_created_idx ON media (created_at DESC, id DESC);

-- An image's description for people who cannot see it, and the importer's word to the reviewer.
ALTER TABLE news_articles ADD COLUMN IF NOT EXISTS image_alt text;
ALTER TABLE news_articles ADD COLUMN IF NOT EXISTS review_note text;
