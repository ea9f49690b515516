// Sends the drafts waiting in IndexedDB: at app start, on the `online` event, after login, and again
// with exponential backoff while the network or the server fails. Each draft is sent under a Web Lock
// named after it, so two tabs never send it together; even if they did, its uuid travels as the
// Idempotency-Key, and the server makes one record of any number of sends.
import type { AdvanceForm } from '../../domain';
import { ApiError } from '../lib/api';
import { browserQueryClient } from '../lib/query-client';
import { toast } from '../ui/toast';
import { submitAdvanceForm, uploadPhoto } from '../lib/advance-form-api';
import { deleteDraft, getDraft, listDrafts, updateDraft, type Draft } from './drafts';
import { setPendingFlag } from './device-flags';
import { judgeAnswer, photosToUpload, retryDelayMs, submissionBody, type ErrorBody } from './sync-rules';
import { offlineTexts as t } from './texts';

export type SyncOutcome = 'sent' | 'waiting' | 'signIn' | 'refused' | 'busy' | 'skipped';

type Staff = { id: string } | null;

const sessionUrl = '/api/auth/me';

/**
 * One draft, now: uploads its photos that have no link, then creates the form. The draft must be
 * 'pending'; it ends 'sent', 'error' (refused, with the server's message) or still 'pending'.
 */
export async function syncDraft(id: string, staff?: Staff): Promise<SyncOutcome> {
  const run = () => sendUnderLock(id, staff, false);
  if (!navigator.locks) return run();
  // ifAvailable: a draft another tab is sending right now is that tab's job.
  return navigator.locks.request(`draft-sync-${id}`, { ifAvailable: true }, (lock) => (lock ? run() : 'busy'));
}

/**
 * The form's own 'Guardar Formulario': like syncDraft, but it waits for a tab already sending the
 * draft, and a refusal throws the server's ApiError (the form shows it next to the fields) and puts
 * the draft back to 'draft' instead of marking it 'error'.
 */
export async function sendDraftNow(id: string): Promise<SyncOutcome> {
  const run = () => sendUnderLock(id, undefined, true);
  return navigator.locks ? navigator.locks.request(`draft-sync-${id}`, run) : run();
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

  // One re-upload round for photos the server says it lost; a second loss waits for the next run.
  for (let round = 0; round < 2; round++) {
    for (const field of photosToUpload(draft)) {
      const photo = draft.photos[field]!;
      let objectPath: string;
      try {
        objectPath = await uploadPhoto(photo.blob, draft.variant);
      } catch (error) {
        const verdict = failureOf(error, draft);
        if (verdict !== 'refused') return verdict;
        if (interactive) return backToDraft(id, error);
        return refuse(id, error instanceof ApiError ? `${t.photoUploadFailed}: ${error.serverMessage ?? error.message}` : t.photoUploadFailed);
      }
      // Stored at once: a connection lost after this point does not upload the photo twice.
      const updated = await updateDraft(id, (d) => (d.state === 'pending' && d.photos[field] ? { ...d, photos: { ...d.photos, [field]: { ...d.photos[field]!, objectPath } } } : null));
      if (!updated || updated.state !== 'pending') return 'skipped';
      draft = updated;
    }

    let form: AdvanceForm;
    try {
      form = await submitAdvanceForm(submissionBody(draft), { mode: draft.variant, idempotencyKey: draft.id });
    } catch (error) {
      if (!(error instanceof ApiError)) return 'waiting';
      const verdict = judgeAnswer(error.status, error.body as ErrorBody, draft);
      if (verdict.kind === 'retry') return 'waiting';
      if (verdict.kind === 'signIn') return 'signIn';
      if (verdict.kind === 'refused') return interactive ? backToDraft(id, error) : refuse(id, verdict.message);
      if (verdict.kind === 'reupload') {
        const fields = verdict.fields;
        const updated = await updateDraft(id, (d) => ({ ...d, photos: Object.fromEntries(Object.entries(d.photos).map(([f, p]) => [f, fields.includes(f as never) ? { ...p, objectPath: null } : p])) }));
        if (!updated) return 'skipped';
        draft = updated;
        continue;
      }
      return 'waiting';
    }
    // A visitor's phone has no drafts list: once sent, the public draft and its photos leave it.
    if (draft.variant === 'public') await deleteDraft(id);
    else await updateDraft(id, (d) => ({ ...d, state: 'sent', error: null, formId: form.id, updatedAt: new Date().toISOString() }));
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

/** Who the server says is signed in; 'offline' when it cannot be asked. */
async function currentStaff(): Promise<Staff | 'offline'> {
  try {
    const response = await fetch(sessionUrl, { credentials: 'include', headers: { Accept: 'application/json' } });
    if (response.status === 401) return null;
    if (!response.ok) return 'offline';
    return (await response.json()) as { id: string };
  } catch {
    return 'offline';
  }
}

// ---- The queue: every pending draft, again and again until nothing waits. ----

let running: Promise<void> | null = null;
let runAgain = false;
let attempt = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let askedToSignIn = false;

/** Sends every pending draft this tab may send; at most one run at a time per tab. */
export function syncPendingDrafts(): Promise<void> {
  if (running) {
    runAgain = true;
    return running;
  }
  running = runQueue().finally(() => {
    running = null;
    if (runAgain) {
      runAgain = false;
      void syncPendingDrafts();
    }
  });
  return running;
}

async function runQueue(): Promise<void> {
  clearTimeout(retryTimer);
  const pending = (await listDrafts()).filter((d) => d.state === 'pending');
  if (pending.length === 0) {
    setPendingFlag(false);
    attempt = 0;
    return;
  }
  if (!navigator.onLine) return; // the `online` event starts the next run
  const staff = pending.some((d) => d.variant === 'admin') ? await currentStaff() : undefined;

  const outcomes: SyncOutcome[] = [];
  for (const draft of pending) outcomes.push(await syncDraft(draft.id, staff === 'offline' ? undefined : staff));

  const sent = outcomes.filter((o) => o === 'sent').length;
  if (sent > 0) {
    toast({ title: t.sentFromQueueCount(sent) });
    void browserQueryClient().invalidateQueries({ queryKey: ['/api/advance-forms'] });
  }
  if (outcomes.includes('refused')) toast({ title: t.sendFailed, variant: 'destructive' });
  if (outcomes.includes('signIn')) {
    if (!askedToSignIn) toast({ title: t.sessionExpired, variant: 'destructive' });
    askedToSignIn = true;
  } else askedToSignIn = false;

  const stillPending = (await listDrafts()).some((d) => d.state === 'pending');
  setPendingFlag(stillPending);
  if (outcomes.includes('waiting') || outcomes.includes('busy')) {
    retryTimer = setTimeout(() => void syncPendingDrafts(), retryDelayMs(attempt++));
  } else attempt = 0;
}

let started = false;

/** Starts the queue for this tab: now, whenever the connection returns, and after every sign-in. */
export function startDraftSync(): void {
  if (started) return;
  started = true;
  window.addEventListener('online', () => {
    attempt = 0;
    void syncPendingDrafts();
  });
  // Signing in (the session query getting a user) resumes drafts that waited for a new session.
  browserQueryClient()
    .getQueryCache()
    .subscribe((event) => {
      if (event.type !== 'updated' || event.query.queryKey[0] !== sessionUrl || event.action.type !== 'success') return;
      if (event.query.state.data) void syncPendingDrafts();
    });
  void syncPendingDrafts();
}
