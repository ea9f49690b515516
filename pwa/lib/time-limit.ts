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
  return outer && typeof AbortSignal.any === 'function' ? AbortSignal.any([outer, limit]) : limit;
}
