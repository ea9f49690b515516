// The event log as JSON lines, to back it up or move it between databases. One line per event, in
// log order, with its exact position, stream version, time (microseconds) and payloads; then one line
// per photo upload (plain state, not events, but the photo links in the log point at them); last, a
// closing line with the counts and the SHA-256 of every line before it. A file without that closing
// line is refused as truncated: a copy cut short must never pass for a whole one. The media library's
// files are named by its events (MediaUploaded, until a MediaDeleted), so the log alone says which a
// full backup holds.
import { createHash } from 'node:crypto';
import { StringDecoder } from 'node:string_decoder';
import { mediaFilePattern } from '../../domain';
import { instantOfIsoDateTime } from '../../domain/iso-date-time';
import { aggregateOf, mediaBlobKeys, utcMicroseconds, type Db, type MediaUploadedData, type Sql } from '../../events';

export type EventLine = {
  kind: 'event';
  position: number;
  streamId: string;
  streamVersion: number;
  type: string;
  recordedAt: string;
  data: unknown;
  metadata: unknown;
};
export type UploadLine = {
  kind: 'upload';
  id: string;
  createdAt: string;
  expiresAt: string;
  claimedAt: string | null;
  storedAt: string | null;
  contentType: string | null;
  sizeBytes: number | null;
};
/** The format of the log file this version writes and reads, named by its closing line. */
const logFormat = 1;
type EndLine = { kind: 'end'; format: typeof logFormat; events: number; uploads: number; sha256: string };
export type LogLine = EventLine | UploadLine;

/** What a whole, checked log holds. */
export type LogSummary = {
  events: number;
  uploads: number;
  lastPosition: number;
  sha256: string;
  /** Uploads whose photo was stored: their blobs belong in a full backup. */
  storedUploads: { id: string; contentType: string }[];
  /** The files of the media library's images that were not deleted: they belong in a full backup too. */
  mediaBlobs: { key: string; contentType: string }[];
};

/** The media library's files as the log names them: each image's files from its upload until its deletion. */
class MediaFiles {
  private readonly byImage = new Map<string, { key: string; contentType: string }[]>();

  /** Follows one event; answers false for an upload that does not name its files properly. */
  see(type: string, streamId: string, data: unknown): boolean {
    const id = streamId.toLowerCase();
    if (type === 'MediaDeleted') this.byImage.delete(id);
    if (type !== 'MediaUploaded') return true;
    const upload = data as Partial<MediaUploadedData> | null;
    const files = upload?.original && Array.isArray(upload.variants) ? [upload.original, ...upload.variants] : [];
    if (files.length === 0 || !files.every((file) => typeof file?.file === 'string' && mediaFilePattern.test(file.file) && typeof file.type === 'string'))
      return false;
    this.byImage.set(id, mediaBlobKeys(id, upload as MediaUploadedData));
    return true;
  }

  get blobs() {
    return [...this.byImage.values()].flat();
  }
}

/** A refusal whose message (Spanish, naming the line) is all the operator needs. */
export class LogRefused extends Error {}

export type Progress = (message: string) => void;
const progressEvery = 10_000;

/**
 * Writes the whole log to `write` (which may wait, for backpressure), closing line included. It is
 * read in one read-only snapshot, so an append or an erasure during the export is either wholly in
 * the copy or wholly out of it. On PGlite that transaction holds the database for its length.
 */
