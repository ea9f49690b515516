// The shape shared by plain records (services, feed sources, news articles): created, updated, deleted.
import { NotFound, Conflict } from '../../domain';
import { diff, type Decider } from '../decider';

export type Changes = Record<string, { from: unknown; to: unknown }>;

export type RecordState<T> = { status: 'new' } | { status: 'live'; record: T } | { status: 'deleted' };

export type RecordEventNames = { created: string; updated: string; deleted: string };

export type RecordEvent<T> =
  | { type: string; data: T & Record<string, unknown> }
  | { type: string; data: { changes: Changes } }
  | { type: string; data: Record<string, unknown> };

export type RecordCommand<T> =
  | { type: 'Create'; record: T }
  | { type: 'Update'; patch: Partial<T> }
  | { type: 'Delete' };

export function recordDecider<T extends Record<string, unknown>>(
  names: RecordEventNames,
  notFoundMessage: string,
  deletedData: (record: T) => Record<string, unknown> = () => ({}),
): Decider<RecordState<T>, RecordCommand<T>, { type: string; data: any }> {
  return {
    initialState: () => ({ status: 'new' }),
    evolve(state, event) {
      if (event.type === names.created) return { status: 'live', record: event.data as T };
      if (event.type === names.updated && state.status === 'live') {
        const next: Record<string, unknown> = { ...state.record };
        for (const [key, change] of Object.entries(event.data.changes as Changes)) next[key] = change.to;
        return { status: 'live', record: next as T };
      }
      if (event.type === names.deleted) return { status: 'deleted' };
      return state;
    },
    decide(command, state) {
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
