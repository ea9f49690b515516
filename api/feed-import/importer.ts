// Imports one feed source into news articles: fetch (no transaction open), then one command per new item,
// then the run's record. Never two runs of one source at once, across every instance (advisory lock).
import { randomUUID } from 'node:crypto';
import { Conflict, DomainError, NotFound, slugify, type FeedRunSummary, type FeedSource } from '../../domain';
import { feedSource, handle, newsArticle, type EventMetadata, type NewsArticleRecord } from '../../events';
import type { AppServices } from '../context';
import { FeedError, loadFeed, matchesKeywords, type FeedItem } from '../feeds';

export class FeedImportFailed extends DomainError {
  constructor(message: string) {
    super(502, message);
  }
}

export type ImportResult = { count: number; run: FeedRunSummary };

export type ImportOptions = { metadata: EventMetadata; timeoutMs?: number; now?: () => Date };

export async function importFeedSource(services: AppServices, sourceId: string, options: ImportOptions): Promise<ImportResult> {
  const locked = await services.db.tryWithLock(`feed-import:${sourceId}`, () => runImport(services, sourceId, options));
  if (!locked) throw new Conflict('Ya hay una importación en curso');
  return locked.value;
}

async function runImport(services: AppServices, sourceId: string, options: ImportOptions): Promise<ImportResult> {
  const source = await services.read.feedSources.byId(sourceId);
  if (!source) throw new NotFound('Fuente RSS no encontrada');
  const now = options.now ?? (() => new Date());
  const [cache] = await services.db.query('SELECT source_url, feed_url, etag, last_modified FROM feed_http_cache WHERE source_id = $1', [sourceId]);
  // The validators belong to the URL they were given for; a changed source URL starts afresh.
  // After a discovery the cache remembers the feed the page pointed to, and reads it directly.
  const sameUrl = Boolean(cache) && cache.source_url === source.url;
  const fetchUrl = sameUrl && cache.feed_url ? cache.feed_url : source.url;

  let loaded;
  try {
    loaded = await loadFeed(fetchUrl, {
      allowPrivateHosts: services.config.feedAllowPrivateHosts,
      etag: sameUrl ? cache.etag : null,
      lastModified: sameUrl ? cache.last_modified : null,
      timeoutMs: options.timeoutMs,
    });
  } catch (error) {
    const message = error instanceof FeedError ? error.message : 'No se pudo leer la fuente';
    if (!(error instanceof FeedError)) console.error(`feed ${sourceId}`, error);
    await record(services, source, { at: now().toISOString(), fetched: 0, created: 0, skipped: 0, failed: 0, error: message }, options.metadata);
    throw new FeedImportFailed(message);
  }

  if (loaded.status === 'not-modified') {
    const run = { at: now().toISOString(), fetched: 0, created: 0, skipped: 0, failed: 0, error: null };
    await record(services, source, run, options.metadata);
    return { count: 0, run };
  }

  const known = await services.read.news.knownGuids(sourceId);
  const usedSlugs = new Set<string>();
  let created = 0;
  let skipped = loaded.feed.skipped;
  let failed = 0;
  for (const item of loaded.feed.items) {
    if (known.has(item.guidHash) || !matchesKeywords(item, source.includeKeywords, source.excludeKeywords)) {
      skipped += 1;
      continue;
    }
    known.add(item.guidHash);
    try {
      const slug = await uniqueSlug(services, item.title, usedSlugs);
      await handle(services.store, newsArticle, randomUUID(), { type: 'Create', record: articleOf(item, source, slug) }, options.metadata);
      created += 1;
    } catch (error) {
      // One bad item (or one another run imported a moment ago) never fails the whole run.
      failed += 1;
      if (!(error instanceof Conflict)) console.error(`feed ${sourceId} item`, error);
    }
  }
  await services.db.query(
    `INSERT INTO feed_http_cache (source_id, source_url, feed_url, etag, last_modified, updated_at) VALUES ($1, $2, $3, $4, $5, now())
     ON CONFLICT (source_id) DO UPDATE SET source_url = excluded.source_url, feed_url = excluded.feed_url, etag = excluded.etag,
       last_modified = excluded.last_modified, updated_at = now()`,
    [sourceId, source.url, loaded.feedUrl, loaded.etag, loaded.lastModified],
  );
  const run = { at: now().toISOString(), fetched: loaded.feed.items.length + loaded.feed.skipped, created, skipped, failed, error: null };
  await record(services, source, run, options.metadata);
  return { count: created, run };
}

function articleOf(item: FeedItem, source: FeedSource, slug: string): NewsArticleRecord {
  return {
    title: item.title,
    slug,
    excerpt: item.excerpt || item.title,
    content: item.contentHtml || `<p>${item.excerpt}</p>`,
    image: item.image,
    category: source.defaultCategory,
    author: item.author || source.name,
    publishedAt: item.publishedAt.toISOString(),
    reviewRequired: !source.autoPublish,
    isImported: true,
    sourceId: source.id,
    sourceUrl: item.link,
    guidHash: item.guidHash,
  };
}

async function uniqueSlug(services: AppServices, title: string, used: Set<string>): Promise<string> {
  const base = slugify(title) || 'noticia';
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!used.has(candidate) && !(await services.read.news.slugTaken(candidate))) {
      used.add(candidate);
      return candidate;
    }
  }
}

async function record(services: AppServices, source: FeedSource, run: FeedRunSummary, metadata: EventMetadata) {
  await handle(services.store, feedSource, source.id, { type: 'RecordImport', run }, metadata);
}
