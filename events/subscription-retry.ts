// How an exclusive processor retries an event its handler failed on: a delay that doubles from the
// first one up to a ceiling, until a window since the first failure is over. The one home of that rule;
// the notices' policy in api/config.ts is this default.
export type RetryPolicy = { firstDelayMs: number; maxDelayMs: number; giveUpAfterMs: number };

/** 30 s, doubling up to 1 h, for 24 h. */
export const defaultRetryPolicy: RetryPolicy = { firstDelayMs: 30_000, maxDelayMs: 60 * 60_000, giveUpAfterMs: 24 * 60 * 60_000 };

/** The wait before the next try, after `failures` failed tries (1 or more). */
export const retryDelayMs = (policy: RetryPolicy, failures: number) => Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** (failures - 1));

/** True when the next try would fall outside the window that began with the first failure. */
export const retryWindowOver = (policy: RetryPolicy, failures: number, firstFailedAt: Date, now = Date.now()) =>
  now + retryDelayMs(policy, failures) - firstFailedAt.getTime() > policy.giveUpAfterMs;
