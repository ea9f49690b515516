// Drafts in IndexedDB: read, write, list, delete, and a change signal every tab hears (BroadcastChannel),
// so the 'Borradores' tab and an open form stay current while another tab syncs. This store is the
// queue: a draft in state 'pending' is what must be sent, and nothing else on the device says so.
// Writes ask for strict durability: the promise resolves once the write is on disk, so a browser
// killed right after 'Guardar Formulario' still finds the form at its next start.
//
// What is written is sealed (docs/offline.md, 'Drafts encrypted at rest'): only the head (id, form,
// owner, state, times) stays in clear; the answers, the server's message and each photo's name and
// bytes are AES-GCM ciphertext under the owner's data key (draft-keys.ts). Sealing is asynchronous and
// an IndexedDB transaction cannot wait for it, so a change reads, seals, then writes only if the record
// is still at the version it read (else it reads again): two tabs never overwrite each other's change.
import type { PhotoField } from '../../domain';
import { offlineDb } from './db';
import { draftAad, openBytes, openJson, photoAad, sealBytes, sealJson, toBase64 } from './draft-crypto';
import { keyRecord, ownerOf, publicOwner, usableKey, type UsableKey } from './draft-keys';
import type { Draft, DraftHead, DraftPhotos, DraftSummary, DraftVariant, PhotoSummary, PlainDraft, SealedDraft, SealedPhoto, StoredDraft } from './draft-types';

/** Where a draft's photo's sealed bytes are kept in `draftPhotos`: one record per draft, field and IV. */
const photoKey = (draftId: string, field: PhotoField, iv: Uint8Array) => `${draftId}/${field}/${toBase64(iv)}`;

export type { Draft, DraftHead, DraftPhoto, DraftPhotos, DraftState, DraftSummary, DraftVariant } from './draft-types';

/** A draft whose owner's key is not on this device (signed out, expired, ended from elsewhere): unreadable here. */
export class DraftLockedError extends Error {
  constructor() {
    super('Este borrador está cifrado y su llave no está en este dispositivo');
    this.name = 'DraftLockedError';
  }
}

const listeners = new Set<() => void>();
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('offline-drafts');
channel?.addEventListener('message', () => listeners.forEach((listener) => listener()));
// In Node (the unit tests) an open channel would keep the process alive.
(channel as { unref?: () => void } | null)?.unref?.();

function announceChange() {
  listeners.forEach((listener) => listener());
  channel?.postMessage('changed');
}

/** Called after any draft changes, in this tab or another. */
export function onDraftsChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function newDraft(variant: DraftVariant, ownerId: string | null, values: Draft['values'], photos: DraftPhotos = {}): Draft {
  return { id: crypto.randomUUID(), variant, ownerId, values, photos, state: 'draft', error: null, updatedAt: new Date().toISOString(), formId: null };
}

// ---- The stored shape ----

/** The sealed part of a record: everything but the head. Each photo names the IV of its bytes. */
type SealedContents = Pick<Draft, 'values' | 'error' | 'sentPhotos'> & {
  photos: Partial<Record<PhotoField, PhotoSummary & { iv: string }>>;
};

const isSealed = (record: StoredDraft): record is SealedDraft => 'sealed' in record;
const versionOf = (record: StoredDraft | undefined): number | null => (record ? (record.version ?? 0) : null);

function headOf(record: DraftHead): DraftHead {
  const { id, variant, ownerId, state, updatedAt, formId } = record;
  return { id, variant, ownerId, state, updatedAt, formId };
}

function plainDraft(record: PlainDraft): Draft {
  const { version: _version, ...draft } = record;
  return draft;
}

function photoSummaries(photos: DraftPhotos): DraftSummary['photos'] {
  const out: DraftSummary['photos'] = {};
  for (const [field, photo] of Object.entries(photos) as [PhotoField, NonNullable<DraftPhotos[PhotoField]>][]) {
    if (!photo) continue;
    out[field] = { name: photo.name, objectPath: photo.objectPath, ...(photo.key ? { key: photo.key } : {}), size: photo.blob.size, type: photo.blob.type };
  }
  return out;
}

type KeyLookup = (owner: string) => Promise<UsableKey | null>;
const lookupKeys = (): KeyLookup => {
  const known = new Map<string, Promise<UsableKey | null>>();
  return (owner) => {
    if (!known.has(owner)) known.set(owner, usableKey(owner));
    return known.get(owner)!;
  };
};

async function openContents(record: SealedDraft, keys: KeyLookup): Promise<{ key: CryptoKey; contents: SealedContents } | null> {
  const usable = await keys(ownerOf(record));
  if (!usable || usable.keyId !== record.keyId) return null;
  try {
    return { key: usable.key, contents: await openJson<SealedContents>(usable.key, record.sealed, draftAad(record.id, record.version)) };
  } catch {
    return null; // changed, or sealed by another key: unreadable, like a draft without its key
  }
}

