// An advance form's draft while it is open: created on the first change, saved within 300 ms of every
// change (photos at once, as compressed blobs, before their upload starts), saved again when the page
// is hidden or a new version is about to load, and sent (or queued) by the form's submit. A queued
// form opened again stays queued while it is corrected: each save replaces what will be sent.
import { useCallback, useEffect, useRef } from 'react';
import { photoFields, type AdvanceFormInput, type AdvanceFormValues, type PhotoField } from '../../domain';
import { toast } from '../ui/toast';
import { onBeforeUpdate } from './before-update';
import { isNetworkFailure } from '../lib/api';
import { holdDraftLock, type DraftLock } from './draft-lock';
import { DraftLockedError, updateDraft, upsertDraft, type Draft, type DraftPhotos, type DraftVariant } from './drafts';
import { samePhoto, uploadDraftPhoto, type UploadProgress } from './photo-upload';
import { finishUpload, reportUpload } from './queue-state';
import { checkStorage } from './storage';
// Static, not lazy: the send must work offline, and a chunk first asked for offline cannot be fetched.
import { pageObserver, queueFormForLater, sendDraftNow, startDraftSync } from './sync';
import { offlineTexts, queueToastTexts, type QueueToastTexts } from './texts';

/** What the form's submit answers when the form waits in the offline queue (no success toast then). */
export const queuedForLater = 'queued';

const saveDelayMs = 150;
const maxSaveDelayMs = 300;

type Options = {
  variant: DraftVariant;
  ownerId: string | null;
  /** The draft being continued, or a new one: its id is the Idempotency-Key of the send. */
  draft: Draft;
  /** The draft's lock, held while the form is open (draft-lock.ts). */
  lock: DraftLock;
  /** The toasts when the form waits in the queue; Spanish unless the page gives others. */
  texts?: QueueToastTexts;
};

