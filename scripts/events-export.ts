// `npm run events:export > copia.jsonl`: the whole event log of the configured database (DATABASE_URL,
// else the embedded one in DATA_DIR, which must not be open in another process) as JSON lines on
// stdout, ending with the closing line (counts and SHA-256) that events:import requires. The log
// alone: `npm run backup` also copies the photos.
import { once } from 'node:events';
import { exportLog } from '../api/backup/log-file';
import { openExistingDbOrExit } from './lib/configured-db';

const db = await openExistingDbOrExit();
const write = async (line: string) => {
  if (!process.stdout.write(line)) await once(process.stdout, 'drain');
};
const started = Date.now();
let failed = true;
try {
  // Progress and counts on stderr, so the file on stdout holds the log alone.
  const counts = await exportLog(db, write, (message) => console.error(message));
  console.error(`Exportados ${counts.events} eventos y ${counts.uploads} fotos en ${Date.now() - started} ms`);
  failed = false;
} catch (error) {
  // The file has no closing line then: events:import refuses it as truncated.
  console.error(`No se pudo exportar: ${(error as Error)?.message ?? error}. El archivo quedó sin su línea de cierre: no lo use.`);
} finally {
  await db.close();
}
process.exit(failed ? 1 : 0);
