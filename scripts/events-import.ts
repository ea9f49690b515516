// `npm run events:import < copia.jsonl`: loads an events:export file into the configured database,
// which must be empty. The whole input is read and checked first (kept in a private scratch file);
// only then is it written, with the migrations and the rebuilt read tables, in one transaction. Any
// fault ends with status 1, a Spanish message naming the line, and the database as it was.
import { once } from 'node:events';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { LoadOutcomeUnknown, intoEmptyDatabase, refuseNonEmpty } from '../api/backup/empty-target';
import { checkLog, insertLog, linesOf, LogRefused } from '../api/backup/log-file';
import { scratchFolder } from '../api/backup/scratch';
import { claimLoadTargetOrExit } from './lib/configured-db';

/** Each chunk of the input, also written to `out` as it passes. */
async function* keptIn(out: WriteStream, chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  for await (const chunk of chunks) {
    stopped();
    if (!out.write(chunk)) await once(out, 'drain');
    yield chunk;
  }
  stopped();
}

/** The lines, stopping with the operator's signal (the transaction they are written in is then rolled back). */
async function* untilStopped(lines: AsyncIterable<string>): AsyncGenerator<string> {
  for await (const line of lines) {
    stopped();
    yield line;
  }
}

class ImportInterrupted extends LogRefused {}
// Ctrl+C or SIGTERM: reading the input or writing the log stops, the database is left as it was and the
// scratch copy of the input is removed. A signal that comes once the read tables are being rebuilt
// lets the import finish.
const interrupt = new AbortController();
const stopped = () => {
  if (interrupt.signal.aborted) throw new ImportInterrupted('Importación interrumpida por el operador: no se escribió nada en la base de datos.');
};
const onSignal = (name: string) => {
  if (interrupt.signal.aborted) return;
  console.error(`Recibida ${name}: deteniendo la importación…`);
  interrupt.abort();
  // The input may be waited on: ending it lets the reading loop see the signal.
  process.stdin.destroy();
};
process.on('SIGINT', () => onSignal('SIGINT'));
process.on('SIGTERM', () => onSignal('SIGTERM'));

const progress = (message: string) => console.error(message);
const target = await claimLoadTargetOrExit();
let failed = true;
let undoable = true;
let scratch: string | null = null;
try {
  // A target that may hold data is asked first: the input may be large. A new embedded one is made
  // only once the input has passed every check.
  if (target.mayHoldData) await refuseNonEmpty(await target.open());
  scratch = await scratchFolder('importacion');
  const kept = path.join(scratch, 'registro.jsonl');
  const out = createWriteStream(kept, { mode: 0o600 });
  const summary = await checkLog(linesOf(keptIn(out, process.stdin)), progress).catch((error: unknown) => {
    stopped(); // a read cut by the signal is told as the interruption it is
    throw error;
  });
  out.end();
  await once(out, 'finish');
  progress(`Archivo completo y correcto: ${summary.events} eventos y ${summary.uploads} fotos. Escribiendo…`);
  const db = await target.open();
  const started = Date.now();
  const { value: counts, rebuilt } = await intoEmptyDatabase(
    db,
    (tx) => insertLog(tx, untilStopped(linesOf(createReadStream(kept))), progress),
    summary,
    progress,
  );
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
