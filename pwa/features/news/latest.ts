// The query keys of GET /api/news and the home page's "latest news" hook. Kept apart from the list's
// and the article's calls (list-api.ts, api.ts) on purpose: the home page loads this with its cards, and
// the list's query reaches the filters and, through them, date code that the home page does not need.
import { useQuery } from '@tanstack/react-query';
import type { NewsSummary } from '../../../domain';
import { fetchPage, urlOfQueryKey, type Page, type QueryParams } from '../../lib/api';
import { usePrefetchedQuery, type QueryView } from '../../lib/prefetched-query';

/** The home page shows the 3 latest articles (docs/rules.md, 'News and the review queue'). */
export const latestNewsParams: QueryParams = { limit: 3 };

export const newsListKey = (params: QueryParams) => ['/api/news', params] as const;
export const articleKey = (slug: string) => ['/api/news', slug] as const;

export const fetchNewsPage = ({ queryKey, signal }: { queryKey: readonly unknown[]; signal: AbortSignal }) =>
  fetchPage<NewsSummary>(urlOfQueryKey(queryKey), signal);

function useLatestNewsQuery(): QueryView<Page<NewsSummary>> {
  return useQuery<Page<NewsSummary>>({ queryKey: newsListKey(latestNewsParams), queryFn: fetchNewsPage });
}

function usePrefetchedLatestNews(): QueryView<Page<NewsSummary>> {
  return usePrefetchedQuery<Page<NewsSummary>>(newsListKey(latestNewsParams));
}

export const useLatestNews = import.meta.env.SSR ? usePrefetchedLatestNews : useLatestNewsQuery;
