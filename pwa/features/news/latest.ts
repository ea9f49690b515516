// The home page's "latest news" hook, and the fetch of a page of GET /api/news. Kept apart from the list's
// and the article's calls (list-api.ts, api.ts) on purpose: the home page loads this with its cards, and
// the list's query reaches the filters and, through them, date code that the home page does not need.
import { useQuery } from '@tanstack/react-query';
import type { NewsSummary } from '../../../domain';
import { fetchPage, urlOfQueryKey, type Page } from '../../lib/api';
import { usePrefetchedQuery, type QueryView } from '../../lib/prefetched-query';
import { latestNewsParams, newsListKey } from './keys';

export const fetchNewsPage = ({ queryKey, signal }: { queryKey: readonly unknown[]; signal: AbortSignal }) =>
  fetchPage<NewsSummary>(urlOfQueryKey(queryKey), signal);

function useLatestNewsQuery(): QueryView<Page<NewsSummary>> {
  return useQuery<Page<NewsSummary>>({ queryKey: newsListKey(latestNewsParams), queryFn: fetchNewsPage });
}

function usePrefetchedLatestNews(): QueryView<Page<NewsSummary>> {
  return usePrefetchedQuery<Page<NewsSummary>>(newsListKey(latestNewsParams));
}

export const useLatestNews = import.meta.env.SSR ? usePrefetchedLatestNews : useLatestNewsQuery;
