-- Preview links of news articles (docs/news-editing.md): state like sessions, outside the log. Only
-- the SHA-256 of each link's token is kept; a link works until it expires or is revoked, and every
-- preview reads this table, so a revocation holds at once on every instance.
CREATE TABLE IF NOT EXISTS news_preview_links (
  token_hash text PRIMARY KEY,
  article_id uuid NOT NULL,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX IF NOT EXISTS news_preview_links_article_idx ON news_preview_links (article_id);
