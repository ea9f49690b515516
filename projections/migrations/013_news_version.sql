-- An article's version: how many events its stream holds, moved on by every save. A save names the
-- version it was based on and is refused if the article has moved on since (docs/news-editing.md).
-- Filled by the rebuild that a read-table migration brings (projections/rebuild.ts).
ALTER TABLE news_articles ADD COLUMN IF NOT EXISTS version integer NOT NULL DEFAULT 0;
