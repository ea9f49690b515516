// A feed's HTTP validators (ETag, Last-Modified) and, after a discovery, the feed URL a page pointed to:
// state that is not an event (docs/rules.md), kept in api/'s own table feed_http_cache.
import type { Sql } from '../../events';

export type HttpCache = { source_url: string; feed_url: string | null; etag: string | null; last_modified: string | null };

export async function readHttpCache(sql: Sql, sourceId: string): Promise<HttpCache | null> {
  const [cache] = await sql.query<HttpCache>('SELECT source_url, feed_url, etag, last_modified FROM feed_http_cache WHERE source_id = $1', [sourceId]);
  return cache ?? null;
}

export async function saveHttpCache(sql: Sql, sourceId: string, cache: HttpCache): Promise<void> {
  await sql.query(
    `INSERT INTO feed_http_cache (source_id, source_url, feed_url, etag, last_modified, updated_at) VALUES ($1, $2, $3, $4, $5, now())
     ON CONFLICT (source_id) DO UPDATE SET source_url = excluded.source_url, feed_url = excluded.feed_url, etag = excluded.etag,
       last_modified = excluded.last_modified, updated_at = now()`,
    [sourceId, cache.source_url, cache.feed_url, cache.etag, cache.last_modified],
  );
}

/** A deleted source's cache goes with it, in the deletion's transaction. */
export async function forgetHttpCache(tx: Sql, sourceId: string): Promise<void> {
  await tx.query('DELETE FROM feed_http_cache WHERE source_id = $1', [sourceId]);
}
