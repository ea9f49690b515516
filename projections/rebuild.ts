// Rebuild: empty the read tables and replay the whole log through the projectors, in one transaction;
// and the same replay after an upgrade whose migrations add or change read tables.
import { migrate, projectInOrder, readEventsAfter, type Db, type Projector, type Sql, type StoredEvent } from '../events';
import { readTables } from './projectors';

/**
 * Events per batch. A rebuild of 100,000 articles (docs/search-and-page-cache.md) took 15.5 s in batches
 * of 5,000 and 14.3 s in batches of 2,000: the database's statement over a smaller batch spills less.
 */
const batchSize = 2000;

export async function rebuildProjections(db: Db, projectors: readonly Projector[]): Promise<{ events: number }> {
  return db.transaction((tx) => replayLog(tx, projectors));
}

/** Empties the read tables and replays the log through the projectors, inside the caller's transaction. */
async function replayLog(tx: Sql, projectors: readonly Projector[]): Promise<{ events: number }> {
  let count = 0;
  await tx.query(`TRUNCATE ${readTables.join(', ')}`);
  for (const projector of projectors) await projector.rebuild?.before(tx);
  let events = await readEventsAfter(tx, 0, batchSize);
  while (events.length > 0) {
    // The next batch is asked for before this one's projection is sent: the database reads it first, and
    // this process takes its rows in while the database runs the projection's statements, instead of
    // each waiting for the other (13.3 s against 14.3 for the rebuild above). Only the log is read ahead,
    // and the projections never write it.
    const next: Promise<StoredEvent[]> = readEventsAfter(tx, events[events.length - 1].position, batchSize);
    // A failed projection fails the transaction and this read with it; the projection's error is the one thrown.
    next.catch(() => {});
    await projectInOrder(tx, projectors, events);
    count += events.length;
    events = await next;
  }
  for (const projector of projectors) await projector.rebuild?.after(tx);
  return { events: count };
}

/** A migration of the read tables (as `migrate` names it), as opposed to the log's or the app's own. */
const readTableMigration = (name: string) => name.startsWith('projections/migrations/');

type UpgradeRebuild = { migrations: readonly string[]; events: number; ms: number };
type UpgradeReport = { starting?(migrations: readonly string[]): void; done?(rebuild: UpgradeRebuild): void };

/**
 * Applies the migrations; when one of them is a read-table migration and the log already holds events,
 * the read tables are rebuilt from the log in the same transaction, under the migrations' lock. A table
 * an upgrade adds is then filled from the events written before it, before anything reads it; instances
 * starting together wait on the lock and find both done; a rebuild that fails takes its migration back
 * with it, so the next start tries again. A fresh database (empty log) has nothing to replay.
 * `report` hears when a rebuild starts (it may take a while on a large log) and when it has ended.
 */
export async function migrateAndRebuildIfNeeded(
  db: Db,
  files: string[],
  projectors: readonly Projector[],
  report: UpgradeReport = {},
): Promise<UpgradeRebuild | null> {
  let rebuilt: UpgradeRebuild | null = null;
  await migrate(db, files, {
    async afterApplied(tx, applied) {
      const migrations = applied.filter(readTableMigration);
      if (migrations.length === 0) return;
      const [{ found }] = await tx.query<{ found: boolean }>('SELECT EXISTS (SELECT 1 FROM events) AS found');
      if (!found) return;
      report.starting?.(migrations);
      // A replay has no per-statement limit, as `npm run projections:rebuild` has none.
      if (db.kind === 'postgres') await tx.query('SET LOCAL statement_timeout = 0');
      const started = Date.now();
      const { events } = await replayLog(tx, projectors);
      rebuilt = { migrations, events, ms: Date.now() - started };
      report.done?.(rebuilt);
    },
  });
  return rebuilt;
}
