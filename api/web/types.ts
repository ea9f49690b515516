// What the web middleware needs from the rest of the server: published content, read straight from
// the projections (no HTTP round trip to our own API while rendering a page).
import type { NewsArticle, NewsListQuery, NewsSummary, Service } from '../../domain';

export type PublicQueries = {
  /**
   * Published only, without content; the summaries as the API sends them (JSON values, fresh for each
   * call), and the version of the lists they were read at (the news index's; none when unknown).
   */
  listNews(query: NewsListQuery): Promise<{ items: NewsSummary[]; total: number; listsVersion?: number }>;
  newsBySlug(slug: string): Promise<NewsArticle | null>; // published only
  /** The article a working preview link opens (any status), or for signed-in staff the article with that slug; null otherwise. */
  previewArticle(token: string, slug: string, staff: boolean): Promise<NewsArticle | null>;
  listServices(): Promise<Service[]>; // in order
  /** Settles once the changes this instance was told of reached the news lists and the kept pages (null: they have). */
  catchingUp(): Promise<void> | null;
};
