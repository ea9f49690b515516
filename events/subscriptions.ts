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
// The parts: this file's loops (one per exclusive processor, one shared by the per-instance ones), what
// they read and keep in the database (subscription-store.ts), and the retry rule (subscription-retry.ts).
import type { Db, Sql } from './db';
import type { EventHeader, StoredEvent } from './store';
import { isEventType, type EventType } from '../domain';
import { defaultRetryPolicy, retryDelayMs, retryWindowOver, type RetryPolicy } from './subscription-retry';
import { headPosition, processorState, readCommittedAfter, readHeadersAfter } from './subscription-store';

export { defaultRetryPolicy, type RetryPolicy } from './subscription-retry';
export { readablePosition } from './subscription-store';

type ProcessorContext = {
  db: Sql;
  /** 1 on the first try of an event, 2 on its first retry, ... */
  attempt: number;
};

type ProcessorBase = {
  name: string;
  handles: readonly EventType[];
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
  /**
   * Work on a clock of its own (publishing scheduled articles), run only by the instance holding the
   * lock: after every wake-up and whenever the time it answered comes. Answers in how many milliseconds
   * it wants to run again, or null to wait for the next wake-up (the poll at the latest).
   */
  tick?(context: ProcessorContext): Promise<number | null>;
  /** Event types that wake it without being handed to it (what its tick reads may have changed). */
  wakesOn?: readonly string[];
  /**
   * How long a wake-up by an append lets further appends gather before the next run, when longer than
   * the subscriptions' own gather: for a processor whose run reads a whole table however few events
   * woke it (the scheduler's tick), so a stream of writes costs it a few runs a second, not one per burst.
   */
  wakeGatherMs?: number;
};

/**
 * Every instance, checkpoint in memory, a failure logged and skipped. It is told each event's header,
 * not its payload: these processors keep an instance's caches and indexes current, dropping what changed
 * or reading it again from the read tables, so the log is read without its largest column.
 */
type InstanceProcessor = ProcessorBase & {
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

const eventsChannel = 'events_appended';

/** A wake-up that is never lost: a notify() before wait() makes the next wait() return at once. */
class Wakeup {
  private pending = false;
  private resolve: (() => void) | null = null;
  notify() {
    this.pending = true;
    this.resolve?.();
  }
  /** Forgets the wake-ups so far, for a run about to start that reads everything they announced. */
  settle() {
    this.pending = false;
  }
  /** Answers true when woken by notify(), false when `ms` passed first. */
  wait(ms: number): Promise<boolean> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const done = (woken: boolean) => {
        clearTimeout(timer);
        this.resolve = null;
        this.pending = false;
        resolve(woken);
      };
      const timer = setTimeout(() => done(false), Math.max(0, ms));
      this.resolve = () => done(true);
    });
  }
}

/**
 * The gathers under way: each waits its time, or ends when `endAll` is called (the subscriptions stop).
 * A gather that has ended holds nothing (one raced against a promise settled only at stop would leave a
 * reaction on it for every gather until then: a few hundred bytes each, every wake-up and every poll).
 */
export class Gathers {
  private readonly ends = new Set<() => void>();
  /** Waits `ms`, or less once `endAll` is called. */
  wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const end = () => {
        clearTimeout(timer);
        this.ends.delete(end);
        resolve();
      };
      const timer = setTimeout(end, ms);
      this.ends.add(end);
    });
  }
  /** Ends every gather under way at once. */
  endAll() {
    for (const end of [...this.ends]) end();
  }
  /** How many gathers are under way. */
  get size() {
    return this.ends.size;
  }
}

const reasonOf = (error: unknown) => String((error as Error)?.message ?? error).slice(0, 500);

/** What every loop shares: the database, the options, and whether the subscriptions were stopped. */
type Loop = {
  db: Db;
  pollMs: number;
  lockRetryMs: number;
  batchSize: number;
  log: (line: string) => void;
  stopped(): boolean;
  /** After a wake-up, lets more appends gather before the log is read (at least `ms` when given); ends early once stopped. */
  gather(ms?: number): Promise<void>;
  /** Where a processor with no checkpoint yet begins. */
  startOf(processor: Processor): number;
};

