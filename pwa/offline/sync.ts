// The pages' side of the queue: sends the drafts waiting in IndexedDB at every app start (any page,
// public or admin), on the `online` event, after every sign-in, and again and again with backoff (2 s
// doubling up to 5 minutes, with jitter) while anything is still pending. It also asks the service
// worker for a Background Sync, so where the browser has it the queue runs even with no page open.
// The sending itself (locks, photos, answers) is in send.ts, shared with the worker.
import { browserQueryClient } from '../lib/query-client';
import { toast } from '../ui/toast';
import { listDrafts } from './drafts';
import { sendPendingDrafts, sessionUrl, type SyncOutcome } from './send';
import { backgroundSyncTag, retryDelayMs } from './sync-rules';
import { offlineTexts, type QueueOutcomeTexts } from './texts';

export { sendDraftNow, syncDraft, type SyncOutcome } from './send';

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
  running = runQueue()
    .catch((error: unknown) => console.warn('[cola] envío fallido', error))
    .finally(() => {
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
  const outcomes: SyncOutcome[] = await sendPendingDrafts();
  if (outcomes.length === 0) {
    attempt = 0;
    return;
  }

  const t = await outcomeTexts();
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

  // Anything still pending is tried again later, whatever the reason (no network, a server error, a
  // draft open in an editor): the timer is the safety net under the `online` event, which can lie.
  const stillPending = (await listDrafts()).some((d) => d.state === 'pending');
  if (stillPending) {
    retryTimer = setTimeout(() => void syncPendingDrafts(), retryDelayMs(attempt++));
    void askForBackgroundSync();
  } else attempt = 0;
}

/** The page's language: a visitor on the English pages reads the queue's news in English. */
async function outcomeTexts(): Promise<QueueOutcomeTexts> {
  if (document.documentElement.lang !== 'en') return offlineTexts;
  try {
    return (await import('./texts.en')).queueOutcomeTextsEn;
  } catch {
    return offlineTexts; // not cached and no signal: Spanish rather than nothing
  }
}

/** The worker's Background Sync: the browser wakes it when the connection returns, even with no tab. */
export async function askForBackgroundSync(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const sync = (registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync;
    await sync?.register(backgroundSyncTag);
  } catch {
    // Not supported (Firefox, Safari) or refused: the pages' own retries still run.
  }
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
