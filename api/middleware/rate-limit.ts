// Rate limits as sliding windows over counters in the database, so several instances share one limit.
// A window's count is estimated as this window's hits plus the previous window's, weighted by how much
// of it still overlaps the last `windowSeconds`: a burst at the end of one minute and another at the
// start of the next add up, where fixed windows let both through.
import { createHash } from 'node:crypto';
import type { Middleware } from 'koa';
import { TooManyRequests } from '../../domain';
import { isDatabaseUnavailable, type Sql } from '../../events';

const windowStartOf = (at: number, windowSeconds: number) => Math.floor(at / (windowSeconds * 1000)) * windowSeconds * 1000;

/** Counts one hit for `key` now; answers the sliding-window estimate of hits in the last `windowSeconds`. */
export async function hit(sql: Sql, key: string, windowSeconds: number, now = Date.now()): Promise<number> {
  const windowMs = windowSeconds * 1000;
  const start = windowStartOf(now, windowSeconds);
  const [row] = await sql.query(
    `WITH current AS (
       INSERT INTO rate_limits (key, window_start, count) VALUES ($1, $2, 1)
       ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limits.count + 1 RETURNING count)
     SELECT (SELECT count FROM current) AS current,
            COALESCE((SELECT count FROM rate_limits WHERE key = $1 AND window_start = $3), 0) AS previous`,
    [key, new Date(start).toISOString(), new Date(start - windowMs).toISOString()],
  );
  const overlap = 1 - (now - start) / windowMs;
  return Number(row.current) + Number(row.previous) * overlap;
}

/** Takes back one hit made at `at` (an attempt that turned out not to count). */
async function unhit(sql: Sql, key: string, windowSeconds: number, at: number) {
  await sql.query('UPDATE rate_limits SET count = count - 1 WHERE key = $1 AND window_start = $2 AND count > 0', [
    key,
    new Date(windowStartOf(at, windowSeconds)).toISOString(),
  ]);
}

/** Forgets every window of `key` (a successful sign-in clears its failures). */
async function clearCount(sql: Sql, key: string) {
  await sql.query('DELETE FROM rate_limits WHERE key = $1', [key]);
}

export async function clearOldWindows(sql: Sql) {
  await sql.query(`DELETE FROM rate_limits WHERE window_start < now() - interval '1 day'`);
  await sql.query('DELETE FROM attempt_lockouts WHERE locked_until < $1', [new Date(Date.now() - lockoutTimes.forgetAfterSeconds * 1000).toISOString()]);
}

/** `limit` public writes per minute per client; 0 turns it off (benchmarks say so when they do). */
export function publicWriteLimit(sql: Sql, limit: number, bucket: string): Middleware {
  return async (ctx, next) => {
    if (limit > 0 && (await hit(sql, `${bucket}:${ctx.ip}`, 60)) > limit) {
      ctx.set('Retry-After', '60');
      throw new TooManyRequests('Ha enviado demasiadas solicitudes. Espere un minuto e intente de nuevo.');
    }
    await next();
  };
}

/**
 * Photo uploads a signed-in staff member may start per minute, per session: a tablet sending its
 * backlog (20 forms with 4 photos each) must not wait, and tablets behind one office address must not
 * share one budget. Still a ceiling, so a stolen session cannot fill the storage at full speed.
 */
const staffUploadsPerMinute = 300;

/** Upload URLs: staff by session (generous), visitors by client address like every public write. */
export function uploadLimit(sql: Sql, publicLimit: number): Middleware {
  const visitors = publicWriteLimit(sql, publicLimit, 'upload');
  return async (ctx, next) => {
    const user = ctx.state.user as { id: string } | null;
    if (!user) return visitors(ctx, next);
    // The signed cookie names the session; hashed, so the table never holds a usable session id.
    const session = createHash('sha256')
      .update(`${user.id}:${ctx.cookies.get('sid') ?? ''}`)
      .digest('hex')
      .slice(0, 32);
    if ((await hit(sql, `upload-staff:${session}`, 60)) > staffUploadsPerMinute) {
      ctx.set('Retry-After', '60');
      throw new TooManyRequests('Ha subido demasiadas fotos en un minuto. Espere un momento: los formularios pendientes se enviarán solos.');
    }
    await next();
  };
}

export type AttemptLimits = {
  /** Failures of one account from one address (a password guessed over and over). */
  perAccount: number;
  /** Failures from one address, whatever the accounts (usernames sprayed from one place). */
  perAddress: number;
  windowSeconds: number;
  /** The Spanish message of the 429, and the scope its keys live in ('login', 'totp', ...). */
  message: string;
  scope: string;
};

/**
 * Secret checks (passwords, one-time codes) under failure limits. Every attempt is counted before the
 * check, so parallel guesses cannot slip past; a right answer clears its account's failures and does
 * not count against its address; an attempt the database could not serve (an outage) counts nowhere.
 */
export function attemptThrottle(sql: Sql, limits: AttemptLimits) {
  const tooMany = () => new TooManyRequests(limits.message);
  /** Runs `check` as one attempt on `account`; its answer is a success unless null. */
  return async function attempt<T>(
    ctx: { ip: string; set(field: string, value: string): void },
    account: string,
    check: () => Promise<T | null>,
  ): Promise<T | null> {
    const accountKey = `${limits.scope}:${ctx.ip}:${account.toLowerCase()}`;
    const addressKey = `${limits.scope}-address:${ctx.ip}`;
    const at = Date.now();
    const refuse = () => {
      ctx.set('Retry-After', String(limits.windowSeconds));
      return tooMany();
    };
    if ((await hit(sql, accountKey, limits.windowSeconds, at)) > limits.perAccount) throw refuse();
    if (limits.perAddress > 0 && (await hit(sql, addressKey, limits.windowSeconds, at)) > limits.perAddress) throw refuse();
    let passed: T | null;
    try {
      passed = await check();
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        await Promise.all([unhit(sql, accountKey, limits.windowSeconds, at), unhit(sql, addressKey, limits.windowSeconds, at)]).catch(() => {});
      }
      throw error;
    }
    if (passed !== null) await Promise.all([clearCount(sql, accountKey), unhit(sql, addressKey, limits.windowSeconds, at)]);
    return passed;
  };
}

