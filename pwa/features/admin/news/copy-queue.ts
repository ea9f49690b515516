// The editor's copies kept on this device to be sent (local-drafts.ts) go to the server by themselves:
// tried at once when asked (the news tab opens, the connection returns), and after a try that got no
// answer tried again and again with the clock and waits of the advance forms' queue
// (pwa/offline/queue-runner.ts: 2 s, 4 s, 8 s …, ±20 %, here at most 30 s since someone may be watching
// the dialog), the waits starting over once a try gets through, until no copy waits. No sign from the
// browser is needed: a server that is down while the browser says online never fires `online`. The
// open dialog's own copy is sent by its autosave, from the form (OpenDialog, useAutosave.ts); the others
// straight from the device, one run at a time.
import { QueueRunner, type Clock } from '../../../offline/queue-runner';
import type { SyncOutcome } from '../../../offline/retry-policy';
import { localDrafts, sendPendingDrafts } from './local-drafts';

/** The longest wait between two tries of the editor's copies. */
const copyRetryMaxMs = 30_000;

/** The open dialog's part in a run of the queue. */
export type OpenDialog = {
  /** 'Crear' / 'Actualizar' is saving: a copy sent now as a draft could land after it. */
  holding(): boolean;
  /**
   * Sends the dialog's own waiting copy through its autosave, from the form (which holds that text and
   * what was typed since). Answers the copy's key and whether it still waits; null when it has none.
   */
  sendOwn(): Promise<{ key: string; waiting: boolean } | null>;
  /** A run under way counts as one of the dialog's saves, which 'Crear' / 'Actualizar' waits for. */
  track(run: Promise<unknown>): void;
};

export type CopyQueueOptions = {
  clock?: Clock;
  random?: () => number;
  /** After a run that sent copies (the lists are read again). */
  onSent?: () => void;
  /**
   * Whether this page signed out ('Cerrar Sesión'): the copies then wait, still to be sent, for the next
   * sign-in (the news tab sends them when it opens), rather than be refused and tried no more.
   */
  signedOut?: () => boolean;
};

export type CopyQueue = {
  /** Tries now; a run under way is followed by one more. */
  run(): Promise<void>;
  /** The connection is back, or the server answered: now, and the waits start over. */
  retryNow(): Promise<void>;
  /** A copy was kept to be sent later (a save that got no answer): a try is set if none is. */
  wake(): void;
  /** The server took a save of the open dialog: if copies wait for a try, they go now. */
  serverAnswered(): void;
  /** The dialog that is open on this page (its autosave sends its own copy); null when it goes. */
  attach(dialog: OpenDialog | null): void;
  /** 'Crear' / 'Actualizar' has ended: a run it held back goes now. */
  holdEnded(): void;
  stop(): void;
};

export function createCopyQueue({ clock, random, onSent, signedOut }: CopyQueueOptions = {}): CopyQueue {
  let dialog: OpenDialog | null = null;
  let heldBack = false;

  async function sendAll(open: OpenDialog | null): Promise<SyncOutcome[]> {
    const own = (await open?.sendOwn()) ?? null;
    const sent = await sendPendingDrafts(own?.key);
    // A copy still marked to be sent got no answer (one the server refused is no longer marked).
    const left = (await localDrafts.all().catch(() => [])).filter((copy) => copy.pending && copy.key !== own?.key);
    const outcomes: SyncOutcome[] = [...Array<SyncOutcome>(sent).fill('sent'), ...left.map((): SyncOutcome => 'waiting')];
    if (own?.waiting) outcomes.push('waiting');
    return outcomes;
  }

  const runner = new QueueRunner({
    clock,
    random,
    maxDelayMs: copyRetryMaxMs,
    send: () => {
      if (signedOut?.()) return Promise.resolve(['signIn']);
      const open = dialog;
      // Held back while 'Crear' / 'Actualizar' saves; sent right after it (holdEnded), or at the next try.
      if (open?.holding()) {
        heldBack = true;
        return Promise.resolve(['busy']);
      }
      const run = sendAll(open);
      open?.track(run);
      return run;
    },
    onRun: (verdict) => {
      if (verdict.sent > 0) onSent?.();
    },
  });

  return {
    run: () => runner.run(),
    retryNow: () => runner.retryNow(),
    wake: () => runner.wake(),
    serverAnswered() {
      if (runner.current.nextTryAt !== null) void runner.retryNow();
    },
    attach(open) {
      dialog = open;
    },
    holdEnded() {
      if (!heldBack) return;
      heldBack = false;
      void runner.run();
    },
    stop: () => runner.stop(),
  };
}
