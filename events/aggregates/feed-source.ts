// A feed source: a record like the others, plus the result of each import run.
import { NotFound, type FeedRunSummary, type FeedSourceInput } from '../../domain';
import type { Decider } from '../decider';
import { recordDecider, type RecordCommand, type RecordEvent, type RecordState } from './record';

const feedSourceEvents = { created: 'FeedSourceCreated', updated: 'FeedSourceUpdated', deleted: 'FeedSourceDeleted' } as const;

export type FeedSourceRecord = FeedSourceInput & { createdAt: string };
export type FeedSourceEvent = RecordEvent<typeof feedSourceEvents, FeedSourceRecord> | { type: 'FeedSourceImported'; data: FeedRunSummary };
type Command = RecordCommand<FeedSourceRecord> | { type: 'RecordImport'; run: FeedRunSummary };

const base = recordDecider<FeedSourceRecord, typeof feedSourceEvents>(feedSourceEvents, 'Fuente RSS no encontrada');

export const feedSource: Decider<RecordState<FeedSourceRecord>, Command, FeedSourceEvent> = {
  initialState: base.initialState,
  evolve: (state, event) => (event.type === 'FeedSourceImported' ? state : base.evolve(state, event)),
  decide(command, state) {
    if (command.type === 'RecordImport') {
      if (state.status !== 'live') throw new NotFound('Fuente RSS no encontrada');
      return [{ type: 'FeedSourceImported', data: command.run }];
    }
    return base.decide(command, state);
  },
};
