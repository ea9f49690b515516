// Subscriptions: processors that react to the log outside the append's transaction (notices to staff,
// caches of other instances, in-memory indexes). Each reads the events after its own checkpoint, in
// order, at least once, so handlers must be idempotent. docs/subscriptions-and-notifications.md tells
// the whole story; in short:
// - 'exclusive' processors keep their checkpoint in the database and run on one instance at a time
//   (an advisory lock on a reserved connection); another instance takes over when the holder stops.
//   A handler that throws is parked in subscription_retries and retried with backoff while later
//   events go on; after the retry window (or a PermanentFailure) it is given up.
// - 'per-instance' processors run on every instance with a checkpoint in memory (from the log's head
//   or from 0); a failure is logged and skipped, since there is nothing durable to retry into.
// Appends wake them through LISTEN/NOTIFY (PGlite: the same notification in process); a slow poll is
// the safety net for a lost connection.
import type { Db, Sql } from './db';
import { toEventHeader, toStoredEvent, storedEventColumns, type EventHeader, type EventRow, type StoredEvent } from './store';

export type RetryPolicy = { firstDelayMs: number; maxDelayMs: number; giveUpAfterMs: number };
export const defaultRetryPolicy: RetryPolicy = { firstDelayMs: 30_000, maxDelayMs: 60 * 60_000, giveUpAfterMs: 24 * 60 * 60_000 };

export type ProcessorContext = {
  db: Sql;
  /** 1 on the first try of an event, 2 on its first retry, ... */
  attempt: number;
};

type ProcessorBase = {
  name: string;
  handles: readonly string[];
  /**
   * Where a processor with no checkpoint yet begins: the whole log, only what is appended after its
   * first start (default), or after a given position (an in-memory model loaded up to there).
   */
  startAt?: 'beginning' | 'head' | { after: number };
};

/** One instance at a time, checkpoint in the database, failures retried: it is given each whole event. */
export type ExclusiveProcessor = ProcessorBase & {
  mode?: 'exclusive';
  /** How a failed event is retried. */
  retry?: RetryPolicy;
  handle(event: StoredEvent, context: ProcessorContext): Promise<void>;
  /** Called once when the processor stops retrying an event (window over, or a PermanentFailure). */
  gaveUp?(event: StoredEvent, error: unknown, context: ProcessorContext): Promise<void>;
};

/**
 * Every instance, checkpoint in memory, a failure logged and skipped. It is told each event's header,
 * not its payload: these processors keep an instance's caches and indexes current, dropping what changed
 * or reading it again from the read tables, so the log is read without its largest column.
 */
export type InstanceProcessor = ProcessorBase & {
  mode: 'per-instance';
  handle(event: EventHeader, context: ProcessorContext): Promise<void>;
};

export type Processor = ExclusiveProcessor | InstanceProcessor;

/** Thrown by a handler when trying again cannot help (a recipient the mail server rejects for good). */
export class PermanentFailure extends Error {}

export type SubscriptionOptions = {
  /** Safety-net poll when no notification arrives (default 30 s). */
  pollMs?: number;
  /**
   * After a wake-up, how long a processor lets more appends gather before it reads the log (default 10
   * ms): under a burst of writes it reads once per burst, not once per append.
   */
  gatherMs?: number;
  /** How often an instance that does not hold a processor's lock tries to take it (default 5 s; an append also wakes it). */
  lockRetryMs?: number;
  /** How long stop() waits for a handler that is still running (default 5 s). */
  stopTimeoutMs?: number;
  batchSize?: number;
  log?: (line: string) => void;
};

export type Subscriptions = {
  /** Wakes every processor at once (tests, or an in-process append on a database without NOTIFY). */
  wake(): void;
  /** Stops every loop; a handler still running after stopTimeoutMs is left to finish on its own. */
  stop(): Promise<void>;
};

export const eventsChannel = 'events_appended';

/** A wake-up that is never lost: a notify() before wait() makes the next wait() return at once. */
class Wakeup {
  private pending = false;
  private resolve: (() => void) | null = null;
  notify() {
    this.pending = true;
    this.resolve?.();
  }
  wait(ms: number): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.resolve = null;
        this.pending = false;
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      this.resolve = done;
    });
  }
}

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
export async function readCommittedAfter(sql: Sql, position: number, types: readonly string[], limit: number): Promise<StoredEvent[]> {
  const rows = await sql.query<EventRow>(`SELECT ${storedEventColumns} FROM events WHERE ${committedAfter}`, [position, JSON.stringify(types), limit]);
  return rows.map(toStoredEvent);
}

