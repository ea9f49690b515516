// The queue as the screens show it (shared client state, jotai, in the default store so the queue,
// which is no component, can write it): the forms waiting on this device, the one being sent, photos
// uploading with their bytes, the last try and the next. Fed by the queue (sync.ts), the form's own
// photo uploads and IndexedDB's change signal; read by the form screens' status (QueueStatus), which
// also shows the forms the server refused, with the reason, until they are saved again.
import { atom, getDefaultStore } from 'jotai';
import type { PhotoField } from '../../domain';
import type { DraftVariant } from './draft-types';
import { listDrafts, onDraftsChanged } from './drafts';
import type { RunnerState } from './queue-runner';
import { refusalReason, refusedPhoto } from './sync-rules';

type WaitingForm = { id: string; variant: DraftVariant; ownerId: string | null; hostName: string };

/** A form the server refused: why (its message), and the photo at fault when a photo was the cause. */
export type RefusedForm = WaitingForm & { reason: string; photo: PhotoField | null };

type DeviceForms = { waiting: WaitingForm[]; refused: RefusedForm[] };

/** The forms on this device, read from IndexedDB at every change signal (any tab, or the worker). */
const deviceFormsAtom = atom<DeviceForms>({ waiting: [], refused: [] });
deviceFormsAtom.onMount = (set) => {
  const load = () =>
    void listDrafts().then(
      (drafts) => {
        const form = (d: (typeof drafts)[number]): WaitingForm => ({
          id: d.id,
          variant: d.variant,
          ownerId: d.ownerId,
          hostName: d.values.hostName?.trim() ?? '',
        });
        set({
          waiting: drafts.filter((d) => d.state === 'pending').map(form),
          // A refusal stays on the device (and on screen) until the form is saved again.
          refused: drafts.filter((d) => d.state === 'error').map((d) => ({ ...form(d), reason: refusalReason(d.error ?? ''), photo: refusedPhoto(d) })),
        });
      },
      () => set({ waiting: [], refused: [] }),
    );
  load();
  return onDraftsChanged(load);
};

/** Forms saved with 'Guardar Formulario' and not yet on the server (state 'pending'), newest first. */
export const waitingFormsAtom = atom((get) => get(deviceFormsAtom).waiting);

/** Forms the server refused (state 'error'), newest first: they wait for a person, not for the network. */
export const refusedFormsAtom = atom((get) => get(deviceFormsAtom).refused);

/**
 * The draft open on this screen (being edited, or offered to continue), if any: the refused forms'
 * alert offers to open the others, not the one already in front of the user.
 */
export const draftOnScreenAtom = atom<string | null>(null);

export const runnerStateAtom = atom<RunnerState>({ running: false, failures: 0, lastTryAt: null, nextTryAt: null });

/** The form the queue is sending right now (its host's name, to say which). */
export const sendingFormAtom = atom<{ id: string; hostName: string } | null>(null);

export type PhotoUpload = {
  draftId: string;
  field: PhotoField;
  loaded: number;
  total: number;
  /** Finished, one way or the other: it still counts in '2 de 4' until its batch is over. */
  done: boolean;
};

/** Uploads under way or just finished, by `${draftId}/${field}`: one batch per form until all are done. */
export const photoUploadsAtom = atom<Record<string, PhotoUpload>>({});

const store = getDefaultStore();
const uploadKey = (draftId: string, field: PhotoField) => `${draftId}/${field}`;

/** Progress of one photo's bytes (XMLHttpRequest's upload events, or start and end where there are none). */
export function reportUpload(draftId: string, field: PhotoField, loaded: number, total: number): void {
  store.set(photoUploadsAtom, (all) => ({ ...all, [uploadKey(draftId, field)]: { draftId, field, loaded, total, done: false } }));
}

/** One photo's upload is over; once all of its form's are, the batch leaves the screen. */
export function finishUpload(draftId: string, field: PhotoField): void {
  store.set(photoUploadsAtom, (all) => {
    const key = uploadKey(draftId, field);
    if (!all[key]) return all;
    const next = { ...all, [key]: { ...all[key], done: true } };
    const batch = Object.values(next).filter((u) => u.draftId === draftId);
    if (batch.every((u) => u.done)) for (const u of batch) delete next[uploadKey(u.draftId, u.field)];
    return next;
  });
}

export type UploadSummary = { index: number; count: number; loaded: number; total: number };

/** '2 de 4, 1,2 MB de 3,4 MB': the photo being uploaded among its batch, and the bytes so far. */
export function summarizeUploads(uploads: Record<string, PhotoUpload>, draftId?: string): UploadSummary | null {
  const batch = Object.values(uploads).filter((u) => draftId === undefined || u.draftId === draftId);
  if (batch.length === 0 || batch.every((u) => u.done)) return null;
  const done = batch.filter((u) => u.done).length;
  return {
    index: Math.min(batch.length, done + 1),
    count: batch.length,
    loaded: batch.reduce((sum, u) => sum + (u.done ? u.total : u.loaded), 0),
    total: batch.reduce((sum, u) => sum + u.total, 0),
  };
}

export function setRunnerState(state: RunnerState): void {
  store.set(runnerStateAtom, state);
}

export function setSendingForm(form: { id: string; hostName: string } | null): void {
  store.set(sendingFormAtom, form);
}
