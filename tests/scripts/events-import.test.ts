// `events:import` reads and checks the whole file before it writes anything, and then writes all or
// nothing. Each fault (empty, truncated, cut mid-line, version gap or repeat, positions out of order,
// wrong checksum or count, a line without its stream id, an unknown event type, a projection that
// fails, a target with events) runs the real command on a fresh target (an embedded database in an
// empty DATA_DIR, or a new PostgreSQL database with TEST_DATABASE_URL) and checks the exit code, the
// Spanish message naming the line, and that the target is exactly as before.
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { openDb, type Sql } from '../../events';
import { startTestApp } from '../helpers/app';
import { startCommitCutProxy } from '../helpers/commit-cut-proxy';
import { freshDatabase, usingPostgres } from '../helpers/database';
import { startPrivatePostgres } from '../helpers/private-postgres';
import { bundledScripts, run } from '../helpers/processes';
import { snapshot } from '../helpers/snapshot';
import { embeddedDataDir } from '../helpers/embedded-data-dir';

const root = mkdtempSync(path.join(os.tmpdir(), 'importacion-'));
const scripts = await bundledScripts(['events-export', 'events-import']);
test.after(() => {
  rmSync(root, { recursive: true, force: true });
  scripts.remove();
});

const env = { ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'clave-de-prueba-123', PUBLIC_WRITE_LIMIT: '0', FEED_SCHEDULER: 'off' };
const timeoutMs = 120_000;

// The source: an embedded database written through the API, then exported by the real command.
const sourceDir = await embeddedDataDir('origen-', root);
const source = await startTestApp({ dataDir: sourceDir, databaseUrl: null }, env, { configuredDatabase: true });
const admin = await source.admin();
const article = (
  await admin.post('/api/news', { title: 'Micrófonos', slug: 'microfonos', excerpt: 'e', content: '<p>c</p>', category: 'Tecnología', author: 'A' })
).body;
await admin.patch(`/api/news/${article.id}`, { title: 'Micrófonos ocultos' });
await admin.patch(`/api/news/${article.id}`, { excerpt: 'Cómo encontrarlos' });
await admin.post('/api/services', { title: 'Barrido', description: 'd', category: 'c', features: 'a, b' });
await source.client().post('/api/contact', { name: 'Ana', email: 'ana@example.com', message: 'Hola' });
const sourceTables = await snapshot(source.services.db);
await source.close();

const exported = await run(process.execPath, scripts.args('events-export'), { DATA_DIR: sourceDir, DATABASE_URL: '' }, { timeoutMs });
if (exported.code !== 0) throw new Error(`events:export failed: ${exported.stderr}`);
const original = exported.stdout;
/** The lines before the closing one, and the closing one. */
const body = original.trimEnd().split('\n');
const closing = JSON.parse(body.pop()!);
const parsed = body.map((line) => JSON.parse(line));

/** The lines with a closing line that matches them (so only the fault a test puts in is there). */
function sealed(lines: string[], change: Record<string, unknown> = {}): string {
  const text = lines.map((line) => `${line}\n`).join('');
  const kinds = lines.map((line) => JSON.parse(line).kind);
  const end = {
    kind: 'end',
    format: 1,
    events: kinds.filter((k) => k === 'event').length,
    uploads: kinds.filter((k) => k === 'upload').length,
    sha256: createHash('sha256').update(text).digest('hex'),
    ...change,
  };
  return text + JSON.stringify(end) + '\n';
}

/** A stream with at least three versions (the article), and the line number (1-based) of each of its events. */
const streamId: string = article.id;
const lineOf = (version: number) => parsed.findIndex((line) => line.streamId === streamId && line.streamVersion === version) + 1;
const lastEvent = parsed.findLastIndex((line) => line.kind === 'event');

type Target = { env: NodeJS.ProcessEnv; dataDir: string; open(): Promise<Sql & { close(): Promise<void> }>; state(): Promise<string>; drop(): Promise<void> };

