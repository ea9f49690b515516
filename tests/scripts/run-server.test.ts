// scripts/run-server.sh, the launcher of the production server (the image, `npm start`): it runs the
// command given on jemalloc with the server's settings when libjemalloc2 is installed (npm test installs
// it), keeps an operator's own LD_PRELOAD or MALLOC_CONF, and runs it on the system's allocator when told
// SERVER_ALLOCATOR=glibc. It caps V8's young generation (an operator's own NODE_OPTIONS still decide).
// The command replaces the shell, so the server itself gets the signals.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

/** What the command run by the launcher sees: its allocator's variables, and whether jemalloc is loaded in it. */
function launch(environment: Record<string, string>) {
  const inner = `console.log(JSON.stringify({ preload: process.env.LD_PRELOAD ?? null, conf: process.env.MALLOC_CONF ?? null, pid: process.pid, loaded: require('fs').readFileSync('/proc/self/maps', 'utf8').includes('libjemalloc') }))`;
  const { LD_PRELOAD: _preload, MALLOC_CONF: _conf, SERVER_ALLOCATOR: _allocator, NODE_OPTIONS: _options, ...rest } = process.env;
  const run = spawnSync('sh', ['scripts/run-server.sh', process.execPath, '-e', inner], { env: { ...rest, ...environment }, encoding: 'utf8' });
  assert.is(run.status, 0, run.stderr);
  return JSON.parse(run.stdout) as { preload: string | null; conf: string | null; pid: number; loaded: boolean };
}

test('by default the command runs on jemalloc, with two arenas giving freed pages back after a second', () => {
  const seen = launch({});
  assert.ok(seen.loaded);
  assert.match(seen.preload ?? '', /\/libjemalloc\.so\.2$/);
  assert.is(seen.conf, 'narenas:2,dirty_decay_ms:1000,muzzy_decay_ms:0');
});

test("an operator's MALLOC_CONF is kept", () => {
  const seen = launch({ MALLOC_CONF: 'narenas:1' });
  assert.ok(seen.loaded);
  assert.is(seen.conf, 'narenas:1');
});

/** Makes objects that live a while (so V8 grows its young generation to its most), then prints its size in MB. */
const growYoungGeneration = `let keep = []; for (let i = 0; i < 3e6; i++) { keep.push({ i, s: 'x' + i }); if (keep.length > 200000) keep = []; } console.log(require('v8').getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size / 1048576)`;

/** How large V8's young generation grows in a node run by the launcher, in MB. */
function youngGenerationMb(environment: Record<string, string>): number {
  const { NODE_OPTIONS: _options, ...rest } = process.env;
  const run = spawnSync('sh', ['scripts/run-server.sh', process.execPath, '-e', growYoungGeneration], { env: { ...rest, ...environment }, encoding: 'utf8' });
  assert.is(run.status, 0, run.stderr);
  return Number(run.stdout.trim());
}

test("V8's young generation grows to 16 MB at most (8 MB a half), where node's own default lets it reach 32", () => {
  assert.is(youngGenerationMb({}), 16);
  const plain = spawnSync(process.execPath, ['-e', growYoungGeneration], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
  assert.is(Number(plain.stdout.trim()), 32, 'without the launcher');
});

test("an operator's NODE_OPTIONS are kept, and their own --max-semi-space-size wins", () => {
  assert.is(youngGenerationMb({ NODE_OPTIONS: '--max-semi-space-size=16' }), 32);
  const inner = `console.log(process.env.NODE_OPTIONS)`;
  const run = spawnSync('sh', ['scripts/run-server.sh', process.execPath, '-e', inner], {
    env: { ...process.env, NODE_OPTIONS: '--stack-trace-limit=20' },
    encoding: 'utf8',
  });
  assert.is(run.stdout.trim(), '--max-semi-space-size=8 --stack-trace-limit=20');
});

test('SERVER_ALLOCATOR=glibc runs the command on the system allocator', () => {
  const seen = launch({ SERVER_ALLOCATOR: 'glibc' });
  assert.not.ok(seen.loaded);
  assert.is(seen.preload, null);
  assert.is(seen.conf, null);
});

test("an operator's own LD_PRELOAD is left alone, and then jemalloc is not added", () => {
  const empty = launch({ LD_PRELOAD: '' });
  assert.ok(empty.loaded, 'an empty LD_PRELOAD is no choice: jemalloc still');
  // Another library the operator preloads (libc itself: harmless).
  const libc = ['/lib/x86_64-linux-gnu/libc.so.6', '/lib/aarch64-linux-gnu/libc.so.6', '/usr/lib/libc.so.6'].find((file) => existsSync(file));
  assert.ok(libc, 'a libc to preload');
  const own = launch({ LD_PRELOAD: libc });
  assert.is(own.preload, libc);
  assert.is(own.conf, null);
  assert.not.ok(own.loaded);
});

test("the shell is replaced by the command: the PID the caller gets is the command's own", () => {
  const inner = `process.stdout.write(String(process.pid))`;
  const { LD_PRELOAD: _preload, MALLOC_CONF: _conf, SERVER_ALLOCATOR: _allocator, ...rest } = process.env;
  const child = spawnSync('sh', ['-c', `sh scripts/run-server.sh "${process.execPath}" -e "${inner}" & echo " $!"; wait`], { env: rest, encoding: 'utf8' });
  const [own, started] = child.stdout.trim().split(/\s+/).map(Number);
  assert.ok(own > 0);
  assert.is(own, started);
});

test.run();
