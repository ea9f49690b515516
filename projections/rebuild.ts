// Rebuild: empty the read tables and replay the whole log through the projectors, in one transaction.
import { readEventsAfter, type Db, type Projector } from '../events';
import { readTables } from './projectors';

export async function rebuildProjections(db: Db, projectors: readonly Projector[]): Promise<{ events: number }> {
  let count = 0;
  await db.transaction(async (tx) => {
    await tx.query(`TRUNCATE ${readTables.join(', ')}`);
    let after = 0;
    for (;;) {
      const events = await readEventsAfter(tx, after, 1000);
      if (events.length === 0) break;
      for (const event of events) {
        for (const projector of projectors) if (projector.handles.includes(event.type)) await projector.project(tx, event);
        after = event.position;
        count += 1;
      }
    }
  });
  return { events: count };
}
