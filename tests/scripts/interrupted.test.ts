// Scratch copies of the log never outlive the run that made them: `npm run backup` and `npm run
// events:import` stopped by SIGTERM remove their scratch log (and the backup its partial archive),
// and what a killed run left is removed by the next one, once its process is gone, while a live
// run's scratch, finished archives and anything else in those folders are left alone. Each command
// gets its own temporary folder (TMPDIR), to see exactly what it leaves there.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp } from '../helpers/app';
import { freshDatabase, usingPostgres } from '../helpers/database';
import { validForm } from '../helpers/forms';
import { bundledScripts, run } from '../helpers/processes';
import { waitFor } from '../helpers/wait';
import { embeddedDataDir } from '../helpers/embedded-data-dir';

const root = mkdtempSync(path.join(os.tmpdir(), 'interrumpidas-'));
const scripts = await bundledScripts(['backup', 'events-export', 'events-import']);
test.after(() => {
  rmSync(root, { recursive: true, force: true });
  scripts.remove();
});
const env = { ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'clave-de-prueba-123', PUBLIC_WRITE_LIMIT: '0', FEED_SCHEDULER: 'off' };

// The source: an embedded database with a form and its photo.
const sourceDir = await embeddedDataDir('origen-', root);
const source = await startTestApp({ dataDir: sourceDir, databaseUrl: null }, env, { configuredDatabase: true });
const visitor = source.client();
const { body: upload } = await visitor.post('/api/objects/upload');
const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
  .jpeg()
  .toBuffer();
assert.is((await visitor.request('PUT', upload.uploadURL, jpeg, { 'content-type': 'image/jpeg' })).status, 200);
assert.is((await visitor.post('/api/advance-forms/public', validForm({ emergencyExitsPhoto: upload.objectPath, evacuationPlanPhoto: null }))).status, 201);
await source.close();
const sourceEnv = { DATA_DIR: sourceDir, DATABASE_URL: '' };
const exported = await run(process.execPath, scripts.args('events-export'), { ...env, ...sourceEnv });
assert.is(exported.code, 0, exported.stderr);

const listing = (dir: string) => readdirSync(dir, { recursive: true }).map(String).sort();

/** A process id that no process has any more. */
function deadPid(): number {
  return Number(execFileSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }));
}

