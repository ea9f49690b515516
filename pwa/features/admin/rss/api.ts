// Feed sources: list, create, update, the enabled toggle, delete, and 'import now'
// (POST /api/rss/sources/{id}/fetch → { count }; 409 while a run is going, 502 with the reason).
import { useQuery } from '@tanstack/react-query';
import type { FeedSource, FeedSourceInput } from '../../../../domain';
import { apiJson } from '../../../lib/api';
import { fetchAllPages } from '../../../lib/all-pages';
import { resourceMutations, useToastMutation } from '../common/mutations';
import { newsKeyPrefix } from '../news/api';
import { rssTexts as t } from '../texts';

const feedSourcesKey = ['/api/rss/sources'] as const;

export const useFeedSources = () =>
  useQuery<FeedSource[]>({ queryKey: feedSourcesKey, queryFn: ({ signal }) => fetchAllPages<FeedSource>('/api/rss/sources', signal), refetchOnMount: true });

const sources = resourceMutations<FeedSourceInput, FeedSource>('/api/rss/sources', [feedSourcesKey], t);
export const useCreateFeedSource = sources.useCreate;
export const useUpdateFeedSource = sources.useUpdate;
export const useDeleteFeedSource = sources.useDelete;

export function useImportFeedSource() {
  return useToastMutation({
    mutationFn: (id: string) => apiJson<{ count: number }>('POST', `/api/rss/sources/${id}/fetch`),
    // The run changes the source's card (last run) and may add articles.
    invalidates: [feedSourcesKey, newsKeyPrefix],
    success: ({ count }) => ({ title: t.imported, description: t.importedCount(count) }),
    error: t.importError,
    refreshOnError: true,
  });
}
