// One small query layer over both databases: PGlite (embedded, in DATA_DIR: db-pglite.ts) and PostgreSQL
// (postgres.js, here).
// Plain SQL with $1 parameters runs unchanged on both; jsonb parameters are passed as JSON text.
import { Socket } from 'node:net';
import { openPglite } from './db-pglite';
import type { Db, Sql } from './sql';
import { postgresTarget } from './postgres-target';

export type { Db, Sql } from './sql';
export { utcMicroseconds } from './sql';

export type DbOptions = {
  databaseUrl?: string | null;
  dataDir?: string;
  max?: number;
  /** PostgreSQL: how long a new connection may take before the query fails (the server is away). */
  connectTimeoutMs?: number;
  /** PostgreSQL: the longest a statement may run; null for none (rebuilds and imports). */
  statementTimeoutMs?: number | null;
  /**
   * PostgreSQL: the longest a query waits for the server's answer; then it fails as an outage and the
   * connection it waits on is dropped. A server that hangs, or a cut network, sends nothing: neither the
   * statement timeout (the server's own) nor the socket would ever end the wait. null for none (rebuilds
   * and imports, whose statements may run for minutes).
   */
  queryDeadlineMs?: number | null;
};

export async function openDb(options: DbOptions): Promise<Db> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options) : openPglite(options.dataDir ?? './data');
}

const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  '57P01',
  '57P02',
  '57P03', // the server is shutting down, crashed, or not accepting connections yet
  '53300', // too many connections
  '57014', // statement timeout (the database is too slow to answer in time)
  'QUERY_DEADLINE', // no answer at all within the query deadline: the server hangs or cannot be reached
]);

/** A query the server did not answer within the deadline. */
const noAnswer = (ms: number) => Object.assign(new Error(`PostgreSQL did not answer within ${ms} ms`), { code: 'QUERY_DEADLINE' });

