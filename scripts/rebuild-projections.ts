// `npm run projections:rebuild`: empties the read tables and replays the whole event log into them.
import { loadConfig } from '../api/config';
import { migrate, openDb, eventMigrations } from '../events';
import { allProjectors, projectionMigrations, rebuildProjections } from '../projections';

const config = loadConfig();
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrate(db, [...eventMigrations, ...projectionMigrations]);
const started = Date.now();
const { events } = await rebuildProjections(db, allProjectors);
console.log(`Proyecciones reconstruidas: ${events} eventos en ${Date.now() - started} ms`);
await db.close();
