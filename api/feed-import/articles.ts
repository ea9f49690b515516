// Turns a run's new feed items into news articles: unique slugs found with one query, and the articles
// written a batch per transaction (one transaction per article made a 500-item import take seconds).
import { randomUUID } from 'node:crypto';
import { Conflict, slugify, type FeedSource } from '../../domain';
import { newsArticle, type EventMetadata, type NewsArticleRecord, type NewEvent } from '../../events';
import type { ReadModels } from '../../projections';
import type { AppServices } from '../context';
import { escapeHtml } from '../html-text';
import type { FeedItem } from '../feeds';
import type { CopiedImage } from './images';

/** Small enough that a batch never holds the slug index (or PGlite's one connection) for long. */
const batchSize = 100;

/** `copied`: the item's image as the media library holds it (api/feed-import/images.ts); without it, none. */
function articleOf(item: FeedItem, source: FeedSource, slug: string, copied?: CopiedImage): NewsArticleRecord {
  return {
    title: item.title,
    slug,
    excerpt: item.excerpt || item.title,
    content: item.contentHtml || `<p>${escapeHtml(item.excerpt)}</p>`,
    image: copied?.image ?? null,
    ...(copied?.reviewNote ? { reviewNote: copied.reviewNote } : {}),
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

/**
 * Creates one article per item and answers how many were created and how many failed. A batch that
 * fails (a slug or guid another writer took a moment ago) is retried item by item, so one bad item
 * is counted and skipped without sinking its neighbours.
 */
export async function createArticles(
  services: AppServices,
  source: FeedSource,
  items: FeedItem[],
  metadata: EventMetadata,
  images: ReadonlyMap<string, CopiedImage> = new Map(),
): Promise<{ created: number; failed: number }> {
  let created = 0;
  let failed = 0;
  for (let start = 0; start < items.length; start += batchSize) {
    const batch = items.slice(start, start + batchSize);
    const slugs = await uniqueSlugs(
      services.read,
      batch.map((item) => item.title),
    );
    const streams = batch.map((item, index) => ({
      streamId: randomUUID(),
      events: creation(articleOf(item, source, slugs[index], images.get(item.guidHash))),
    }));
    try {
      await services.store.startStreams(streams, metadata);
      created += streams.length;
      continue;
    } catch (error) {
      // Logged by message only: a database error carries the whole batch as its parameters.
      if (!(error instanceof Conflict)) console.error(`feed ${source.id} batch: ${(error as Error).message}`);
    }
    for (const item of batch) {
      try {
        const [slug] = await uniqueSlugs(services.read, [item.title]);
        await services.store.append(randomUUID(), creation(articleOf(item, source, slug, images.get(item.guidHash))), { expectedVersion: 0, metadata });
        created += 1;
      } catch (error) {
        failed += 1;
        if (!(error instanceof Conflict)) console.error(`feed ${source.id} item: ${(error as Error).message}`);
      }
    }
  }
  return { created, failed };
}

/** A new article's stream is new by construction (a fresh uuid): decide from the initial state, no read. */
const creation = (record: NewsArticleRecord): NewEvent[] => newsArticle.decide({ type: 'Create', record }, newsArticle.initialState());

/**
 * One slug per title: the title's slug, or that slug with the first free `-N` suffix. One query reads
 * every taken slug of the form `base` or `base-N`, instead of one query per candidate.
 */
async function uniqueSlugs(read: ReadModels, titles: string[]): Promise<string[]> {
  const bases = titles.map((title) => slugify(title) || 'noticia');
  const taken = await read.news.takenSlugs(bases);
  return bases.map((base) => {
    for (let n = 1; ; n += 1) {
      const candidate = n === 1 ? base : `${base}-${n}`;
      if (!taken.has(candidate)) {
        taken.add(candidate);
        return candidate;
      }
    }
  });
}
