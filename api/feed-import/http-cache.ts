// A feed's HTTP validators (ETag, Last-Modified) and, after a discovery, the feed URL a page pointed to:
// state that is not an event (docs/rules.md), kept in api/'s own table feed_http_cache.
import type { FeedSourceInput } from '../../domain';
import type { Sql } from '../../events';

export type HttpCache = { source_url: string; feed_url: string | null; etag: string | null; last_modified: string | null };

/**
 * Validators say "this feed has been read, and every item in it dealt with": the server then answers an
 * unchanged feed with a 304 and the run reads nothing. That holds only while the settings that decide
 * which items a run keeps stay as they were: the source's URL and its keyword filters. A change of any
 * of them drops the validators (in the change's transaction), and a run that read the feed under other
 * settings than the source has by the time it records its result keeps none, so the next run reads the
 * whole feed and takes what the old settings left out; the items imported before are known and skipped.
 * The other settings (name, category, auto-publish, the format hint, the schedule) only shape the
 * articles made from new items, which an unchanged feed does not have.
 */
const readingSettings = ['url', 'includeKeywords', 'excludeKeywords'] as const satisfies readonly (keyof FeedSourceInput)[];

/** Whether an update sends a setting that decides which items a run keeps. */
export const changesReading = (patch: Partial<FeedSourceInput>): boolean => readingSettings.some((key) => patch[key] !== undefined);

/** Whether two versions of a source keep the same items of the same feed. */
export const sameReading = (a: FeedSourceInput, b: FeedSourceInput): boolean =>
  readingSettings.every((key) => JSON.stringify(a[key]) === JSON.stringify(b[key]));

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

/** A deleted source's cache goes with it, and an edit of what its runs keep drops it, in the change's transaction. */
export async function forgetHttpCache(tx: Sql, sourceId: string): Promise<void> {
  await tx.query('DELETE FROM feed_http_cache WHERE source_id = $1', [sourceId]);
}
