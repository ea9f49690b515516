// Drafts in IndexedDB: read, write, list, delete, and a change signal every tab hears (BroadcastChannel),
// so the 'Borradores' tab and an open form stay current while another tab syncs. This store is the
// queue: a draft in state 'pending' is what must be sent, and nothing else on the device says so.
// Writes ask for strict durability: the promise resolves once the write is on disk, so a browser
// killed right after 'Guardar Formulario' still finds the form at its next start.
import type { AdvanceFormValues } from '../../domain';
import { offlineDb } from './db';
import type { Draft, DraftPhotos, DraftVariant } from './draft-types';

export type { Draft, DraftPhoto, DraftPhotos, DraftState, DraftVariant } from './draft-types';

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

export function newDraft(variant: DraftVariant, ownerId: string | null, values: AdvanceFormValues, photos: DraftPhotos = {}): Draft {
  return { id: crypto.randomUUID(), variant, ownerId, values, photos, state: 'draft', error: null, updatedAt: new Date().toISOString(), formId: null };
}

export async function getDraft(id: string): Promise<Draft | undefined> {
  return (await offlineDb()).get('drafts', id);
}

const durable = { durability: 'strict' } as const;

export async function putDraft(draft: Draft): Promise<Draft> {
  const tx = (await offlineDb()).transaction('drafts', 'readwrite', durable);
  await Promise.all([tx.store.put(draft), tx.done]);
  announceChange();
  return draft;
}

/**
 * Read-modify-write in one IndexedDB transaction, so two tabs never overwrite each other's change.
 * `change` answers the new draft, or null to leave it as it is; the stored result is answered.
 */
export async function updateDraft(id: string, change: (draft: Draft) => Draft | null): Promise<Draft | undefined> {
  const db = await offlineDb();
  const tx = db.transaction('drafts', 'readwrite', durable);
  const current = await tx.store.get(id);
  const next = current ? change(current) : null;
  if (next) await tx.store.put(next);
  await tx.done;
  if (next) announceChange();
  return next ?? current;
}

/** updateDraft that may also create the draft: `change` gets undefined when there is none yet. */
export async function upsertDraft(id: string, change: (draft: Draft | undefined) => Draft | null): Promise<Draft | undefined> {
  const db = await offlineDb();
  const tx = db.transaction('drafts', 'readwrite', durable);
  const current = await tx.store.get(id);
  const next = change(current);
  if (next) await tx.store.put(next);
  await tx.done;
  if (next) announceChange();
  return next ?? current;
}

export async function deleteDraft(id: string): Promise<void> {
  const tx = (await offlineDb()).transaction('drafts', 'readwrite', durable);
  await Promise.all([tx.store.delete(id), tx.done]);
  announceChange();
}

/** Newest first; with `ownerId` an admin's own drafts (public drafts have no owner). */
export async function listDrafts(filter: { variant?: DraftVariant; ownerId?: string | null } = {}): Promise<Draft[]> {
  const all = await (await offlineDb()).getAllFromIndex('drafts', 'byUpdated');
  return all
    .reverse()
    .filter((d) => (filter.variant === undefined || d.variant === filter.variant) && (filter.ownerId === undefined || d.ownerId === filter.ownerId));
}

/** The draft a reopened form offers to continue: the newest one still being written (or refused). */
export async function latestOpenDraft(variant: DraftVariant, ownerId: string | null): Promise<Draft | undefined> {
  const drafts = await listDrafts({ variant, ownerId: variant === 'admin' ? ownerId : undefined });
  return drafts.find((d) => d.state === 'draft' || d.state === 'error');
}

/** Drafts waiting to be sent (or refused, waiting for a correction): what signing out must not lose. */
export async function unsentDrafts(filter: { ownerId?: string | null; variant?: DraftVariant } = {}): Promise<Draft[]> {
  return (await listDrafts(filter)).filter((d) => d.state === 'pending' || d.state === 'error');
}
