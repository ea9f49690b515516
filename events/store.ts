// The event store: append with an expected stream version, read a stream, read all after a position.
// Registered projectors run inside the append's transaction, so a write is visible to the next read.
import { Conflict } from '../domain';
import type { EventType } from '../domain';
import { isDatabaseUnavailable, uniqueViolation, type Db, type Sql } from './db';

type Actor = { id: string; username: string; role: string };
export type Origin = 'api' | 'seed' | 'feed-import' | 'offline-sync' | 'system';
export type EventMetadata = { actor: Actor | null; origin: Origin; requestId: string };

export type NewEvent = { type: EventType; data: Record<string, unknown> };
export type StoredEvent<E extends NewEvent = NewEvent> = E & {
  position: number;
  streamId: string;
  streamVersion: number;
  metadata: EventMetadata;
  recordedAt: Date;
};

/** A projector keeps one or more read tables current; it runs in the append's transaction. */
export type Projector<E extends NewEvent = NewEvent> = {
  name: string;
  handles: readonly E['type'][];
  /** Called only with the types in `handles`; an erased stream's earlier payloads arrive redacted. */
  project(tx: Sql, event: StoredEvent<E>): Promise<void>;
  /**
   * The read table's unique rules (slug, URL, username), by constraint name: breaking one rolls the
   * append back and answers 409 with this field and Spanish message.
   */
  uniqueRules?: Record<string, { field: string; message: string }>;
  /**
   * Optional: many events of these types at once, in log order, where a statement per event is the slow
   * part (a rebuild, a feed import). It must leave the tables exactly as `project` one by one would.
   */
  projectMany?: { types: readonly E['type'][]; project(tx: Sql, events: StoredEvent<E>[]): Promise<void> };
  /**
   * Optional: around a rebuild's replay, in its transaction. What one event of a long history would redo
   * many times (an article's search vector after each of its edits) may be put off in `before` and done
   * once in `after`, over the final rows.
   */
  rebuild?: { before(tx: Sql): Promise<void>; after(tx: Sql): Promise<void> };
};

export class ConcurrencyError extends Conflict {
  constructor(readonly streamId: string) {
    super('El registro fue modificado al mismo tiempo por otra persona. Recargue e intente de nuevo.');
  }
}

/** A projector typed by the events it handles, made storable beside the others. */
export function typedProjector<E extends NewEvent>(projector: Projector<E>): Projector {
  const many = projector.projectMany;
  return {
    ...projector,
    project: (tx, event) => projector.project(tx, event as StoredEvent<E>),
    projectMany: many && { types: many.types, project: (tx, events) => many.project(tx, events as StoredEvent<E>[]) },
  };
}

/**
 * Runs `events` (in log order) through every projector that handles them. A run of consecutive events
 * of one type goes to a projector's `projectMany` in one call when it takes that type; projectors see
 * each event in order either way.
 */
export async function projectInOrder(tx: Sql, projectors: readonly Projector[], events: readonly StoredEvent[]) {
  for (let start = 0; start < events.length;) {
    const type = events[start].type;
    let end = start + 1;
    while (end < events.length && events[end].type === type) end += 1;
    const run = events.slice(start, end);
    for (const projector of projectors) {
      if (!projector.handles.includes(type)) continue;
      if (run.length > 1 && projector.projectMany?.types.includes(type)) await projector.projectMany.project(tx, run);
      else for (const event of run) await projector.project(tx, event);
    }
    start = end;
  }
}

/** What `append` needs besides the events: where the stream must stand, who acts, and extra writes. */
export type AppendOptions = {
  /** The stream's current version; 0 for a new stream. Anything else is a ConcurrencyError. */
  expectedVersion: number;
  metadata: EventMetadata;
  /** Extra writes in the same transaction, before the projectors (erasure redacts the stream here). */
  beforeCommit?: (tx: Sql) => Promise<void>;
  /** A rule over several records, checked in the same transaction after the projectors ran. */
  afterProjection?: (tx: Sql) => Promise<void>;
};

