// Rebuild: empty the read tables and replay the whole log through the projectors, in one transaction.
import { projectInOrder, readEventsAfter, type Db, type Projector } from '../events';
import { readTables } from './projectors';

export async function rebuildProjections(db: Db, projectors: readonly Projector[]): Promise<{ events: number }> {
  let count = 0;
  await db.transaction(async (tx) => {
    await tx.query(`TRUNCATE ${readTables.join(', ')}`);
    let after = 0;
    for (;;) {
      const events = await readEventsAfter(tx, after, 5000);
      if (events.length === 0) break;
      await projectInOrder(tx, projectors, events);
      after = events[events.length - 1].position;
      count += events.length;
    }
  });
  return { events: count };
}
