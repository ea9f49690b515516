// When the queue tries again, as pure functions (tested with a fake clock in
// tests/pwa/queue-runner.test.ts): 2^n seconds after n failed tries in a row, at most 5 minutes, each
// delay ±20 % at random so tablets that come back together do not all knock at once. A queue a person
// watches as it waits (the news editor's copies) may stop doubling sooner.
/** What one try to send a form came to. */
export type SyncOutcome = 'sent' | 'waiting' | 'signIn' | 'refused' | 'busy' | 'skipped';

export const maxRetryDelayMs = 5 * 60_000;
const retryJitter = 0.2;

/** The wait after `failures` failed tries in a row (1 → about 2 s, 2 → 4 s, 3 → 8 s …, at most `maxMs`). */
export function backoffDelayMs(failures: number, random: () => number = Math.random, maxMs = maxRetryDelayMs): number {
  const base = Math.min(1_000 * 2 ** Math.max(1, failures), maxMs);
  return Math.round(base * (1 - retryJitter + 2 * retryJitter * random()));
}

/**
 * An answer that says nothing of the request itself, to be tried again like no answer at all: a time
 * limit, too early, too many requests, or a server error (a proxy's 502 while the app restarts).
 */
export const triedAgainLater = (status: number) => status === 408 || status === 425 || status === 429 || status >= 500;

/** What one run of the queue means for the next one. */
export type RunVerdict = {
  /** Forms the server confirmed in this run (never those another sender had sent). */
  sent: number;
  /** Some form got no answer (no network, a time limit, a server error): a failed try. */
  failed: boolean;
  /** Something is still to be sent by the queue itself (not waiting for a person): try again later. */
  retry: boolean;
};

export function judgeRun(outcomes: readonly SyncOutcome[]): RunVerdict {
  const failed = outcomes.includes('waiting');
  // 'busy': another tab, the worker or an open editor holds the draft; it is tried again, but its wait
  // says nothing about the network. 'signIn' and 'refused' need a person, not another run.
  return { sent: outcomes.filter((o) => o === 'sent').length, failed, retry: failed || outcomes.includes('busy') };
}
