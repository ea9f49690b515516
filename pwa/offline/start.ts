// What the app starts for offline use (called by pwa/entry-client.tsx). Kept tiny: the heavier parts
// (IndexedDB, the sync, the worker's registration) load in their own chunks, and only on devices that need them.
import type { QueryClient } from '@tanstack/react-query';
import { hasStaffOnDevice } from './device-flags';

/** The app's IndexedDB database (pwa/offline/db.ts), named here so this tiny module needs no idb. */
const offlineDatabaseName = 'contraespionaje-offline';

/**
 * Whether this device may hold forms to send: the app's database exists. Asked without opening it
 * (opening would create an empty one), so a visitor's first visit loads no offline code at all.
 * A browser without indexedDB.databases() loads the queue and lets it look.
 */
export async function mayHoldDrafts(): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false;
  if (!indexedDB.databases) return true;
  try {
    return (await indexedDB.databases()).some((db) => db.name === offlineDatabaseName);
  } catch {
    return true;
  }
}

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

  // Drafts waiting to be sent, on every page, public or admin: the queue starts now (and then runs on
  // its own: the online event, a backoff timer, the service worker's Background Sync).
  const syncIfAny = () =>
    void mayHoldDrafts().then((may) => {
      if (may) void import('./sync').then((m) => m.startDraftSync()).catch((error: unknown) => console.warn('[offline] cola no iniciada', error));
    });
  syncIfAny();
  window.addEventListener('online', syncIfAny);

  // A signed-in staff member gets the key that seals their drafts on this device (and a device that
  // held one hears whether its session was ended from elsewhere): at every answer about the session.
  const keysAfterSessionAnswer = (user: unknown) => {
    const always = Boolean(user);
    void (always ? Promise.resolve(true) : mayHoldDrafts())
      .then(async (may) => {
        if (may) await (await import('./draft-key-sync')).refreshDraftKeys({ always });
      })
      .catch((error: unknown) => console.warn('[offline] llaves de borradores', error));
  };
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryKey[0] !== '/api/auth/me' || event.action.type !== 'success') return;
    keysAfterSessionAnswer(event.query.state.data);
  });
  // On an admin page opened after another, the answer came before this point (prepareOfflineData asks
  // the server first, and the screens then ask nothing): without this, a key whose making the previous
  // page left unfinished would never be made on this device.
  const known = queryClient.getQueryState(['/api/auth/me']);
  if (known?.status === 'success' && known.data) keysAfterSessionAnswer(known.data);

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
