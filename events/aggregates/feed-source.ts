// A feed source: a record like the others, plus the result of each import run.
import { NotFound, type FeedRunSummary, type FeedSourceInput } from '../../domain';
import type { Decider } from '../decider';
import { recordDecider, type RecordCommand, type RecordState } from './record';

export const feedSourceEvents = { created: 'FeedSourceCreated', updated: 'FeedSourceUpdated', deleted: 'FeedSourceDeleted' } as const;

export type FeedSourceRecord = FeedSourceInput & { createdAt: string };
type Command = RecordCommand<FeedSourceRecord> | { type: 'RecordImport'; run: FeedRunSummary & { feedUrl?: string } };

const base = recordDecider<FeedSourceRecord>(feedSourceEvents, 'Fuente RSS no encontrada');

export const feedSource: Decider<RecordState<FeedSourceRecord>, Command, { type: string; data: any }> = {
  initialState: base.initialState,
  evolve: base.evolve,
  decide(command, state) {
    if (command.type === 'RecordImport') {
      if (state.status !== 'live') throw new NotFound('Fuente RSS no encontrada');
      return [{ type: 'FeedSourceImported', data: command.run }];
    }
    return base.decide(command, state);
  },
};
