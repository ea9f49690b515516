// Feed sources: list, create, update, the enabled toggle, delete, and 'import now'
// (POST /api/rss/sources/{id}/fetch → { count }; 409 while a run is going, 502 with the reason).
import { useQuery } from '@tanstack/react-query';
import type { FeedSource, FeedSourceInput } from '../../../../domain';
import { apiJson } from '../../../lib/api';
import { useToastMutation } from '../common/mutations';
import { newsKeyPrefix } from '../news/api';
import { rssTexts as t } from '../texts';

export const feedSourcesKey = ['/api/rss/sources'] as const;

export const useFeedSources = () => useQuery<FeedSource[]>({ queryKey: feedSourcesKey, refetchOnMount: true });

export function useCreateFeedSource() {
  return useToastMutation({
    mutationFn: (input: FeedSourceInput) => apiJson<FeedSource>('POST', '/api/rss/sources', input),
    invalidates: [feedSourcesKey],
    success: t.created,
    error: t.createError,
  });
}

export function useUpdateFeedSource() {
  return useToastMutation({
    mutationFn: ({ id, input }: { id: string; input: Partial<FeedSourceInput> }) => apiJson<FeedSource>('PATCH', `/api/rss/sources/${id}`, input),
    invalidates: [feedSourcesKey],
    success: t.updated,
    error: t.updateError,
  });
}

export function useDeleteFeedSource() {
  return useToastMutation({
    mutationFn: (id: string) => apiJson<null>('DELETE', `/api/rss/sources/${id}`),
    invalidates: [feedSourcesKey],
    success: t.deleted,
    error: t.deleteError,
  });
}

export function useImportFeedSource() {
  return useToastMutation({
    mutationFn: (id: string) => apiJson<{ count: number }>('POST', `/api/rss/sources/${id}/fetch`),
    // The run changes the source's card (last run) and may add articles.
    invalidates: [feedSourcesKey, newsKeyPrefix],
    success: ({ count }) => ({ title: t.imported, description: t.importedCount(count) }),
    error: t.importError,
  });
}
