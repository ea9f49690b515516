// Fixed-window counters in the database, so several instances share one limit.
import { createHash } from 'node:crypto';
import type { Middleware } from 'koa';
import { TooManyRequests } from '../../domain';
import type { Sql } from '../../events';

/** Counts one hit for `key` in the current window; answers the count so far. */
export async function hit(sql: Sql, key: string, windowSeconds: number): Promise<number> {
  const windowStart = new Date(Math.floor(Date.now() / (windowSeconds * 1000)) * windowSeconds * 1000).toISOString();
  const [row] = await sql.query(
    `INSERT INTO rate_limits (key, window_start, count) VALUES ($1, $2, 1)
     ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limits.count + 1 RETURNING count`,
    [key, windowStart],
  );
  return Number(row.count);
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
    const session = createHash('sha256').update(`${user.id}:${ctx.cookies.get('sid') ?? ''}`).digest('hex').slice(0, 32);
    if ((await hit(sql, `upload-staff:${session}`, 60)) > staffUploadsPerMinute) {
      ctx.set('Retry-After', '60');
      throw new TooManyRequests('Ha subido demasiadas fotos en un minuto. Espere un momento: los formularios pendientes se enviarán solos.');
    }
    await next();
  };
}
