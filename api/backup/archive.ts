// A whole backup in one file: a gzipped tar holding the event log (log.jsonl, the events:export
// format), every stored photo blob (uploads/photos/{id}, uploads/pdf/{id}) and every file of the media
// library (uploads/media/{id}/{file}, named by the log's events), and last a manifest with
// the SHA-256 and size of each, and the counts. Written through the BlobStore abstraction, so it
// reads the local folder or the Cloud Storage bucket alike; used by `npm run backup` (with its own
// database) and by the server's scheduled copy (with the server's open database: an embedded one
// belongs to a single process).
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { Pack } from 'tar-stream';
import type { Db } from '../../events';
import type { Config } from '../config';
import { localBlobStore, type BlobStore } from '../storage/blobs';
import { gcsBlobStore, gcsBucket } from '../storage/gcs';
import { exportLog, type LogSummary, type Progress } from './log-file';
import { removeStalePartials, scratchFolder, untilAborted } from './scratch';

export const backupFormat = 'contraespionaje-cr-backup';
export const logEntry = 'log.jsonl';
export const manifestEntry = 'manifest.json';
/** The archive name of a blob: its store key under uploads/. */
export const blobEntry = (key: string) => `uploads/${key}`;

export type ManifestBlob = { key: string; contentType: string; bytes: number; sha256: string };
export type Manifest = {
  format: typeof backupFormat;
  version: 1;
  createdAt: string;
  log: { bytes: number; sha256: string; events: number; uploads: number; lastPosition: number };
  blobs: ManifestBlob[];
  /** Blobs the log names that the store no longer had when the copy was made (the copy says so rather than failing). */
  missing: string[];
};

export type BackupCounts = {
  events: number;
  uploads: number;
  blobs: number;
  blobBytes: number;
  missing: number;
  /** The store keys of the photos that were missing (listed in the manifest). */
  missingKeys: string[];
  bytes: number;
};

/** The store the configuration names, as the app's photo storage builds it. */
export function blobStoreOf(config: Config): BlobStore {
  if (config.storageDriver === 'gcs' && config.gcsBucket) return gcsBlobStore(gcsBucket(config.gcsBucket));
  return localBlobStore(path.join(config.dataDir, 'uploads'));
}

/** The two blobs of each stored photo: the cleaned photo and its reduced copy for the PDF. */
const blobsOfUpload = (upload: { id: string; contentType: string }) => [
  { key: `photos/${upload.id}`, contentType: upload.contentType },
  { key: `pdf/${upload.id}`, contentType: 'image/jpeg' },
];

/** Every blob a log's backup holds: each stored photo's two, and each file of the media library's images. */
export const blobsOfLog = (summary: Pick<LogSummary, 'storedUploads' | 'mediaBlobs'>) => [
  ...summary.storedUploads.flatMap(blobsOfUpload),
  ...summary.mediaBlobs,
];

const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

function addEntry(pack: Pack, name: string, size: number, body: Buffer | NodeJS.ReadableStream): Promise<void> {
  return new Promise((resolve, reject) => {
    const header = { name, size, mode: 0o600, mtime: new Date() };
    if (Buffer.isBuffer(body)) {
      pack.entry(header, body, (error) => (error ? reject(error) : resolve()));
      return;
    }
    const entry = pack.entry(header, (error) => (error ? reject(error) : resolve()));
    pipeline(body, entry).catch(reject);
  });
}

export type WriteBackupOptions = {
  db: Db;
  blobs: BlobStore;
  /** The archive to write: made under a temporary name beside it, synced, then renamed. */
  file: string;
  progress?: Progress;
  /** Aborting stops the copy between two pieces; nothing is left behind. */
  signal?: AbortSignal;
  /**
   * Whether a copy may be written when photos the log names are missing from the storage (listed as
   * `missing` in its manifest). Without it such a copy is refused: it could not give those photos back.
   */
  allowMissing?: boolean;
};

/** Photos the log names are missing from the storage: no copy was written. */
class PhotosMissing extends Error {
  constructor(
    readonly keys: string[],
    total: number,
  ) {
    const shown = keys.slice(0, 10).join(', ') + (keys.length > 10 ? ` y ${keys.length - 10} más` : '');
    super(
      `Faltan ${keys.length} de los ${total} archivos de fotos que nombra el registro en el almacenamiento de fotos (${shown}): ` +
        'una copia sin ellos no podría devolverlos al restaurar, así que no se escribió ninguna copia. ' +
        'Busque esos archivos (DATA_DIR/uploads, o el bucket con STORAGE_DRIVER=gcs) y repita la copia; si se perdieron para siempre, ' +
        'npm run backup -- --aceptar-fotos-faltantes <archivo> escribe la copia y los anota como ausentes en su manifiesto.',
    );
    this.name = 'PhotosMissing';
  }
}

