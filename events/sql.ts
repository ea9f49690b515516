// What the app asks of a database, whichever it is (db.ts opens PostgreSQL or PGlite behind it).

export interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

export interface Db extends Sql {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction; everything it writes commits together or not at all. */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` while holding a cluster-wide lock named by `key`, or answers `null` at once when
   * another process (or another call in this one) holds it. On PostgreSQL it is an advisory lock
   * taken on one reserved connection (never the pool); on PGlite an in-process lock.
   */
  tryWithLock<T>(key: string, fn: (lock: HeldLock) => Promise<T>): Promise<{ value: T } | null>;
  /**
   * Calls `onNotify` after each commit that notified `channel` (the events table's trigger notifies
   * 'events_appended'). PostgreSQL: LISTEN on postgres.js's own listening connection, which reconnects
   * by itself; PGlite: the same notification, delivered in process. Answers the function that stops it.
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** A lock being held: `alive()` answers false once the connection that holds it is gone (and the lock with it). */
type HeldLock = { alive(): Promise<boolean> };

/**
 * A timestamp column as text to the microsecond, in UTC ('2026-03-05T16:04:05.123456Z'): read back as
 * a JavaScript Date (the drivers' way), a time keeps only milliseconds, so a value that must come back
 * exactly (a backup's times, a page's position in a list ordered by time) travels as this text.
 */
export const utcMicroseconds = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
