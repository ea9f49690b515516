// Scheduled articles go public at their time without any request: an exclusive processor (one instance
// at a time, docs/subscriptions-and-notifications.md) whose tick publishes every scheduled article that
// is due, then sleeps until the next one (the poll at the latest). Every article write wakes it, so a
// newly scheduled or moved article re-arms the timer; a restart runs the tick at once, so an article
// that fell due while no instance ran is published then. Exactly once: only the lock holder ticks, and
// the decider publishes only an article still scheduled for now or earlier, at the version it read.
import { randomUUID } from 'node:crypto';
import { eventTypes, handle, newsArticle, type EventStore, type ExclusiveProcessor } from '../events';
import type { ReadModels } from '../projections';

/** After a failed publication, the next try (another write or the poll may come sooner). */
const retryAfterFailureMs = 5_000;
/** Articles published per tick; more due than this, the next tick comes at once. */
const dueBatch = 100;

export function newsScheduler(store: EventStore, read: ReadModels, log: (line: string) => void, now: () => Date = () => new Date()): ExclusiveProcessor {
  return {
    name: 'news-schedule',
    handles: [],
    wakesOn: eventTypes.newsArticle,
    // Each tick reads the schedule, and every article write (an editor's autosave too) wakes it: writes
    // within half a second share one tick, so a newly scheduled time is armed at most that long after its write.
    wakeGatherMs: 500,
    handle: async () => {},
    async tick() {
      const at = now();
      // The soonest scheduled articles, in one query (every article write wakes this): those due are
      // published, and the first not yet due says when to look again.
      const soonest = await read.news.soonestScheduled(dueBatch + 1);
      const due = soonest.filter((article) => article.at.getTime() <= at.getTime());
      let failed = false;
      for (const { id } of due.slice(0, dueBatch)) {
        try {
          await handle(
            store,
            newsArticle,
            id,
            { type: 'PublishDue', now: at.toISOString() },
            { actor: null, origin: 'system', requestId: randomUUID() },
            // Another writer meanwhile (an edit, a move to later): decide again on what it left.
            { retryOnConflict: true },
          );
        } catch (error) {
          failed = true;
          log(`[news-schedule] ${id}: ${(error as Error).message}`);
        }
      }
      if (failed) return retryAfterFailureMs;
      if (due.length > dueBatch) return 0;
      const next = soonest[due.length];
      return next ? Math.max(0, next.at.getTime() - now().getTime()) : null;
    },
  };
}
