// The audit trail (GET /api/history): one record's events, or the site-wide activity, newest first,
// paged backwards with `before` = the last answer's nextBefore.
import { useInfiniteQuery } from '@tanstack/react-query';
import type { EventType } from '../../../../domain';
import { apiJson, toQueryString } from '../../../lib/api';
import { historyKeyPrefix } from '../common/mutations';

type HistoryActor = { id: string; username: string; role: string };
export type HistoryEvent = {
  position: number;
  streamId: string;
  type: EventType;
  recordedAt: string;
  actor: HistoryActor | null;
  origin: string;
  changes: Record<string, { from: unknown; to: unknown }>;
};
export type HistoryPage = { items: HistoryEvent[]; nextBefore: number | null };
export type HistoryFilter = { streamId?: string; type?: EventType; actor?: string };

export function useHistory(filter: HistoryFilter, { enabled = true, limit = 30 } = {}) {
  const query = useInfiniteQuery({
    queryKey: [...historyKeyPrefix, filter],
    queryFn: ({ pageParam, signal }) =>
      apiJson<HistoryPage>('GET', `/api/history${toQueryString({ ...filter, before: pageParam ?? undefined, limit })}`, undefined, { signal }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore,
    enabled,
    // A history opened again after a change shows the change.
    refetchOnMount: true,
  });
  return { ...query, events: query.data?.pages.flatMap((p) => p.items) ?? [] };
}
