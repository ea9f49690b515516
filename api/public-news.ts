// Visitors' news lists, as the API and the server-rendered pages both serve them: published summaries
// behind a one-second micro-cache that this instance clears whenever it commits a news event.
import type { NewsListQuery, NewsSummary } from '../domain';
import type { EventStore } from '../events';
import type { ReadModels } from '../projections';
import { MicroCache } from './micro-cache';

/** One page, with its JSON made once for every visitor who asks within the second. */
export type PublicNewsPage = { items: NewsSummary[]; total: number; json: string };

export function publicNewsList(store: EventStore, read: ReadModels): (query: NewsListQuery) => Promise<PublicNewsPage> {
  const pages = new MicroCache<PublicNewsPage>().clearOn(store, 'publicNews');
  return (query) => {
    const published = { ...query, status: 'published' as const };
    return pages.get(JSON.stringify(published), async () => {
      const { items, total } = await read.news.listSummaries(published);
      return { items, total, json: JSON.stringify(items) };
    });
  };
}
