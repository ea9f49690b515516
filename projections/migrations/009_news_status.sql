-- An article's status (docs/rules.md, 'News statuses'): draft, scheduled or published; only published
-- ones reach visitors. Before statuses, an article waiting for review was the only one kept from them.
ALTER TABLE news_articles ADD COLUMN IF NOT EXISTS status text NOT NULL DEFAULT 'published'
  CHECK (status IN ('draft', 'scheduled', 'published'));
UPDATE news_articles SET status = 'draft' WHERE review_required AND status <> 'draft';
-- The scheduler asks for the next scheduled article, and for the due ones.
CREATE INDEX IF NOT EXISTS news_articles_scheduled_idx ON news_articles (published_at) WHERE status = 'scheduled';