export async function exportLog(db: Db, write: (line: string) => Promise<void>, progress: Progress = () => {}): Promise<LogSummary> {
  const hash = createHash('sha256');
  const emit = async (line: string) => {
    hash.update(line);
    await write(line);
  };
  return db.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    let after = 0;
    let events = 0;
    const media = new MediaFiles();
    for (;;) {
      type Row = {
        position: string | number;
        stream_id: string;
        stream_version: string | number;
        type: string;
        recorded_at: string;
        data: string;
        metadata: string;
      };
      const rows = await tx.query<Row>(
        `SELECT position, stream_id, stream_version, type, ${utcMicroseconds('recorded_at')} AS recorded_at, data::text AS data, metadata::text AS metadata
         FROM events WHERE position > $1 ORDER BY position LIMIT 1000`,
        [after],
      );
      if (rows.length === 0) break;
      for (const row of rows) {
        const line: EventLine = {
          kind: 'event',
          position: Number(row.position),
          streamId: row.stream_id,
          streamVersion: Number(row.stream_version),
          type: row.type,
          recordedAt: row.recorded_at,
          data: JSON.parse(row.data),
          metadata: JSON.parse(row.metadata),
        };
        await emit(JSON.stringify(line) + '\n');
        media.see(line.type, line.streamId, line.data);
        after = line.position;
        events += 1;
        if (events % progressEvery === 0) progress(`Registro: ${events} eventos copiados…`);
      }
    }
    type UploadRow = {
      id: string;
      created_at: string;
      expires_at: string;
      claimed_at: string | null;
      stored_at: string | null;
      content_type: string | null;
      size_bytes: string | number | null;
    };
    const uploads = await tx.query<UploadRow>(
      `SELECT id, ${utcMicroseconds('created_at')} AS created_at, ${utcMicroseconds('expires_at')} AS expires_at, ${utcMicroseconds('claimed_at')} AS claimed_at,
              ${utcMicroseconds('stored_at')} AS stored_at, content_type, size_bytes FROM uploads ORDER BY created_at, id`,
    );
    const storedUploads: LogSummary['storedUploads'] = [];
    for (const row of uploads) {
      const line: UploadLine = {
        kind: 'upload',
        id: row.id,
        createdAt: row.created_at,
        expiresAt: row.expires_at,
        claimedAt: row.claimed_at,
        storedAt: row.stored_at,
        contentType: row.content_type,
        sizeBytes: row.size_bytes === null ? null : Number(row.size_bytes),
      };
      await emit(JSON.stringify(line) + '\n');
      if (line.storedAt) storedUploads.push({ id: line.id, contentType: line.contentType ?? 'application/octet-stream' });
    }
    const sha256 = hash.digest('hex');
    const end: EndLine = { kind: 'end', format: logFormat, events, uploads: uploads.length, sha256 };
    await write(JSON.stringify(end) + '\n');
    return { events, uploads: uploads.length, lastPosition: after, sha256, storedUploads, mediaBlobs: media.blobs };
  });
}

/**
 * The text of each line of a byte stream ('\n' or '\r\n'), the last one even without its newline.
 * Each chunk is searched once, and a line that spans many chunks is joined once: a line of many
 * megabytes costs its length, not its length times the number of its chunks.
 */
