-- When a published article last changed what visitors read of it: the time of the last event that changed
-- one of its public fields while it was published (docs/public-site-and-english.md, 'News for search
-- engines and readers'). Null while no such event exists: a draft's saves and the publication itself are
-- not changes of a public page. Applied to a log that already holds events, the read tables are rebuilt
-- from it (migrateAndRebuildIfNeeded), so the column holds what the log says before anything reads it.
ALTER TABLE news_articles ADD COLUMN IF NOT EXISTS content_changed_at timestamptz;
