// Imports every enabled source whose interval has passed. Each instance runs this; the per-source
// advisory lock makes sure only one of them imports a given source at a time.
import { randomUUID } from 'node:crypto';
import type { AppServices } from '../context';
import { ImportInProgress, importIfDue } from './importer';
import { errorFields } from '../log';
import { startPeriodic } from '../periodic';

/**
 * What became of one due source: `imported` (count new articles), `failed` (the reason is also on
 * the source card), `busy` (another run holds it) or `not-due` (another instance imported it first).
 */
export type ScheduledImport = { sourceId: string; outcome: 'imported' | 'failed' | 'busy' | 'not-due'; count: number; error: string | null };

export async function runDueImports(services: AppServices, now = new Date()): Promise<ScheduledImport[]> {
  const due = await services.read.feedSources.due(now);
  const results: ScheduledImport[] = [];
  for (const source of due) {
    const metadata = { actor: null, origin: 'feed-import' as const, requestId: randomUUID() };
    try {
      const result = await importIfDue(services, source.id, now, { metadata });
      results.push(
        result === 'not-due'
          ? { sourceId: source.id, outcome: 'not-due', count: 0, error: null }
          : { sourceId: source.id, outcome: 'imported', count: result.count, error: null },
      );
    } catch (error) {
      results.push(
        error instanceof ImportInProgress
          ? { sourceId: source.id, outcome: 'busy', count: 0, error: null }
          : { sourceId: source.id, outcome: 'failed', count: 0, error: (error as Error).message },
      );
    }
  }
  return results;
}

/** Starts the periodic imports; the answer stops them and resolves once a run in progress has ended. */
export function startFeedScheduler(services: AppServices, everyMs = 60_000): () => Promise<void> {
  const look = () =>
    runDueImports(services)
      .then(() => {})
      .catch((error) => services.log.error(errorFields(error), 'feed scheduler failed'));
  return startPeriodic(look, everyMs, 5_000);
}
