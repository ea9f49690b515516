// The pages' side of the queue: sends the drafts waiting in IndexedDB at every app start (any page,
// public or admin), on the `online` event, after every sign-in, and by itself after any failed try,
// with backoff (2^n seconds after n failed tries in a row, at most 5 minutes, ±20 %: queue-runner.ts),
// until nothing is left to send. A failed try also asks the service worker for a Background Sync, so
// where the browser has it the queue runs even with no page open. The sending itself (locks, photos,
// answers) is in send.ts, shared with the worker; what the screens show is in jotai atoms
// (queue-state.ts, connection.ts).
import { browserQueryClient } from '../lib/query-client';
import { toast } from '../ui/toast';
import { noteServerAnswer, probeServer } from './connection';
import { setSignedOutOnPurpose, signedOutOnPurpose } from './sign-out-note';
import { QueueRunner } from './queue-runner';
import { finishUpload, reportUpload, setRunnerState, setSendingForm } from './queue-state';
import { sendPendingDrafts, sessionUrl, type SendObserver } from './send';
import type { SyncOutcome } from './retry-policy';
import { refreshDraftKeys } from './draft-key-sync';
import { backgroundSyncTag, queueSentType, type QueueSentMessage } from './sync-rules';
import { offlineTexts, type QueueOutcomeTexts } from './texts';

export { sendDraftNow } from './send';

/** What a sender in this page tells the screens. */
export const pageObserver: SendObserver = {
  sending: (draft) => setSendingForm(draft ? { id: draft.id, hostName: draft.values.hostName?.trim() ?? '' } : null),
  uploadProgress: reportUpload,
  uploadDone: finishUpload,
  // No answer while the browser says online: a real probe tells 'Servidor no disponible' from a lost request.
  serverAnswer: (reached) => (reached ? noteServerAnswer(true) : void probeServer()),
};

let askedToSignIn = false;

const runner = new QueueRunner({
  send: () => sendPendingDrafts({ observer: pageObserver }),
  onRun: (verdict, outcomes) => void announce(verdict.sent, outcomes),
  onFailure: () => void askForBackgroundSync(),
  onState: setRunnerState,
});

/** 'Enviar ahora', or the connection came back: now, and the backoff starts over. */
export function retryQueueNow(): Promise<void> {
  return runner.retryNow();
}

/** The form's own send got no answer: the form waits in the queue, which tries again by itself. */
export function queueFormForLater(): void {
  startDraftSync({ runNow: false });
  runner.noteFailedTry();
}

async function announce(sent: number, outcomes: SyncOutcome[]): Promise<void> {
  const t = await outcomeTexts();
  // Only what this run sent: drafts another tab or the worker sent are counted by whoever sent them.
  if (sent > 0) {
    toast({ title: t.sentFromQueueCount(sent) });
    void browserQueryClient().invalidateQueries({ queryKey: ['/api/advance-forms'] });
  }
  // The reason stays on the form screens (QueueStatus) until the form is corrected; the toast points there.
  if (outcomes.includes('refused')) toast({ title: t.sendFailed, description: t.sendFailedHint, variant: 'destructive' });
  if (outcomes.includes('signIn')) {
    // A session this tab believed open has expired; otherwise it ended by itself unless its user
    // chose 'Cerrar Sesión', after which the forms simply wait for their author (the login screen counts them).
    const expired = Boolean(browserQueryClient().getQueryData([sessionUrl])) || !signedOutOnPurpose();
    if (expired && !askedToSignIn) toast({ title: t.sessionExpired, variant: 'destructive' });
    askedToSignIn = expired;
  } else askedToSignIn = false;
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
async function askForBackgroundSync(): Promise<void> {
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
export function startDraftSync({ runNow = true }: { runNow?: boolean } = {}): void {
  if (started) return;
  started = true;
  // Every contact asks about this device's draft keys first: a session ended from elsewhere deletes them.
  const afterKeys = (work: () => Promise<void>, always = false) =>
    void refreshDraftKeys({ always })
      .catch((error: unknown) => console.warn('[offline] llaves de borradores', error))
      .then(work);
  window.addEventListener('online', () => afterKeys(() => runner.retryNow()));
  // Signing in (the session query getting a user) resumes drafts that waited for a new session.
  browserQueryClient()
    .getQueryCache()
    .subscribe((event) => {
      if (event.type !== 'updated' || event.query.queryKey[0] !== sessionUrl || event.action.type !== 'success') return;
      if (!event.query.state.data) return;
      setSignedOutOnPurpose(false);
      // The author's key comes back with the new sign-in before their forms are tried.
      afterKeys(() => runner.retryNow(), true);
    });
  // The worker sent (or had refused) forms from its Background Sync while this page was open: it says how many.
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent) => {
    const message = event.data as QueueSentMessage | null;
    if (message?.type !== queueSentType) return;
    if (message.sent > 0 || (message.refused ?? 0) > 0) void announce(message.sent, message.refused ? ['refused'] : []);
  });
  if (runNow) afterKeys(() => runner.run());
  else void refreshDraftKeys().catch((error: unknown) => console.warn('[offline] llaves de borradores', error));
}
