-- An edit's search vector is computed, not kept. news_search_vectors keeps the vector of each text an
-- article was created with (a rebuild finds them there); it also kept the vector of every text an edit
-- saved, and autosave saves an article every few seconds while it is written: fifty saves of one draft
-- left fifty-one vectors (100 KB), never read again but by a rebuild, and the table only grew.
--
-- A rebuild (projections/rebuild.ts) replays every edit; computing each edit's vector there would cost
-- as much as keeping them saved. So while it replays, with news.vectors_later set for its transaction,
-- an edit leaves the vector empty (and sets news.vectors_owed), and the rebuild computes each such
-- article's vector once, from its final text, before it commits.
CREATE OR REPLACE FUNCTION news_articles_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  key uuid;
  kept tsvector;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.search_vector IS NOT NULL THEN
      RETURN NEW;
    END IF;
    key := news_search_key(NEW.title, NEW.excerpt, NEW.content);
    SELECT v.search_vector INTO kept FROM news_search_vectors v WHERE v.text_hash = key;
    IF kept IS NULL THEN
      kept := to_tsvector('spanish', news_search_source(NEW.title, NEW.excerpt, NEW.content));
      INSERT INTO news_search_vectors (text_hash, search_vector) VALUES (key, kept) ON CONFLICT DO NOTHING;
    END IF;
    NEW.search_vector := kept;
    RETURN NEW;
  END IF;
  IF current_setting('news.vectors_later', true) = 'on' THEN
    NEW.search_vector := NULL;
    -- So that a rebuild whose log holds no edit does not read the whole table again for none.
    PERFORM set_config('news.vectors_owed', 'on', true);
  ELSE
    NEW.search_vector := to_tsvector('spanish', news_search_source(NEW.title, NEW.excerpt, NEW.content));
  END IF;
  RETURN NEW;
END;
$$;

-- What edits left there goes: a vector stays only when an article was created with its text.
DELETE FROM news_search_vectors v
WHERE NOT EXISTS (
  SELECT 1 FROM events e
  WHERE e.type = 'NewsArticleCreated'
    AND news_search_key(e.data->>'title', e.data->>'excerpt', e.data->>'content') = v.text_hash
);
