// Staff lists offline: the admin panel's TanStack Query cache, saved per user in IndexedDB as it
// loads, restored only when the server cannot be reached (online, lists are always fetched fresh),
// and deleted when that user signs out, or when another person signs in on the same device. The lists
// hold what the drafts hold (venues, routes, guards, contacts), so they are sealed the same way: with
// the user's data key (draft-keys.ts), AES-GCM naming the user and key. Without a usable key (past its
// time offline, ended from elsewhere, signed out) nothing is saved and what was saved cannot be read.
import { dehydrate, hydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';
import { offlineDb } from './db';
import { lastStaffId, setLastStaffId } from './device-flags';
import { openJson, sealJson, staffListsAad } from './draft-crypto';
import { usableKey } from './draft-keys';
import { sessionCheckTimeoutMs } from '../lib/time-limit';

const sessionUrl = '/api/auth/me';
type SessionUser = { id: string; username: string; role: string };

/** Deletes what the app keeps of a user's lists (logout, expired session, another person). */
async function forgetStaffLists(userId: string): Promise<void> {
  await (await offlineDb()).delete('queryCache', userId);
  if (lastStaffId() === userId) setLastStaffId(null);
}

/**
 * Before the admin screens render: ask the server who is signed in. Offline (no answer, or none within
 * sessionCheckTimeoutMs), put the last user's saved lists and session back, so the panel opens with what
 * it showed last. Signed out or someone else: that user's saved lists are deleted, never shown.
 */
export async function restoreStaffLists(queryClient: QueryClient): Promise<void> {
  const userId = lastStaffId();
  if (!userId) return;
  let verdict: 'offline' | 'same' | 'other';
  try {
    // No answer in time is treated as no connection: the screen is blank until this is decided.
    const response = await fetch(sessionUrl, {
      credentials: 'include',
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(sessionCheckTimeoutMs),
    });
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
  const state = await openStaffLists(userId).catch(() => null);
  if (state) hydrate(queryClient, state);
}

/** The user's saved lists, opened with their key; null (and deleted when unreadable for good) otherwise. */
async function openStaffLists(userId: string): Promise<DehydratedState | null> {
  const db = await offlineDb();
  const saved = await db.get('queryCache', userId);
  if (!saved) return null;
  const key = await usableKey(userId);
  if (!saved.sealed || !saved.keyId || !key || key.keyId !== saved.keyId) {
    await db.delete('queryCache', userId);
    return null;
  }
  try {
    return await openJson<DehydratedState>(key.key, saved.sealed, staffListsAad(userId, saved.keyId));
  } catch {
    await db.delete('queryCache', userId);
    return null;
  }
}

/** Lists saved in clear by an earlier version of the app leave the device. */
async function deleteUnsealedLists(): Promise<void> {
  const db = await offlineDb();
  for (const saved of await db.getAll('queryCache')) if (!saved.sealed) await db.delete('queryCache', saved.userId);
}

const isStaffQuery = (query: Query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith('/api/') && query.state.status === 'success';

let persisting = false;
const warn = (error: unknown) => console.warn('[offline] no se guardaron las listas', error);

/** Keeps the signed-in user's loaded lists in IndexedDB (a second after the last change). */
export function persistStaffLists(queryClient: QueryClient): void {
  if (persisting) return;
  persisting = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Started after a sign-in, the session may already be known.
  const signedIn = queryClient.getQueryData<SessionUser | null>([sessionUrl]);
  let currentUser: string | null = signedIn?.id ?? lastStaffId();
  if (signedIn) setLastStaffId(signedIn.id);

  void deleteUnsealedLists().catch(() => {});

  let keyWaits = 0;
  const save = async () => {
    const user = queryClient.getQueryData<SessionUser | null>([sessionUrl]);
    if (!user) return;
    const key = await usableKey(user.id);
    if (!key) {
      // Right after a sign-in the key is being made (draft-key-sync.ts): looks for a minute, then waits for the next change.
      if (keyWaits++ < 30) timer = setTimeout(() => void save().catch(warn), 2_000);
      return;
    }
    keyWaits = 0;
    const state = dehydrate(queryClient, { shouldDehydrateQuery: isStaffQuery });
    const sealed = await sealJson(key.key, state, staffListsAad(user.id, key.keyId));
    const db = await offlineDb();
    // Signed out (or another person signed in) while this copy was being sealed: that user's lists already left the device.
    if (queryClient.getQueryData<SessionUser | null>([sessionUrl])?.id !== user.id) return;
    await db.put('queryCache', { userId: user.id, savedAt: new Date().toISOString(), keyId: key.keyId, sealed });
  };

  const saveSoon = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void save().catch(warn), 1000);
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
    if (currentUser) saveSoon();
  });
  // This module loads in its own chunk: the session and the first lists may have arrived before it did,
  // and then no change would come to save them.
  const listsLoaded = queryClient.getQueryCache().findAll({ predicate: (query) => isStaffQuery(query) && query.queryKey[0] !== sessionUrl }).length > 0;
  if (currentUser && listsLoaded) saveSoon();
}
