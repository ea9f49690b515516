// The shape shared by plain records (services, feed sources, news articles): created, updated, deleted.
import { NotFound, Conflict } from '../../domain';
import { diff, type Decider } from '../decider';
import type { EventType } from '../../domain';

export type Changes = Record<string, { from: unknown; to: unknown }>;

export type RecordState<T> = { status: 'new' } | { status: 'live'; record: T } | { status: 'deleted' };

export type RecordEventNames = { created: EventType; updated: EventType; deleted: EventType };

/** The three events of a record, typed by its names, its fields and what its deletion remembers. */
export type RecordEvent<N extends RecordEventNames, T, Deleted = Record<string, never>> =
  { type: N['created']; data: T } | { type: N['updated']; data: { changes: Changes } } | { type: N['deleted']; data: Deleted };

export type RecordCommand<T> = { type: 'Create'; record: T } | { type: 'Update'; patch: Partial<T> } | { type: 'Delete' };

export function recordDecider<
  T extends Record<string, unknown>,
  const N extends RecordEventNames,
  Deleted extends Record<string, unknown> = Record<string, never>,
>(
  names: N,
  notFoundMessage: string,
  deletedData: (record: T) => Deleted = () => ({}) as Deleted,
): Decider<RecordState<T>, RecordCommand<T>, RecordEvent<N, T, Deleted>> {
  type Event = RecordEvent<N, T, Deleted>;
  const is = <K extends keyof RecordEventNames>(event: Event, kind: K): boolean => event.type === names[kind];
  return {
    initialState: () => ({ status: 'new' }),
    evolve(state, event) {
      if (is(event, 'created')) return { status: 'live', record: event.data as T };
      if (is(event, 'updated') && state.status === 'live') {
        const next: Record<string, unknown> = { ...state.record };
        for (const [key, change] of Object.entries((event.data as { changes: Changes }).changes)) next[key] = change.to;
        return { status: 'live', record: next as T };
      }
      if (is(event, 'deleted')) return { status: 'deleted' };
      return state;
    },
    decide(command, state): Event[] {
      if (command.type === 'Create') {
        if (state.status !== 'new') throw new Conflict('El registro ya existe');
        return [{ type: names.created, data: command.record }];
      }
      if (state.status !== 'live') throw new NotFound(notFoundMessage);
      if (command.type === 'Update') {
        const changes = diff(state.record, command.patch);
        return Object.keys(changes).length ? [{ type: names.updated, data: { changes } }] : [];
      }
      return [{ type: names.deleted, data: deletedData(state.record) }];
    },
  };
}