export async function* linesOf(chunks: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  // The pieces of the line not yet ended, from earlier chunks.
  let pending: string[] = [];
  const line = (last: string) => {
    const text = pending.length ? pending.join('') + last : last;
    pending = [];
    return text.endsWith('\r') ? text.slice(0, -1) : text;
  };
  for await (const chunk of chunks) {
    const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
    let start = 0;
    let newline = text.indexOf('\n');
    while (newline !== -1) {
      yield line(text.slice(start, newline));
      start = newline + 1;
      newline = text.indexOf('\n', start);
    }
    if (start < text.length) pending.push(text.slice(start));
  }
  const rest = decoder.end();
  if (rest) pending.push(rest);
  if (pending.length) yield line('');
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
/** A real ISO date-time: an impossible one (30 February, 24:00) is refused here, naming its line, not rolled over. */
const isTime = (value: unknown) => typeof value === 'string' && instantOfIsoDateTime(value) !== null;
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/**
 * Checks a log line by line, as it is read: every line parses; each stream's versions run 1, 2, 3…;
 * positions rise; event types are in the catalogue; the closing line's counts and SHA-256 match.
 * `line()` answers the parsed line (null for the closing line); `finish()` the summary, or refuses.
 */
export class LogCheck {
  private lineNumber = 0;
  private readonly hash = createHash('sha256');
  private readonly streams = new Map<string, { version: number; aggregate: string }>();
  private readonly uploadIds = new Set<string>();
  private readonly storedUploads: LogSummary['storedUploads'] = [];
  private readonly media = new MediaFiles();
  private lastPosition = 0;
  private events = 0;
  private uploads = 0;
  private endLine = 0;
  private summary: LogSummary | null = null;

  line(text: string): LogLine | null {
    const n = ++this.lineNumber;
    const refuse = (what: string) => new LogRefused(`La línea ${n} ${what}`);
    if (this.endLine) {
      if (text.trim() === '') return null;
      throw refuse(`sigue a la línea de cierre (línea ${this.endLine}): el archivo tiene contenido de más.`);
    }
    if (text.trim() === '') throw refuse('está vacía: el archivo está dañado.');
    let line: unknown;
    try {
      line = JSON.parse(text);
    } catch {
      throw refuse('no es JSON válido: el archivo está dañado o cortado.');
    }
    if (!isObject(line)) throw refuse('no es un evento, una foto ni el cierre del archivo: ¿es un archivo de events:export?');
    if (line.kind === 'end') {
      this.close(line, n);
      return null;
    }
    this.hash.update(text + '\n');
    if (line.kind === 'event') return this.event(line, refuse);
    if (line.kind === 'upload') return this.upload(line, refuse);
    throw refuse('no es un evento, una foto ni el cierre del archivo: ¿es un archivo de events:export?');
  }

  private event(line: Record<string, unknown>, refuse: (what: string) => LogRefused): EventLine {
    const { position, streamId, streamVersion, type } = line;
    if (typeof streamId !== 'string' || !uuid.test(streamId)) throw refuse('no tiene el identificador de su flujo (streamId) o no es un UUID.');
    if (!Number.isSafeInteger(position) || (position as number) <= 0) throw refuse('no tiene una posición válida (un entero positivo).');
    if ((position as number) <= this.lastPosition)
      throw refuse(`tiene la posición ${position}, que no es mayor que la anterior (${this.lastPosition}): el archivo está desordenado.`);
    if (typeof type !== 'string' || !type) throw refuse('no tiene el tipo de evento.');
    const aggregate = aggregateOf(type);
    if (!aggregate) throw refuse(`tiene el tipo de evento «${type}», que esta versión no conoce: ¿es una copia de una versión más nueva del sitio?`);
    if (!Number.isSafeInteger(streamVersion) || (streamVersion as number) <= 0) throw refuse('no tiene una versión de flujo válida (un entero positivo).');
    if (!isTime(line.recordedAt)) throw refuse('no tiene una fecha válida (recordedAt).');
    if (!isObject(line.data) || !isObject(line.metadata)) throw refuse('no tiene los datos del evento (data y metadata).');
    const stream = this.streams.get(streamId.toLowerCase());
    const previous = stream?.version ?? 0;
    const version = streamVersion as number;
    if (version <= previous) throw refuse(`repite la versión ${version} del flujo ${streamId}.`);
    if (version > previous + 1) throw refuse(`salta de la versión ${previous} a la ${version} en el flujo ${streamId}: falta la versión ${previous + 1}.`);
    if (stream && stream.aggregate !== aggregate) throw refuse(`pone un evento ${type} en el flujo ${streamId}, que es de otro tipo de registro.`);
    if (!this.media.see(type, streamId, line.data)) throw refuse('es una imagen de Medios que no nombra bien sus archivos.');
    this.streams.set(streamId.toLowerCase(), { version, aggregate });
    this.lastPosition = position as number;
    this.events += 1;
    return line as EventLine;
  }

  private upload(line: Record<string, unknown>, refuse: (what: string) => LogRefused): UploadLine {
    const { id } = line;
    if (typeof id !== 'string' || !uuid.test(id)) throw refuse('es una foto sin identificador válido (id).');
    if (this.uploadIds.has(id.toLowerCase())) throw refuse(`repite la foto ${id}.`);
    if (!isTime(line.createdAt) || !isTime(line.expiresAt)) throw refuse('es una foto sin fechas válidas (createdAt, expiresAt).');
    for (const field of ['claimedAt', 'storedAt'] as const) {
      if (line[field] !== null && !isTime(line[field])) throw refuse(`es una foto con una fecha no válida (${field}).`);
    }
    if (line.contentType !== null && typeof line.contentType !== 'string') throw refuse('es una foto con un tipo de contenido no válido.');
    if (line.sizeBytes !== null && !isCount(line.sizeBytes)) throw refuse('es una foto con un tamaño no válido.');
    this.uploadIds.add(id.toLowerCase());
    this.uploads += 1;
    if (line.storedAt) this.storedUploads.push({ id: id.toLowerCase(), contentType: (line.contentType as string | null) ?? 'application/octet-stream' });
    return line as UploadLine;
  }

  private close(line: Record<string, unknown>, n: number) {
    const where = `La línea de cierre (línea ${n})`;
    // Checked first: a file of another format may count or sum its lines otherwise.
    if (line.format !== logFormat)
      throw new LogRefused(
        line.format === undefined
          ? `${where} no dice de qué formato es el archivo: no es un archivo de events:export de este sitio.`
          : `${where} dice que el archivo es del formato ${JSON.stringify(line.format)}; esta versión del sitio lee solo el formato ${logFormat}: ` +
              '¿viene de otra versión del sitio? Expórtelo de nuevo con esta versión.',
      );
    if (!isCount(line.events) || !isCount(line.uploads) || typeof line.sha256 !== 'string')
      throw new LogRefused(`${where} no tiene el número de eventos, de fotos y la suma SHA-256.`);
    if (line.events !== this.events)
      throw new LogRefused(`${where} dice ${line.events} eventos, pero el archivo tiene ${this.events}: faltan o sobran líneas.`);
    if (line.uploads !== this.uploads)
      throw new LogRefused(`${where} dice ${line.uploads} fotos, pero el archivo tiene ${this.uploads}: faltan o sobran líneas.`);
    const sha256 = this.hash.digest('hex');
    if (line.sha256 !== sha256)
      throw new LogRefused(`${where} no coincide con la suma SHA-256 de las líneas anteriores: el archivo fue modificado o está dañado.`);
    this.endLine = n;
    this.summary = {
      events: this.events,
      uploads: this.uploads,
      lastPosition: this.lastPosition,
      sha256,
      storedUploads: this.storedUploads,
      mediaBlobs: this.media.blobs,
    };
  }

  /** The summary of a whole log; refuses an empty one or one that ends before its closing line. */
  finish(): LogSummary {
    if (this.summary) return this.summary;
    if (this.lineNumber === 0) throw new LogRefused('El archivo está vacío: no hay nada que importar.');
    throw new LogRefused(
      `El archivo termina en la línea ${this.lineNumber} sin la línea de cierre: está truncado. ` +
        'Los archivos de events:export de versiones anteriores, sin esa línea, tampoco se aceptan: exporte de nuevo.',
    );
  }
}

/** Checks a whole log; answers its summary, or refuses naming the line. */
export async function checkLog(lines: AsyncIterable<string>, progress: Progress = () => {}): Promise<LogSummary> {
  const check = new LogCheck();
  let count = 0;
  for await (const text of lines) {
    check.line(text);
    if (++count % (progressEvery * 5) === 0) progress(`Comprobadas ${count} líneas…`);
  }
  return check.finish();
}

/**
 * A time parameter, sent as the file's text and read by the database itself. Typed as timestamptz,
 * postgres.js would turn it into a JavaScript Date first, which keeps only milliseconds: a copy loaded
 * that way would no longer export as the same file.
 */
const time = (n: number) => `$${n}::text::timestamptz`;

/**
 * Writes a log's lines in `tx` (the caller's transaction; the tables must be empty), checking them
 * again as they go, so what is written is exactly what was checked. Positions are kept.
 */
export async function insertLog(tx: Sql, lines: AsyncIterable<string>, progress: Progress = () => {}): Promise<LogSummary> {
  const check = new LogCheck();
  let batch: EventLine[] = [];
  let written = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const values = batch.map(
      (_, i) => `($${i * 7 + 1}, $${i * 7 + 2}, $${i * 7 + 3}, $${i * 7 + 4}, ${time(i * 7 + 5)}, $${i * 7 + 6}::jsonb, $${i * 7 + 7}::jsonb)`,
    );
    const params = batch.flatMap((e) => [e.position, e.streamId, e.streamVersion, e.type, e.recordedAt, JSON.stringify(e.data), JSON.stringify(e.metadata)]);
    await tx.query(`INSERT INTO events (position, stream_id, stream_version, type, recorded_at, data, metadata) VALUES ${values.join(', ')}`, params);
    const before = written;
    written += batch.length;
    if (Math.floor(written / progressEvery) > Math.floor(before / progressEvery)) progress(`Escritos ${written} eventos…`);
    batch = [];
  };
  for await (const text of lines) {
    const line = check.line(text);
    if (line?.kind === 'event') {
      batch.push(line);
      if (batch.length >= 200) await flush();
    } else if (line?.kind === 'upload') {
      await tx.query(
        `INSERT INTO uploads (id, created_at, expires_at, claimed_at, stored_at, content_type, size_bytes)
         VALUES ($1, ${time(2)}, ${time(3)}, ${time(4)}, ${time(5)}, $6, $7)`,
        [line.id, line.createdAt, line.expiresAt, line.claimedAt, line.storedAt, line.contentType, line.sizeBytes],
      );
    }
  }
  await flush();
  return check.finish();
}
