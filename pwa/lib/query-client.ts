// TanStack Query as docs/rules.md ('Lists and paging') says: data is never stale, nothing refetches by itself,
// nothing retries. Screens refresh what they changed with invalidateQueries.
import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api';

/** A new client: one per server render (never shared between visitors), one per browser tab. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchOnMount: false,
        refetchOnReconnect: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

let browserClient: QueryClient | null = null;

/** The tab's client, for code outside React (an offline sync, a logout that clears user data). */
export function browserQueryClient(): QueryClient {
  if (typeof window === 'undefined') throw new Error('browserQueryClient() is for the browser; the server makes one per request');
  browserClient ??= createQueryClient();
  return browserClient;
}
