// Sends one queued draft: its photos that have no link yet, then the form. No screen code here: the
// pages' queue (sync.ts) and the service worker's Background Sync (pwa/sw.ts) both run it. Each draft
// is sent under a Web Lock named after it (shared by every tab and the worker), so two senders never
// overlap, and an open editor holds the same lock so a half-corrected form is never sent. Even if two
// sends did overlap, the draft's uuid travels as the Idempotency-Key and the server makes one record.
import type { AdvanceForm } from '../../domain';
import { ApiError } from '../lib/api';
import { submitAdvanceForm, uploadPhoto } from '../lib/advance-form-api';
import { getDraft, listDrafts, deleteDraft, updateDraft, type Draft, type DraftPhoto } from './drafts';
import { judgeAnswer, photosToUpload, sentSummary, submissionBody, type ErrorBody } from './sync-rules';
import { offlineTexts as t } from './texts';

export type SyncOutcome = 'sent' | 'waiting' | 'signIn' | 'refused' | 'busy' | 'skipped';

export type Staff = { id: string } | null;

export const draftLockName = (id: string) => `draft-sync-${id}`;
export const sessionUrl = '/api/auth/me';

/** One draft, now, unless another tab (or an open editor) holds it: then 'busy'. */
export async function syncDraft(id: string, staff?: Staff): Promise<SyncOutcome> {
  const run = () => sendUnderLock(id, staff, false);
  if (!navigator.locks) return run();
  return navigator.locks.request(draftLockName(id), { ifAvailable: true }, (lock) => (lock ? run() : 'busy'));
}

/**
 * The form's own 'Guardar Formulario': like syncDraft, but it waits for a sender already at work, and
 * a refusal throws the server's ApiError (the form shows it next to the fields) and puts the draft back
 * to 'draft'. A visitor's form that gets any error answer (a 503, say) throws it too: an answer is not
 * a lost connection, so the visitor stays on the form; only no answer at all leaves it to the queue.
 */
export async function sendDraftNow(id: string): Promise<SyncOutcome> {
  const run = () => sendUnderLock(id, undefined, true);
  return navigator.locks ? navigator.locks.request(draftLockName(id), run) : run();
}

/** Every pending draft this device may send now, one after the other; the outcomes in order. */
export async function sendPendingDrafts(): Promise<SyncOutcome[]> {
  const pending = (await listDrafts()).filter((d) => d.state === 'pending');
  if (pending.length === 0) return [];
  const staff = pending.some((d) => d.variant === 'admin') ? await currentStaff() : undefined;
  const outcomes: SyncOutcome[] = [];
  for (const draft of pending) outcomes.push(await syncDraft(draft.id, staff === 'offline' ? undefined : staff));
  return outcomes;
}

async function sendUnderLock(id: string, knownStaff: Staff | undefined, interactive: boolean): Promise<SyncOutcome> {
  let draft = await getDraft(id);
  if (draft?.state === 'sent' && interactive) return 'sent';
  if (!draft || draft.state !== 'pending') return 'skipped';
  if (draft.variant === 'admin') {
    const staff = knownStaff === undefined ? await currentStaff() : knownStaff;
    if (staff === 'offline') return 'waiting';
    if (!staff) return 'signIn';
    // Another staff member signed in on this tablet: the draft waits for its author.
    if (draft.ownerId && staff.id !== draft.ownerId) return 'skipped';
  }
  const answersAtOnce = interactive && draft.variant === 'public';

  // One re-upload round for photos the server says it lost; a second loss waits for the next run.
  for (let round = 0; round < 2; round++) {
    for (const field of photosToUpload(draft)) {
      const photo = draft.photos[field]!;
      let objectPath: string;
      try {
        objectPath = await uploadPhoto(photo.blob, draft.variant);
      } catch (error) {
        if (answersAtOnce && error instanceof ApiError) return backToDraft(id, error);
        const verdict = failureOf(error, draft);
        if (verdict !== 'refused') return verdict;
        if (interactive) return backToDraft(id, error);
        return refuse(id, error instanceof ApiError ? `${t.photoUploadFailed}: ${error.serverMessage ?? error.message}` : t.photoUploadFailed);
      }
      // Stored at once: a connection lost after this point does not upload the photo twice.
      const updated = await updateDraft(id, (d) => {
        const kept = d.photos[field];
        return d.state === 'pending' && kept ? { ...d, photos: { ...d.photos, [field]: { ...kept, objectPath } } } : null;
      });
      if (!updated || updated.state !== 'pending') return 'skipped';
      draft = updated;
    }

    let form: AdvanceForm;
    try {
      form = await submitAdvanceForm(submissionBody(draft), { mode: draft.variant, idempotencyKey: draft.id });
    } catch (error) {
      if (!(error instanceof ApiError)) return 'waiting';
      const verdict = judgeAnswer(error.status, error.body as ErrorBody, draft);
      if (answersAtOnce && verdict.kind !== 'reupload') return backToDraft(id, error);
      if (verdict.kind === 'retry') return 'waiting';
      if (verdict.kind === 'signIn') return 'signIn';
      if (verdict.kind === 'refused') return interactive ? backToDraft(id, error) : refuse(id, verdict.message);
      if (verdict.kind === 'reupload') {
        const fields = verdict.fields;
        const forget = ([f, p]: [string, DraftPhoto]) => [f, fields.includes(f as never) ? { ...p, objectPath: null } : p];
        const updated = await updateDraft(id, (d) => ({ ...d, photos: Object.fromEntries(Object.entries(d.photos).map(forget)) }));
        if (!updated) return 'skipped';
        draft = updated;
        continue;
      }
      return 'waiting';
    }
    // A visitor's phone has no drafts list: once sent, the public draft and its photos leave it. Staff
    // keep a read-only summary; the photos leave the tablet too (the record holds them now).
    if (draft.variant === 'public') await deleteDraft(id);
    else await updateDraft(id, (d) => ({ ...d, ...sentSummary(d), formId: form.id, updatedAt: new Date().toISOString() }));
    return 'sent';
  }
  return 'waiting';
}

function failureOf(error: unknown, draft: Draft): SyncOutcome | 'refused' {
  if (!(error instanceof ApiError)) return 'waiting';
  const verdict = judgeAnswer(error.status, error.body as ErrorBody, draft);
  // An expired or already used upload URL (403/404/410) is not the photo's fault: a fresh one later.
  if ([403, 404, 410].includes(error.status)) return 'waiting';
  if (verdict.kind === 'retry') return 'waiting';
  if (verdict.kind === 'signIn') return 'signIn';
  return 'refused';
}

async function backToDraft(id: string, error: unknown): Promise<never> {
  await updateDraft(id, (d) => ({ ...d, state: 'draft', error: null }));
  throw error;
}

async function refuse(id: string, message: string): Promise<SyncOutcome> {
  await updateDraft(id, (d) => ({ ...d, state: 'error', error: message, updatedAt: new Date().toISOString() }));
  return 'refused';
}

/** Who the server says is signed in; 'offline' when it cannot be asked (in time). */
export async function currentStaff(): Promise<Staff | 'offline'> {
  try {
    const response = await fetch(sessionUrl, { credentials: 'include', headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(15_000) });
    if (response.status === 401) return null;
    if (!response.ok) return 'offline';
    return (await response.json()) as { id: string };
  } catch {
    return 'offline';
  }
}
