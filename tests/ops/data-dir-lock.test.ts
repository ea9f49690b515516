// The embedded database belongs to one process: a second server, `npm run dev`, a rebuild, an export or
// an import on the same DATA_DIR refuses at once, naming the holder; a lock left by a killed process
// does not block the next start.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DataDirBusy, lockDataDir, openDb } from '../../events';
import { run } from '../helpers/processes';
import { embeddedDataDir } from '../helpers/embedded-data-dir';

const dataDir = await embeddedDataDir('bloqueo-');
const env = { DATA_DIR: dataDir, DATABASE_URL: '', PORT: '0', FEED_SCHEDULER: 'off', ADMIN_PASSWORD: 'clave-de-prueba-123' };

/** `npm run events:import` waiting for its input holds the database open, as a long import would. */
async function startHolder() {
  const child = spawn('npm', ['run', '--silent', 'events:import'], { env: { ...process.env, ...env }, stdio: ['pipe', 'ignore', 'ignore'] });
  const lockFile = path.join(dataDir, 'proceso.lock');
  for (let waited = 0; !existsSync(lockFile); waited += 100) {
    if (waited > 180_000) throw new Error('the holder never took the lock');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
  return { child, pid: JSON.parse(readFileSync(lockFile, 'utf8')).pid as number };
}

test.after(() => rmSync(dataDir, { recursive: true, force: true }));

test('while one process holds DATA_DIR, every other command refuses at once and names it', async () => {
  const holder = await startHolder();
  try {
    const contenders = await Promise.all([
      run('npm', ['run', '--silent', 'projections:rebuild'], env, { timeoutMs: 200_000 }),
      run('npm', ['run', '--silent', 'events:export'], env, { timeoutMs: 200_000 }),
      run('npm', ['run', '--silent', 'events:import'], env, { input: '', timeoutMs: 200_000 }),
      run(process.execPath, ['--import', 'tsx', 'api/server.ts'], env, { timeoutMs: 200_000 }),
      run(process.execPath, ['--import', 'tsx', 'api/server.ts', '--dev'], env, { timeoutMs: 200_000 }),
    ]);
    for (const result of contenders) {
      assert.is(result.code, 1, result.stderr);
      assert.match(
        result.stderr,
        `La base de datos integrada en ${dataDir} está en uso por otro proceso (pid ${holder.pid}, «npm run events:import», desde 20`,
      );
      assert.not.match(result.stderr, /\n\s+at /, 'no stack trace');
      // Starting node and loading the code is most of it on a busy machine; waiting on the lock would be forever.
      assert.ok(result.ms < 150_000, `refused after ${result.ms} ms`);
    }
  } finally {
    // The node process itself, killed the hard way: npm's wrapper cannot clean anything up.
    process.kill(holder.pid, 'SIGKILL');
    holder.child.kill('SIGKILL');
  }
  assert.ok(existsSync(path.join(dataDir, 'proceso.lock')), 'the dead holder left its lock behind');
  // Killed the hard way, its lock stays behind; the next opener sees a dead pid and takes over.
  const running = (pid: number) => {
    try {
      return !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z');
    } catch {
      return false;
    }
  };
  for (let waited = 0; running(holder.pid) && waited < 10_000; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const release = lockDataDir(dataDir);
  assert.match(readFileSync(path.join(dataDir, 'proceso.lock'), 'utf8'), `"pid":${process.pid}`);
  release();
});

test('inside one process, a second open of the same directory is refused until the first closes', async () => {
  const first = await openDb({ dataDir });
  try {
    await openDb({ dataDir }).then(
      () => assert.unreachable('the second open must fail'),
      (error) => {
        assert.instance(error, DataDirBusy);
        assert.match(error.message, `pid ${process.pid}`);
      },
    );
  } finally {
    await first.close();
  }
  const again = await openDb({ dataDir });
  await again.close();
});

test.run();