export async function writeBackup({ db, blobs, file, progress = () => {}, signal, allowMissing = false }: WriteBackupOptions): Promise<BackupCounts> {
  // The log goes to a private scratch folder first: a tar entry needs its size before its bytes, and
  // the database snapshot is held only while the log is read, not while photos are copied.
  // Stopped by its signal at any wait, the copy removes its scratch log and partial archive on its way out.
  const scratch = await scratchFolder('copia');
  const partial = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    await removeStalePartials(path.dirname(file));
    const logFile = path.join(scratch, logEntry);
    const logOut = createWriteStream(logFile, { mode: 0o600 });
    const logWritten = new Promise<void>((resolve, reject) => {
      logOut.on('finish', resolve);
      logOut.on('error', reject);
    });
    const logHash = createHash('sha256');
    progress('Copiando el registro de eventos…');
    const summary = await exportLog(
      db,
      async (line) => {
        signal?.throwIfAborted();
        logHash.update(line);
        if (!logOut.write(line)) await new Promise((resolve) => logOut.once('drain', resolve));
      },
      progress,
    );
    logOut.end();
    await logWritten;
    signal?.throwIfAborted();
    const logBytes = (await stat(logFile)).size;

    // Loaded on the first copy, to keep the server's memory at rest low: most processes never write one.
    const { pack: tarPack } = await import('tar-stream');
    const pack = tarPack();
    const written = pipeline(pack, createGzip(), createWriteStream(partial, { mode: 0o600, flags: 'wx' }));
    written.catch(() => {});
    try {
      await addEntry(pack, logEntry, logBytes, createReadStream(logFile));
      const wanted = blobsOfLog(summary);
      const manifestBlobs: ManifestBlob[] = [];
      const missing: string[] = [];
      let blobBytes = 0;
      let reported = 0;
      progress(`Registro: ${summary.events} eventos y ${summary.uploads} fotos registradas. Copiando ${wanted.length} archivos de fotos…`);
      for (const [index, blob] of wanted.entries()) {
        signal?.throwIfAborted();
        const bytes = await untilAborted(blobs.read(blob.key), signal);
        if (!bytes) {
          missing.push(blob.key);
          progress(
            allowMissing
              ? `Aviso: falta ${blob.key} en el almacenamiento de fotos; la copia lo anota como ausente.`
              : `Falta ${blob.key} en el almacenamiento de fotos.`,
          );
        } else if (allowMissing || missing.length === 0) {
          // Once one is missing (and that is not allowed) the copy will be refused: the rest are only
          // looked for, to name every one missing.
          await addEntry(pack, blobEntry(blob.key), bytes.byteLength, bytes);
          manifestBlobs.push({ ...blob, bytes: bytes.byteLength, sha256: sha256Of(bytes) });
          blobBytes += bytes.byteLength;
        }
        const tenth = Math.floor(((index + 1) * 10) / wanted.length);
        if (tenth > reported) {
          reported = tenth;
          progress(`Fotos: ${tenth * 10} % (${index + 1} de ${wanted.length})`);
        }
      }
      if (missing.length && !allowMissing) throw new PhotosMissing(missing, wanted.length);
      const manifest: Manifest = {
        format: backupFormat,
        version: 1,
        createdAt: new Date().toISOString(),
        log: { bytes: logBytes, sha256: logHash.digest('hex'), events: summary.events, uploads: summary.uploads, lastPosition: summary.lastPosition },
        blobs: manifestBlobs,
        missing,
      };
      const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 1));
      await addEntry(pack, manifestEntry, manifestBytes.byteLength, manifestBytes);
      pack.finalize();
      await written;
      const counts = {
        events: summary.events,
        uploads: summary.uploads,
        blobs: manifestBlobs.length,
        blobBytes,
        missing: missing.length,
        missingKeys: missing,
      };
      // On disk before it takes its name: a power cut never leaves a named copy half-written.
      const handle = await open(partial, 'r');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      const bytes = (await stat(partial)).size;
      await rename(partial, file);
      return { ...counts, bytes };
    } catch (error) {
      pack.destroy(error as Error);
      await written.catch(() => {});
      throw error;
    }
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
