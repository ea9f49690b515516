// Staff's news calls: the searchable, paged list (published and waiting for review), create, update,
// publish and delete. Keys start with '/api/news' so the public lists refresh too.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { NewsArticle, NewsArticleInput } from '../../../../domain';
import { apiJson, fetchPage, toQueryString, type Page } from '../../../lib/api';
import { resourceMutations, useToastMutation } from '../common/mutations';
import { newsTexts as t } from '../texts';

export const newsPageSize = 10;
export const newsKeyPrefix = ['/api/news'] as const;

export type AdminNewsFilter = { search: string; status: 'all' | 'pending'; page: number };

export function useAdminNews({ search, status, page }: AdminNewsFilter) {
  const params = { search: search.trim() || undefined, status, limit: newsPageSize, offset: (page - 1) * newsPageSize };
  return useQuery<Page<NewsArticle>>({
    queryKey: ['/api/news', { ...params, scope: 'admin' }],
    queryFn: ({ signal }) => fetchPage<NewsArticle>(`/api/news${toQueryString(params)}`, signal),
    placeholderData: keepPreviousData,
    // Never stale, but refreshed on return once a change has invalidated it.
    refetchOnMount: true,
  });
}

const news = resourceMutations<NewsArticleInput, NewsArticle>('/api/news', [newsKeyPrefix], t);
export const useCreateNews = news.useCreate;
export const useUpdateNews = news.useUpdate;
export const useDeleteNews = news.useDelete;

/** 'Publicar': an article waiting for review goes public (PATCH { reviewRequired: false }). */
export function usePublishNews() {
  return useToastMutation({
    mutationFn: (id: string) => apiJson<NewsArticle>('PATCH', `/api/news/${id}`, { reviewRequired: false }),
    invalidates: [newsKeyPrefix],
    success: t.published,
    error: t.updateError,
  });
}
