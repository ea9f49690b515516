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
export async function unhit(sql: Sql, key: string, windowSeconds: number, at: number) {
  await sql.query('UPDATE rate_limits SET count = count - 1 WHERE key = $1 AND window_start = $2 AND count > 0', [
    key,
    new Date(windowStartOf(at, windowSeconds)).toISOString(),
  ]);
}

/** Forgets every window of `key` (a successful sign-in clears its failures). */
export async function clearCount(sql: Sql, key: string) {
  await sql.query('DELETE FROM rate_limits WHERE key = $1', [key]);
}

export async function clearOldWindows(sql: Sql) {
  await sql.query(`DELETE FROM rate_limits WHERE window_start < now() - interval '1 day'`);
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
export const staffUploadsPerMinute = 300;

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
