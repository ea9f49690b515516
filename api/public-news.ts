// Visitors' news lists, as the API and the server-rendered pages both serve them: published summaries
// behind a one-second micro-cache, cleared on every news event of any instance (see micro-cache.ts).
import type { NewsListQuery, NewsSummary } from '../domain';
import type { EventStore, Processor } from '../events';
import type { ReadModels } from '../projections';
import { cacheClearing, MicroCache } from './micro-cache';

/** One page, with its JSON made once for every visitor who asks within the second. */
export type PublicNewsPage = { items: NewsSummary[]; total: number; json: string };

export function publicNewsList(
  store: EventStore,
  read: ReadModels,
): {
  list: (query: NewsListQuery) => Promise<PublicNewsPage>;
  /** Clears this instance's pages when another instance writes news. */
  processor: Processor;
} {
  const pages = new MicroCache<PublicNewsPage>().clearOn(store, 'publicNews');
  const processor = cacheClearing('public-news-cache', 'publicNews', pages);
  const list = (query: NewsListQuery) => {
    const published = { ...query, status: 'published' as const };
    return pages.get(JSON.stringify(published), async () => {
      const { items, total } = await read.news.listSummaries(published);
      return { items, total, json: JSON.stringify(items) };
    });
  };
  return { list, processor };
}
