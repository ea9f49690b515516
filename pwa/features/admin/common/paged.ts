// Lists the server pages (contact messages, advance forms): pages of `pageSize` loaded one after
// another with 'Cargar más', and the total from X-Total-Count for counts like 'N mensaje(s)'.
import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchPage, toQueryString, type Page, type QueryParams } from '../../../lib/api';

const pageSize = 50;

/** `filters` (search, status...) join the query string and the query key. */
export function usePagedList<T>(path: string, filters: QueryParams = {}) {
  const query = useInfiniteQuery({
    queryKey: [path, { paged: true, ...filters }],
    queryFn: ({ pageParam, signal }) => fetchPage<T>(`${path}${toQueryString({ ...filters, limit: pageSize, offset: pageParam })}`, signal),
    initialPageParam: 0,
    getNextPageParam: (last: Page<T>, pages: Page<T>[]) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return loaded < last.total && last.items.length > 0 ? loaded : undefined;
    },
    refetchOnMount: true,
  });
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const total = query.data?.pages.at(-1)?.total ?? 0;
  return { ...query, items, total };
}