/** The same events as readCommittedAfter, without their payload and metadata. */
export async function readHeadersAfter(sql: Sql, position: number, types: readonly string[], limit: number): Promise<EventHeader[]> {
  const rows = await sql.query<Omit<EventRow, 'data' | 'metadata'>>(
    `SELECT position, stream_id, stream_version, type, recorded_at FROM events WHERE ${committedAfter}`,
    [position, JSON.stringify(types), limit],
  );
  return rows.map(toEventHeader);
}

/**
 * The last position up to which every event is already readable (committed, from transactions older
 * than any still running): a model loaded from the read tables after this is asked holds everything up
 * to it, and follows the log from there without missing an event.
 */
export async function readablePosition(sql: Sql): Promise<number> {
  const [row] = await sql.query<{ position: string | number }>(
    `SELECT coalesce(max(position), 0) AS position FROM events WHERE transaction_id < ${readableBound}`,
  );
  return Number(row.position);
}

async function headPosition(sql: Sql): Promise<number> {
  const [row] = await sql.query('SELECT coalesce(max(position), 0) AS position FROM events');
  return Number(row.position);
}

const backoff = (policy: RetryPolicy, failures: number) => Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** (failures - 1));
const reasonOf = (error: unknown) => String((error as Error)?.message ?? error).slice(0, 500);