/** A new, empty target: an empty DATA_DIR, and with TEST_DATABASE_URL a new PostgreSQL database. */
async function freshTarget(): Promise<Target> {
  const dataDir = mkdtempSync(path.join(root, 'destino-'));
  const database = usingPostgres ? await freshDatabase() : null;
  await database?.db.close();
  const open = () => openDb(database ? { databaseUrl: database.databaseUrl } : { dataDir });
  return {
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: database?.databaseUrl ?? '' },
    open,
    /** Everything a server would find there: the files in DATA_DIR, and on PostgreSQL the tables. */
    async state() {
      const files = readdirSync(dataDir, { recursive: true }).sort().join(',');
      if (!database) return `files: ${files}`;
      const db = await open();
      try {
        const tables = await db.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`);
        return `files: ${files}; tables: ${tables.map((t) => t.name).join(',')}`;
      } finally {
        await db.close();
      }
    },
    drop: async () => database?.drop(),
  };
}

const importInto = (target: Target, input: string) => run(process.execPath, scripts.args('events-import'), { ...target.env, ...env }, { input, timeoutMs });

/** Imports `input` into a fresh target: exit code 1, the message, and the target still empty. */
async function refused(input: string, message: string | RegExp) {
  const target = await freshTarget();
  try {
    const before = await target.state();
    assert.is(before, usingPostgres ? 'files: ; tables: ' : 'files: ');
    const result = await importInto(target, input);
    assert.ok(result.code !== null, `killed after ${timeoutMs} ms: it waited for input that could not come`);
    assert.is(result.code, 1, result.stderr);
    assert.match(result.stderr, message);
    assert.not.match(result.stderr, /\n\s+at /, 'no stack trace');
    assert.is(await target.state(), before, 'the target is exactly as before');
  } finally {
    await target.drop();
  }
}

test('the exported file ends with a closing line that counts and sums every line before it', () => {
  assert.is(closing.kind, 'end');
  assert.is(closing.events, parsed.filter((line) => line.kind === 'event').length);
  assert.is(closing.uploads, 0);
  assert.is(
    closing.sha256,
    createHash('sha256')
      .update(original.slice(0, original.lastIndexOf('{"kind":"end"')))
      .digest('hex'),
  );
  assert.ok(lineOf(3) > 0, 'the article has three versions');
});

test('a whole file imports into an empty target with the same read tables; a second import into it is refused and changes nothing', async () => {
  const target = await freshTarget();
  try {
    const imported = await importInto(target, original);
    assert.is(imported.code, 0, imported.stderr);
    assert.match(imported.stderr, `Importados ${closing.events} eventos y 0 fotos; proyecciones reconstruidas (${closing.events} eventos)`);
    const db = await target.open();
    const tables = await snapshot(db);
    const [{ n }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM events');
    await db.close();
    assert.equal(tables, sourceTables);

    const again = await importInto(target, original);
    assert.is(again.code, 1, again.stderr);
    assert.match(again.stderr, `La base de datos de destino ya tiene ${n} eventos: importe solo en una base de datos vacía.`);
    assert.match(again.stderr, 'createdb');
    assert.match(again.stderr, 'npm run projections:rebuild');
    const after = await target.open();
    try {
      assert.equal(await snapshot(after), tables);
      assert.is((await after.query<{ n: number }>('SELECT count(*)::int AS n FROM events'))[0].n, n);
    } finally {
      await after.close();
    }
  } finally {
    await target.drop();
  }
});

test('an empty file is refused', async () => {
  await refused('', 'El archivo está vacío: no hay nada que importar.');
});

test('a file without its closing line is refused as truncated (as are files from before the closing line)', async () => {
  await refused(body.map((line) => `${line}\n`).join(''), `El archivo termina en la línea ${body.length} sin la línea de cierre: está truncado.`);
  await refused(body.slice(0, 3).join('\n') + '\n', 'El archivo termina en la línea 3 sin la línea de cierre: está truncado.');
});

test('a file cut in the middle of a line is refused, naming that line', async () => {
  const cut = original.slice(0, original.indexOf(body[4]) + Math.floor(body[4].length / 2));
  await refused(cut, 'La línea 5 no es JSON válido: el archivo está dañado o cortado.');
});

test('a gap in a stream’s versions is refused, naming the line after it', async () => {
  const without = body.filter((_, i) => i !== lineOf(2) - 1);
  await refused(sealed(without), `La línea ${lineOf(3) - 1} salta de la versión 1 a la 3 en el flujo ${streamId}: falta la versión 2.`);
});

test('a repeated version is refused, naming the line', async () => {
  const repeat = { ...parsed[lineOf(1) - 1], position: parsed[lastEvent].position + 1 };
  const lines = [...body.slice(0, lastEvent + 1), JSON.stringify(repeat), ...body.slice(lastEvent + 1)];
  await refused(sealed(lines), `La línea ${lastEvent + 2} repite la versión 1 del flujo ${streamId}.`);
});

test('positions that do not rise are refused, naming the line', async () => {
  const lines = [...body];
  lines[4] = JSON.stringify({ ...parsed[4], position: parsed[3].position });
  await refused(sealed(lines), `La línea 5 tiene la posición ${parsed[3].position}, que no es mayor que la anterior (${parsed[3].position})`);
});

test('a line changed after the export is refused by the checksum of the closing line', async () => {
  const lines = [...body];
  lines[lineOf(1) - 1] = JSON.stringify({ ...parsed[lineOf(1) - 1], data: { ...parsed[lineOf(1) - 1].data, title: 'Otro título' } });
  const changed = lines.map((line) => `${line}\n`).join('') + JSON.stringify(closing) + '\n';
  await refused(
    changed,
    `La línea de cierre (línea ${body.length + 1}) no coincide con la suma SHA-256 de las líneas anteriores: el archivo fue modificado o está dañado.`,
  );
});

test('a closing line with the wrong count is refused', async () => {
  await refused(
    sealed(body, { events: closing.events + 1 }),
    `La línea de cierre (línea ${body.length + 1}) dice ${closing.events + 1} eventos, pero el archivo tiene ${closing.events}`,
  );
});

test('a file of another format, or one that does not say its format, is refused before anything is written', async () => {
  await refused(
    sealed(body, { format: 2 }),
    `La línea de cierre (línea ${body.length + 1}) dice que el archivo es del formato 2; esta versión del sitio lee solo el formato 1`,
  );
  await refused(sealed(body, { format: undefined }), `La línea de cierre (línea ${body.length + 1}) no dice de qué formato es el archivo`);
});

test('a line without its stream id is refused at once, naming the line (it never waits for more input)', async () => {
  const lines = [...body];
  const { streamId: _, ...rest } = parsed[2];
  lines[2] = JSON.stringify(rest);
  await refused(sealed(lines), 'La línea 3 no tiene el identificador de su flujo (streamId) o no es un UUID.');
});

test('an event type the catalogue does not know is refused, naming the line', async () => {
  const lines = [...body];
  lines[3] = JSON.stringify({ ...parsed[3], type: 'NewsArticleTeleported' });
  await refused(sealed(lines), 'La línea 4 tiene el tipo de evento «NewsArticleTeleported», que esta versión no conoce');
});

test('when rebuilding the read tables fails, nothing stays written: no events, no tables', async () => {
  // Every line is well formed, but a second article with the same slug breaks the read table's unique rule.
  const created = parsed[lineOf(1) - 1];
  const twin = { ...created, streamId: randomUUID(), position: parsed[lastEvent].position + 1 };
  const lines = [...body.slice(0, lastEvent + 1), JSON.stringify(twin), ...body.slice(lastEvent + 1)];
  await refused(sealed(lines), /No se pudo importar: .*No se escribió nada en la base de datos\./);
});

test('an import whose commit happened but whose answer was lost says it is done, not that nothing was written', async () => {
  const postgres = await startPrivatePostgres();
  const proxy = await startCommitCutProxy(postgres.port);
  try {
    const databaseUrl = `postgres://postgres@127.0.0.1:${proxy.port}/postgres`;
    const target = { env: { DATA_DIR: mkdtempSync(path.join(root, 'corte-')), DATABASE_URL: databaseUrl } } as unknown as Target;
    const imported = await importInto(target, original);
    assert.is(proxy.cuts(), 1, imported.stderr);
    assert.is(imported.code, 0, imported.stderr);
    assert.match(imported.stderr, 'La carga sí quedó escrita entera');
    assert.not.match(imported.stderr, 'No se escribió nada');
    const db = await openDb({ databaseUrl: postgres.url });
    try {
      const [{ n }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM events');
      assert.is(n, closing.events);
    } finally {
      await db.close();
    }
  } finally {
    await proxy.close();
    postgres.destroy();
  }
});

test.run();
