-- Which articles show which images of the media library (their image, or an address in their HTML): kept
-- by the news projector, so listing the library and refusing a deletion never read every article's text.
CREATE TABLE IF NOT EXISTS media_uses (
  media_id uuid NOT NULL,
  article_id uuid NOT NULL,
  PRIMARY KEY (media_id, article_id)
);
CREATE INDEX IF NOT EXISTS media_uses_article_idx ON media_uses (article_id);
