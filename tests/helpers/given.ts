// Given/when/then for deciders: no database, only the three pure functions.
import * as assert from 'uvu/assert';
import type { Decider, NewEvent } from '../../events';

export function given<S, C, E extends NewEvent>(decider: Decider<S, C, E>, ...history: E[]) {
  const state = history.reduce((s, e) => decider.evolve(s, e), decider.initialState());
  return {
    when(command: C) {
      return {
        then(expected: Partial<E>[]) {
          const events = decider.decide(command, state);
          assert.equal(events.length, expected.length, `expected ${expected.length} events, got ${JSON.stringify(events)}`);
          expected.forEach((e, i) => {
            assert.is(events[i].type, e.type);
            if (e.data !== undefined) assert.equal(events[i].data, e.data);
          });
        },
        thenThrows(kind: new (...args: any[]) => Error, message?: RegExp) {
          try {
            decider.decide(command, state);
          } catch (error) {
            assert.instance(error, kind);
            if (message) assert.match((error as Error).message, message);
            return;
          }
          assert.unreachable(`expected ${kind.name}`);
        },
      };
    },
  };
}
