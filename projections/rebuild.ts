// Rebuild: empty the read tables and replay the whole log through the projectors, in one transaction.
import type { Db, Projector } from '../events';
import { readTables } from './projectors';

export async function rebuildProjections(db: Db, projectors: readonly Projector[]): Promise<{ events: number }> {
  let count = 0;
  await db.transaction(async (tx) => {
    await tx.query(`TRUNCATE ${readTables.join(', ')}`);
    let after = 0;
    for (;;) {
      const rows = await tx.query(
        'SELECT position, stream_id, stream_version, type, data, metadata, recorded_at FROM events WHERE position > $1 ORDER BY position LIMIT 1000',
        [after],
      );
      if (rows.length === 0) break;
      for (const row of rows) {
        const event = {
          position: Number(row.position), streamId: row.stream_id, streamVersion: row.stream_version, type: row.type,
          data: row.data, metadata: row.metadata, recordedAt: new Date(row.recorded_at),
        };
        for (const projector of projectors) if (projector.handles.includes(event.type)) await projector.project(tx, event);
        after = event.position;
        count += 1;
      }
    }
  });
  return { events: count };
}
