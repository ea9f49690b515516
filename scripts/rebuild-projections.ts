// `npm run projections:rebuild`: empties the read tables and replays the whole event log into them.
// On the embedded database it runs only while the app is stopped (the DATA_DIR lock says who holds
// it); on PostgreSQL it may run beside live instances: the replay is one transaction that takes the
// read tables' locks, so requests wait for it and then see the rebuilt tables, never half of them.
import { migrate, eventMigrations } from '../events';
import { allProjectors, projectionMigrations, rebuildProjections } from '../projections';
import { openExistingDbOrExit } from './lib/configured-db';

const db = await openExistingDbOrExit();
let failed = true;
try {
  await migrate(db, [...eventMigrations, ...projectionMigrations]);
  const started = Date.now();
  const { events } = await rebuildProjections(db, allProjectors);
  console.log(`Proyecciones reconstruidas: ${events} eventos en ${Date.now() - started} ms`);
  failed = false;
} catch (error) {
  // The replay is one transaction: a failure leaves the read tables as they were.
  console.error(`No se pudieron reconstruir las proyecciones: ${(error as Error)?.message ?? error}. Las tablas de lectura quedan como estaban.`);
} finally {
  await db.close();
}
process.exit(failed ? 1 : 0);
