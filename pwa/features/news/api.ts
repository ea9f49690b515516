// The news calls of the public site as TanStack Query hooks. The query keys are shared with the
// server's prefetch (pwa/server-pages.ts), which is how server-rendered data reaches hydration.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { NewsArticle } from '../../../domain';
import { ApiError, fetchPage, getQueryFn, urlOfQueryKey, type Page, type QueryParams } from '../../lib/api';
import { newsListParams, type NewsFilters } from './filters';

/** The home page shows the 3 latest articles (spec section 9). */
export const latestNewsParams: QueryParams = { limit: 3 };

export const newsListKey = (params: QueryParams) => ['/api/news', params] as const;
export const articleKey = (slug: string) => ['/api/news', slug] as const;

const fetchNewsPage = ({ queryKey, signal }: { queryKey: readonly unknown[]; signal: AbortSignal }) =>
  fetchPage<NewsArticle>(urlOfQueryKey(queryKey), signal);

export function useNewsList(filters: NewsFilters) {
  return useQuery<Page<NewsArticle>>({
    queryKey: newsListKey(newsListParams(filters)),
    queryFn: fetchNewsPage,
    // While the next filter's answer comes, the cards of the last one stay (dimmed) instead of a blank.
    placeholderData: keepPreviousData,
  });
}

export function useLatestNews() {
  return useQuery<Page<NewsArticle>>({ queryKey: newsListKey(latestNewsParams), queryFn: fetchNewsPage });
}

const fetchArticle = getQueryFn<NewsArticle>({ on401: 'throw' });

/** The article, or null when there is none with that slug (a 404 is an answer here, not an error). */
export function useArticle(slug: string) {
  return useQuery<NewsArticle | null>({
    queryKey: articleKey(slug),
    queryFn: async (context) => {
      try {
        return await fetchArticle(context);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}
