// The decider pattern: a stream's behaviour is initialState, evolve and decide; `handle` runs one command.
import { aggregateOf, Conflict, erasesStream } from '../domain';
import { ConcurrencyError, type EventStore, type EventMetadata, type NewEvent, type StoredEvent } from './store';
import type { Sql } from './db';

export type Decider<State, Command, Event extends NewEvent> = {
  initialState(): State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Event[];
};

/** The state after `events`; they come from the stream this decider owns, so they are its events. */
export function fold<S, C, E extends NewEvent>(decider: Decider<S, C, E>, events: readonly NewEvent[]): S {
  return events.reduce((state, event) => decider.evolve(state, event as E), decider.initialState());
}

export type HandleOptions = {
  /** The caller has just generated the id: there is no past to read (the unique (stream, version) still guards). */
  newStream?: boolean;
  /** A rule over several records, checked in the append's transaction after the projectors ran. */
  check?: (tx: Sql) => Promise<void>;
  /** State that is not an event, written in the append's transaction: it commits or rolls back with it. */
  alongside?: (tx: Sql) => Promise<void>;
  /**
   * On a ConcurrencyError (another writer appended to the stream between our read and our append),
   * read the stream again and decide again, up to `maxAttempts` times in all. Only for commands whose
   * decision stays right whatever the other writer did: a sign-in, an import run, a repeated submission.
   */
  retryOnConflict?: boolean;
  /**
   * The version of the stream the caller's command was based on (what a person saw when they wrote it):
   * if the stream has moved on since, the command is refused with a ConcurrencyError, as a writer that
   * appended between our read and our append would make it. Never retried.
   */
  expectedVersion?: number;
};

/** The one retry policy: five attempts, immediately (the other writer has already committed). */
const maxAttempts = 5;

/**
 * Loads the stream, decides, appends at the version it read. An event the catalogue marks as erasing
 * also redacts the stream's earlier payloads in the same transaction: the log keeps who erased what and
 * when, not the data (docs/decisions/erasure-by-redaction.md).
 */
export async function handle<S, C, E extends NewEvent>(
  store: EventStore,
  decider: Decider<S, C, E>,
  streamId: string,
  command: C,
  metadata: EventMetadata,
  options: HandleOptions = {},
): Promise<{ events: StoredEvent[]; state: S }> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await handleOnce(store, decider, streamId, command, metadata, { ...options, newStream: options.newStream && attempt === 1 });
    } catch (error) {
      const retry = options.retryOnConflict && options.expectedVersion === undefined;
      if (!retry || !(error instanceof ConcurrencyError) || attempt >= maxAttempts) throw error;
    }
  }
}

async function handleOnce<S, C, E extends NewEvent>(
  store: EventStore,
  decider: Decider<S, C, E>,
  streamId: string,
  command: C,
  metadata: EventMetadata,
  options: HandleOptions,
): Promise<{ events: StoredEvent[]; state: S }> {
  const history = options.newStream ? [] : await store.readStream(streamId);
  if (options.expectedVersion !== undefined && history.length !== options.expectedVersion) throw new ConcurrencyError(streamId);
  const state = fold(decider, history);
  const events = decider.decide(command, state);
  // A stream belongs to one aggregate: an id taken from another record (a news article's id sent as a
  // form's Idempotency-Key) must never append to, nor erase, that record's stream.
  const owner = history.length ? aggregateOf(history[0].type) : undefined;
  if (owner && events.some((event) => aggregateOf(event.type) !== owner)) {
    throw new Conflict('Ese identificador ya pertenece a otro registro');
  }
  const redact = async (tx: Sql) => {
    await tx.query(`UPDATE events SET data = '{"redacted":true}'::jsonb WHERE stream_id = $1 AND stream_version <= $2`, [streamId, history.length]);
  };
  const stored = await store.append(streamId, events, {
    expectedVersion: history.length,
    metadata,
    beforeCommit: events.some((event) => erasesStream(event.type)) ? redact : undefined,
    // Only an append with writes or rules of its own needs them (and it then runs alone, not grouped).
    afterProjection:
      options.alongside || options.check
        ? async (tx) => {
            if (options.alongside) await options.alongside(tx);
            if (options.check) await options.check(tx);
          }
        : undefined,
  });
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
