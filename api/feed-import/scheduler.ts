// Imports every enabled source whose interval has passed. Each instance runs this; the per-source
// advisory lock makes sure only one of them imports a given source at a time.
import { randomUUID } from 'node:crypto';
import { Conflict } from '../../domain';
import type { AppServices } from '../context';
import { importFeedSource } from './importer';

export async function runDueImports(services: AppServices, now = new Date()): Promise<{ sourceId: string; count: number | null; error: string | null }[]> {
  const due = await services.read.feedSources.due(now);
  const results = [];
  for (const source of due) {
    try {
      const { count } = await importFeedSource(services, source.id, { metadata: { actor: null, origin: 'feed-import', requestId: randomUUID() } });
      results.push({ sourceId: source.id, count, error: null });
    } catch (error) {
      // Another instance holds the source (409), or the run failed and recorded its reason on the source.
      results.push({ sourceId: source.id, count: null, error: error instanceof Conflict ? 'en curso' : (error as Error).message });
    }
  }
  return results;
}

export function startFeedScheduler(services: AppServices, everyMs = 60_000): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await runDueImports(services);
    } catch (error) {
      console.error('feed scheduler', error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  setTimeout(tick, 5_000).unref();
  return () => clearInterval(timer);
}
