-- Feed validators (ETag, Last-Modified) kept before a change of a source's URL or filters dropped them,
-- or kept by a run in which an item failed to save: with them, an unchanged feed answers 304 and the
-- items those runs left out would never be read again. Every feed is read whole once more; the items
-- already imported are known by their guid and skipped.
DELETE FROM feed_http_cache;
