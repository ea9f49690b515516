// The server's side of the draft keys (docs/offline.md, 'Drafts encrypted at rest'), run by the pages
// and the service worker alike: GET /api/auth/draft-key gives the signed-in session's wrapping secret,
// the secrets of earlier sign-ins of the same user that this device names (so its key is re-wrapped
// for the new sign-in), and which of the named sign-ins were ended from elsewhere ('Cerrar las demás
// sesiones', an admin, a password change). The secrets are used here and forgotten: never stored.
import type { DraftKeyAnswer } from '../../domain';
import { importWrappingKey, newDataKey, unwrapDataKey, wrapAad, wrapDataKey } from './draft-crypto';
import { allKeyRecords, dropDraftKey, emptyDraftKey, keyLifetimeMs, publicOwner, putKeyRecord, type DraftKeyRecord } from './draft-keys';
import { deleteDraftsOf, forgetOpenedPhotos, sealPlainDrafts } from './drafts';

export const draftKeyUrl = '/api/auth/draft-key';

export type KeyRefresh = 'done' | 'offline';

let chain: Promise<unknown> = Promise.resolve();
/** The call waiting its turn: calls made meanwhile join it (a sign-in is heard by more than one listener). */
let queued: { always: boolean; promise: Promise<KeyRefresh> } | null = null;

/**
 * Asks the server about this device's staff keys and acts on the answer: deletes a key (and the drafts it
 * sealed) whose sign-in was ended from elsewhere, drops the keys of anyone but the signed-in user, and
 * gives the signed-in user a usable key (new, brought back from its wrapped copy, or re-wrapped for this
 * sign-in), then seals their drafts still in clear. With `always` false, a device with no staff key
 * asks nothing. One at a time per page, and across tabs and the worker where Web Locks exist.
 */
export function refreshDraftKeys({ always = false }: { always?: boolean } = {}): Promise<KeyRefresh> {
  if (queued) {
    queued.always ||= always;
    return queued.promise;
  }
  const entry = { always, promise: Promise.resolve<KeyRefresh>('done') };
  const run = () => {
    if (queued === entry) queued = null;
    return withKeysLock(() => refresh(entry.always));
  };
  entry.promise = chain.then(run, run);
  queued = entry;
  chain = entry.promise.catch(() => undefined);
  return entry.promise;
}

function withKeysLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('draft-keys', work) : work();
}

async function refresh(always: boolean): Promise<KeyRefresh> {
  const records = (await allKeyRecords()).filter((record) => record.owner !== publicOwner);
  if (records.length === 0 && !always) return 'done';
  const named = records.flatMap((record) => (record.wrapped ? [record.wrapped.signInId] : []));
  let answer: DraftKeyAnswer;
  try {
    const query = named.map((id) => `signIn=${encodeURIComponent(id)}`).join('&');
    const response = await fetch(query ? `${draftKeyUrl}?${query}` : draftKeyUrl, {
      credentials: 'include',
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) return 'offline';
    answer = (await response.json()) as DraftKeyAnswer;
  } catch {
    return 'offline';
  }

  for (const record of records) {
    if (record.wrapped && answer.endedRemotely.includes(record.wrapped.signInId)) await endedElsewhere(record.owner);
  }
  const current = answer.current;
  // Nobody signed in (expired, or signed out elsewhere): keys stay until their time, the author signs in again.
  if (!current) return 'done';
  for (const record of records) if (record.owner !== current.userId && record.key) await dropDraftKey(record.owner);

  const mine = (await allKeyRecords()).find((record) => record.owner === current.userId);
  const wrapping = await importWrappingKey(current.secret);
  const until = Date.now() + keyLifetimeMs;
  let next: DraftKeyRecord | null = null;
  if (!mine?.wrapped || !mine.keyId) next = await newStaffKey(current.userId, current.signInId, wrapping, until);
  else if (mine.wrapped.signInId === current.signInId) {
    const key = mine.key ?? (await unwrapDataKey(mine.wrapped, wrapping, wrapAad(mine.owner, mine.keyId, current.signInId), false).catch(() => null));
    next = key && { ...mine, key, usableUntil: until };
  } else if (answer.previous[mine.wrapped.signInId]) {
    next = await rewrapped(mine, answer.previous[mine.wrapped.signInId], current.signInId, wrapping, until);
  }
  if (!next && mine?.key) {
    // Its sign-in is unknown to the server (another database, another SESSION_SECRET), so the key cannot
    // be re-wrapped: it keeps working here until sign-out, and is lost then (see docs/offline.md).
    next = { ...mine, usableUntil: until };
  } else if (!next) {
    // Nothing can open those drafts again: they leave, and the user starts with a new key.
    await endedElsewhere(current.userId);
    next = await newStaffKey(current.userId, current.signInId, wrapping, until);
  }
  await putKeyRecord(next);
  await sealPlainDrafts(current.userId);
  return 'done';
}

async function newStaffKey(owner: string, signInId: string, wrapping: CryptoKey, usableUntil: number): Promise<DraftKeyRecord> {
  const keyId = crypto.randomUUID();
  const aad = wrapAad(owner, keyId, signInId);
  const wrapped = await wrapDataKey(await newDataKey(true), wrapping, aad);
  // What stays usable on the device is the non-extractable copy, unwrapped from what was just wrapped.
  const key = await unwrapDataKey(wrapped, wrapping, aad, false);
  return { owner, keyId, key, wrapped: { signInId, ...wrapped }, usableUntil };
}

/** The data key wrapped for an earlier sign-in, wrapped again for this one; null if the old secret does not open it. */
async function rewrapped(
  record: DraftKeyRecord,
  previousSecret: string,
  signInId: string,
  wrapping: CryptoKey,
  usableUntil: number,
): Promise<DraftKeyRecord | null> {
  if (!record.wrapped || !record.keyId) return null;
  try {
    const previous = await importWrappingKey(previousSecret);
    const dataKey = await unwrapDataKey(record.wrapped, previous, wrapAad(record.owner, record.keyId, record.wrapped.signInId), true);
    const aad = wrapAad(record.owner, record.keyId, signInId);
    const wrapped = await wrapDataKey(dataKey, wrapping, aad);
    const key = await unwrapDataKey(wrapped, wrapping, aad, false);
    return { ...record, key, wrapped: { signInId, ...wrapped }, usableUntil };
  } catch {
    return null;
  }
}

/** Ended from elsewhere: the key, its wrapped copy and the drafts it sealed leave the device. */
async function endedElsewhere(owner: string): Promise<void> {
  await emptyDraftKey(owner);
  forgetOpenedPhotos();
  await deleteDraftsOf(owner);
}

/** 'Cerrar Sesión': the signed-out user's key leaves this device; its wrapped copy waits for their next sign-in. */
export async function forgetDraftKeyAtSignOut(userId: string): Promise<void> {
  forgetOpenedPhotos();
  await withKeysLock(() => dropDraftKey(userId));
}