/** How long lockouts last: the first, the longest, and how long after one ends the account's record of it is kept. */
const lockoutTimes = { firstSeconds: 60, longestSeconds: 60 * 60, forgetAfterSeconds: 24 * 60 * 60 };

export type LockoutRule = {
  /** The scope its keys live in ('lock-password', ...). */
  scope: string;
  /** Failures of one account in `windowSeconds`, from any addresses, that lock it. */
  failures: number;
  windowSeconds: number;
  /** The Spanish message of the 429, given the wait ('3 minutos'). */
  message: (wait: string) => string;
};

/** What the lockout that an attempt has just started says: until when, and how many in a row. */
export type Lock = { until: Date; level: number };

type LockRow = { level: number; locked_until: string | Date };

const waitText = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? '1 minuto' : `${minutes} minutos`;
};

/**
 * Failures of one account counted from every address, against guessing spread over many of them.
 * When the failures in the window reach the rule's number, the account is locked for a minute: every
 * attempt is refused unchecked, a right one too (checking it would tell the guesser when they are
 * right). After a lockout ends, one attempt is checked; the next lockout is armed before that check,
 * so attempts in parallel cannot slip past, and a failure leaves it on: twice as long as the one
 * before, up to an hour. A right answer ends it all; so does a day without a lockout. Unknown
 * accounts are counted and locked the same way, so the answers never tell whether one exists.
 */
export function accountLockout(sql: Sql, rule: LockoutRule) {
  const { firstSeconds, longestSeconds, forgetAfterSeconds } = lockoutTimes;
  // The wait left when the refusal is given: a request that began a moment before another armed the
  // lockout (at + 60 s) would otherwise be told 61 s, '2 minutos', for a lockout of one minute.
  const refuse = (ctx: { set(field: string, value: string): void }, until: Date) => {
    const seconds = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
    ctx.set('Retry-After', String(seconds));
    return new TooManyRequests(rule.message(waitText(seconds)));
  };
  /** Runs `check` as one attempt on `account`; its answer is a success unless null. `onLocked` runs once per lockout, when its attempt has failed. */
  return async function attempt<T>(
    ctx: { set(field: string, value: string): void },
    account: string,
    check: () => Promise<T | null>,
    onLocked: (lock: Lock) => Promise<void>,
  ): Promise<T | null> {
    const key = `${rule.scope}:${account.toLowerCase()}`;
    const at = Date.now();
    const now = new Date(at).toISOString();
    const [previous] = await sql.query<LockRow>('SELECT level, locked_until FROM attempt_lockouts WHERE key = $1', [key]);
    if (previous && new Date(previous.locked_until).getTime() > at) throw refuse(ctx, new Date(previous.locked_until));
    const failures = await hit(sql, key, rule.windowSeconds, at);
    const remembered = previous !== undefined && new Date(previous.locked_until).getTime() > at - forgetAfterSeconds * 1000;
    let armed: Lock | null = null;
    if (remembered || failures >= rule.failures) {
      // One statement decides who gets the one checked attempt: a lockout still running is left alone.
      const [row] = await sql.query<LockRow>(
        `INSERT INTO attempt_lockouts AS lock (key, level, locked_until) VALUES ($1, 1, $2::timestamptz + $4::float8 * interval '1 second')
         ON CONFLICT (key) DO UPDATE SET
           level = CASE WHEN lock.locked_until < $3 THEN 1 ELSE lock.level + 1 END,
           locked_until = $2::timestamptz + least($4::float8 * power(2::float8, CASE WHEN lock.locked_until < $3 THEN 0 ELSE least(lock.level, 20) END), $5::float8) * interval '1 second'
         WHERE lock.locked_until <= $2
         RETURNING level, locked_until`,
        [key, now, new Date(at - forgetAfterSeconds * 1000).toISOString(), firstSeconds, longestSeconds],
      );
      if (!row) {
        const [current] = await sql.query<LockRow>('SELECT level, locked_until FROM attempt_lockouts WHERE key = $1', [key]);
        throw refuse(ctx, current ? new Date(current.locked_until) : new Date(at + firstSeconds * 1000));
      }
      armed = { until: new Date(row.locked_until), level: Number(row.level) };
    }
    let passed: T | null;
    try {
      passed = await check();
    } catch (error) {
      // Not an answer (the database or the hashing was not available): it counts nowhere and locks nothing.
      await Promise.all([
        unhit(sql, key, rule.windowSeconds, at),
        armed &&
          (previous
            ? sql.query('UPDATE attempt_lockouts SET level = $2, locked_until = $3 WHERE key = $1 AND level = $4', [
                key,
                previous.level,
                new Date(previous.locked_until).toISOString(),
                armed.level,
              ])
            : sql.query('DELETE FROM attempt_lockouts WHERE key = $1 AND level = $2', [key, armed.level])),
      ]).catch(() => {});
      throw error;
    }
    if (passed !== null) {
      await Promise.all([clearCount(sql, key), sql.query('DELETE FROM attempt_lockouts WHERE key = $1', [key])]);
    } else if (armed) {
      await onLocked(armed);
    }
    return passed;
  };
}