/** Starts a command (with `input` written to its stdin, left open) and answers it and its end. */
function started(args: string[], environment: NodeJS.ProcessEnv, input?: string) {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env, ...environment }, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stdout.resume();
  child.stderr.on('data', (d) => (stderr += d));
  if (input !== undefined) child.stdin.write(input);
  else child.stdin.end();
  const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
  const ended = new Promise<{ code: number | null; stderr: string }>((resolve) => {
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
  return { child, ended };
}

test('a backup stopped by SIGTERM while it copies the photos leaves no scratch log and no partial archive', async () => {
  // The photo is a named pipe nobody writes to: the copy waits there, its log and partial archive written so far.
  const stuckDir = path.join(root, 'origen-atascado');
  cpSync(sourceDir, stuckDir, { recursive: true });
  const photo = path.join(stuckDir, 'uploads', 'photos', readdirSync(path.join(stuckDir, 'uploads', 'photos'))[0]);
  rmSync(photo);
  execFileSync('sh', ['-c', 'mkfifo "$0"', photo]);
  const tmp = mkdtempSync(path.join(root, 'tmp-'));
  const folder = mkdtempSync(path.join(root, 'copias-'));
  const backup = started(scripts.args('backup', [path.join(folder, 'copia.tar.gz')]), { DATA_DIR: stuckDir, DATABASE_URL: '', TMPDIR: tmp });
  // While it waits: its scratch log in TMPDIR and its partial archive beside the target.
  await waitFor(() => listing(tmp).some((name) => name.endsWith('log.jsonl')) && readdirSync(folder).length > 0, 30_000, 'scratch and partial');
  backup.child.kill('SIGTERM');
  // The pipe is then opened for writing, as a slow storage would answer at last: a read stuck in the
  // system for good would keep a worker thread, and with it the process, from ending.
  const answer = spawn('timeout', ['30', 'sh', '-c', ': > "$0"', photo], { stdio: 'ignore' });
  const result = await backup.ended;
  answer.kill();
  assert.is(result.code, 1, result.stderr);
  assert.match(result.stderr, 'Copia interrumpida por el operador: no se escribió ninguna copia y no quedan archivos temporales.');
  assert.not.match(result.stderr, /\n\s+at /, 'no stack trace');
  assert.equal(listing(tmp), [], 'no scratch log');
  assert.equal(readdirSync(folder), [], 'no archive, whole or partial');
});

test('an import stopped by SIGTERM while it reads its input leaves no scratch copy and no database', async () => {
  const tmp = mkdtempSync(path.join(root, 'tmp-'));
  const dataDir = mkdtempSync(path.join(root, 'destino-'));
  const database = usingPostgres ? await freshDatabase() : null;
  try {
    const half = exported.stdout.slice(0, exported.stdout.indexOf('\n', exported.stdout.length / 2) + 1);
    // Half the input, and the input left open: the import is reading when the signal comes.
    const load = started(scripts.args('events-import'), { DATA_DIR: dataDir, DATABASE_URL: database?.databaseUrl ?? '', TMPDIR: tmp }, half);
    await waitFor(() => listing(tmp).some((name) => name.endsWith('registro.jsonl')), 30_000, 'the scratch copy');
    load.child.kill('SIGTERM');
    const result = await load.ended;
    assert.is(result.code, 1, result.stderr);
    assert.match(result.stderr, 'Importación interrumpida por el operador: no se escribió nada en la base de datos.');
    assert.not.match(result.stderr, /\n\s+at /, 'no stack trace');
    assert.equal(listing(tmp), [], 'no scratch copy');
    assert.equal(listing(dataDir), [], 'no database, no folder');
    if (database) assert.equal(await database.db.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`), []);
  } finally {
    await database?.drop();
  }
});

test('what killed runs left is removed by the next backup; a live run’s scratch, archives and other files stay', async () => {
  const tmp = mkdtempSync(path.join(root, 'tmp-'));
  const folder = mkdtempSync(path.join(root, 'copias-'));
  const dead = deadPid();
  const hourAgo = new Date(Date.now() - 3_600_000);
  const put = (file: string, text: string, at?: Date) => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    if (at) utimesSync(file, at, at);
  };
  // Left by killed runs: removed.
  put(path.join(tmp, `contraespionaje-copia-${dead}-AbC123`, 'log.jsonl'), 'registro a medias');
  put(path.join(tmp, `contraespionaje-importacion-${dead}-dEf456`, 'registro.jsonl'), 'registro a medias');
  put(path.join(folder, `.copia-de-ayer.tar.gz.${dead}.0123abcd.tmp`), 'copia a medias', hourAgo);
  // Left alone: a live process's scratch, a folder that holds something else, a partial still being
  // written (changed a moment ago), finished archives, other files.
  const kept = [
    path.join(tmp, `contraespionaje-copia-${process.pid}-GhI789`, 'log.jsonl'),
    path.join(tmp, `contraespionaje-copia-${dead}-JkL012`, 'copia.tar.gz'),
    path.join(tmp, 'otra-cosa.tmp'),
    path.join(folder, `.copia-de-hoy.tar.gz.${dead}.4567cdef.tmp`),
    path.join(folder, 'copia-de-anteayer.tar.gz'),
    path.join(folder, '.notas.tmp'),
  ];
  for (const file of kept) put(file, 'se queda');
  const before = listing(tmp).length;
  const result = await run(process.execPath, scripts.args('backup', [path.join(folder, 'copia-nueva.tar.gz')]), { ...env, ...sourceEnv, TMPDIR: tmp });
  assert.is(result.code, 0, result.stderr);
  assert.equal(listing(folder), ['.copia-de-hoy.tar.gz.' + dead + '.4567cdef.tmp', '.notas.tmp', 'copia-de-anteayer.tar.gz', 'copia-nueva.tar.gz'].sort());
  const left = listing(tmp);
  assert.is(left.length, before - 4, left.join(', '));
  for (const file of kept.filter((file) => file.startsWith(tmp))) assert.ok(left.includes(path.relative(tmp, file)), file);
});

test.run();
