-- The English edition of the public site: an optional English version of each article, and the
-- edition (es or en) each contact message was sent from (advance forms keep it in their data).
ALTER TABLE news_articles ADD COLUMN IF NOT EXISTS english_title text;
ALTER TABLE news_articles ADD COLUMN IF NOT EXISTS english_excerpt text;
ALTER TABLE news_articles ADD COLUMN IF NOT EXISTS english_content text;
ALTER TABLE contact_messages ADD COLUMN IF NOT EXISTS language text NOT NULL DEFAULT 'es';
