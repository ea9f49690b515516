// The 'Resumen' screen's own events (docs/summary.md): the response target an admin sets (one settings
// stream), and each week's summary by e-mail, prepared once per week on a stream named by its week, so
// two instances preparing it at once collide on the stream's version and only one event is recorded.
import type { SummaryFigures } from '../../domain';
import type { Decider } from '../decider';

/** The one stream of the summary's settings (stream ids are uuids). */
export const summarySettingsStreamId = '00000000-0000-4000-8000-0000005e7a11';

/** A week's summary stream: its Monday's digits in a fixed uuid ('2025-11-03' → …-000020251103). */
export const weeklySummaryStreamId = (week: string) => `00000000-0000-4000-8000-0000${week.replace(/-/g, '')}`;

export type SummarySettingsEvent = { type: 'SummarySettingsChanged'; data: { responseTargetHours: { from: number; to: number } } };
export type SummarySettingsCommand = { type: 'Set'; responseTargetHours: number; current: number };

export const summarySettings: Decider<{ responseTargetHours: number | null }, SummarySettingsCommand, SummarySettingsEvent> = {
  initialState: () => ({ responseTargetHours: null }),
  evolve: (_state, event) => ({ responseTargetHours: event.data.responseTargetHours.to }),
  decide(command, state) {
    // Until an admin sets it, the target in force is the default the command brings.
    const from = state.responseTargetHours ?? command.current;
    if (command.responseTargetHours === from) return [];
    return [{ type: 'SummarySettingsChanged', data: { responseTargetHours: { from, to: command.responseTargetHours } } }];
  },
};

/** An admin the weekly summary goes to, at their notice address. */
export type SummaryRecipient = { userId: string; username: string; email: string };

export type WeeklySummaryEvent = {
  type: 'WeeklySummaryDue';
  /** `week`: the Monday of the last whole week summarised; the figures as they stood when prepared, so a retried mail says the same. */
  data: { week: string; preparedAt: string; recipients: SummaryRecipient[]; figures: SummaryFigures };
};
export type WeeklySummaryCommand = { type: 'Prepare'; week: string; at: Date; recipients: SummaryRecipient[]; figures: SummaryFigures };

export const weeklySummary: Decider<{ prepared: boolean }, WeeklySummaryCommand, WeeklySummaryEvent> = {
  initialState: () => ({ prepared: false }),
  evolve: () => ({ prepared: true }),
  decide(command, state) {
    // Another instance prepared this week's first: nothing more.
    if (state.prepared) return [];
    const { week, at, recipients, figures } = command;
    return [{ type: 'WeeklySummaryDue', data: { week, preparedAt: at.toISOString(), recipients, figures } }];
  },
};
