// What the web middleware needs from the rest of the server: published content, read straight from
// the projections (no HTTP round trip to our own API while rendering a page).
import type { NewsArticle, NewsListQuery, NewsSummary, Service } from '../../domain';

export type PublicQueries = {
  listNews(query: NewsListQuery): Promise<{ items: NewsSummary[]; total: number }>; // published only, without content
  newsBySlug(slug: string): Promise<NewsArticle | null>; // published only
  listServices(): Promise<Service[]>; // in order
};
