// Reading a backup archive back: the whole archive is checked first (every entry's SHA-256 and size
// against the manifest, the log line by line, a blob for every stored photo), and only then written
// into an empty database and an empty photo store, all or nothing: the database in one transaction,
// and the blobs written during it are removed again if anything fails before the commit.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { Extract } from 'tar-stream';
import type { Db } from '../../events';
import type { BlobStore } from '../storage/blobs';
import { backupFormat, blobEntry, blobsOfLog, logEntry, manifestEntry, type Manifest, type ManifestBlob } from './archive';
import { LoadOutcomeUnknown, intoEmptyDatabase, refuseNonEmpty } from './empty-target';
import { LogCheck, LogRefused, insertLog, linesOf, type LogSummary, type Progress } from './log-file';

class BackupRefused extends LogRefused {}

type ArchiveEntry = { name: string; size: number; body: AsyncIterable<Buffer> };

const damaged = (error: unknown) =>
  error instanceof LogRefused
    ? error
    : new BackupRefused(`La copia está dañada o cortada: no se puede leer hasta el final (${(error as Error)?.message ?? error}).`);

/** The archive's entries in order; `tap` sees every byte of the file as read (its SHA-256). */
async function* entriesOf(file: string, tap: (chunk: Buffer) => void): AsyncGenerator<ArchiveEntry> {
  // Loaded on the first archive read, to keep the server's memory at rest low: most processes never read one.
  const { extract: tarExtract } = await import('tar-stream');
  const extract = tarExtract();
  const source = createReadStream(file);
  const tapped = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      tap(chunk);
      done(null, chunk);
    },
  });
  const reading = pipeline(source, tapped, createGunzip(), extract);
  reading.catch(() => {});
  const entries = extract[Symbol.asyncIterator]();
  try {
    for (;;) {
      let next: Awaited<ReturnType<ReturnType<Extract[typeof Symbol.asyncIterator]>['next']>>;
      try {
        next = await entries.next();
      } catch (error) {
        throw damaged(error);
      }
      if (next.done) break;
      const entry = next.value;
      const body = async function* () {
        try {
          for await (const chunk of entry) yield chunk as Buffer;
        } catch (error) {
          throw damaged(error);
        }
      };
      yield { name: entry.header.name, size: entry.header.size, body: body() };
      // An entry its reader left unread is drained, so the next one can come.
      for await (const _ of entry);
    }
    await reading.catch((error) => {
      throw damaged(error);
    });
  } finally {
    source.destroy();
    await entries.return?.();
  }
}

async function* tapped(chunks: AsyncIterable<Buffer>, tap: (chunk: Buffer) => void): AsyncGenerator<Buffer> {
  for await (const chunk of chunks) {
    tap(chunk);
    yield chunk;
  }
}

async function bytesOf(chunks: AsyncIterable<Buffer>, limit: number, name: string): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of chunks) {
    size += chunk.byteLength;
    if (size > limit) throw new BackupRefused(`La copia no es válida: ${name} es demasiado grande para ser parte de ella.`);
    parts.push(chunk);
  }
  return Buffer.concat(parts);
}

const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const blobKey = new RegExp(`^((photos|pdf)/${uuid}|media/${uuid}/[0-9]{1,5}(x[0-9]{1,5})?\\.(jpg|png|webp|avif))$`);
/** Larger than any stored blob (photos are at most 10 MB) and than any manifest of a real site. */
const maxBlobBytes = 64 * 1024 * 1024;