/** True when the error says the database is out of reach or overwhelmed, not that the request was wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: string; errors?: unknown[] } | null;
  if (!e || typeof e !== 'object') return false;
  if (typeof e.code === 'string' && (unavailableCodes.has(e.code) || e.code.startsWith('08'))) return true;
  return Array.isArray(e.errors) && e.errors.some(isDatabaseUnavailable);
}

/** The promise's outcome, or a QUERY_DEADLINE failure once `ms` have passed (null: no limit). */
async function within<T>(ms: number | null, promise: Promise<T>): Promise<T> {
  if (!ms) return promise;
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([promise, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(noAnswer(ms)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

function lockId(key: string): bigint {
  // A stable 63-bit number from the key (FNV-1a), so every instance names the same lock.
  let hash = 0xcbf29ce484222325n;
  for (const char of Buffer.from(key)) {
    hash ^= BigInt(char);
    hash = (hash * 0x100000001b3n) & 0x7fffffffffffffffn;
  }
  return hash;
}

/** The one call each driver's client (and its transactions) needs: rows as they come, typed by the caller. */
type PostgresClient = { unsafe(text: string, params?: never[], options?: { prepare: boolean }): PostgresQuery };
/** postgres.js's query: `state` names its connection's server process once the query is sent on it. */
type PostgresQuery = PromiseLike<Iterable<unknown>> & { cancel(): void };
const stateOf = (query: PostgresQuery) => (query as unknown as { state: { pid: number | null } | null }).state;

/** Seconds a connection may sit idle before TCP asks whether the other end is still there. */
const keepAliveSeconds = 10;

/**
 * The sockets of postgres.js's connections (its `socket` option), each known by its server process's ID
 * once the server has sent it: a query stuck on a connection can then have that connection dropped.
 * Over TLS the ID cannot be read, and a stuck connection is left to TCP.
 */
function connectionSockets() {
  const byPid = new Map<number, Socket>();
  let next = 0;
  return {
    connect(options: { host: string[]; port: number[]; path: string | false; ssl: unknown }): Socket {
      const i = next++ % options.host.length;
      const socket = Object.assign(new Socket(), { host: options.host[i], port: options.port[i] }); // named in postgres.js's errors
      // Connected on the next turn: an error must find postgres.js's listeners in place.
      setImmediate(() => {
        if (socket.destroyed) return;
        if (options.path) socket.connect({ path: options.path });
        else socket.connect({ host: options.host[i], port: options.port[i] });
      });
      if (!options.ssl) {
        readBackendPid(socket, (pid) => {
          for (const [known, other] of byPid) if (other.destroyed) byPid.delete(known);
          byPid.set(pid, socket);
        });
      }
      return socket;
    },
    /** The socket the query was sent on (perhaps closed since), if known. */
    of(query: PostgresQuery): Socket | null {
      const pid = stateOf(query)?.pid;
      return (pid && byPid.get(pid)) || null;
    },
  };
}

/** The server process's ID, from the BackendKeyData message the server sends as a connection starts. */
function readBackendPid(socket: Socket, found: (pid: number) => void) {
  let head: Buffer = Buffer.alloc(0);
  const stop = () => socket.off('data', read);
  function read(chunk: Buffer) {
    head = head.length ? Buffer.concat([head, chunk]) : chunk;
    // Each message: a type byte, then a length that counts itself and the body.
    while (head.length >= 5) {
      const type = String.fromCharCode(head[0]);
      if (type === 'K' && head.length >= 9) {
        stop();
        return found(head.readInt32BE(5));
      }
      if (type === 'Z' || type === 'E') return stop(); // ready, or refused: no key is coming
      const end = 1 + head.readUInt32BE(1);
      if (head.length < end) return;
      head = head.subarray(end);
    }
  }
  socket.on('data', read);
}

/** True when the failure means the connection itself has ended (the server closed it or it broke). */
function connectionEnded(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    typeof code === 'string' && (['CONNECTION_CLOSED', 'CONNECTION_DESTROYED', 'ECONNRESET', 'EPIPE', '57P01', '57P02'].includes(code) || code.startsWith('08'))
  );
}

async function openPostgres(serverUrl: string, options: DbOptions): Promise<Db> {
  const { default: postgres } = await import('postgres');
  const { url, path } = postgresTarget(serverUrl);
  const statementTimeout = options.statementTimeoutMs === undefined ? null : options.statementTimeoutMs;
  const deadlineMs = options.queryDeadlineMs || null;
  const sockets = connectionSockets();
  const common = {
    ...(path ? { path } : {}),
    onnotice: () => {},
    // A stopped server refuses at once; one that does not answer must not hold requests for the 30 s default.
    connect_timeout: (options.connectTimeoutMs ?? 30_000) / 1000,
    // postgres.js waits longer and longer (up to 20 s) before each new connection after failures, and
    // requests wait with it. A refused connection costs nothing: try again after a short, fixed pause.
    backoff: () => 0.1,
    // An idle connection (the LISTEN one above all) to a server that vanished is found and closed by TCP.
    keep_alive: keepAliveSeconds,
    // Not in postgres.js's types, but documented ("Custom socket").
    ...({ socket: sockets.connect } as object),
  };
  const sql = postgres(url, {
    ...common,
    max: options.max ?? 10,
    connection: { application_name: 'contraespionaje-cr', ...(statementTimeout ? { statement_timeout: statementTimeout } : {}) },
    // Our jsonb parameters arrive as JSON text (as PGlite takes them); postgres.js would stringify them again.
    types: {
      json: { to: 114, from: [114, 3802], serialize: (x: unknown) => (typeof x === 'string' ? x : JSON.stringify(x)), parse: (x: string) => JSON.parse(x) },
    },
  });
  /**
   * The query's answer, or a QUERY_DEADLINE failure once the deadline has passed without one. The
   * connection it waits on is then dropped (its other queries fail with it, as stuck as this one), and
   * postgres.js opens a new one when needed. A query still waiting for a connection is withdrawn.
   */
  function answerOf(query: PostgresQuery): Promise<Iterable<unknown>> {
    if (!deadlineMs) return Promise.resolve(query);
    return new Promise((resolve, reject) => {
      let expired: Error | null = null;
      const timer = setTimeout(() => {
        expired = noAnswer(deadlineMs);
        if (!stateOf(query)) return void withdraw(query);
        const socket = sockets.of(query);
        if (!socket) return reject(expired); // over TLS: the connection is left to TCP
        // Closed without an error, postgres.js fails the connection's queries only once it counts the
        // connection as closed: a transaction starting right after is not handed it (postgres.js would
        // lose the reservation that then waits).
        socket.destroy();
        setTimeout(() => reject(expired), 1_000).unref(); // should postgres.js never say so
      }, deadlineMs);
      query.then(
        (value) => (clearTimeout(timer), resolve(value)),
        (error: unknown) => (clearTimeout(timer), reject(expired ?? error)),
      );
    });
  }
  /**
   * Fails a query not sent yet, and takes it out of the pool's queue so that it is never sent. One that a
   * connection still opening has taken as its first is left to run: cancelled, it would leave that
   * connection stuck as opening, lost to the pool for good.
   */
  function withdraw(query: PostgresQuery) {
    query.cancel();
    (query as unknown as { cancelled: unknown }).cancelled = null;
  }
  /** A connection of the pool for a transaction, or a QUERY_DEADLINE failure when none comes in time. */
  async function reserve() {
    const reserving = sql.reserve();
    try {
      return await within(deadlineMs, reserving);
    } catch (error) {
      // One that comes too late goes straight back to the pool.
      reserving.then(
        (late) => late.release(),
        () => {},
      );
      throw error;
    }
  }
  // Parameterised statements are prepared once per connection: planning a search costs more than running it.
  const run =
    (client: PostgresClient): Sql['query'] =>
    async <T>(text: string, params: unknown[] = []) =>
      [...(await answerOf(client.unsafe(text, params as never[], { prepare: params.length > 0 })))] as T[];
  const idleLockClients: ReturnType<typeof postgres>[] = [];
  let closed = false;
  return {
    kind: 'postgres',
    query: run(sql),
    async transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T> {
      // BEGIN is not awaited on its own: postgres.js sends it in the same write as the transaction's
      // first statement, one round trip fewer per transaction (sql.begin waits for BEGIN's answer).
      const connection = await reserve();
      const begin = connection.unsafe('BEGIN');
      // Once the connection has ended (dropped past the deadline, closed by the server), postgres.js must
      // not be handed it again, not even to release it: it would write to the dead socket and crash the
      // process. It has already taken the connection back as closed. Its socket is known once BEGIN is
      // sent (none over TLS); failures that end a connection tell too.
      let socket: Socket | null | undefined;
      let ended = false;
      const identify = () => {
        if (socket === undefined && stateOf(begin)) socket = sockets.of(begin);
      };
      const gone = () => {
        identify();
        return ended || Boolean(socket?.destroyed);
      };
      const noted = (error: unknown) => {
        if (connectionEnded(error)) ended = true;
        return error;
      };
      const begun = answerOf(begin).then(
        () => (identify(), null),
        (error: unknown) => (identify(), noted(error)),
      );
      const query = run(connection);
      const guarded = async <R>(text: string, params?: unknown[]) => {
        if (gone()) throw Object.assign(new Error('the connection ended during the transaction'), { code: 'CONNECTION_CLOSED' });
        try {
          return await query<R>(text, params);
        } catch (error) {
          throw noted(error);
        }
      };
      try {
        const result = await fn({ query: guarded });
        const failed = await begun;
        if (failed) throw failed;
        await guarded('COMMIT');
        return result;
      } catch (error) {
        if (!gone()) await guarded('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        if (!gone()) connection.release();
      }
    },
    async tryWithLock(key, fn) {
      // A connection of its own for as long as the lock is held (a postgres.js reserved connection
      // crashed the process when PostgreSQL ended its session). If that session ends, the lock ends
      // with it: alive() asks whether this connection's session still holds it. Idle lock
      // connections are kept for the next lock, so taking one costs no new connection.
      // Its queries have the same deadline: a lock connection dropped past it takes the lock with it.
      const id = lockId(key).toString();
      const own = idleLockClients.pop() ?? postgres(url, { ...common, max: 1, idle_timeout: 0, connection: { application_name: 'contraespionaje-cr-lock' } });
      const lockQuery = run(own);
      try {
        const [row] = await lockQuery<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [id]);
        if (!row.locked) return null;
        const alive = () =>
          lockQuery<{ held: boolean }>(
            `SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted AND pid = pg_backend_pid()
             AND ((classid::bigint << 32) | objid::bigint) = $1::bigint AND objsubid = 1) AS held`,
            [id],
          ).then(
            ([r]) => Boolean(r.held),
            () => false,
          );
        try {
          return { value: await fn({ alive }) };
        } finally {
          await lockQuery('SELECT pg_advisory_unlock($1)', [id]).catch(() => {});
        }
      } finally {
        if (closed) await own.end({ timeout: 5 }).catch(() => {});
        else idleLockClients.push(own);
      }
    },
    async listen(channel, onNotify) {
      const { unlisten } = await sql.listen(channel, (payload) => onNotify(payload ?? ''));
      // Stopping must not wait on a server that does not answer.
      return () => within(deadlineMs, unlisten()).catch(() => {});
    },
    async close() {
      closed = true;
      await Promise.all(idleLockClients.splice(0).map((client) => client.end({ timeout: 5 }).catch(() => {})));
      await sql.end({ timeout: 5 });
    },
  };
}

/** The database error's unique constraint name, if it is a unique violation (both drivers). */
export function uniqueViolation(error: unknown): string | null {
  const e = error as { code?: string; constraint?: string; constraint_name?: string };
  if (e?.code !== '23505') return null;
  return e.constraint ?? e.constraint_name ?? '';
}
