// The decider pattern: a stream's behaviour is initialState, evolve and decide; `handle` runs one command.
import { Conflict } from '../domain';
import { aggregateOf } from './catalogue';
import type { EventStore, EventMetadata, NewEvent, StoredEvent } from './store';
import type { Sql } from './db';

export type Decider<State, Command, Event extends NewEvent> = {
  initialState(): State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Event[];
};

export function fold<S, E extends NewEvent>(decider: Decider<S, any, E>, events: readonly NewEvent[]): S {
  return events.reduce((state, event) => decider.evolve(state, event as E), decider.initialState());
}

/**
 * Loads the stream, decides, appends at the version it read. An `...Erased` event also redacts the
 * stream's earlier payloads in the same transaction: the log keeps who erased what and when, not the data.
 */
export async function handle<S, C, E extends NewEvent>(
  store: EventStore,
  decider: Decider<S, C, E>,
  streamId: string,
  command: C,
  metadata: EventMetadata,
  options: {
    /** The caller has just generated the id: there is no past to read (the unique (stream, version) still guards). */
    newStream?: boolean;
    /** A rule over several records, checked in the append's transaction after the projectors ran. */
    check?: (tx: Sql) => Promise<void>;
  } = {},
): Promise<{ events: StoredEvent[]; state: S }> {
  const history = options.newStream ? [] : await store.readStream(streamId);
  const state = fold(decider, history);
  const events = decider.decide(command, state);
  // A stream belongs to one aggregate: an id taken from another record (a news article's id sent as a
  // form's Idempotency-Key) must never append to, nor erase, that record's stream.
  const owner = history.length ? aggregateOf(history[0].type) : undefined;
  if (owner && events.some((event) => aggregateOf(event.type) !== owner)) {
    throw new Conflict('Ese identificador ya pertenece a otro registro');
  }
  const erases = events.some((event) => event.type.endsWith('Erased'));
  const stored = await store.append(streamId, history.length, events, metadata, erases
    ? async (tx) => {
        await tx.query(
          `UPDATE events SET data = '{"redacted":true}'::jsonb WHERE stream_id = $1 AND stream_version <= $2`,
          [streamId, history.length],
        );
      }
    : undefined, options.check);
  return { events: stored, state: events.reduce((s, e) => decider.evolve(s, e), state) };
}

/** Field-by-field differences between two records: what an update event stores. */
export function diff<T extends Record<string, unknown>>(before: T, patch: Partial<T>): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [key, to] of Object.entries(patch)) {
    if (to === undefined) continue;
    const from = before[key] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
  }
  return changes;
}

/** Applies the `to` side of stored changes to a record. */
export function applyChanges<T extends Record<string, unknown>>(record: T, changes: Record<string, { to: unknown }>): T {
  const next: Record<string, unknown> = { ...record };
  for (const [key, { to }] of Object.entries(changes)) next[key] = to;
  return next as T;
}
