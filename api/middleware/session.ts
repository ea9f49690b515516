// Sessions: koa-session with its store in the database; the cookie holds only a signed random id.
import { randomUUID } from 'node:crypto';
import type Koa from 'koa';
import session from 'koa-session';
import type { Middleware } from 'koa';
import type { Config } from '../config';
import type { Sql } from '../../events';
import type { SessionUser, User } from '../../domain';
import { endSessionSet, sessionDetails } from '../auth/sessions';
import { signingKeys } from './signing-keys';

const sessionMaxAge = 12 * 60 * 60 * 1000;

export function sessions(app: Koa, sql: Sql, config: Config): Middleware {
  app.keys = signingKeys([config.sessionSecret]);
  return session(
    {
      key: 'sid',
      maxAge: sessionMaxAge,
      httpOnly: true,
      sameSite: 'lax',
      signed: true,
      secure: config.production,
      rolling: false,
      renew: true,
      // With a store, koa-session makes a session, with its id, for every request without the cookie
      // (every visitor's page). Two v4 UUIDs are 244 random bits from Node's buffered CSPRNG; 32 bytes of
      // randomBytes, one call into OpenSSL each, were 6.5% of the server's busy time on kept pages.
      genid: () => `${randomUUID()}${randomUUID()}`.replaceAll('-', ''),
      // koa-session saves a session at the end of every request that changed or renews it. An ended
      // session keeps its row, marked (ended_at), so that save, from a request that read the session
      // before it ended, updates nothing instead of writing the session back.
      store: {
        get: sessionReader(sql),
        async set(id: string, data: { userId?: unknown; signInId?: string; userAgent?: string; address?: string } | null, maxAge: number) {
          const ttl = typeof maxAge === 'number' ? maxAge : sessionMaxAge;
          await sql.query(
            `INSERT INTO sessions (id, user_id, data, expires_at, sign_in_id, user_agent, address)
             VALUES ($1, $2, $3::jsonb, now() + make_interval(secs => $4), $5, $6, $7)
             ON CONFLICT (id) DO UPDATE SET user_id = excluded.user_id, data = excluded.data, expires_at = excluded.expires_at,
               sign_in_id = excluded.sign_in_id, user_agent = excluded.user_agent, address = excluded.address
             WHERE sessions.ended_at IS NULL`,
            [id, data?.userId ?? null, JSON.stringify(data), Math.round(ttl / 1000), ...sessionDetails(data)],
          );
        },
        // Sign-out, and the old id at sign-in (regenerate): ended like any other, never deleted.
        async destroy(id: string) {
          await sql.query(`UPDATE sessions SET ${endSessionSet} WHERE id = $1 AND ended_at IS NULL`, [id]);
        },
      },
    },
    app,
  );
}

/**
 * Reads a live session (not expired, not ended) by its id; undefined when there is none. The reads asked
 * for in one turn of the event loop (the requests that arrived together, one per signed-in request) go
 * in one query once that turn's requests are in. Each was a round trip of its own: staff's never-asked
 * searches under load took 0.26–0.30 ms of the main thread a request, against 0.21–0.22 read together
 * (docs/search-and-page-cache.md). Each request still reads its session after it arrived, as it did
 * alone, so a session ended before a request came is refused to it. Each turn's query stands alone: a
 * read never waits for another turn's (with the database frozen, each fails at its own deadline).
 */
export function sessionReader(sql: Sql): (id: string) => Promise<unknown> {
  type Waiter = { resolve(data: unknown): void; reject(error: unknown): void };
  let waiting: Map<string, Waiter[]> | null = null;
  async function read(batch: Map<string, Waiter[]>) {
    const ids = [...batch.keys()];
    try {
      const rows =
        ids.length === 1
          ? await sql.query<{ id: string; data: unknown }>('SELECT id, data FROM sessions WHERE id = $1 AND expires_at > now() AND ended_at IS NULL', ids)
          : await sql.query<{ id: string; data: unknown }>(
              'SELECT id, data FROM sessions WHERE id IN (SELECT jsonb_array_elements_text($1::jsonb)) AND expires_at > now() AND ended_at IS NULL',
              [JSON.stringify(ids)],
            );
      const found = new Map(rows.map((row) => [row.id, row.data]));
      for (const [id, waiters] of batch) for (const waiter of waiters) waiter.resolve(found.get(id));
    } catch (error) {
      for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
    }
  }
  return (id) =>
    new Promise((resolve, reject) => {
      if (!waiting) {
        const batch = (waiting = new Map());
        setImmediate(() => {
          waiting = null;
          void read(batch);
        });
      }
      const waiters = waiting.get(id);
      if (waiters) waiters.push({ resolve, reject });
      else waiting.set(id, [{ resolve, reject }]);
    });
}

/** Deletes sessions past their expiry, ended ones too (they are refused already; this keeps the table small). */
export async function sweepExpiredSessions(sql: Sql): Promise<number> {
  const rows = await sql.query('DELETE FROM sessions WHERE expires_at < now() RETURNING id');
  return rows.length;
}

/**
 * Loads the signed-in user on every request; a disabled or vanished user is signed out, and so is a
 * session older than `absoluteMs` since its sign-in, however active (renewal keeps it alive otherwise).
 */
export function currentUser(users: { byId(id: string): Promise<User | null> }, absoluteMs: number): Middleware {
  return async (ctx, next) => {
    ctx.state.user = null;
    const userId = ctx.session?.userId as string | undefined;
    const signedInAt = Number(ctx.session?.signedInAt ?? 0);
    if (userId && !(Date.now() - signedInAt < absoluteMs)) {
      ctx.session = null;
    } else if (userId) {
      const user = await users.byId(userId);
      if (user && !user.disabled) {
        ctx.state.user = { id: user.id, username: user.username, role: user.role } satisfies SessionUser;
        ctx.state.account = user;
      } else ctx.session = null;
    }
    await next();
  };
}
