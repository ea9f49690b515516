-- Lists and searches are answered by each instance's in-memory index (projections/news-index.ts), which
-- reads `search_vector` and the title key from this table: the GIN indexes no query uses any more only
-- slowed every write (each article updated a few hundred index entries). The column stays: PostgreSQL
-- still computes every article's lexemes, so the Spanish stemming and stop words are its own.
DROP INDEX IF EXISTS news_articles_search_idx;
DROP INDEX IF EXISTS news_articles_title_trgm_idx;