/** The columns a StoredEvent is read from. */
export const storedEventColumns = 'position, stream_id, stream_version, type, data, metadata, recorded_at';
const columns = storedEventColumns;

export type EventRow = {
  position: string | number;
  stream_id: string;
  stream_version: string | number;
  /** Only catalogued types are ever written: appends are typed, and an import checks every line. */
  type: EventType;
  data: Record<string, unknown>;
  metadata: EventMetadata;
  recorded_at: string | Date;
};

/**
 * What is told of an event without its payload and metadata: which stream changed, how and when
 * (per-instance processors read the log this way).
 */
export type EventHeader = Pick<StoredEvent, 'position' | 'streamId' | 'streamVersion' | 'type' | 'recordedAt'>;

export function toEventHeader(row: Omit<EventRow, 'data' | 'metadata'>): EventHeader {
  return {
    position: Number(row.position),
    streamId: row.stream_id,
    streamVersion: Number(row.stream_version),
    type: row.type,
    recordedAt: new Date(row.recorded_at),
  };
}

/**
 * The header with the payload added to it, not spread into a new object: a spread with fields added
 * gave each event a hidden class of its own (docs/rules.md, 'Objects kept by the thousand').
 */
export function toStoredEvent(row: EventRow): StoredEvent {
  return Object.assign(toEventHeader(row), { data: row.data, metadata: row.metadata });
}

/** An append waiting for its turn: what it writes, and the caller waiting for its answer. */
type QueuedAppend = {
  streamId: string;
  events: readonly NewEvent[];
  options: AppendOptions;
  resolve(stored: StoredEvent[]): void;
  reject(error: unknown): void;
};

/**
 * How many transactions of appends may run at once, and how many appends one of them may carry. One:
 * appends hold the append lock from their insert to their commit, so a second transaction only waited
 * for the lock, and made each transaction smaller (docs/search-and-page-cache.md, "One transaction of
 * appends at a time").
 */
export type GroupCommit = { lanes: number; maxAppends: number };
const defaultGroupCommit: GroupCommit = { lanes: 1, maxAppends: 64 };

export class EventStore {
  private projectors: Projector[] = [];
  private uniqueRules: Record<string, { field: string; message: string }> = {};
  private committedListeners: ((events: readonly StoredEvent[]) => void)[] = [];
  private queue: QueuedAppend[] = [];
  private running = 0;

  constructor(
    readonly db: Db,
    private readonly groupCommit: GroupCommit = defaultGroupCommit,
  ) {}

  register(...projectors: Projector[]) {
    this.projectors.push(...projectors);
    for (const projector of projectors) Object.assign(this.uniqueRules, projector.uniqueRules);
  }

  /** Called after each append has committed (in this process): caches of read models drop what changed. */
  onCommitted(listener: (events: readonly StoredEvent[]) => void) {
    this.committedListeners.push(listener);
  }

  get registeredProjectors(): readonly Projector[] {
    return this.projectors;
  }

  /**
   * Appends `events` to a stream whose current version must be `options.expectedVersion`.
   *
   * Group commit: while `lanes` transactions of appends are running, new appends wait, and the next free
   * lane takes every append waiting (up to `maxAppends`) in one transaction: one BEGIN, one INSERT of
   * all their events, the projectors over them in log order (a projector's `projectMany` takes a run of
   * one type in one statement), one COMMIT. With one writer nothing waits; under many it saves most of
   * each write's round trips. Each append still stands alone to its caller: if the shared transaction
   * fails (a version conflict, a taken slug, a rule), it is rolled back and each append is tried again
   * in its own transaction, so each caller gets exactly the answer it would have had alone. An append
   * with its own extra writes or rules (`beforeCommit`, `afterProjection`) always runs alone.
   */
  append(streamId: string, events: readonly NewEvent[], options: AppendOptions): Promise<StoredEvent[]> {
    if (events.length === 0) return Promise.resolve([]);
    return new Promise((resolve, reject) => {
      this.queue.push({ streamId, events, options, resolve, reject });
      this.startWaiting();
    });
  }

