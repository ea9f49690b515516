// How long the app waits for an answer before it counts as none: a connection that opens but never
// answers (a weak signal, a captive portal) must not keep a screen blank or busy for ever.

/**
 * The session check an admin screen waits for before it shows anything. Past it the screen opens with
 * what the device kept (offline), or says the session could not be checked and offers to try again.
 */
export const sessionCheckTimeoutMs = 8_000;

/** A signal that aborts after `ms` (a TimeoutError, which counts as no answer), or when `outer` does. */
export function timeLimit(ms: number, outer?: AbortSignal): AbortSignal {
  const limit = AbortSignal.timeout(ms);
  if (!outer) return limit;
  if (typeof AbortSignal.any === 'function') return AbortSignal.any([outer, limit]);
  // Browsers without AbortSignal.any (Safari before 17.4): the first of the two to abort.
  const either = new AbortController();
  for (const signal of [outer, limit]) {
    if (signal.aborted) either.abort(signal.reason);
    else signal.addEventListener('abort', () => either.abort(signal.reason), { once: true });
  }
  return either.signal;
}
