// Sends one queued draft: its photos that have no link yet, then the form. No screen code here: the
// pages' queue (sync.ts) and the service worker's Background Sync (pwa/sw.ts) both run it. Each draft
// is sent under a Web Lock named after it (shared by every tab and the worker), so two senders never
// overlap, and an open editor holds the same lock so a half-corrected form is never sent. Even if two
// sends did overlap, the draft's uuid travels as the Idempotency-Key and the server makes one record.
// Each photo is uploaded under its own lock and its link written into the draft at once
// (photo-upload.ts), so a photo the form's slot is still uploading is waited for, not sent twice.
// Drafts are sealed on the device (drafts.ts): a staff member's that this device cannot open yet (its
// key waits for the server) first gets its key back from the server (draft-key-sync.ts).
import type { AdvanceForm, PhotoField } from '../../domain';
import { ApiError } from '../lib/api';
import { submitAdvanceForm } from '../lib/advance-form-api';
import { getDraft, getDraftHead, listDraftHeads, deleteDraft, updateDraft, type Draft, type DraftPhoto } from './drafts';
import { usableKey } from './draft-keys';
import { refreshDraftKeys } from './draft-key-sync';
import { photoRefused, uploadDraftPhoto } from './photo-upload';
import { judgeAnswer, photosToUpload, sentSummary, submissionBody, type ErrorBody } from './sync-rules';
import { offlineTexts as t } from './texts';
import type { SyncOutcome } from './retry-policy';

export type Staff = { id: string } | null;

/** What a sender tells the screens while it works (the pages' queue shows it; the worker tells nobody). */
export type SendObserver = {
  /** A form's send starts (its draft) or is over (null). */
  sending?(draft: Pick<Draft, 'id' | 'values'> | null): void;
  uploadProgress?(draftId: string, field: PhotoField, loaded: number, total: number): void;
  uploadDone?(draftId: string, field: PhotoField): void;
  /** A request got an answer from the server (true), or none at all (false). */
  serverAnswer?(reached: boolean): void;
};

export type SendOptions = {
  observer?: SendObserver;
  /** Time limits, shorter in unit tests; the defaults are pwa/lib/advance-form-api.ts's. */
  formTimeoutMs?: number;
  photoTimeoutMs?: (bytes: number) => number;
};

export const draftLockName = (id: string) => `draft-sync-${id}`;
export const sessionUrl = '/api/auth/me';

const webLocks = () => (typeof navigator === 'undefined' ? undefined : navigator.locks);

/** One draft, now, unless another tab (or an open editor) holds it: then 'busy'. */
export async function syncDraft(id: string, staff?: Staff, options: SendOptions = {}): Promise<SyncOutcome> {
  const run = () => sendUnderLock(id, staff, false, options);
  const locks = webLocks();
  if (!locks) return run();
  return locks.request(draftLockName(id), { ifAvailable: true }, (lock) => (lock ? run() : 'busy'));
}

/**
 * The form's own 'Guardar Formulario': like syncDraft, but it waits for a sender already at work, and
 * a refusal throws the server's ApiError (the form shows it next to the fields) and puts the draft back
 * to 'draft'. No answer, a server down or busy (5xx, 429) or a photo that could not go yet leave the
 * form queued ('waiting'), a visitor's as well as staff's: the queue sends it by itself later.
 */
export async function sendDraftNow(id: string, options: SendOptions = {}): Promise<SyncOutcome> {
  const run = () => sendUnderLock(id, undefined, true, options);
  const locks = webLocks();
  return locks ? locks.request(draftLockName(id), run) : run();
}

/** Every pending draft this device may send now, one after the other; the outcomes in order. */
export async function sendPendingDrafts(options: SendOptions = {}): Promise<SyncOutcome[]> {
  const pending = (await listDraftHeads()).filter((d) => d.state === 'pending');
  if (pending.length === 0) return [];
  const staff = pending.some((d) => d.variant === 'admin') ? await currentStaff(options.observer) : undefined;
  // The signed-in author's forms need their key: after a sign-in it may still wait on the server.
  if (staff && staff !== 'offline' && pending.some((d) => d.variant === 'admin' && d.ownerId === staff.id) && !(await usableKey(staff.id))) {
    await refreshDraftKeys({ always: true });
  }
  const outcomes: SyncOutcome[] = [];
  for (const draft of pending) outcomes.push(await syncDraft(draft.id, staff === 'offline' ? undefined : staff, options));
  return outcomes;
}

