// `npm run events:export > copia.jsonl`: the whole event log of the configured database (DATABASE_URL,
// else the embedded one in DATA_DIR, which must not be open in another process) as JSON lines on stdout.
import { once } from 'node:events';
import { exportLog } from './lib/event-log-file';
import { openConfiguredDbOrExit } from './lib/configured-db';

const db = await openConfiguredDbOrExit();
const write = async (line: string) => {
  if (!process.stdout.write(line)) await once(process.stdout, 'drain');
};
const started = Date.now();
const counts = await exportLog(db, write);
await db.close();
// On stderr, so the file on stdout holds the log alone.
console.error(`Exportados ${counts.events} eventos y ${counts.uploads} fotos en ${Date.now() - started} ms`);