function summaryOf(head: DraftHead, contents: SealedContents): DraftSummary {
  const photos: DraftSummary['photos'] = {};
  for (const [field, photo] of Object.entries(contents.photos) as [PhotoField, PhotoSummary & { iv: string }][]) {
    const { iv: _iv, ...summary } = photo;
    photos[field] = summary;
  }
  return { ...headOf(head), values: contents.values, error: contents.error, photos, ...(contents.sentPhotos ? { sentPhotos: contents.sentPhotos } : {}) };
}

async function openSummary(record: StoredDraft, keys: KeyLookup): Promise<DraftSummary | null> {
  if (!isSealed(record)) {
    const draft = plainDraft(record);
    return { ...draft, photos: photoSummaries(draft.photos) };
  }
  const opened = await openContents(record, keys);
  return opened && summaryOf(record, opened.contents);
}

// A photo's sealed bytes are reused while the photo is the same Blob (autosaves every 300 ms must not
// encrypt megabytes each time), and a few opened photos are kept so a sender's re-reads do not decrypt again.
const sealedPhotos = new WeakMap<Blob, { draftId: string; field: PhotoField; keyId: string; sealed: SealedPhoto }>();
const openedPhotos = new Map<string, Blob>();
const openedPhotosKept = 8;

/** Signing out: no opened photo stays in this page's memory. */
export function forgetOpenedPhotos(): void {
  openedPhotos.clear();
}

async function openPhoto(key: CryptoKey, record: SealedDraft, field: PhotoField, sealed: Required<SealedPhoto>, type: string): Promise<Blob> {
  const cacheKey = `${record.keyId}/${record.id}/${field}/${toBase64(sealed.iv)}`;
  let blob = openedPhotos.get(cacheKey);
  if (!blob) {
    const plain = await openBytes(key, { iv: sealed.iv, data: await sealed.data.arrayBuffer() }, photoAad(record.id, field));
    blob = new Blob([plain], { type });
    openedPhotos.set(cacheKey, blob);
    if (openedPhotos.size > openedPhotosKept) openedPhotos.delete(openedPhotos.keys().next().value!);
  }
  sealedPhotos.set(blob, { draftId: record.id, field, keyId: record.keyId, sealed });
  return blob;
}

async function openDraft(record: StoredDraft, keys: KeyLookup): Promise<Draft | null> {
  if (!isSealed(record)) return plainDraft(record);
  const opened = await openContents(record, keys);
  if (!opened) return null;
  const { key, contents } = opened;
  const photos: DraftPhotos = {};
  try {
    for (const [field, meta] of Object.entries(contents.photos) as [PhotoField, PhotoSummary & { iv: string }][]) {
      const sealed = record.photoData[field];
      // The sealed answers name each photo's IV: bytes swapped in from elsewhere are refused.
      if (!sealed || toBase64(sealed.iv) !== meta.iv) return null;
      if (!sealed.data) return null;
      const blob = await openPhoto(key, record, field, { iv: sealed.iv, data: sealed.data }, meta.type);
      photos[field] = { blob, name: meta.name, objectPath: meta.objectPath, ...(meta.key ? { key: meta.key } : {}) };
    }
  } catch {
    return null;
  }
  return { ...summaryOf(record, contents), photos };
}

async function sealDraft(draft: Draft, version: number, usable: UsableKey): Promise<SealedDraft> {
  const photos: SealedContents['photos'] = {};
  const photoData: SealedDraft['photoData'] = {};
  for (const [field, photo] of Object.entries(draft.photos) as [PhotoField, NonNullable<DraftPhotos[PhotoField]>][]) {
    if (!photo) continue;
    const known = sealedPhotos.get(photo.blob);
    let sealed = known && known.draftId === draft.id && known.field === field && known.keyId === usable.keyId ? known.sealed : undefined;
    if (!sealed) {
      const bytes = await sealBytes(usable.key, await photo.blob.arrayBuffer(), photoAad(draft.id, field));
      sealed = { iv: bytes.iv, data: new Blob([bytes.data]) };
      sealedPhotos.set(photo.blob, { draftId: draft.id, field, keyId: usable.keyId, sealed });
    }
    photoData[field] = sealed;
    photos[field] = { ...photoSummaries({ [field]: photo })[field]!, iv: toBase64(sealed.iv) };
  }
  const contents: SealedContents = { values: draft.values, error: draft.error, photos, ...(draft.sentPhotos ? { sentPhotos: draft.sentPhotos } : {}) };
  return { ...headOf(draft), version, keyId: usable.keyId, sealed: await sealJson(usable.key, contents, draftAad(draft.id, version)), photoData };
}

