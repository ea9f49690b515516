// What the app starts for offline use (called by pwa/entry-client.tsx). Kept tiny: the heavier parts
// (IndexedDB, the sync, workbox-window) load in their own chunks, and only on devices that need them.
import type { QueryClient } from '@tanstack/react-query';
import { hasPendingFlag, hasStaffOnDevice } from './device-flags';

/**
 * Before the first render of an admin screen: put the last lists back when the server is out of
 * reach, so the panel opens offline. Public pages do not wait for it.
 */
export async function prepareOfflineData(queryClient: QueryClient, path: string): Promise<void> {
  if (!path.startsWith('/admin') || !hasStaffOnDevice()) return;
  const { restoreStaffLists } = await import('./query-persist');
  await restoreStaffLists(queryClient).catch((error: unknown) => console.warn('[offline] listas no restauradas', error));
}

export function startOffline(queryClient: QueryClient, path: string): void {
  if (import.meta.env.PROD) {
    const register = () => void import('./register-worker').then((m) => m.registerServiceWorker());
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
  }

  // Drafts waiting to be sent: start the queue now, and whenever the connection returns.
  const syncIfPending = () => {
    if (hasPendingFlag()) void import('./sync').then((m) => m.startDraftSync());
  };
  syncIfPending();
  window.addEventListener('online', syncIfPending);

  // Staff lists are saved for offline use once someone signs in (the session query gets a user).
  const startPersisting = () => void import('./query-persist').then((m) => m.persistStaffLists(queryClient));
  if (path.startsWith('/admin') || hasStaffOnDevice()) startPersisting();
  else {
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.query.queryKey[0] === '/api/auth/me' && event.query.state.data) {
        unsubscribe();
        startPersisting();
      }
    });
  }
}