async function sendUnderLock(id: string, knownStaff: Staff | undefined, interactive: boolean, options: SendOptions): Promise<SyncOutcome> {
  const head = await getDraftHead(id);
  if (head?.state === 'sent' && interactive) return 'sent';
  if (!head || head.state !== 'pending') return 'skipped';
  if (head.variant === 'admin') {
    const staff = knownStaff === undefined ? await currentStaff(options.observer) : knownStaff;
    if (staff === 'offline') return 'waiting';
    if (!staff) return 'signIn';
    // Another staff member signed in on this tablet: the draft waits for its author.
    if (head.ownerId && staff.id !== head.ownerId) return 'skipped';
  }
  // Opened only now, for its author: undefined if this device cannot open it (its key is gone).
  const draft = await getDraft(id);
  if (!draft || draft.state !== 'pending') return 'skipped';
  options.observer?.sending?.(draft);
  try {
    return await sendForm(draft, interactive, options);
  } finally {
    options.observer?.sending?.(null);
  }
}

async function sendForm(first: Draft, interactive: boolean, options: SendOptions): Promise<SyncOutcome> {
  const { observer } = options;
  const id = first.id;
  let draft = first;
  const answersAtOnce = interactive && draft.variant === 'public';

  // One re-upload round for photos the server says it lost; a second loss waits for the next run.
  for (let round = 0; round < 2; round++) {
    const fields = photosToUpload(draft);
    // The whole batch is on screen from the start: '1 de 3', '2 de 3' …
    for (const field of fields) observer?.uploadProgress?.(id, field, 0, draft.photos[field]!.blob.size);
    try {
      for (const field of fields) {
        const photo = draft.photos[field]!;
        try {
          await uploadDraftPhoto(id, field, photo, draft.variant, {
            onProgress: (loaded, total) => observer?.uploadProgress?.(id, field, loaded, total),
            timeoutMs: options.photoTimeoutMs?.(photo.blob.size),
          });
          observer?.serverAnswer?.(true);
        } catch (error) {
          observer?.serverAnswer?.(serverAnswered(error));
          const verdict = failureOf(error);
          if (verdict !== 'refused') return verdict;
          if (interactive) return backToDraft(id, error);
          return refuse(id, error instanceof ApiError ? `${t.photoUploadFailed}: ${error.serverMessage ?? error.message}` : t.photoUploadFailed);
        } finally {
          observer?.uploadDone?.(id, field);
        }
        // The link is in the draft now (a connection lost after this point does not upload it twice).
        const updated = await getDraft(id);
        if (!updated || updated.state !== 'pending') return 'skipped';
        if (updated.photos[field] && !updated.photos[field]!.objectPath) return 'waiting'; // replaced meanwhile
        draft = updated;
      }
    } finally {
      for (const field of fields) observer?.uploadDone?.(id, field);
    }

    let form: AdvanceForm;
    try {
      const signal = options.formTimeoutMs ? AbortSignal.timeout(options.formTimeoutMs) : undefined;
      form = await submitAdvanceForm(submissionBody(draft), { mode: draft.variant, idempotencyKey: draft.id, signal });
      observer?.serverAnswer?.(true);
    } catch (error) {
      observer?.serverAnswer?.(serverAnswered(error));
      if (!(error instanceof ApiError)) return 'waiting';
      const verdict = judgeAnswer(error.status, error.body as ErrorBody, draft);
      // A visitor hears a refusal of the form at once and stays on it; a server down or busy (5xx,
      // 429) is no answer about the form, so it waits in the queue like staff's and goes by itself.
      if (answersAtOnce && (verdict.kind === 'refused' || verdict.kind === 'signIn')) return backToDraft(id, error);
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

/**
 * A photo's failed upload: only the server refusing the photo itself refuses the form (it shows why);
 * anything else (no answer, a server down or busy, a spent upload link) waits for the next run, which
 * asks for a fresh link. A session that ended waits for its author.
 */
function failureOf(error: unknown): SyncOutcome | 'refused' {
  if (photoRefused(error)) return 'refused';
  if (error instanceof ApiError && error.status === 401) return 'signIn';
  return 'waiting';
}

/** Whether the server itself answered: a 5xx (a proxy in front of a stopped app, say) is the server not working. */
function serverAnswered(error: unknown): boolean {
  return error instanceof ApiError && error.status < 500;
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
async function currentStaff(observer?: SendObserver): Promise<Staff | 'offline'> {
  try {
    const response = await fetch(sessionUrl, { credentials: 'include', headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(15_000) });
    observer?.serverAnswer?.(response.status < 500);
    if (response.status === 401) return null;
    if (!response.ok) return 'offline';
    return (await response.json()) as { id: string };
  } catch {
    observer?.serverAnswer?.(false);
    return 'offline';
  }
}