/**
 * What `draft` is stored as: sealed with its owner's key. In clear only for a staff member whose device
 * has never had a key (a tablet signed in before this version that has not reached the server since);
 * the next word from the server seals it. A key that was there and is gone refuses the write.
 */
async function toStored(draft: Draft, version: number): Promise<StoredDraft> {
  const owner = ownerOf(draft);
  const usable = await usableKey(owner);
  if (usable) return sealDraft(draft, version, usable);
  if (owner !== publicOwner && !(await keyRecord(owner))) return { ...draft, version };
  throw new DraftLockedError();
}

const durable = { durability: 'strict' } as const;

/**
 * The record with its photos' sealed bytes, read in one transaction (a photo replaced meanwhile by
 * another tab cannot go missing between the two): kept apart, or inline in a record written before.
 */
async function readStored(id: string): Promise<StoredDraft | undefined> {
  const tx = (await offlineDb()).transaction(['drafts', 'draftPhotos'], 'readonly');
  const record = await tx.objectStore('drafts').get(id);
  if (record && isSealed(record)) {
    const photoData: SealedDraft['photoData'] = {};
    for (const [field, sealed] of Object.entries(record.photoData) as [PhotoField, SealedPhoto][]) {
      photoData[field] = { iv: sealed.iv, data: sealed.data ?? (await tx.objectStore('draftPhotos').get(photoKey(id, field, sealed.iv)))?.data };
    }
    await tx.done;
    return { ...record, photoData };
  }
  await tx.done;
  return record;
}

/**
 * Writes `record` only if the stored one is still at `expected` (null: none yet); false otherwise. A
 * sealed record's photos go to `draftPhotos`, each written once (a photo already there is left as it
 * is); the record keeps their IVs only, and the photos it no longer names leave in the same transaction.
 */
async function writeIfUnchanged(id: string, expected: number | null, record: StoredDraft): Promise<boolean> {
  const tx = (await offlineDb()).transaction(['drafts', 'draftPhotos'], 'readwrite', durable);
  const drafts = tx.objectStore('drafts');
  const photos = tx.objectStore('draftPhotos');
  const current = await drafts.get(id);
  const unchanged = versionOf(current) === expected;
  if (unchanged) {
    const named = new Set<string>();
    if (isSealed(record)) {
      const photoData: SealedDraft['photoData'] = {};
      for (const [field, sealed] of Object.entries(record.photoData) as [PhotoField, SealedPhoto][]) {
        const key = photoKey(id, field, sealed.iv);
        named.add(key);
        if (sealed.data && (await photos.getKey(key)) === undefined) await photos.put({ key, draftId: id, data: sealed.data });
        photoData[field] = { iv: sealed.iv };
      }
      record = { ...record, photoData };
    }
    for (const key of await photos.index('byDraft').getAllKeys(id)) if (!named.has(key)) await photos.delete(key);
    await drafts.put(record);
  }
  await tx.done;
  return unchanged;
}

/** Deletes, in one transaction, every draft `doomed` picks (among the one with id `only`, when given) and its photos; answers how many. */
async function deleteStored(doomed: (record: StoredDraft) => boolean, only?: string): Promise<number> {
  const tx = (await offlineDb()).transaction(['drafts', 'draftPhotos'], 'readwrite', durable);
  const photos = tx.objectStore('draftPhotos');
  let deleted = 0;
  for (let cursor = await tx.objectStore('drafts').openCursor(only); cursor; cursor = await cursor.continue()) {
    if (!doomed(cursor.value)) continue;
    for (const key of await photos.index('byDraft').getAllKeys(cursor.value.id)) await photos.delete(key);
    await cursor.delete();
    deleted++;
  }
  await tx.done;
  return deleted;
}

/** Read, change, seal, write if nobody wrote meanwhile (else again). Throws DraftLockedError for a draft this device cannot open. */
async function change(id: string, make: (current: Draft | undefined) => Draft | null, create: boolean): Promise<Draft | undefined> {
  for (let attempt = 0; ; attempt++) {
    const stored = await readStored(id);
    let current: Draft | undefined;
    if (stored) {
      const opened = await openDraft(stored, lookupKeys());
      if (!opened) throw new DraftLockedError();
      current = opened;
    } else if (!create) return undefined;
    const next = make(current);
    if (!next) return current;
    const record = await toStored(next, (versionOf(stored) ?? 0) + 1);
    if (await writeIfUnchanged(id, versionOf(stored), record)) {
      announceChange();
      return next;
    }
    if (attempt >= 50) throw new Error('El borrador cambia sin parar; no se pudo guardar');
  }
}