  private startWaiting() {
    while (this.running < this.groupCommit.lanes && this.queue.length > 0) {
      const batch = this.takeBatch();
      this.running += 1;
      void this.commitBatch(batch).finally(() => {
        this.running -= 1;
        this.startWaiting();
      });
    }
  }

  /** The appends waiting, in order, up to the first that must run alone (or that one by itself). */
  private takeBatch(): QueuedAppend[] {
    const alone = (append: QueuedAppend) => Boolean(append.options.beforeCommit || append.options.afterProjection);
    if (alone(this.queue[0])) return this.queue.splice(0, 1);
    let count = 1;
    while (count < this.queue.length && count < this.groupCommit.maxAppends && !alone(this.queue[count])) count += 1;
    return this.queue.splice(0, count);
  }

  private async commitBatch(batch: QueuedAppend[]) {
    if (batch.length > 1) {
      try {
        const stored = await this.inTransaction(batch[0].streamId, (tx) => this.write(tx, batch));
        let next = 0;
        for (const append of batch) {
          append.resolve(stored.slice(next, next + append.events.length));
          next += append.events.length;
        }
        return;
      } catch (error) {
        // The database is away: every append would fail the same way alone.
        if (isDatabaseUnavailable(error)) {
          for (const append of batch) append.reject(error);
          return;
        }
        // Nothing was written; below, each gets its own answer.
      }
    }
    for (const append of batch) {
      await this.inTransaction(append.streamId, (tx) => this.write(tx, [append])).then(append.resolve, append.reject);
    }
  }

  /** Inserts the appends' events in one statement, then runs them through the projectors, in log order. */
  private async write(tx: Sql, appends: readonly QueuedAppend[]): Promise<StoredEvent[]> {
    const rows = appends.flatMap(({ streamId, events, options }) =>
      events.map((event, index) => ({ streamId, version: options.expectedVersion + index + 1, event, metadata: options.metadata })),
    );
    const stored = await insertEvents(tx, this.db.kind, rows);
    const [{ options }] = appends;
    if (appends.length === 1 && options.beforeCommit) await options.beforeCommit(tx);
    await projectInOrder(tx, this.projectors, stored);
    if (appends.length === 1 && options.afterProjection) await options.afterProjection(tx);
    return stored;
  }

  /**
   * Starts several new streams in one transaction, all committed or none: a feed import's articles,
   * where one transaction per article made a 500-item import take seconds.
   */
  async startStreams(streams: { streamId: string; events: readonly NewEvent[] }[], metadata: EventMetadata): Promise<StoredEvent[]> {
    const rows = streams.flatMap(({ streamId, events }) => events.map((event, index) => ({ streamId, version: index + 1, event, metadata })));
    if (rows.length === 0) return [];
    return this.inTransaction(streams[0].streamId, async (tx) => {
      const stored = await insertEvents(tx, this.db.kind, rows);
      await projectInOrder(tx, this.projectors, stored);
      return stored;
    });
  }

  /** Runs `fn` in a transaction; unique violations become the Conflict a client can act on. */
  private async inTransaction(streamId: string, fn: (tx: Sql) => Promise<StoredEvent[]>): Promise<StoredEvent[]> {
    try {
      const stored = await this.db.transaction(fn);
      for (const listener of this.committedListeners) listener(stored);
      return stored;
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === 'events_stream_version_key') throw new ConcurrencyError(streamId);
      if (constraint !== null && this.uniqueRules[constraint]) {
        const { field, message } = this.uniqueRules[constraint];
        throw new Conflict(message, { [field]: message });
      }
      throw error;
    }
  }

  async readStream(streamId: string, sql: Sql = this.db): Promise<StoredEvent[]> {
    const rows = await sql.query<EventRow>(`SELECT ${columns} FROM events WHERE stream_id = $1 ORDER BY stream_version`, [streamId]);
    return rows.map(toStoredEvent);
  }

  /** Whether the log holds any event of this type (the seed asks whether services were ever created). */
  async hasAny(type: EventType): Promise<boolean> {
    const [row] = await this.db.query<{ found: boolean }>('SELECT EXISTS (SELECT 1 FROM events WHERE type = $1) AS found', [type]);
    return row.found;
  }

  /** Every event after `position`, in global order, `limit` at a time. */
  async readAll(after = 0, limit = 1000, sql: Sql = this.db): Promise<StoredEvent[]> {
    return readEventsAfter(sql, after, limit);
  }
}

