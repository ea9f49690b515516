// The event store: append with an expected stream version, read a stream, read all after a position.
// Registered projectors run inside the append's transaction, so a write is visible to the next read.
import { randomUUID } from 'node:crypto';
import { Conflict } from '../domain';
import type { EventType } from './catalogue';
import { uniqueViolation, type Db, type Sql } from './db';

export type Actor = { id: string; username: string; role: string };
export type Origin = 'api' | 'seed' | 'feed-import' | 'offline-sync' | 'system';
export type EventMetadata = { actor: Actor | null; origin: Origin; requestId: string };

export type NewEvent = { type: string; data: Record<string, unknown> };
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
  type: string;
  data: Record<string, unknown>;
  metadata: EventMetadata;
  recorded_at: string | Date;
};

export function toStoredEvent(row: EventRow): StoredEvent {
  return {
    position: Number(row.position),
    streamId: row.stream_id,
    streamVersion: Number(row.stream_version),
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    recordedAt: new Date(row.recorded_at),
  };
}

export class EventStore {
  private projectors: Projector[] = [];
  private uniqueRules: Record<string, { field: string; message: string }> = {};
  private committedListeners: ((events: readonly StoredEvent[]) => void)[] = [];

  constructor(readonly db: Db) {}

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

  /** Appends `events` to a stream whose current version must be `options.expectedVersion`. */
  async append(streamId: string, events: readonly NewEvent[], options: AppendOptions): Promise<StoredEvent[]> {
    const { expectedVersion, metadata, beforeCommit, afterProjection } = options;
    if (events.length === 0) return [];
    return this.inTransaction(streamId, async (tx) => {
      const stored = await this.insert(tx, streamId, expectedVersion, events, metadata);
      if (beforeCommit) await beforeCommit(tx);
      for (const event of stored) await this.project(tx, event);
      if (afterProjection) await afterProjection(tx);
      return stored;
    });
  }

  /**
   * Starts several new streams in one transaction, all committed or none: a feed import's articles,
   * where one transaction per article made a 500-item import take seconds.
   */
  async startStreams(streams: { streamId: string; events: readonly NewEvent[] }[], metadata: EventMetadata): Promise<StoredEvent[]> {
    const rows = streams.flatMap(({ streamId, events }) =>
      events.map((event, index) => ({ stream_id: streamId, stream_version: index + 1, type: event.type, data: event.data })),
    );
    if (rows.length === 0) return [];
    return this.inTransaction(streams[0].streamId, async (tx) => {
      // One statement for every event; positions follow the list's order (WITH ORDINALITY).
      const inserted = await tx.query<EventRow>(
        `INSERT INTO events (stream_id, stream_version, type, data, metadata)
         SELECT e.stream_id, e.stream_version, e.type, e.data, $2::jsonb
         FROM ROWS FROM (jsonb_to_recordset($1::jsonb) AS (stream_id uuid, stream_version integer, type text, data jsonb))
           WITH ORDINALITY AS e(stream_id, stream_version, type, data, n)
         ORDER BY n RETURNING ${columns}`,
        [JSON.stringify(rows), JSON.stringify(metadata)],
      );
      const stored = inserted.map(toStoredEvent).sort((a, b) => a.position - b.position);
      await projectInOrder(tx, this.projectors, stored);
      return stored;
    });
  }

  private async insert(tx: Sql, streamId: string, expectedVersion: number, events: readonly NewEvent[], metadata: EventMetadata): Promise<StoredEvent[]> {
    const stored: StoredEvent[] = [];
    let version = expectedVersion;
    for (const event of events) {
      version += 1;
      const [row] = await tx.query<EventRow>(
        `INSERT INTO events (stream_id, stream_version, type, data, metadata)
         VALUES ($1, $2, $3, $4::jsonb, $5::jsonb) RETURNING ${columns}`,
        [streamId, version, event.type, JSON.stringify(event.data), JSON.stringify(metadata)],
      );
      stored.push(toStoredEvent(row));
    }
    return stored;
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

  async project(tx: Sql, event: StoredEvent) {
    for (const projector of this.projectors) {
      if (projector.handles.includes(event.type)) await projector.project(tx, event);
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

/** Every event after `position`, in global order, `limit` at a time (a rebuild reads the log this way). */
export async function readEventsAfter(sql: Sql, after: number, limit: number): Promise<StoredEvent[]> {
  const rows = await sql.query<EventRow>(`SELECT ${columns} FROM events WHERE position > $1 ORDER BY position LIMIT $2`, [after, limit]);
  return rows.map(toStoredEvent);
}

export const newRequestId = () => randomUUID();
