// `npm run restore -- copia.tar.gz`: puts an `npm run backup` archive back into the configured
// database and photo storage, which must both be empty. The whole archive is checked first (every
// SHA-256, the log line by line); then everything is written or nothing is: one transaction for the
// database, and the photos it wrote are removed again if anything fails before the commit.
import { existsSync } from 'node:fs';
import { blobStoreOf } from '../api/backup/archive';
import { LoadOutcomeUnknown, refuseNonEmpty } from '../api/backup/empty-target';
import { LogRefused } from '../api/backup/log-file';
import { RestoreInterrupted, restoreVerified, verifyBackup } from '../api/backup/restore';
import { claimLoadTargetOrExit } from './lib/configured-db';

const file = process.argv[2];
if (!file) {
  console.error('Indique el archivo de la copia: npm run restore -- copia.tar.gz');
  process.exit(1);
}
if (!existsSync(file)) {
  console.error(`No existe el archivo ${file}.`);
  process.exit(1);
}
const progress = (message: string) => console.error(message);
const target = await claimLoadTargetOrExit();
let failed = true;
let undoable = true;
// Ctrl+C or SIGTERM while it writes: it stops before the commit, rolls the database back and removes
// the photos it wrote, as for any failure, then ends. A second signal is not needed and changes nothing.
const interrupt = new AbortController();
const onSignal = (name: string) => {
  if (interrupt.signal.aborted) return;
  progress(`Recibida ${name}: deteniendo la restauración y deshaciendo lo escrito…`);
  interrupt.abort();
};
process.on('SIGINT', () => onSignal('SIGINT'));
process.on('SIGTERM', () => onSignal('SIGTERM'));
try {
  const started = Date.now();
  // A target that may hold data is asked first; a new embedded one is made only for a sound archive.
  if (target.mayHoldData) await refuseNonEmpty(await target.open());
  progress('Comprobando la copia completa antes de escribir nada…');
  const verified = await verifyBackup(file, progress);
  if (interrupt.signal.aborted) throw new LogRefused('Restauración interrumpida por el operador: no se escribió nada.');
  const db = await target.open();
  const counts = await restoreVerified({ db, blobs: blobStoreOf(target.config), file, verified, progress, signal: interrupt.signal });
  console.error(
    `Restaurados ${counts.events} eventos, ${counts.uploads} fotos registradas y ${counts.blobs} archivos de fotos; ` +
      `proyecciones reconstruidas (${counts.rebuilt} eventos) en ${((Date.now() - started) / 1000).toFixed(1)} s` +
      (counts.missing ? `. La copia anotaba ${counts.missing} archivos de fotos ausentes en el origen.` : ''),
  );
  failed = false;
} catch (error) {
  // After a commit of unknown outcome, nothing this run made may be taken away.
  undoable = !(error instanceof LoadOutcomeUnknown);
  console.error(
    error instanceof LogRefused
      ? error.message + (error instanceof RestoreInterrupted ? ' No quedó nada escrito en el destino.' : '')
      : `No se pudo restaurar: ${(error as Error)?.message ?? error}. No quedó nada escrito en el destino.`,
  );
} finally {
  await target.close(failed && undoable).catch((error) => console.error(`No se pudo cerrar la base de datos: ${(error as Error).message}`));
}
process.exit(failed ? 1 : 0);