/**
 * Taken by every append before its events get their positions, and held until it commits or rolls back:
 * appends then commit in the order of their positions, on every connection and every instance. A
 * subscription reads only events of transactions older than any still running; without this lock, two
 * appends could take position and transaction id crossed (A the lower position, B the lower id), and
 * once B committed, B's event was readable while A's lower position was still to come: a processor
 * moving past B never saw A's. (Two-key form: apart from the one-key locks of `tryWithLock`.)
 */
const appendLock = 'pg_advisory_xact_lock(1701, 1)';
/**
 * Set for the append's transaction alone (set_config's third argument): a transaction whose client went
 * away (a host gone, a cut network) holds the lock until PostgreSQL notices, which TCP alone may take
 * hours to do; idle this long inside an append, it is ended and every other write goes on. Nothing in
 * an append waits on anything but the database between its statements.
 */
const appendIdleLimit = `set_config('idle_in_transaction_session_timeout', '30s', true)`;
/** What an append's insert joins in. Not the idle limit on PGlite: in one process there is no client to lose, and the limit there stalls the process. */
const appendingOn = (kind: Db['kind']) => (kind === 'postgres' ? `${appendLock}, ${appendIdleLimit}` : appendLock);

/**
 * Inserts events in one statement and answers them stored, in the order given: positions follow the
 * list's order (WITH ORDINALITY). Only the positions and times come back (RETURNING keeps no order, so
 * they are sorted): the payloads are the ones just sent, not read back and parsed again. The append lock
 * is joined in, so it is held before the first row takes its position (no extra round trip).
 */
async function insertEvents(
  tx: Sql,
  kind: Db['kind'],
  rows: { streamId: string; version: number; event: NewEvent; metadata: EventMetadata }[],
): Promise<StoredEvent[]> {
  const records = rows.map(({ streamId, version, event, metadata }) => ({
    stream_id: streamId,
    stream_version: version,
    type: event.type,
    data: event.data,
    metadata,
  }));
  const inserted = await tx.query<{ position: string | number; recorded_at: string | Date }>(
    `INSERT INTO events (stream_id, stream_version, type, data, metadata)
     SELECT e.stream_id, e.stream_version, e.type, e.data, e.metadata
     FROM ROWS FROM (jsonb_to_recordset($1::jsonb) AS (stream_id uuid, stream_version integer, type text, data jsonb, metadata jsonb))
       WITH ORDINALITY AS e(stream_id, stream_version, type, data, metadata, n),
       (SELECT ${appendingOn(kind)}) AS appending
     ORDER BY n RETURNING position, recorded_at`,
    [JSON.stringify(records)],
  );
  const positions = inserted.map((row) => ({ position: Number(row.position), recordedAt: new Date(row.recorded_at) })).sort((a, b) => a.position - b.position);
  return rows.map(({ streamId, version, event, metadata }, i) => ({
    type: event.type,
    data: event.data,
    position: positions[i].position,
    streamId,
    streamVersion: version,
    metadata,
    recordedAt: positions[i].recordedAt,
  }));
}

/** Every event after `position`, in global order, `limit` at a time (a rebuild reads the log this way). */
export async function readEventsAfter(sql: Sql, after: number, limit: number): Promise<StoredEvent[]> {
  const rows = await sql.query<EventRow>(`SELECT ${columns} FROM events WHERE position > $1 ORDER BY position LIMIT $2`, [after, limit]);
  return rows.map(toStoredEvent);
}
