// `npm run backup -- copia.tar.gz`: one archive with the whole event log and every stored photo of
// the configured database and photo storage (DATA_DIR/uploads, or the GCS bucket), with a manifest
// of SHA-256 sums; `npm run restore` reads it back. On the embedded database the site must be
// stopped (the server's own scheduled copy, BACKUP_DIR, runs while it serves). Photos the log names
// but the storage lacks make it fail and write nothing, unless --aceptar-fotos-faltantes says to write
// the copy anyway, with those photos listed as missing in its manifest.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { blobStoreOf, writeBackup } from '../api/backup/archive';
import { loadConfigOrExit, openExistingDbOrExit } from './lib/configured-db';

const acceptMissing = '--aceptar-fotos-faltantes';
const args = process.argv.slice(2);
const allowMissing = args.includes(acceptMissing);
const [file, ...extra] = args.filter((arg) => arg !== acceptMissing);
if (!file || extra.length || file.startsWith('-')) {
  console.error(`Indique el archivo de la copia: npm run backup -- [${acceptMissing}] copia-$(date +%F).tar.gz`);
  process.exit(1);
}
if (existsSync(file)) {
  console.error(`El archivo ${file} ya existe: elija otro nombre (una copia nunca se escribe encima de otra).`);
  process.exit(1);
}
const config = loadConfigOrExit();
const db = await openExistingDbOrExit(config);
let failed = true;
// Ctrl+C or SIGTERM: the copy stops at once and removes its scratch log and partial archive.
const interrupt = new AbortController();
const onSignal = (name: string) => {
  if (interrupt.signal.aborted) return;
  console.error(`Recibida ${name}: deteniendo la copia…`);
  interrupt.abort(new Error(`copia interrumpida por ${name}`));
};
process.on('SIGINT', () => onSignal('SIGINT'));
process.on('SIGTERM', () => onSignal('SIGTERM'));
try {
  const started = Date.now();
  const counts = await writeBackup({
    db,
    blobs: blobStoreOf(config),
    file: path.resolve(file),
    progress: (message) => console.error(message),
    allowMissing,
    signal: interrupt.signal,
  });
  const megabytes = (counts.bytes / 1024 / 1024).toFixed(1);
  console.error(
    `Copia escrita en ${file} (${megabytes} MB): ${counts.events} eventos, ${counts.uploads} fotos registradas, ` +
      `${counts.blobs} archivos de fotos, en ${((Date.now() - started) / 1000).toFixed(1)} s` +
      (counts.missing
        ? `. Atención: ${counts.missing} archivos de fotos faltaban en el almacenamiento; la copia los anota como ausentes y no podrá devolverlos.`
        : ''),
  );
  failed = false;
} catch (error) {
  console.error(
    interrupt.signal.aborted
      ? `Copia interrumpida por el operador: no se escribió ninguna copia y no quedan archivos temporales.`
      : `No se pudo hacer la copia: ${(error as Error)?.message ?? error}`,
  );
} finally {
  await db.close();
}
process.exit(failed ? 1 : 0);