/**
 * Every per-instance processor follows the log through one shared read (one query per wake-up, not one
 * per processor); each is given only the events of its types after its own start.
 */
async function runPerInstance(loop: Loop, followers: readonly InstanceProcessor[], wakeup: Wakeup) {
  const { db, batchSize, log } = loop;
  const starts = followers.map(loop.startOf);
  let checkpoint = Math.min(...starts);
  const types = [...new Set(followers.flatMap((processor) => processor.handles))];
  while (!loop.stopped()) {
    try {
      const events = await readHeadersAfter(db, checkpoint, types, batchSize);
      for (const event of events) {
        if (loop.stopped()) return;
        for (const [i, processor] of followers.entries()) {
          if (event.position <= starts[i] || !processor.handles.includes(event.type)) continue;
          await processor.handle(event, { db, attempt: 1 }).catch((error) => log(`[${processor.name}] evento ${event.position}: ${reasonOf(error)}`));
        }
        checkpoint = event.position;
      }
      if (events.length === batchSize) continue;
    } catch (error) {
      if (loop.stopped()) return;
      log(`[${followers.map((processor) => processor.name).join(', ')}] ${reasonOf(error)}`);
    }
    await wakeup.wait(loop.pollMs);
    await loop.gather();
  }
}

/** One exclusive processor: while this instance holds its lock, new events in order, then due retries. */
async function runExclusive(loop: Loop, processor: ExclusiveProcessor, wakeup: Wakeup) {
  const { db, batchSize, log } = loop;
  const policy = processor.retry ?? defaultRetryPolicy;
  const name = processor.name;
  const state = processorState(db, name);

  /** One try of one event; a failure is parked (first try) or rescheduled, or given up. Answers true on success. */
  async function attempt(event: StoredEvent, attemptNo: number, firstFailedAt: Date | null): Promise<boolean> {
    const context = { db, attempt: attemptNo };
    try {
      await processor.handle(event, context);
      return true;
    } catch (error) {
      const failedSince = firstFailedAt ?? new Date();
      if (error instanceof PermanentFailure || retryWindowOver(policy, attemptNo, failedSince)) {
        log(`[${name}] evento ${event.position} abandonado tras ${attemptNo} intento(s): ${reasonOf(error)}`);
        await processor.gaveUp?.(event, error, context).catch((e) => log(`[${name}] gaveUp: ${reasonOf(e)}`));
        await state.unpark(event.position);
        return false;
      }
      await state.park(event.position, attemptNo, failedSince, retryDelayMs(policy, attemptNo), reasonOf(error));
      return false;
    }
  }

  async function newEvents(checkpoint: number): Promise<{ checkpoint: number; count: number }> {
    const events = await readCommittedAfter(db, checkpoint, processor.handles, batchSize);
    for (const event of events) {
      if (loop.stopped()) break;
      await attempt(event, 1, null);
      await state.advance(event.position);
      checkpoint = event.position;
    }
    return { checkpoint, count: events.length };
  }

  /** The processor's own clock work; a failure is logged and tried again after lockRetryMs. */
  async function tick(): Promise<number> {
    if (!processor.tick) return Infinity;
    try {
      return (await processor.tick({ db, attempt: 1 })) ?? Infinity;
    } catch (error) {
      log(`[${name}] ${reasonOf(error)}`);
      return loop.lockRetryMs;
    }
  }

  async function dueRetries(): Promise<number> {
    const due = await state.due(batchSize);
    for (const parked of due) {
      if (loop.stopped()) break;
      if (await attempt(parked.event, parked.attempts + 1, parked.firstFailedAt)) await state.unpark(parked.event.position);
    }
    return due.length;
  }

  // A processor that handles no event (only its tick, woken by events it is not given) has no events to
  // read and none parked: each wake-up is its tick alone (the scheduler is woken by every article write).
  const tickOnly = processor.handles.length === 0;
  while (!loop.stopped()) {
    try {
      await db.tryWithLock(`subscription:${name}`, async (lock) => {
        let checkpoint = await state.checkpoint();
        while (!loop.stopped()) {
          // The lock lives on its connection: once that is gone another instance may be running.
          if (!(await lock.alive())) return;
          const fresh = tickOnly ? { checkpoint, count: 0 } : await newEvents(checkpoint);
          checkpoint = fresh.checkpoint;
          const retried = tickOnly ? 0 : await dueRetries();
          if (fresh.count === batchSize || retried === batchSize) continue;
          const ownDueInMs = await tick();
          const woken = await wakeup.wait(Math.min(loop.pollMs, tickOnly ? Infinity : await state.nextDueInMs(), ownDueInMs));
          await loop.gather(woken ? processor.wakeGatherMs : 0);
          // A tick reads the read tables, which already hold every commit announced so far: the wake-ups
          // that came during the gather are its own. (A read of the log may still find some of them
          // unreadable behind an older transaction, so those loops keep theirs.)
          if (tickOnly) wakeup.settle();
        }
      });
    } catch (error) {
      if (loop.stopped()) return;
      log(`[${name}] ${reasonOf(error)}`);
    }
    if (!loop.stopped()) await wakeup.wait(loop.lockRetryMs);
  }
}

