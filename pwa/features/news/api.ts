// The article's call as a TanStack Query hook. The query key is shared with the server's prefetch
// (pwa/server-pages.ts), which is how server-rendered data reaches hydration. The list's query is in
// list-api.ts, with the filters it is made of: the article page loads neither.
import { useQuery } from '@tanstack/react-query';
import type { NewsArticle } from '../../../domain';
import { ApiError, getQueryFn } from '../../lib/api';
import { usePrefetchedQuery, type QueryView } from '../../lib/prefetched-query';
import { articleKey } from './keys';

const fetchArticle = getQueryFn<NewsArticle>({ on401: 'throw' });

function useArticleQuery(slug: string): QueryView<NewsArticle | null> {
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

function usePrefetchedArticle(slug: string): QueryView<NewsArticle | null> {
  return usePrefetchedQuery<NewsArticle | null>(articleKey(slug));
}

/** The article, or null when there is none with that slug (a 404 is an answer here, not an error). */
export const useArticle = import.meta.env.SSR ? usePrefetchedArticle : useArticleQuery;
