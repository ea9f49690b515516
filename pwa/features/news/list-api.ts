// The news list's call as a TanStack Query hook. The query key is shared with the server's prefetch
// (pwa/server-pages.ts), which is how server-rendered data reaches hydration.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { NewsSummary } from '../../../domain';
import type { Page } from '../../lib/api';
import { usePrefetchedQuery, type QueryView } from '../../lib/prefetched-query';
import { newsListParams, type NewsFilters } from './filters';
import { newsListKey } from './keys';
import { fetchNewsPage } from './latest';

function useNewsListQuery(filters: NewsFilters): QueryView<Page<NewsSummary>> {
  return useQuery<Page<NewsSummary>>({
    queryKey: newsListKey(newsListParams(filters)),
    queryFn: fetchNewsPage,
    // While the next filter's answer comes, the cards of the last one stay (dimmed) instead of a blank.
    placeholderData: keepPreviousData,
  });
}

function usePrefetchedNewsList(filters: NewsFilters): QueryView<Page<NewsSummary>> {
  return usePrefetchedQuery<Page<NewsSummary>>(newsListKey(newsListParams(filters)));
}

export const useNewsList = import.meta.env.SSR ? usePrefetchedNewsList : useNewsListQuery;
