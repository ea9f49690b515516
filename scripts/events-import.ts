// `npm run events:import < copia.jsonl`: loads an events:export file into the configured database,
// which must hold no events yet, then rebuilds every read table from it.
import { createInterface } from 'node:readline';
import { allMigrations } from '../api/app';
import { migrate } from '../events';
import { allProjectors, rebuildProjections } from '../projections';
import { importLog, ImportRefused } from './lib/event-log-file';
import { openConfiguredDbOrExit } from './lib/configured-db';

// The line iterator is made at once: readline's iterator misses lines and the end of the input that
// pass before it exists, and a short input ends while the migrations run (the import then waits forever).
const iterator = createInterface({ input: process.stdin, crlfDelay: Infinity })[Symbol.asyncIterator]();
const lines: AsyncIterable<string> = { [Symbol.asyncIterator]: () => iterator };
const db = await openConfiguredDbOrExit();
try {
  await migrate(db, allMigrations);
  const started = Date.now();
  const counts = await importLog(db, lines);
  const { events } = await rebuildProjections(db, allProjectors);
  console.error(`Importados ${counts.events} eventos y ${counts.uploads} fotos; proyecciones reconstruidas (${events} eventos) en ${Date.now() - started} ms`);
} catch (error) {
  console.error(error instanceof ImportRefused ? error.message : `No se pudo importar: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await db.close();
}
