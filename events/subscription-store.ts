// What the subscriptions read and keep in the database: the log after a position (only what committed
// transactions older than any still running wrote), each exclusive processor's checkpoint, and the
// events parked for a retry.
import type { Sql } from './db';
import { toEventHeader, toStoredEvent, storedEventColumns, type EventHeader, type EventRow, type StoredEvent } from './store';
import type { EventType } from '../domain';

/**
 * The first transaction id whose events a processor may not read yet: the oldest transaction still
 * running when this statement began (a later position of a committed transaction must wait for it).
 * Transactions that pg_stat_activity shows in another database of the cluster are left out: they
 * never write our log, and one long transaction there must not hold our processors back.
 */
const readableBound = `coalesce(
  (SELECT min(x) FROM pg_snapshot_xip(pg_current_snapshot()) AS x
   WHERE (x::text::numeric % 4294967296) NOT IN (
     SELECT backend_xid::text::numeric FROM pg_stat_activity WHERE datname IS DISTINCT FROM current_database() AND backend_xid IS NOT NULL)),
  pg_snapshot_xmax(pg_current_snapshot()))`;

const committedAfter = `position > $1 AND type IN (SELECT jsonb_array_elements_text($2::jsonb))
       AND transaction_id < ${readableBound}
     ORDER BY position LIMIT $3`;

/** Events of the given types after `position`, only from transactions older than any of ours still running (see the migration). */
export async function readCommittedAfter(sql: Sql, position: number, types: readonly EventType[], limit: number): Promise<StoredEvent[]> {
  const rows = await sql.query<EventRow>(`SELECT ${storedEventColumns} FROM events WHERE ${committedAfter}`, [position, JSON.stringify(types), limit]);
  return rows.map(toStoredEvent);
}

/** The same events as readCommittedAfter, without their payload and metadata. */
export async function readHeadersAfter(sql: Sql, position: number, types: readonly EventType[], limit: number): Promise<EventHeader[]> {
  const rows = await sql.query<Omit<EventRow, 'data' | 'metadata'>>(
    `SELECT position, stream_id, stream_version, type, recorded_at FROM events WHERE ${committedAfter}`,
    [position, JSON.stringify(types), limit],
  );
  return rows.map(toEventHeader);
}

/**
 * The last position up to which every event is already readable (committed, from transactions older
 * than any still running): a model loaded from the read tables after this is asked holds everything up
 * to it, and follows the log from there without missing an event. No earlier position can still be to
 * come because appends commit in the order of their positions (the append lock in store.ts), each
 * insert being the first write of its transaction.
 */
export async function readablePosition(sql: Sql): Promise<number> {
  const [row] = await sql.query<{ position: string | number }>(
    `SELECT coalesce(max(position), 0) AS position FROM events WHERE transaction_id < ${readableBound}`,
  );
  return Number(row.position);
}

export async function headPosition(sql: Sql): Promise<number> {
  const [row] = await sql.query('SELECT coalesce(max(position), 0) AS position FROM events');
  return Number(row.position);
}

/** An event parked for another try, with how many tries it had and when the first failed. */
export type ParkedEvent = { event: StoredEvent; attempts: number; firstFailedAt: Date };

/** One exclusive processor's checkpoint and parked events. */
export function processorState(sql: Sql, processor: string) {
  return {
    /** Sets the checkpoint where a processor seen for the first time begins; an existing one stays. */
    async begin(position: number) {
      await sql.query('INSERT INTO subscription_checkpoints (processor, position) VALUES ($1, $2) ON CONFLICT (processor) DO NOTHING', [processor, position]);
    },
    async checkpoint(): Promise<number> {
      const [{ position }] = await sql.query('SELECT position FROM subscription_checkpoints WHERE processor = $1', [processor]);
      return Number(position);
    },
    async advance(position: number) {
      await sql.query('UPDATE subscription_checkpoints SET position = $2, updated_at = now() WHERE processor = $1', [processor, position]);
    },
    async park(position: number, attempts: number, firstFailedAt: Date, delayMs: number, reason: string) {
      await sql.query(
        `INSERT INTO subscription_retries (processor, position, attempts, first_failed_at, next_attempt_at, last_error)
         VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5::float8 / 1000), $6)
         ON CONFLICT (processor, position) DO UPDATE SET attempts = EXCLUDED.attempts, next_attempt_at = EXCLUDED.next_attempt_at, last_error = EXCLUDED.last_error`,
        [processor, position, attempts, firstFailedAt.toISOString(), delayMs, reason],
      );
    },
    async unpark(position: number) {
      await sql.query('DELETE FROM subscription_retries WHERE processor = $1 AND position = $2', [processor, position]);
    },
    /** Parked events whose next try is due, oldest first. */
    async due(limit: number): Promise<ParkedEvent[]> {
      const rows = await sql.query<EventRow & { attempts: number | string; first_failed_at: string | Date }>(
        `SELECT r.attempts, r.first_failed_at, ${storedEventColumns
          .split(', ')
          .map((c) => `e.${c}`)
          .join(', ')}
         FROM subscription_retries r JOIN events e ON e.position = r.position
         WHERE r.processor = $1 AND r.next_attempt_at <= now() ORDER BY r.position LIMIT $2`,
        [processor, limit],
      );
      return rows.map((row) => ({ event: toStoredEvent(row), attempts: Number(row.attempts), firstFailedAt: new Date(row.first_failed_at) }));
    },
    /** How long until the next parked event is due (Infinity when none is parked). */
    async nextDueInMs(): Promise<number> {
      const [row] = await sql.query('SELECT extract(epoch FROM min(next_attempt_at) - now()) * 1000 AS ms FROM subscription_retries WHERE processor = $1', [
        processor,
      ]);
      return row.ms === null ? Infinity : Math.max(0, Number(row.ms));
    },
  };
}
