// The event log as JSON lines, to back it up or move it between databases. One line per event, in
// log order, with its exact position, stream version, time (microseconds) and payloads; then one line
// per stored photo upload (plain state, not events, but the photo links in the log point at them).
import type { Db, Sql } from '../../events';

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
export type LogLine = EventLine | UploadLine;

const utc = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Writes every line to `write` (which may wait, for backpressure); answers how many of each. */
export async function exportLog(sql: Sql, write: (line: string) => Promise<void>): Promise<{ events: number; uploads: number }> {
  let after = 0;
  let events = 0;
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
    const rows = await sql.query<Row>(
      `SELECT position, stream_id, stream_version, type, ${utc('recorded_at')} AS recorded_at, data::text AS data, metadata::text AS metadata
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
      await write(JSON.stringify(line) + '\n');
      after = line.position;
      events += 1;
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
  const uploads = await sql.query<UploadRow>(
    `SELECT id, ${utc('created_at')} AS created_at, ${utc('expires_at')} AS expires_at, ${utc('claimed_at')} AS claimed_at,
            ${utc('stored_at')} AS stored_at, content_type, size_bytes FROM uploads ORDER BY created_at, id`,
  );
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
    await write(JSON.stringify(line) + '\n');
  }
  return { events, uploads: uploads.length };
}

export class ImportRefused extends Error {}

/**
 * Loads lines into a database whose log is empty (anything else is refused: two logs do not merge),
 * in one transaction, keeping positions; the position sequence then continues after the last one.
 */
export async function importLog(db: Db, lines: AsyncIterable<string>): Promise<{ events: number; uploads: number }> {
  const [{ n }] = await db.query('SELECT count(*)::int AS n FROM events');
  if (Number(n) > 0) throw new ImportRefused(`La base de datos de destino ya tiene ${n} eventos: importe solo en una base de datos vacía.`);
  let events = 0;
  let uploads = 0;
  await db.transaction(async (tx) => {
    let batch: EventLine[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const values = batch.map(
        (_, i) => `($${i * 7 + 1}, $${i * 7 + 2}, $${i * 7 + 3}, $${i * 7 + 4}, $${i * 7 + 5}::timestamptz, $${i * 7 + 6}::jsonb, $${i * 7 + 7}::jsonb)`,
      );
      const params = batch.flatMap((e) => [e.position, e.streamId, e.streamVersion, e.type, e.recordedAt, JSON.stringify(e.data), JSON.stringify(e.metadata)]);
      await tx.query(`INSERT INTO events (position, stream_id, stream_version, type, recorded_at, data, metadata) VALUES ${values.join(', ')}`, params);
      events += batch.length;
      batch = [];
    };
    let lineNumber = 0;
    for await (const text of lines) {
      lineNumber += 1;
      if (!text.trim()) continue;
      let line: LogLine;
      try {
        line = JSON.parse(text);
      } catch {
        throw new ImportRefused(`La línea ${lineNumber} no es JSON válido: el archivo está dañado o incompleto.`);
      }
      if (line.kind === 'event') {
        batch.push(line);
        if (batch.length >= 200) await flush();
      } else if (line.kind === 'upload') {
        await tx.query(
          `INSERT INTO uploads (id, created_at, expires_at, claimed_at, stored_at, content_type, size_bytes)
           VALUES ($1, $2::timestamptz, $3::timestamptz, $4::timestamptz, $5::timestamptz, $6, $7)`,
          [line.id, line.createdAt, line.expiresAt, line.claimedAt, line.storedAt, line.contentType, line.sizeBytes],
        );
        uploads += 1;
      } else {
        throw new ImportRefused(`La línea ${lineNumber} no es un evento ni una foto: ¿es un archivo de events:export?`);
      }
    }
    await flush();
    await tx.query(
      `SELECT setval(pg_get_serial_sequence('events', 'position'), GREATEST((SELECT max(position) FROM events), 1), (SELECT count(*) > 0 FROM events))`,
    );
  });
  return { events, uploads };
}
