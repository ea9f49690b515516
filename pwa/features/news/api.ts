// The news calls of the public site as TanStack Query hooks. The query keys are shared with the
// server's prefetch (pwa/server-pages.ts), which is how server-rendered data reaches hydration.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { NewsArticle, NewsSummary } from '../../../domain';
import { ApiError, getQueryFn, type Page } from '../../lib/api';
import { newsListParams, type NewsFilters } from './filters';
import { articleKey, fetchNewsPage, newsListKey } from './latest';

export function useNewsList(filters: NewsFilters) {
  return useQuery<Page<NewsSummary>>({
    queryKey: newsListKey(newsListParams(filters)),
    queryFn: fetchNewsPage,
    // While the next filter's answer comes, the cards of the last one stay (dimmed) instead of a blank.
    placeholderData: keepPreviousData,
  });
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
