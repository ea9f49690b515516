// The weekly summary by e-mail (docs/summary.md). Every instance looks once a minute whether a summary is
// due: on Monday from 7:00, Costa Rica time, until the day ends, for the week that just ended. One
// instance at a time prepares it (a database lock), and its WeeklySummaryDue event lives on a stream
// named by its week, so however many instances try, the week has one event: a second append collides on
// the stream's version and, deciding again, finds the week prepared. The notifications processor mails
// that event once, like every notice. Nobody asked for it yet: nothing is recorded, and a later look on
// the same Monday still sends it to an admin who asks in the meantime.
import { randomUUID } from 'node:crypto';
import { addWeeksToDay, businessTimeOn, weekStartOf } from '../domain';
import { handle, weeklySummary, weeklySummaryStreamId } from '../events';
import type { AppServices } from './context';
import { errorFields } from './log';
import { startPeriodic } from './periodic';

/** The hour of Monday (Costa Rica) from which the summary of the week before is sent. */
const weeklySummaryHour = 7;

/** The week to summarise at `now` (its Monday): the week that just ended, while Monday lasts from 7:00; null otherwise. */
export function dueWeekAt(now: Date): string | null {
  const monday = weekStartOf(now);
  if (now < businessTimeOn(monday, weeklySummaryHour) || now >= businessTimeOn(monday, 24)) return null;
  return addWeeksToDay(monday, -1);
}

export type WeeklySummaryOutcome = 'prepared' | 'already-prepared' | 'nobody' | 'not-due' | 'busy';

export async function prepareWeeklySummary(services: AppServices, now: Date): Promise<WeeklySummaryOutcome> {
  const week = dueWeekAt(now);
  if (!week) return 'not-due';
  const turn = await services.db.tryWithLock('weekly-summary', async (): Promise<WeeklySummaryOutcome> => {
    const streamId = weeklySummaryStreamId(week);
    if ((await services.store.readStream(streamId)).length > 0) return 'already-prepared';
    const recipients = await services.read.summary.weeklyRecipients();
    if (recipients.length === 0) return 'nobody';
    const figures = await services.read.summary.figures(week);
    const metadata = { actor: null, origin: 'system' as const, requestId: randomUUID() };
    const { events } = await handle(services.store, weeklySummary, streamId, { type: 'Prepare', week, at: now, recipients, figures }, metadata, {
      retryOnConflict: true,
    });
    return events.length > 0 ? 'prepared' : 'already-prepared';
  });
  return turn?.value ?? 'busy';
}

export type WeeklySummaryOptions = { now?: () => Date; everyMs?: number };

/** Starts the minute-by-minute look; the answer stops it and waits for a look in progress. */
export function startWeeklySummary(services: AppServices, options: WeeklySummaryOptions = {}): () => Promise<void> {
  const now = options.now ?? (() => new Date());
  const everyMs = options.everyMs ?? 60_000;
  const look = () =>
    prepareWeeklySummary(services, now())
      .then((outcome) => {
        if (outcome === 'prepared') services.log.info({ week: dueWeekAt(now()) }, 'weekly summary prepared');
      })
      .catch((error) => services.log.error(errorFields(error), 'weekly summary failed'));
  return startPeriodic(look, everyMs, Math.min(everyMs, 5_000));
}