export async function startSubscriptions(db: Db, processors: readonly Processor[], options: SubscriptionOptions = {}): Promise<Subscriptions> {
  const pollMs = options.pollMs ?? 30_000;
  const lockRetryMs = options.lockRetryMs ?? 5_000;
  const batchSize = options.batchSize ?? 100;
  const gatherMs = options.gatherMs ?? 10;
  const gather = () => (gatherMs > 0 && !stopped ? new Promise((resolve) => setTimeout(resolve, gatherMs)) : Promise.resolve());
  const log = options.log ?? ((line: string) => console.error(line));
  let stopped = false;
  // Per-instance processors share one wake-up (and one read of the log); exclusive ones have their own.
  const shared = new Wakeup();
  const wakeups = processors.map((processor) => (processor.mode === 'per-instance' ? shared : new Wakeup()));
  const wakeAll = () => wakeups.forEach((w) => w.notify());
  // The notification names the types appended: wake only the processors that handle one of them.
  const wakeFor = (payload: string) => {
    if (payload === '') return wakeAll();
    const types = payload.split(',');
    processors.forEach((processor, i) => {
      if (types.some((type) => processor.handles.includes(type))) wakeups[i].notify();
    });
  };
  const unlisten = await db.listen(eventsChannel, wakeFor);

  // Where each processor starts is settled before start answers: an event appended just after is seen.
  const head = await headPosition(db);
  const startOf = (processor: Processor) => (processor.startAt === 'beginning' ? 0 : typeof processor.startAt === 'object' ? processor.startAt.after : head);
  for (const processor of processors) {
    if (processor.mode === 'per-instance') continue;
    await db.query('INSERT INTO subscription_checkpoints (processor, position) VALUES ($1, $2) ON CONFLICT (processor) DO NOTHING', [
      processor.name,
      startOf(processor),
    ]);
  }

  /**
   * Every per-instance processor follows the log through one shared read (one query per wake-up, not one
   * per processor); each is given only the events of its types after its own start.
   */
  async function runPerInstance(followers: readonly InstanceProcessor[], wakeup: Wakeup) {
    const starts = followers.map(startOf);
    let checkpoint = Math.min(...starts);
    const types = [...new Set(followers.flatMap((processor) => processor.handles))];
    while (!stopped) {
      try {
        const events = await readHeadersAfter(db, checkpoint, types, batchSize);
        for (const event of events) {
          if (stopped) return;
          for (const [i, processor] of followers.entries()) {
            if (event.position <= starts[i] || !processor.handles.includes(event.type)) continue;
            await processor.handle(event, { db, attempt: 1 }).catch((error) => log(`[${processor.name}] evento ${event.position}: ${reasonOf(error)}`));
          }
          checkpoint = event.position;
        }
        if (events.length === batchSize) continue;
      } catch (error) {
        if (stopped) return;
        log(`[${followers.map((processor) => processor.name).join(', ')}] ${reasonOf(error)}`);
      }
      await wakeup.wait(pollMs);
      await gather();
    }
  }

  async function runExclusive(processor: ExclusiveProcessor, wakeup: Wakeup) {
    const policy = processor.retry ?? defaultRetryPolicy;
    const name = processor.name;

    /** One try of one event; a failure is parked (first try) or rescheduled, or given up. Answers true on success. */
    async function attempt(event: StoredEvent, attemptNo: number, firstFailedAt: Date | null): Promise<boolean> {
      const context = { db, attempt: attemptNo };
      try {
        await processor.handle(event, context);
        return true;
      } catch (error) {
        const failedSince = firstFailedAt ?? new Date();
        const windowOver = Date.now() + backoff(policy, attemptNo) - failedSince.getTime() > policy.giveUpAfterMs;
        if (error instanceof PermanentFailure || windowOver) {
          log(`[${name}] evento ${event.position} abandonado tras ${attemptNo} intento(s): ${reasonOf(error)}`);
          await processor.gaveUp?.(event, error, context).catch((e) => log(`[${name}] gaveUp: ${reasonOf(e)}`));
          await db.query('DELETE FROM subscription_retries WHERE processor = $1 AND position = $2', [name, event.position]);
          return false;
        }
        await db.query(
          `INSERT INTO subscription_retries (processor, position, attempts, first_failed_at, next_attempt_at, last_error)
           VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5::float8 / 1000), $6)
           ON CONFLICT (processor, position) DO UPDATE SET attempts = EXCLUDED.attempts, next_attempt_at = EXCLUDED.next_attempt_at, last_error = EXCLUDED.last_error`,
          [name, event.position, attemptNo, failedSince.toISOString(), backoff(policy, attemptNo), reasonOf(error)],
        );
        return false;
      }
    }

    async function newEvents(checkpoint: number): Promise<{ checkpoint: number; count: number }> {
      const events = await readCommittedAfter(db, checkpoint, processor.handles, batchSize);
      for (const event of events) {
        if (stopped) break;
        await attempt(event, 1, null);
        await db.query('UPDATE subscription_checkpoints SET position = $2, updated_at = now() WHERE processor = $1', [name, event.position]);
        checkpoint = event.position;
      }
      return { checkpoint, count: events.length };
    }

    async function dueRetries(): Promise<number> {
      const due = await db.query<EventRow & { attempts: number | string; first_failed_at: string | Date }>(
        `SELECT r.attempts, r.first_failed_at, ${storedEventColumns
          .split(', ')
          .map((c) => `e.${c}`)
          .join(', ')}
         FROM subscription_retries r JOIN events e ON e.position = r.position
         WHERE r.processor = $1 AND r.next_attempt_at <= now() ORDER BY r.position LIMIT $2`,
        [name, batchSize],
      );
      for (const row of due) {
        if (stopped) break;
        const event = toStoredEvent(row);
        if (await attempt(event, Number(row.attempts) + 1, new Date(row.first_failed_at))) {
          await db.query('DELETE FROM subscription_retries WHERE processor = $1 AND position = $2', [name, event.position]);
        }
      }
      return due.length;
    }

    async function nextRetryInMs(): Promise<number> {
      const [row] = await db.query('SELECT extract(epoch FROM min(next_attempt_at) - now()) * 1000 AS ms FROM subscription_retries WHERE processor = $1', [
        name,
      ]);
      return row.ms === null ? Infinity : Math.max(0, Number(row.ms));
    }

    while (!stopped) {
      try {
        await db.tryWithLock(`subscription:${name}`, async (lock) => {
          const [{ position }] = await db.query('SELECT position FROM subscription_checkpoints WHERE processor = $1', [name]);
          let checkpoint = Number(position);
          while (!stopped) {
            // The lock lives on its connection: once that is gone another instance may be running.
            if (!(await lock.alive())) return;
            const fresh = await newEvents(checkpoint);
            checkpoint = fresh.checkpoint;
            const retried = await dueRetries();
            if (fresh.count === batchSize || retried === batchSize) continue;
            await wakeup.wait(Math.min(pollMs, await nextRetryInMs()));
            await gather();
          }
        });
      } catch (error) {
        if (stopped) return;
        log(`[${name}] ${reasonOf(error)}`);
      }
      if (!stopped) await wakeup.wait(lockRetryMs);
    }
  }

  const followers = processors.filter((processor): processor is InstanceProcessor => processor.mode === 'per-instance');
  const loops = [
    ...processors.flatMap((processor, i) =>
      processor.mode === 'per-instance' ? [] : [runExclusive(processor, wakeups[i]).catch((error) => log(`[${processor.name}] ${reasonOf(error)}`))],
    ),
    ...(followers.length > 0 ? [runPerInstance(followers, shared)] : []),
  ];

  return {
    wake: wakeAll,
    async stop() {
      if (stopped) return;
      stopped = true;
      wakeAll();
      await unlisten();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.all(loops), new Promise((resolve) => (timer = setTimeout(resolve, options.stopTimeoutMs ?? 5_000)))]);
      clearTimeout(timer);
    },
  };
}
