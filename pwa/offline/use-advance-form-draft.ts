// An advance form's draft while it is open: created on the first change, saved within a second of
// every change (photos at once, as compressed blobs), saved again when the page is hidden or a new
// version is about to load, and sent (or queued) by the form's submit.
import { useCallback, useEffect, useRef } from 'react';
import { photoFields, type AdvanceFormInput, type AdvanceFormValues, type PhotoField } from '../../domain';
import { toast } from '../ui/toast';
import { onBeforeUpdate } from './before-update';
import { getDraft, putDraft, updateDraft, type Draft, type DraftPhotos, type DraftVariant } from './drafts';
import { checkStorage } from './storage';
// Static, not lazy: the send must work offline, and a chunk first asked for offline cannot be fetched.
import { sendDraftNow, startDraftSync } from './sync';
import { offlineTexts as t } from './texts';

/** What the form's submit answers when the form waits in the offline queue (no success toast then). */
export const queuedForLater = 'queued';

const saveDelayMs = 400;
const maxSaveDelayMs = 1000;

type Options = {
  variant: DraftVariant;
  ownerId: string | null;
  /** The draft being continued, or a new one: its id is the Idempotency-Key of the send. */
  draft: Draft;
};

export function useAdvanceFormDraft({ variant, ownerId, draft }: Options) {
  const id = draft.id;
  const values = useRef<AdvanceFormValues>(draft.values);
  const photos = useRef<Partial<Record<PhotoField, { blob: Blob; name: string }>>>(
    Object.fromEntries(Object.entries(draft.photos).map(([field, photo]) => [field, { blob: photo.blob, name: photo.name }])),
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
    const next = buildDraft(id, variant, ownerId, values.current, photos.current);
    const stored = await getDraft(id);
    // A draft already submitted (here or in another tab) is the queue's now: typing no longer changes it.
    if (finished.current || stored?.state === 'pending' || stored?.state === 'sent') return;
    await putDraft(next);
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
      flush(); // leaving the screen inside the app
    };
  }, [saveNow]);

  const onValuesChange = useCallback(
    (next: AdvanceFormValues) => {
      values.current = next;
      scheduleSave();
    },
    [scheduleSave],
  );

  const onPhotoChange = useCallback(
    (field: PhotoField, blob: Blob | null) => {
      if (blob) photos.current = { ...photos.current, [field]: { blob, name: blob instanceof File ? blob.name : `${field}.jpg` } };
      else {
        const { [field]: _removed, ...rest } = photos.current;
        photos.current = rest;
      }
      // A photo is the hardest thing to redo on site: on disk at once, not after the debounce.
      dirty.current = true;
      void saveNow().catch(reportSaveError);
    },
    [saveNow],
  );

  /** The form's submit: the draft goes to the queue, then is sent now if the network allows. */
  const submit = useCallback(
    async (input: AdvanceFormInput): Promise<typeof queuedForLater | undefined> => {
      values.current = { ...values.current, ...input } as AdvanceFormValues;
      dirty.current = true;
      await saveNow();
      await updateDraft(id, (d) => (d.state === 'sent' ? null : { ...d, state: 'pending', error: null, updatedAt: new Date().toISOString() }));
      const outcome = await sendDraftNow(id); // throws the server's refusal, with the draft back to 'draft'
      if (outcome === 'sent' || outcome === 'skipped') {
        finished.current = true;
        return undefined;
      }
      finished.current = true;
      startDraftSync();
      toast({ title: outcome === 'signIn' ? t.sessionExpired : t.queuedOffline, variant: outcome === 'signIn' ? 'destructive' : 'default' });
      return queuedForLater;
    },
    [id, saveNow],
  );

  return { onValuesChange, onPhotoChange, submit, saveNow };
}

function buildDraft(id: string, variant: DraftVariant, ownerId: string | null, values: AdvanceFormValues, kept: Partial<Record<PhotoField, { blob: Blob; name: string }>>): Draft {
  const photos: DraftPhotos = {};
  for (const field of photoFields) {
    const photo = kept[field];
    if (!photo) continue;
    // The slot uploaded it already (online): its link is in the values. Offline it is null until the sync.
    const link = values[field];
    photos[field] = { blob: photo.blob, name: photo.name, objectPath: typeof link === 'string' && link ? link : null };
  }
  return { id, variant, ownerId, values, photos, state: 'draft', error: null, updatedAt: new Date().toISOString(), formId: null };
}

function reportSaveError(error: unknown) {
  console.error('[borrador] no se pudo guardar', error);
}
