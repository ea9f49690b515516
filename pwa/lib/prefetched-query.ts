// A public page's query as its server render reads it. The server fetches a page's data before it
// renders (pwa/server-pages.ts) and never fetches during the render, so useQuery there only reads the
// client's cache, through an observer set up and dropped for each render: most of TanStack Query's
// share of a news list's render, which is made again for most requests while articles are written.
// The server reads the cache directly instead and gets what useQuery would show; the browser uses
// useQuery as usual (each hook picks one by `import.meta.env.SSR`, so the other is left out of its
// bundle).
import { hashKey, useQueryClient, type QueryKey } from '@tanstack/react-query';

/** What a page reads of its query, the same from useQuery and from usePrefetchedQuery. */
export type QueryView<T> = {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  isPlaceholderData: boolean;
  refetch: () => Promise<unknown>;
};

/**
 * The server's render: the answer fetched before it (pending, as useQuery would be, if there is none).
 * Looked up by the key's hash, as the cache kept it: no client sets its own hash function
 * (lib/query-client.ts). getQueryData first merged the client's default options into new options for
 * the key, 7 µs a call against 1 µs.
 */
export function usePrefetchedQuery<T>(queryKey: QueryKey): QueryView<T> {
  const data = useQueryClient().getQueryCache().get<T>(hashKey(queryKey))?.state.data;
  return { data, isPending: data === undefined, isError: false, isPlaceholderData: false, refetch: () => Promise.resolve() };
}