export function useAdvanceFormDraft({ variant, ownerId, draft, lock: initialLock, texts: t = queueToastTexts }: Options) {
  const lock = useRef(initialLock);
  const id = draft.id;
  const values = useRef<AdvanceFormValues>(draft.values);
  const photos = useRef<Partial<Record<PhotoField, KeptPhoto>>>(
    Object.fromEntries(Object.entries(draft.photos).map(([field, photo]) => [field, { blob: photo.blob, name: photo.name, key: photo.key }])),
  );
  const dirty = useRef(false);
  const finished = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const firstPending = useRef<number | null>(null);

  const saveNow = useCallback(async () => {
    clearTimeout(timer.current);
    firstPending.current = null;
    if (!dirty.current) return;
    dirty.current = false;
    // Read and written in one transaction: a sender that marks the draft sent meanwhile is never undone.
    await upsertDraft(id, (stored) => {
      // Once on the server, a draft is read-only; after this screen's own submit, the queue owns it.
      if (finished.current || stored?.state === 'sent') return null;
      // Built from what the form holds now, not when this save began: a save tried again after another
      // one wrote first (a photo's, say) must not put back the older values over the newer.
      const next = buildDraft(id, variant, ownerId, values.current, photos.current);
      // A queued form being corrected stays queued: the latest save is what the queue will send. A
      // refused one stays refused, with the server's reason, until 'Guardar' sends it again.
      const kept = stored?.state === 'pending' || stored?.state === 'error' ? { ...next, state: stored.state, error: stored.error } : next;
      return keepUploadedLinks(kept, stored);
    });
  }, [id, variant, ownerId]);

  const scheduleSave = useCallback(() => {
    dirty.current = true;
    const now = Date.now();
    firstPending.current ??= now;
    clearTimeout(timer.current);
    // Debounced, but never later than a second after the first unsaved change.
    const wait = Math.max(0, Math.min(saveDelayMs, firstPending.current + maxSaveDelayMs - now));
    timer.current = setTimeout(() => void saveNow().catch(reportSaveError), wait);
  }, [saveNow]);

  useEffect(() => {
    const flush = () => void saveNow().catch(reportSaveError);
    const onHidden = () => document.visibilityState === 'hidden' && flush();
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHidden);
    const stopUpdateHook = onBeforeUpdate(saveNow);
    void checkStorage();
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHidden);
      stopUpdateHook();
      // Leaving the screen inside the app: saved, then the queue may send it again.
      void saveNow()
        .catch(reportSaveError)
        .finally(() => lock.current.release());
    };
  }, [saveNow]);

  const onValuesChange = useCallback(
    (next: AdvanceFormValues) => {
      values.current = next;
      scheduleSave();
    },
    [scheduleSave],
  );

  /** Answers once the draft on the device holds the change (rejects when it could not be saved). */
  const onPhotoChange = useCallback(
    (field: PhotoField, blob: Blob | null): Promise<void> => {
      if (blob && photos.current[field]?.blob !== blob)
        photos.current = { ...photos.current, [field]: { blob, name: blob instanceof File ? blob.name : `${field}.jpg`, key: crypto.randomUUID() } };
      else if (!blob) {
        const { [field]: _removed, ...rest } = photos.current;
        photos.current = rest;
      }
      // A photo is the hardest thing to redo on site: on disk at once, not after the debounce.
      dirty.current = true;
      return saveNow().catch((error: unknown) => {
        reportSaveError(error);
        throw error;
      });
    },
    [saveNow],
  );

  /** The form's submit: the draft goes to the queue, then is sent now if the network allows. */
  const submit = useCallback(
    async (input: AdvanceFormInput): Promise<typeof queuedForLater | undefined> => {
      // The device's time of completion on site; the server keeps its own time of arrival apart.
      values.current = { ...values.current, ...input, completedOnSiteAt: new Date().toISOString() } as AdvanceFormValues;
      dirty.current = true;
      await saveNow();
      await updateDraft(id, (d) => (d.state === 'sent' ? null : { ...d, state: 'pending', error: null, updatedAt: new Date().toISOString() }));
      // The editor lets go of the draft so the send (here, or the queue's) can take it.
      lock.current.release();
      let outcome: Awaited<ReturnType<typeof sendDraftNow>>;
      try {
        outcome = await sendDraftNow(id, { observer: pageObserver }); // throws the server's refusal, with the draft back to 'draft'
      } catch (error) {
        if (!isNetworkFailure(error)) {
          lock.current = holdDraftLock(id); // still being written here
          throw error;
        }
        outcome = 'waiting';
      }
      finished.current = true;
      if (outcome === 'sent' || outcome === 'skipped') return undefined;
      if (outcome === 'signIn') {
        startDraftSync({ runNow: false }); // sent at the author's next sign-in
        toast({ title: t.sessionExpired, variant: 'destructive' });
      } else {
        queueFormForLater(); // a failed try: the queue tries again by itself, with backoff
        if (navigator.onLine) toast({ title: t.queuedNoAnswer, description: t.queuedNoAnswerHint });
        else toast({ title: t.queuedOffline });
      }
      return queuedForLater;
    },
    [id, saveNow, t],
  );

  /**
   * A slot's upload of the photo it just put in the draft: at most once per photo (photo-upload.ts),
   * its link written into the draft even if this screen is left meanwhile, its bytes on screen.
   */
  const uploadPhoto = useCallback(
    (field: PhotoField, blob: Blob, onProgress?: UploadProgress): Promise<string> => {
      const kept = photos.current[field];
      const photo = kept?.blob === blob ? kept : { blob, name: `${field}.jpg` };
      reportUpload(id, field, 0, blob.size);
      const progress: UploadProgress = (loaded, total) => {
        reportUpload(id, field, loaded, total);
        onProgress?.(loaded, total);
      };
      return uploadDraftPhoto(id, field, photo, variant, { onProgress: progress }).finally(() => finishUpload(id, field));
    },
    [id, variant],
  );

  return { onValuesChange, onPhotoChange, submit, saveNow, uploadPhoto };
}

type KeptPhoto = { blob: Blob; name: string; key?: string };

/** A link a sender wrote for the same photo while the form held none yet is kept, not overwritten. */
function keepUploadedLinks(next: Draft, stored: Draft | undefined): Draft {
  if (!stored) return next;
  const photos: DraftPhotos = { ...next.photos };
  for (const field of photoFields) {
    const mine = photos[field];
    const theirs = stored.photos[field];
    if (mine && !mine.objectPath && theirs?.objectPath && samePhoto(mine, theirs)) photos[field] = { ...mine, objectPath: theirs.objectPath };
  }
  return { ...next, photos };
}

function buildDraft(id: string, variant: DraftVariant, ownerId: string | null, values: AdvanceFormValues, kept: Partial<Record<PhotoField, KeptPhoto>>): Draft {
  const photos: DraftPhotos = {};
  for (const field of photoFields) {
    const photo = kept[field];
    if (!photo) continue;
    // The slot uploaded it already (online): its link is in the values. Offline it is null until the sync.
    const link = values[field];
    photos[field] = { blob: photo.blob, name: photo.name, key: photo.key, objectPath: typeof link === 'string' && link ? link : null };
  }
  return { id, variant, ownerId, values, photos, state: 'draft', error: null, updatedAt: new Date().toISOString(), formId: null };
}

let toldLocked = false;

function reportSaveError(error: unknown) {
  console.error('[borrador] no se pudo guardar', error);
  // Its key left the device meanwhile (signed out in another tab, ended from elsewhere): say it once.
  if (error instanceof DraftLockedError && !toldLocked) {
    toldLocked = true;
    toast({ title: offlineTexts.draftSaveLocked, variant: 'destructive' });
  }
}
