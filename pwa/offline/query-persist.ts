// Staff lists offline: the admin panel's TanStack Query cache, saved per user in IndexedDB as it
// loads, restored only when the server cannot be reached (online, lists are always fetched fresh),
// and deleted when that user signs out, or when another person signs in on the same device.
import { dehydrate, hydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { offlineDb } from './db';
import { lastStaffId, setLastStaffId } from './device-flags';

const sessionUrl = '/api/auth/me';
type SessionUser = { id: string; username: string; role: string };

/** Deletes what the app keeps of a user's lists (logout, expired session, another person). */
async function forgetStaffLists(userId: string): Promise<void> {
  await (await offlineDb()).delete('queryCache', userId);
  if (lastStaffId() === userId) setLastStaffId(null);
}

/**
 * Before the admin screens render: ask the server who is signed in. Offline (no answer), put the last
 * user's saved lists and session back, so the panel opens with what it showed last. Signed out or
 * someone else: that user's saved lists are deleted, never shown.
 */
export async function restoreStaffLists(queryClient: QueryClient): Promise<void> {
  const userId = lastStaffId();
  if (!userId) return;
  let verdict: 'offline' | 'same' | 'other';
  try {
    const response = await fetch(sessionUrl, { credentials: 'include', headers: { Accept: 'application/json' } });
    if (response.status === 401) verdict = 'other';
    else if (!response.ok) verdict = 'offline';
    else {
      const user = (await response.json()) as SessionUser;
      verdict = user.id === userId ? 'same' : 'other';
      queryClient.setQueryData([sessionUrl], user);
    }
  } catch {
    verdict = 'offline';
  }
  if (verdict === 'other') return forgetStaffLists(userId);
  if (verdict === 'same') return;
  const saved = await (await offlineDb()).get('queryCache', userId).catch(() => undefined);
  if (saved) hydrate(queryClient, saved.state);
}

const isStaffQuery = (query: Query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith('/api/') && query.state.status === 'success';

let persisting = false;

/** Keeps the signed-in user's loaded lists in IndexedDB (a second after the last change). */
export function persistStaffLists(queryClient: QueryClient): void {
  if (persisting) return;
  persisting = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Started after a sign-in, the session may already be known.
  const signedIn = queryClient.getQueryData<SessionUser | null>([sessionUrl]);
  let currentUser: string | null = signedIn?.id ?? lastStaffId();
  if (signedIn) setLastStaffId(signedIn.id);

  const save = async () => {
    const user = queryClient.getQueryData<SessionUser | null>([sessionUrl]);
    if (!user) return;
    const state = dehydrate(queryClient, { shouldDehydrateQuery: isStaffQuery });
    await (await offlineDb()).put('queryCache', { userId: user.id, savedAt: new Date().toISOString(), state });
  };

  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' && event.type !== 'removed') return;
    if (event.query.queryKey[0] === sessionUrl && event.type === 'updated' && event.action.type === 'success') {
      const user = event.query.state.data as SessionUser | null;
      if (!user) {
        // Signed out (or the session expired): this user's lists leave the device.
        clearTimeout(timer);
        if (currentUser) void forgetStaffLists(currentUser);
        currentUser = null;
        return;
      }
      if (currentUser && currentUser !== user.id) void forgetStaffLists(currentUser);
      currentUser = user.id;
      setLastStaffId(user.id);
    }
    if (!currentUser) return;
    clearTimeout(timer);
    timer = setTimeout(() => void save().catch((error: unknown) => console.warn('[offline] no se guardaron las listas', error)), 1000);
  });
}
