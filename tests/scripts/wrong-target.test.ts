// The commands that read an existing site (events:export, backup, projections:rebuild) pointed at
// the wrong place: a DATA_DIR without an embedded database (missing, empty, a file, an empty
// `pglite` folder), a PostgreSQL URL that leads nowhere or to a database that does not exist, and,
// with TEST_DATABASE_URL, an empty PostgreSQL database. Each ends with status 1 and one Spanish line,
// and creates nothing: no database, no folder, no tables, no archive.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { freshDatabase, usingPostgres } from '../helpers/database';
import { bundledScripts, run } from '../helpers/processes';

const root = mkdtempSync(path.join(os.tmpdir(), 'destino-equivocado-'));
const commands = ['events-export', 'backup', 'rebuild-projections'] as const;
const scripts = await bundledScripts(commands);
test.after(() => {
  rmSync(root, { recursive: true, force: true });
  scripts.remove();
});

/** Every file and folder under root, to tell that nothing was created. */
const everything = () => readdirSync(root, { recursive: true }).map(String).sort().join(',');

async function refusedByEach(env: NodeJS.ProcessEnv, message: string | RegExp) {
  for (const name of commands) {
    const before = everything();
    const args = name === 'backup' ? [path.join(root, 'copia.tar.gz')] : [];
    const result = await run(process.execPath, scripts.args(name, args), { FEED_SCHEDULER: 'off', ...env }, { timeoutMs: 60_000 });
    assert.is(result.code, 1, `${name}: ${result.stderr}`);
    assert.match(result.stderr, message, name);
    assert.is(result.stderr.trim().split('\n').length, 1, `${name}: one line, no stack trace: ${result.stderr}`);
    assert.is(result.stdout, '', `${name}: nothing on stdout`);
    assert.is(everything(), before, `${name}: nothing created`);
  }
}

test('a DATA_DIR that does not exist', async () => {
  const dataDir = path.join(root, 'no-existe');
  await refusedByEach({ DATA_DIR: dataDir, DATABASE_URL: '' }, `No hay una base de datos integrada en ${dataDir} (falta ${dataDir}/pglite)`);
});

test('a DATA_DIR that is empty, a file, or has an empty pglite folder', async () => {
  const empty = path.join(root, 'vacia');
  mkdirSync(empty);
  await refusedByEach({ DATA_DIR: empty, DATABASE_URL: '' }, `No hay una base de datos integrada en ${empty}`);
  const file = path.join(root, 'archivo');
  writeFileSync(file, 'no es una carpeta');
  await refusedByEach({ DATA_DIR: file, DATABASE_URL: '' }, `No hay una base de datos integrada en ${file}`);
  const hollow = path.join(root, 'hueca');
  mkdirSync(path.join(hollow, 'pglite'), { recursive: true });
  await refusedByEach({ DATA_DIR: hollow, DATABASE_URL: '' }, `No hay una base de datos integrada en ${hollow}`);
});

test('a PostgreSQL URL that nothing answers, or that names a database that does not exist', async () => {
  const dataDir = path.join(root, 'fotos');
  await refusedByEach(
    { DATA_DIR: dataDir, DATABASE_URL: 'postgres://postgres:secreta@127.0.0.1:1/sitio' },
    'No se pudo usar la base de datos PostgreSQL de DATABASE_URL (127.0.0.1:1/sitio): la conexión fue rechazada',
  );
  if (!usingPostgres) return;
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = '/no_existe_esta_base';
  await refusedByEach({ DATA_DIR: dataDir, DATABASE_URL: url.toString() }, /\(.*\/no_existe_esta_base\): esa base de datos no existe\. No se cambió nada\.$/m);
});

test('an empty PostgreSQL database: refused, and left without a table', async () => {
  if (!usingPostgres) return;
  const database = await freshDatabase();
  try {
    await refusedByEach(
      { DATA_DIR: path.join(root, 'fotos'), DATABASE_URL: database.databaseUrl! },
      /no tiene registro de eventos: ¿son DATABASE_URL o DATA_DIR/,
    );
    const tables = await database.db.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`);
    assert.equal(tables, []);
  } finally {
    await database.drop();
  }
});

test.run();
