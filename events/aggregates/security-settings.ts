// The staff security settings an admin sets ('Exigir segundo factor a todo el personal'): one stream.
import type { Decider } from '../decider';

/** The one stream of the settings (stream ids are uuids). */
export const securitySettingsStreamId = '00000000-0000-4000-8000-000000005ec1';

export type SecuritySettingsEvent = { type: 'SecuritySettingsChanged'; data: { requireSecondFactor: { from: boolean; to: boolean } } };
export type SecuritySettingsCommand = { type: 'Set'; requireSecondFactor: boolean };
type State = { requireSecondFactor: boolean };

export const securitySettings: Decider<State, SecuritySettingsCommand, SecuritySettingsEvent> = {
  initialState: () => ({ requireSecondFactor: false }),
  evolve: (_state, event) => ({ requireSecondFactor: event.data.requireSecondFactor.to }),
  decide(command, state) {
    if (command.requireSecondFactor === state.requireSecondFactor) return [];
    return [{ type: 'SecuritySettingsChanged', data: { requireSecondFactor: { from: state.requireSecondFactor, to: command.requireSecondFactor } } }];
  },
};