/** The first `size` bytes of a file (fewer if it is shorter). */
async function headOf(file: string, size: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(size);
    const { bytesRead } = await handle.read(buffer, 0, size, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The first `size` bytes a gzip file holds once decompressed, or null if they cannot be read so. */
async function gunzippedHeadOf(file: string, size: number): Promise<Buffer | null> {
  const parts: Buffer[] = [];
  let length = 0;
  const source = createReadStream(file);
  const gunzip = createGunzip();
  try {
    for await (const chunk of source.pipe(gunzip)) {
      parts.push(chunk as Buffer);
      length += (chunk as Buffer).byteLength;
      if (length >= size) break;
    }
  } catch {
    if (length === 0) return null;
  } finally {
    source.destroy();
    gunzip.destroy();
  }
  return Buffer.concat(parts).subarray(0, size);
}

const isTar = (head: Buffer) => head.subarray(257, 262).toString('latin1') === 'ustar';
const isLogFile = (head: Buffer) => /^\{"kind":"(event|upload|end)"/.test(head.toString('utf8'));

/**
 * Refuses, before anything else, a file that is not a gzipped tar at all: an events:export file
 * (plain or gzipped), a tar left uncompressed, anything else. Its own message says which, and what
 * to do with it, instead of the decompressor's.
 */
async function refuseOtherKinds(file: string): Promise<void> {
  const notOurs = `${file} no es una copia de este sitio hecha con npm run backup (un archivo .tar.gz con log.jsonl, las fotos y manifest.json)`;
  if ((await stat(file)).isDirectory()) throw new BackupRefused(`${file} es una carpeta, no una copia de este sitio.`);
  const head = await headOf(file, 512);
  if (head.byteLength === 0) throw new BackupRefused(`${file} está vacío: no es una copia de este sitio.`);
  const gzipped = head[0] === 0x1f && head[1] === 0x8b;
  const inside = gzipped ? await gunzippedHeadOf(file, 512) : head;
  if (inside && isLogFile(inside))
    throw new BackupRefused(
      `${notOurs}: es un archivo de events:export, solo el registro de eventos, sin fotos. Para cargarlo en una base de datos vacía use ` +
        (gzipped ? `gunzip -c ${file} | npm run events:import` : `npm run events:import < ${file}`) +
        '.',
    );
  if (!gzipped && isTar(head)) throw new BackupRefused(`${notOurs}: es un archivo tar sin comprimir.`);
  if (!gzipped || !inside || !isTar(inside)) throw new BackupRefused(`${notOurs}.`);
}

export type VerifiedBackup = { manifest: Manifest; summary: LogSummary; archiveSha256: string };

/** Reads the whole archive and answers what it holds, or refuses naming what is wrong. Writes nothing. */
export async function verifyBackup(file: string, progress: Progress = () => {}): Promise<VerifiedBackup> {
  await refuseOtherKinds(file);
  const archiveHash = createHash('sha256');
  const refuse = (what: string) => new BackupRefused(`La copia no es válida: ${what}`);
  let summary: LogSummary | null = null;
  let log: { bytes: number; sha256: string } | null = null;
  let manifest: Manifest | null = null;
  let expected = new Map<string, string>();
  const found = new Map<string, { bytes: number; sha256: string }>();
  let reported = 0;
  for await (const entry of entriesOf(file, (chunk) => archiveHash.update(chunk))) {
    if (manifest) throw refuse(`«${entry.name}» sigue al manifiesto (${manifestEntry}), que debe ser lo último.`);
    if (entry.name === logEntry) {
      if (summary || found.size) throw refuse(`${logEntry} debe estar una sola vez y al principio.`);
      const hash = createHash('sha256');
      let bytes = 0;
      const check = new LogCheck();
      try {
        for await (const line of linesOf(tapped(entry.body, (chunk) => (hash.update(chunk), (bytes += chunk.byteLength))))) check.line(line);
        summary = check.finish();
      } catch (error) {
        throw error instanceof LogRefused && !(error instanceof BackupRefused) ? refuse(`en ${logEntry}: ${error.message}`) : error;
      }
      log = { bytes, sha256: hash.digest('hex') };
      expected = new Map(blobsOfLog(summary).map((blob) => [blob.key, blob.contentType]));
      progress(`Registro comprobado: ${summary.events} eventos y ${summary.uploads} fotos registradas.`);
    } else if (entry.name.startsWith('uploads/')) {
      const key = entry.name.slice('uploads/'.length);
      if (!summary) throw refuse(`${entry.name} llega antes que el registro (${logEntry}).`);
      if (!blobKey.test(key)) throw refuse(`«${entry.name}» no es el nombre de una foto guardada.`);
      if (!expected.has(key)) throw refuse(`${entry.name} no corresponde a ninguna foto del registro.`);
      if (found.has(key)) throw refuse(`${entry.name} está dos veces.`);
      const bytes = await bytesOf(entry.body, maxBlobBytes, entry.name);
      found.set(key, { bytes: bytes.byteLength, sha256: sha256Of(bytes) });
      const tenth = Math.floor((found.size * 10) / expected.size);
      if (tenth > reported) {
        reported = tenth;
        progress(`Fotos comprobadas: ${tenth * 10} % (${found.size} de ${expected.size})`);
      }
    } else if (entry.name === manifestEntry) {
      try {
        manifest = JSON.parse((await bytesOf(entry.body, maxBlobBytes, entry.name)).toString('utf8')) as Manifest;
      } catch (error) {
        if (error instanceof LogRefused) throw error;
        throw refuse(`${manifestEntry} no es JSON válido.`);
      }
    } else {
      throw refuse(`contiene «${entry.name}», que no es parte de una copia de este sitio.`);
    }
  }
  if (!summary || !log) throw refuse(`no contiene el registro de eventos (${logEntry}): no es un archivo de npm run backup.`);
  if (!manifest) throw new BackupRefused(`La copia está cortada: termina sin su manifiesto (${manifestEntry}).`);
  if (manifest.format !== backupFormat || manifest.version !== 1)
    throw refuse(`${manifestEntry} no es de una copia de este sitio (formato ${manifest.format} ${manifest.version}).`);
  if (!Array.isArray(manifest.blobs) || !Array.isArray(manifest.missing)) throw refuse(`${manifestEntry} no tiene la lista de fotos.`);
  if (!manifest.log || manifest.log.sha256 !== log.sha256 || manifest.log.bytes !== log.bytes)
    throw refuse(`${logEntry} no coincide con la suma SHA-256 del manifiesto: fue modificado o está dañado.`);
  if (manifest.log.events !== summary.events || manifest.log.uploads !== summary.uploads)
    throw refuse(
      `el manifiesto dice ${manifest.log.events} eventos y ${manifest.log.uploads} fotos; el registro tiene ${summary.events} y ${summary.uploads}.`,
    );
  const listed = new Set<string>();
  for (const blob of manifest.blobs) {
    const entry = found.get(blob.key);
    if (!entry) throw refuse(`falta ${blobEntry(blob.key)}, que el manifiesto incluye.`);
    if (entry.sha256 !== blob.sha256 || entry.bytes !== blob.bytes)
      throw refuse(`${blobEntry(blob.key)} no coincide con su suma SHA-256 del manifiesto: fue modificado o está dañado.`);
    listed.add(blob.key);
  }
  for (const key of found.keys()) if (!listed.has(key)) throw refuse(`${blobEntry(key)} no está en el manifiesto.`);
  for (const key of manifest.missing) {
    if (found.has(key) || !expected.has(key)) throw refuse(`el manifiesto da por ausente ${key}, y no lo está.`);
    listed.add(key);
  }
  for (const key of expected.keys()) if (!listed.has(key)) throw refuse(`falta ${blobEntry(key)}, una foto del registro que el manifiesto no menciona.`);
  return { manifest, summary, archiveSha256: archiveHash.digest('hex') };
}

export type RestoreCounts = { events: number; uploads: number; blobs: number; blobBytes: number; missing: number; rebuilt: number };

export type RestoreOptions = {
  db: Db;
  blobs: BlobStore;
  file: string;
  progress?: Progress;
  /** Aborted (the operator's Ctrl+C, a SIGTERM): the load stops before its commit, and is undone as any failure. */
  signal?: AbortSignal;
};

/** The refusal for a restore stopped by the operator before its commit. */
export class RestoreInterrupted extends LogRefused {}

/** Checks the whole archive, then loads it into the empty database and photo store, all or nothing. */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreCounts> {
  await refuseNonEmpty(options.db);
  (options.progress ?? (() => {}))('Comprobando la copia completa antes de escribir nada…');
  return restoreVerified({ ...options, verified: await verifyBackup(options.file, options.progress) });
}

/** Loads an archive `verifyBackup` has checked (it is read again, and must not have changed since). */
export async function restoreVerified({
  db,
  blobs,
  file,
  verified,
  progress = () => {},
  signal,
}: RestoreOptions & { verified: VerifiedBackup }): Promise<RestoreCounts> {
  const { manifest } = verified;
  // The photo store must hold none of the archive's photos, except byte for byte the archive's own: a
  // restore killed outright (SIGKILL, power cut) before its commit leaves its database empty but the
  // photos it had written, and running it again must work. Those are written again and belong to this
  // run from then on (removed if it fails). Any other file under one of the archive's names is refused.
  let leftover = 0;
  for (const blob of manifest.blobs) {
    const there = await blobs.read(blob.key);
    if (!there) continue;
    if (there.byteLength !== blob.bytes || sha256Of(there) !== blob.sha256)
      throw new BackupRefused(
        `El almacenamiento de fotos de destino ya tiene ${blob.key}, distinto del de la copia: restaure solo en un almacenamiento vacío.`,
      );
    leftover += 1;
  }
  if (leftover)
    progress(`El almacenamiento de fotos ya tiene ${leftover} archivos idénticos a los de la copia (de una restauración interrumpida): se escriben de nuevo.`);
  const stopped = () => {
    if (signal?.aborted) throw new RestoreInterrupted('Restauración interrumpida por el operador antes de confirmarse.');
  };
  progress(`Copia íntegra. Escribiendo ${manifest.log.events} eventos y ${manifest.blobs.length} archivos de fotos…`);
  const byKey = new Map<string, ManifestBlob>(manifest.blobs.map((blob) => [blob.key, blob]));
  const written: string[] = [];
  let blobBytes = 0;
  try {
    const { rebuilt } = await intoEmptyDatabase(
      db,
      async (tx) => {
        const archiveHash = createHash('sha256');
        let reported = 0;
        for await (const entry of entriesOf(file, (chunk) => archiveHash.update(chunk))) {
          stopped();
          if (entry.name === logEntry) {
            await insertLog(tx, linesOf(entry.body), (message) => (stopped(), progress(message)));
          } else if (entry.name.startsWith('uploads/')) {
            const blob = byKey.get(entry.name.slice('uploads/'.length));
            const bytes = await bytesOf(entry.body, maxBlobBytes, entry.name);
            if (!blob || sha256Of(bytes) !== blob.sha256)
              throw new BackupRefused(`La copia cambió mientras se restauraba (${entry.name}): no se escribió nada.`);
            await blobs.write(blob.key, bytes, blob.contentType);
            written.push(blob.key);
            blobBytes += bytes.byteLength;
            const tenth = Math.floor((written.length * 10) / byKey.size);
            if (tenth > reported) {
              reported = tenth;
              progress(`Fotos escritas: ${tenth * 10} % (${written.length} de ${byKey.size})`);
            }
          }
        }
        if (archiveHash.digest('hex') !== verified.archiveSha256) throw new BackupRefused('La copia cambió mientras se restauraba: no se escribió nada.');
        stopped();
      },
      verified.summary,
      progress,
    );
    return { events: manifest.log.events, uploads: manifest.log.uploads, blobs: written.length, blobBytes, missing: manifest.missing.length, rebuilt };
  } catch (error) {
    // A commit that may have happened leaves every photo in place: removing them could strip a restored site.
    if (error instanceof LoadOutcomeUnknown) throw error;
    const leftovers: string[] = [];
    if (written.length) progress(`Quitando los ${written.length} archivos de fotos ya escritos…`);
    for (const key of written) await blobs.remove(key).catch(() => leftovers.push(key));
    if (leftovers.length && error instanceof Error) error.message += ` No se pudieron quitar estos archivos de fotos ya escritos: ${leftovers.join(', ')}.`;
    throw error;
  }
}
