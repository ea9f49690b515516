// scripts/launch-server.sh, the launcher of the production server (the image, `npm start`): it runs the
// command given on jemalloc with the server's settings when libjemalloc2 is installed (npm test installs
// it), keeps an operator's own LD_PRELOAD or MALLOC_CONF, and runs it on the system's allocator when told
// SERVER_ALLOCATOR=glibc. Node.js gets V8's heap settings for the server, which flags given after its
// name override; any other command runs as given. The command replaces the shell, so the server itself
// gets the signals.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

/** What the command run by the launcher sees: its allocator's variables, and whether jemalloc is loaded in it. */
function launch(environment: Record<string, string>) {
  const inner = `console.log(JSON.stringify({ preload: process.env.LD_PRELOAD ?? null, conf: process.env.MALLOC_CONF ?? null, pid: process.pid, loaded: require('fs').readFileSync('/proc/self/maps', 'utf8').includes('libjemalloc') }))`;
  const { LD_PRELOAD: _preload, MALLOC_CONF: _conf, SERVER_ALLOCATOR: _allocator, ...rest } = process.env;
  const run = spawnSync('sh', ['scripts/launch-server.sh', process.execPath, '-e', inner], { env: { ...rest, ...environment }, encoding: 'utf8' });
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

test("node gets the server's heap settings, an operator's flags after them win, and another command runs as given", () => {
  const { LD_PRELOAD: _preload, MALLOC_CONF: _conf, SERVER_ALLOCATOR: _allocator, ...rest } = process.env;
  const heapOf = (...flags: string[]) => {
    // The young generation grown as far as it may: a million small objects kept alive.
    const inner = `const kept = []; for (let i = 0; i < 1e6; i++) kept.push({ i }); const v8 = require('v8'); console.log(JSON.stringify({ flags: process.execArgv.slice(0, -2), young: v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size }))`;
    const run = spawnSync('sh', ['scripts/launch-server.sh', process.execPath, ...flags, '-e', inner], { env: rest, encoding: 'utf8' });
    assert.is(run.status, 0, run.stderr);
    return JSON.parse(run.stdout) as { flags: string[]; young: number };
  };
  const server = heapOf();
  assert.equal(server.flags, ['--max-semi-space-size=8', '--heap-growing-percent=60']);
  assert.ok(server.young <= 16 * 1024 * 1024, `young generation ${server.young} bytes`);
  const operator = heapOf('--max-semi-space-size=16');
  assert.ok(operator.young > 16 * 1024 * 1024, `young generation ${operator.young} bytes with the operator's 16 MB semi-spaces`);
  const shell = spawnSync('sh', ['scripts/launch-server.sh', 'sh', '-c', 'printf "%s|%s" "$0" "$1"', 'first', 'second'], { env: rest, encoding: 'utf8' });
  assert.is(shell.stdout, 'first|second');
});

test("the shell is replaced by the command: the PID the caller gets is the command's own", () => {
  const inner = `process.stdout.write(String(process.pid))`;
  const { LD_PRELOAD: _preload, MALLOC_CONF: _conf, SERVER_ALLOCATOR: _allocator, ...rest } = process.env;
  const child = spawnSync('sh', ['-c', `sh scripts/launch-server.sh "${process.execPath}" -e "${inner}" & echo " $!"; wait`], { env: rest, encoding: 'utf8' });
  const [own, started] = child.stdout.trim().split(/\s+/).map(Number);
  assert.ok(own > 0);
  assert.is(own, started);
});

test.run();
