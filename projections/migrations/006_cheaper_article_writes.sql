-- Two costs of writing an article that bought nothing.

-- 1. f_unaccent was declared IMMUTABLE around unaccent(), which is STABLE (it reads a dictionary). PostgreSQL
-- never inlines such a wrapper: every call ran as a SQL function of its own, about 0.05 ms on top of the
-- 0.02 ms of unaccent itself, for each article's text and each title key. Declared STABLE, like what it
-- calls, it is inlined into the statement. Same function, same results; nothing indexes it any more (the
-- expression indexes and the generated column that needed IMMUTABLE were dropped before this).
CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
  LANGUAGE sql STABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;

CREATE OR REPLACE FUNCTION news_search_source(title text, excerpt text, content text) RETURNS text
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT f_unaccent(title || ' ' || excerpt || ' ' || regexp_replace(content, '<[^>]*>', ' ', 'g')) $$;

-- 2. An article's event payload and its kept search vector are each about 2 KB, just over the size at which
-- PostgreSQL compresses a row, and its default compression (pglz) was 5% of the database's time per
-- written article. Where the server has lz4 (several times faster; rows about 8% larger), new rows use it;
-- rows already written stay as they are (both read the same). Without lz4 (PGlite) nothing changes.
DO $$
BEGIN
  IF 'lz4' = ANY ((SELECT enumvals FROM pg_settings WHERE name = 'default_toast_compression')::text[]) THEN
    ALTER TABLE events ALTER COLUMN data SET COMPRESSION lz4;
    ALTER TABLE events ALTER COLUMN metadata SET COMPRESSION lz4;
    ALTER TABLE news_search_vectors ALTER COLUMN search_vector SET COMPRESSION lz4;
  END IF;
END;
$$;
