// The data keys that seal drafts on this device, one per owner (docs/offline.md, 'Drafts encrypted at
// rest'). A staff member's key is kept as a non-extractable CryptoKey (usable by this origin's code,
// never exported by it) for a limited time after the server last vouched for the session, beside a copy
// wrapped with that sign-in's secret, which only the server can give again. Visitors have no account:
// theirs is one key per device, with nothing wrapped. The server side of it is draft-key-sync.ts.
import { offlineDb } from './db';
import { newDataKey } from './draft-crypto';
import type { DraftKeyRecord } from './draft-types';

export type { DraftKeyRecord } from './draft-types';

/** The owner of visitors' drafts. */
export const publicOwner = 'public';

/** How long a staff member's key stays usable with no word from the server (a long day offline in the field, then some). */
export const keyLifetimeMs = 72 * 60 * 60 * 1000;

export const ownerOf = (draft: { variant: string; ownerId: string | null }) => (draft.variant === 'admin' && draft.ownerId ? draft.ownerId : publicOwner);

export type UsableKey = { keyId: string; key: CryptoKey };

const durable = { durability: 'strict' } as const;

export async function keyRecord(owner: string): Promise<DraftKeyRecord | undefined> {
  return (await offlineDb()).get('draftKeys', owner);
}

export async function allKeyRecords(): Promise<DraftKeyRecord[]> {
  return (await offlineDb()).getAll('draftKeys');
}

export async function putKeyRecord(record: DraftKeyRecord): Promise<void> {
  const tx = (await offlineDb()).transaction('draftKeys', 'readwrite', durable);
  await Promise.all([tx.store.put(record), tx.done]);
}

/**
 * The owner's data key if it may be used now; a staff key past its time is dropped here (its wrapped
 * copy stays for the next sign-in). Visitors' key is made on first use.
 */
export async function usableKey(owner: string, now = Date.now()): Promise<UsableKey | null> {
  const record = await keyRecord(owner);
  if (!record && owner === publicOwner) return devicePublicKey();
  if (!record?.key || !record.keyId) return null;
  if (record.usableUntil !== null && now >= record.usableUntil) {
    await dropDraftKey(owner);
    return null;
  }
  return { keyId: record.keyId, key: record.key };
}

/** Made once: two tabs making it at once keep the first (`add` refuses the second). */
async function devicePublicKey(): Promise<UsableKey> {
  const record: DraftKeyRecord = { owner: publicOwner, keyId: crypto.randomUUID(), key: await newDataKey(false), wrapped: null, usableUntil: null };
  const tx = (await offlineDb()).transaction('draftKeys', 'readwrite', durable);
  try {
    await Promise.all([tx.store.add(record), tx.done]);
    return { keyId: record.keyId!, key: record.key! };
  } catch {
    const kept = await keyRecord(publicOwner);
    if (!kept?.key || !kept.keyId) throw new Error('No se pudo crear la llave de los borradores');
    return { keyId: kept.keyId, key: kept.key };
  }
}

/** Signing out, or another person signed in: the key leaves; the wrapped copy waits for its owner's next sign-in. */
export async function dropDraftKey(owner: string): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction('draftKeys', 'readwrite', durable);
  const record = await tx.store.get(owner);
  if (record?.key) await tx.store.put({ ...record, key: null });
  await tx.done;
}

/**
 * What a session ended from elsewhere leaves: neither the key nor its wrapped copy (the server will not
 * give that sign-in's secret again either). The record stays, empty, so nothing of this owner is written
 * in clear meanwhile.
 */
export async function emptyDraftKey(owner: string): Promise<void> {
  await putKeyRecord({ owner, keyId: null, key: null, wrapped: null, usableUntil: null });
}
