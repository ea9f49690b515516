// `npm run events:import < copia.jsonl`: loads an events:export file into the configured database,
// which must be empty. The whole input is read and checked first (kept in a private scratch file);
// only then is it written, with the migrations and the rebuilt read tables, in one transaction. Any
// fault ends with status 1, a Spanish message naming the line, and the database as it was.
import { once } from 'node:events';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LoadOutcomeUnknown, intoEmptyDatabase, refuseNonEmpty } from '../api/backup/empty-target';
import { checkLog, insertLog, linesOf, LogRefused } from '../api/backup/log-file';
import { claimLoadTargetOrExit } from './lib/configured-db';

/** Each chunk of the input, also written to `out` as it passes. */
async function* keptIn(out: WriteStream, chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  for await (const chunk of chunks) {
    if (!out.write(chunk)) await once(out, 'drain');
    yield chunk;
  }
}

const progress = (message: string) => console.error(message);
const target = await claimLoadTargetOrExit();
let failed = true;
let undoable = true;
let scratch: string | null = null;
try {
  // A target that may hold data is asked first: the input may be large. A new embedded one is made
  // only once the input has passed every check.
  if (target.mayHoldData) await refuseNonEmpty(await target.open());
  scratch = await mkdtemp(path.join(os.tmpdir(), 'importacion-'));
  const kept = path.join(scratch, 'registro.jsonl');
  const out = createWriteStream(kept, { mode: 0o600 });
  const summary = await checkLog(linesOf(keptIn(out, process.stdin)), progress);
  out.end();
  await once(out, 'finish');
  progress(`Archivo completo y correcto: ${summary.events} eventos y ${summary.uploads} fotos. Escribiendo…`);
  const db = await target.open();
  const started = Date.now();
  const { value: counts, rebuilt } = await intoEmptyDatabase(db, (tx) => insertLog(tx, linesOf(createReadStream(kept)), progress), summary, progress);
  console.error(`Importados ${counts.events} eventos y ${counts.uploads} fotos; proyecciones reconstruidas (${rebuilt} eventos) en ${Date.now() - started} ms`);
  failed = false;
} catch (error) {
  // After a commit of unknown outcome, nothing this run made may be taken away.
  undoable = !(error instanceof LoadOutcomeUnknown);
  console.error(
    error instanceof LogRefused ? error.message : `No se pudo importar: ${(error as Error)?.message ?? error}. No se escribió nada en la base de datos.`,
  );
} finally {
  await target.close(failed && undoable).catch((error) => console.error(`No se pudo cerrar la base de datos: ${(error as Error).message}`));
  if (scratch) await rm(scratch, { recursive: true, force: true });
}
// The input may still be open (a refusal before its end): it must not keep the process waiting.
process.exit(failed ? 1 : 0);
