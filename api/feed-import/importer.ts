// Imports one feed source into news articles: fetch (no transaction open), then the new items, then the
// run's record. Never two runs of one source at once, across every instance (advisory lock).
import { errorFields } from '../log';
import { Conflict, DomainError, NotFound, type FeedRunSummary, type FeedSource } from '../../domain';
import { feedSource, handle, type EventMetadata, type Sql } from '../../events';
import { readModels } from '../../projections';
import type { AppServices } from '../context';
import { FeedError, loadFeed, matchesKeywords, type FeedItem } from '../feeds';
import { createArticles } from './articles';
import { copyItemImages } from './images';
import { readHttpCache, sameReading, saveHttpCache } from './http-cache';

export class FeedImportFailed extends DomainError {
  constructor(message: string) {
    super(502, message);
  }
}

/** 409: another run of the source holds its lock, in this instance or another. */
export class ImportInProgress extends Conflict {
  constructor() {
    super('Ya hay una importación en curso');
  }
}

export type ImportResult = { count: number; run: FeedRunSummary };

export type ImportOptions = { metadata: EventMetadata; timeoutMs?: number; now?: () => Date };

/** Imports now (the RSS tab's button); 409 while another run of the source goes on anywhere. */
export async function importFeedSource(services: AppServices, sourceId: string, options: ImportOptions): Promise<ImportResult> {
  return withSourceLock(services, sourceId, async () => {
    const source = await services.read.feedSources.byId(sourceId);
    if (!source) throw new NotFound('Fuente RSS no encontrada');
    return runImport(services, source, options);
  });
}

/**
 * The scheduler's import: the source is asked again, inside the lock, whether it is still due at `at`;
 * another instance may have imported it between our list of due sources and our turn with the lock.
 */
export async function importIfDue(services: AppServices, sourceId: string, at: Date, options: ImportOptions): Promise<ImportResult | 'not-due'> {
  return withSourceLock(services, sourceId, async () => {
    const [source] = await services.read.feedSources.due(at, sourceId);
    return source ? runImport(services, source, options) : 'not-due';
  });
}

async function withSourceLock<T>(services: AppServices, sourceId: string, run: () => Promise<T>): Promise<T> {
  const locked = await services.db.tryWithLock(`feed-import:${sourceId}`, run);
  if (!locked) throw new ImportInProgress();
  return locked.value;
}

async function runImport(services: AppServices, source: FeedSource, options: ImportOptions): Promise<ImportResult> {
  const now = options.now ?? (() => new Date());
  const cache = await readHttpCache(services.db, source.id);
  // The validators belong to the URL they were given for; a changed source URL starts afresh (an edit
  // of the URL also drops them: http-cache.ts). After a discovery the cache remembers the feed the page
  // pointed to, and reads it directly.
  const cached = cache && cache.source_url === source.url ? cache : null;

  let loaded;
  try {
    loaded = await loadFeed(cached?.feed_url ?? source.url, {
      allowPrivateHosts: services.config.feedAllowPrivateHosts,
      etag: cached?.etag ?? null,
      lastModified: cached?.last_modified ?? null,
      timeoutMs: options.timeoutMs,
      now: now(),
    });
  } catch (error) {
    const message = error instanceof FeedError ? error.message : 'No se pudo leer la fuente';
    if (!(error instanceof FeedError)) services.log.warn({ sourceId: source.id, ...errorFields(error) }, 'feed import failed');
    await record(services, source, { ...emptyRun(now), error: message }, options.metadata);
    throw new FeedImportFailed(message);
  }

  if (loaded.status === 'not-modified') {
    const run = emptyRun(now);
    await record(services, source, run, options.metadata);
    return { count: 0, run };
  }

  // What the feed held that no article can be made of, each with its reason in Spanish (no personal data:
  // an item's position and what was wrong with it).
  if (loaded.feed.errors.length > 0) services.log.warn({ sourceId: source.id, items: loaded.feed.errors }, 'feed items skipped');
  // Known guids include the ones staff deleted, which therefore never come back.
  const known = await services.read.news.knownGuids(source.id);
  const fresh: FeedItem[] = [];
  let filtered = 0;
  for (const item of loaded.feed.items) {
    if (known.has(item.guidHash)) continue;
    if (matchesKeywords(item, source.includeKeywords, source.excludeKeywords)) fresh.push(item);
    else filtered += 1;
  }
  const images = await copyItemImages(services, fresh, options.metadata, { timeoutMs: options.timeoutMs });
  const { created, failed } = await createArticles(services, source, fresh, options.metadata, images);
  const validators = { source_url: source.url, feed_url: loaded.feedUrl, etag: loaded.etag, last_modified: loaded.lastModified };
  const run: FeedRunSummary = {
    at: now().toISOString(),
    fetched: loaded.feed.items.length + loaded.feed.skipped,
    created,
    // Known, filtered out, or unreadable in the feed itself.
    skipped: loaded.feed.items.length - fresh.length + loaded.feed.skipped,
    filtered,
    tooLong: loaded.feed.tooLong,
    failed,
    error: null,
  };
  // The validators are written with the run's event, and only if every item of the feed was dealt with
  // (one that failed to save must be read again, and a 304 would never give it back) and the source
  // still keeps what this run kept: staff may have changed its URL or filters while the feed was being
  // read (http-cache.ts).
  await record(services, source, run, options.metadata, async (tx) => {
    if (failed > 0) return;
    const current = await readModels(tx).feedSources.byId(source.id);
    if (current && sameReading(current, source)) await saveHttpCache(tx, source.id, validators);
  });
  return { count: created, run };
}

const emptyRun = (now: () => Date): FeedRunSummary => ({
  at: now().toISOString(),
  fetched: 0,
  created: 0,
  skipped: 0,
  filtered: 0,
  tooLong: 0,
  failed: 0,
  error: null,
});

/**
 * The run's event; a staff edit of the source at the same instant only costs a second try, whose
 * `alongside` then sees the source as edited.
 */
async function record(services: AppServices, source: FeedSource, run: FeedRunSummary, metadata: EventMetadata, alongside?: (tx: Sql) => Promise<void>) {
  await handle(services.store, feedSource, source.id, { type: 'RecordImport', run }, metadata, { retryOnConflict: true, alongside });
}