export async function startSubscriptions(db: Db, processors: readonly Processor[], options: SubscriptionOptions = {}): Promise<Subscriptions> {
  const gatherMs = options.gatherMs ?? 10;
  let stopped = false;
  /** A gather under way ends when stop() is called. */
  const gathers = new Gathers();
  // Where each processor starts is settled before start answers: an event appended just after is seen.
  const head = await headPosition(db);
  const loop: Loop = {
    db,
    pollMs: options.pollMs ?? 30_000,
    lockRetryMs: options.lockRetryMs ?? 5_000,
    batchSize: options.batchSize ?? 100,
    log: options.log ?? ((line: string) => console.error(line)),
    stopped: () => stopped,
    gather: (atLeastMs = 0) => {
      const ms = Math.max(gatherMs, atLeastMs);
      return ms <= 0 || stopped ? Promise.resolve() : gathers.wait(ms);
    },
    startOf: (processor) => (processor.startAt === 'beginning' ? 0 : typeof processor.startAt === 'object' ? processor.startAt.after : head),
  };

  // Per-instance processors share one wake-up (and one read of the log); exclusive ones have their own.
  const shared = new Wakeup();
  const wakeups = processors.map((processor) => (processor.mode === 'per-instance' ? shared : new Wakeup()));
  const wakeAll = () => wakeups.forEach((w) => w.notify());
  // The notification names the types appended: wake only the processors that handle one of them.
  const wakeFor = (payload: string) => {
    if (payload === '') return wakeAll();
    const types = payload.split(',').filter(isEventType);
    processors.forEach((processor, i) => {
      const wakesOn = processor.mode === 'per-instance' ? [] : (processor.wakesOn ?? []);
      if (types.some((type) => processor.handles.includes(type) || wakesOn.includes(type))) wakeups[i].notify();
    });
  };
  const unlisten = await db.listen(eventsChannel, wakeFor);

  for (const processor of processors) {
    if (processor.mode !== 'per-instance') await processorState(db, processor.name).begin(loop.startOf(processor));
  }

  const followers = processors.filter((processor): processor is InstanceProcessor => processor.mode === 'per-instance');
  const loops = [
    ...processors.flatMap((processor, i) =>
      processor.mode === 'per-instance' ? [] : [runExclusive(loop, processor, wakeups[i]).catch((error) => loop.log(`[${processor.name}] ${reasonOf(error)}`))],
    ),
    ...(followers.length > 0 ? [runPerInstance(loop, followers, shared)] : []),
  ];

  return {
    wake: wakeAll,
    async stop() {
      if (stopped) return;
      stopped = true;
      gathers.endAll();
      wakeAll();
      await unlisten();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.all(loops), new Promise((resolve) => (timer = setTimeout(resolve, options.stopTimeoutMs ?? 5_000)))]);
      clearTimeout(timer);
    },
  };
}