/** A draft written in clear (before drafts were sealed) is sealed the first time it is opened with its owner's key at hand. */
async function sealIfPlain(id: string): Promise<void> {
  const stored = await readStored(id);
  if (!stored || isSealed(stored)) return;
  const usable = await usableKey(ownerOf(stored));
  if (!usable) return;
  const version = versionOf(stored);
  if (await writeIfUnchanged(id, version, await sealDraft(plainDraft(stored), (version ?? 0) + 1, usable))) announceChange();
}

const sealLater = (record: StoredDraft) => {
  if (!isSealed(record)) void sealIfPlain(record.id).catch((error: unknown) => console.warn('[borrador] no se pudo cifrar', error));
};

// ---- The store's operations ----

/** The draft, opened; undefined when there is none or this device cannot open it (its key is gone). */
export async function getDraft(id: string): Promise<Draft | undefined> {
  const stored = await readStored(id);
  if (!stored) return undefined;
  sealLater(stored);
  return (await openDraft(stored, lookupKeys())) ?? undefined;
}

/** The head alone (no key needed). */
export async function getDraftHead(id: string): Promise<DraftHead | undefined> {
  const stored = await (await offlineDb()).get('drafts', id);
  return stored && headOf(stored);
}

export async function putDraft(draft: Draft): Promise<Draft> {
  await change(draft.id, () => draft, true);
  return draft;
}

/**
 * Read-modify-write, never overwriting another tab's change. `change` answers the new draft, or null
 * to leave it as it is (it may be called again if another writer got there first); the stored result
 * is answered, undefined for no draft, or one this device cannot open.
 */
export async function updateDraft(id: string, make: (draft: Draft) => Draft | null): Promise<Draft | undefined> {
  try {
    return await change(id, (current) => (current ? make(current) : null), false);
  } catch (error) {
    if (error instanceof DraftLockedError) return undefined;
    throw error;
  }
}

/** updateDraft that may also create the draft: `change` gets undefined when there is none yet. Throws DraftLockedError. */
export function upsertDraft(id: string, make: (draft: Draft | undefined) => Draft | null): Promise<Draft | undefined> {
  return change(id, make, true);
}

export async function deleteDraft(id: string): Promise<void> {
  await deleteStored(() => true, id);
  announceChange();
}

/** A session ended from elsewhere: that owner's drafts, which nothing here can open any more, leave the device with their photos. */
export async function deleteDraftsOf(owner: string): Promise<number> {
  const deleted = await deleteStored((record) => ownerOf(record) === owner);
  if (deleted > 0) announceChange();
  return deleted;
}

/** Seals every draft of `owner` still in clear (the key has just come). */
export async function sealPlainDrafts(owner: string): Promise<void> {
  const plain = (await allStored()).filter((record) => !isSealed(record) && ownerOf(record) === owner);
  for (const record of plain) await sealIfPlain(record.id);
}

type Filter = { variant?: DraftVariant; ownerId?: string | null };

async function allStored(filter: Filter = {}): Promise<StoredDraft[]> {
  const all = await (await offlineDb()).getAllFromIndex('drafts', 'byUpdated');
  return all
    .reverse()
    .filter((d) => (filter.variant === undefined || d.variant === filter.variant) && (filter.ownerId === undefined || d.ownerId === filter.ownerId));
}

/** Every draft's head, newest first, opened or not (what counts and the queue's order need). */
export async function listDraftHeads(filter: Filter = {}): Promise<DraftHead[]> {
  return (await allStored(filter)).map(headOf);
}

/**
 * The drafts this device can open, newest first, without their photos' bytes; with `ownerId` an
 * admin's own drafts (public drafts have no owner).
 */
export async function listDrafts(filter: Filter = {}): Promise<DraftSummary[]> {
  const keys = lookupKeys();
  const out: DraftSummary[] = [];
  for (const record of await allStored(filter)) {
    sealLater(record);
    const summary = await openSummary(record, keys);
    if (summary) out.push(summary);
  }
  return out;
}

/** The draft a reopened form offers to continue: the newest one still being written (or refused). */
export async function latestOpenDraft(variant: DraftVariant, ownerId: string | null): Promise<DraftSummary | undefined> {
  const drafts = await listDrafts({ variant, ownerId: variant === 'admin' ? ownerId : undefined });
  return drafts.find((d) => d.state === 'draft' || d.state === 'error');
}

/** Drafts waiting to be sent (or refused, waiting for a correction), opened or not: what signing out must not lose. */
export async function unsentDrafts(filter: Filter = {}): Promise<DraftHead[]> {
  return (await listDraftHeads(filter)).filter((d) => d.state === 'pending' || d.state === 'error');
}
