// `npm test`: the static checks (typecheck, lint, format) beside the build, every uvu file under tests/
// (each in its own process, two at a time), then the Playwright suite in e2e/ against the built app. Each static check counts as
// one test. The last line is the honest total: `N passed, N failed, N skipped` (skips say why; under CI a skip fails).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bundleServer } from './build-server';

const args = process.argv.slice(2);
const only = args.filter((a) => !a.startsWith('--'));
const runUnit = !args.includes('--e2e');
const runE2e = !args.includes('--unit') && only.length === 0;

/**
 * Chromium, poppler-utils and jemalloc (the production server's allocator, scripts/launch-server.sh)
 * come from Debian: install them when we are root, else say how.
 */
function ensureSystemTools() {
  const missing = (
    [
      [existsSync('/usr/bin/chromium'), 'chromium'],
      [existsSync('/usr/bin/pdftotext'), 'poppler-utils'],
      [jemallocFound(), 'libjemalloc2'],
    ] as const
  )
    .filter(([found]) => !found)
    .map(([, pkg]) => pkg);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    console.error(`Faltan paquetes del sistema: ejecute "sudo apt-get install -y ${missing.join(' ')}" y vuelva a correr npm test.`);
    process.exit(1);
  }
  console.log(`Instalando ${missing.join(', ')} con apt-get...`);
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  const install = spawnSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit' });
  if (install.status !== 0) {
    console.error(`No se pudo instalar ${missing.join(' ')}: instálelos con apt-get y vuelva a correr npm test.`);
    process.exit(1);
  }
}

/** Whether the launcher finds jemalloc (it alone knows where to look): what it would preload, asked of it. */
function jemallocFound(): boolean {
  const { LD_PRELOAD: _preload, SERVER_ALLOCATOR: _allocator, ...environment } = process.env;
  const asked = spawnSync('sh', ['scripts/launch-server.sh', 'sh', '-c', 'printf %s "${LD_PRELOAD:-}"'], { env: environment, encoding: 'utf8' });
  return asked.status === 0 && asked.stdout.includes('libjemalloc');
}

function findTests(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .flatMap((name) => {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) return name === 'fixtures' || name === 'helpers' ? [] : findTests(full);
      return name.endsWith('.test.ts') ? [full] : [];
    })
    .sort();
}

type Result = { file: string; passed: number; failed: number; skipped: string[]; output: string; ms: number };
type Totals = { passed: number; failed: number; skipped: string[] };

/** Runs a command with its output kept (printed only when it matters), and how long it took. */
function runCaptured(command: string, commandArgs: string[], timeoutMs: number): Promise<{ code: number | null; output: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { env: { ...process.env, FORCE_COLOR: '0' } });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output, ms: Date.now() - started });
    });
  });
}

const indented = (output: string) =>
  output
    .split('\n')
    .map((l) => `    ${l}`)
    .join('\n');

/**
 * The test files bundled into plain JavaScript in one esbuild run (a few seconds), each run by `node`
 * alone: the same sources, compiled by the same esbuild tsx uses. Loaded through tsx's module hooks,
 * every file spent 1 to 2 s of CPU loading its modules before its first test, a quarter of the suite's
 * CPU on two cores. Packages stay in node_modules; the bundle lives under node_modules/.cache, where
 * they resolve (a test finds the project's files from `projectRoot`, never from its own address).
 */
const bundleDir = path.join('node_modules', '.cache', 'unit-tests');
async function bundleTests(files: string[]): Promise<(file: string) => string> {
  rmSync(bundleDir, { recursive: true, force: true });
  // The server's bundling, with the tests' sources kept in their folders and their source maps.
  await bundleServer(files, bundleDir, { outbase: '.', jsx: 'automatic', sourcemap: 'linked' });
  return (file) => path.join(bundleDir, file.replace(/\.tsx?$/, '.mjs'));
}

async function runFile(file: string, bundled: string): Promise<Result> {
  const { code, output, ms } = await runCaptured(process.execPath, ['--enable-source-maps', bundled], 5 * 60_000);
  const total = Number(/Total:\s+(\d+)/.exec(output)?.[1] ?? 0);
  const passedCount = Number(/Passed:\s+(\d+)/.exec(output)?.[1] ?? 0);
  const skippedCount = Number(/Skipped:\s+(\d+)/.exec(output)?.[1] ?? 0);
  // Each skip says why (tests/helpers/skip.ts); one that does not is still counted.
  const skipped = [...output.matchAll(/^SKIPPED: (.+)$/gm)].map((m) => `${file}: ${m[1]}`);
  while (skipped.length < skippedCount) skipped.push(`${file}: (no reason given)`);
  // uvu's Total leaves skipped tests out.
  let failed = total - passedCount;
  // A file that crashed or exited non-zero without counting its failure still counts as one.
  if (code !== 0 && failed === 0) failed = 1;
  return { file, passed: passedCount, failed, skipped, output, ms };
}

/**
 * How long each file took, in seconds: the longest start first, so the run does not end with one long
 * file alone on a core while the other waits (about 10% of the unit suite's time on two cores). The
 * last run's times are kept in node_modules/.cache; a fresh checkout uses tests/durations.json, the
 * times of a run on two cores (only an order: a stale or missing entry changes no result). A whole run's
 * times (`node_modules/.cache/unit-test-durations.json`) may replace it, but time the suite from a clean
 * clone before keeping them: once all 113 files were known, the heaviest operations files started
 * together and the suite took 422 s on two cores against 328 s from this file (one run each; the
 * end-to-end phase of the slower run was 8% slower too, so part of it was the machine).
 */
const durationsFile = path.join('node_modules', '.cache', 'unit-test-durations.json');
function readDurations(): Record<string, number> {
  const read = (file: string) => {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>;
    } catch {
      return {};
    }
  };
  return { ...read(path.join('tests', 'durations.json')), ...read(durationsFile) };
}

/** Files without a time (new ones) go first, as they may be long; then the longest first. */
function longestFirst(files: string[], durations: Record<string, number>): string[] {
  return [...files].sort((a, b) => (durations[b] ?? Infinity) - (durations[a] ?? Infinity) || a.localeCompare(b));
}

async function unitSuite(): Promise<Totals> {
  const durations = readDurations();
  const files = longestFirst(only.length ? only : findTests('tests'), durations);
  let bundled: (file: string) => string;
  try {
    bundled = await bundleTests(files);
  } catch (error) {
    // esbuild has printed where (a file that does not parse, an import that resolves nowhere).
    console.log(`✗ bundling the test files  ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    return { passed: 0, failed: 1, skipped: [] };
  }
  const queue = [...files];
  let passed = 0;
  let failed = 0;
  const skipped: string[] = [];
  // Three files at a time on two cores: at two, the cores were idle 15% of the suite (files waiting on
  // timers, child processes and the database), and the suite took 198 s against 174 s at three.
  const workers = Array.from({ length: Math.max(1, Number(process.env.TEST_CONCURRENCY) || 3) }, async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const result = await runFile(file, bundled(file));
      durations[file] = Math.round(result.ms / 100) / 10;
      passed += result.passed;
      failed += result.failed;
      skipped.push(...result.skipped);
      const skips = result.skipped.length ? `, ${result.skipped.length} skipped` : '';
      console.log(`${result.failed ? '✗' : '✓'} ${file}  ${result.passed} passed, ${result.failed} failed${skips} (${(result.ms / 1000).toFixed(1)} s)`);
      if (result.failed) console.log(indented(result.output));
    }
  });
  await Promise.all(workers);
  writeFileSync(durationsFile, `${JSON.stringify(durations, null, 2)}\n`);
  return { passed, failed, skipped };
}

function e2eSuite(): Totals {
  if (!existsSync('playwright.config.ts') || !existsSync('e2e')) return { passed: 0, failed: 0, skipped: [] };
  if (!built) return { passed: 0, failed: 1, skipped: [] };
  const run = spawnSync('npx', ['playwright', 'test', '--reporter=list'], {
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0' },
    maxBuffer: 64 * 1024 * 1024,
  });
  const output = `${run.stdout ?? ''}${run.stderr ?? ''}`;
  process.stdout.write(output);
  const passed = Number(/(\d+) passed/.exec(output)?.[1] ?? 0);
  let failed = Number(/(\d+) failed/.exec(output)?.[1] ?? 0);
  if (run.status !== 0 && failed === 0) failed = 1;
  const skippedCount = Number(/(\d+) skipped/.exec(output)?.[1] ?? 0);
  return { passed, failed, skipped: Array.from({ length: skippedCount }, () => 'e2e: a Playwright test marked skip') };
}

/**
 * The checks that read the code without running it (skipped when only some test files were asked
 * for), and the build the end-to-end tests serve: all at once, each printed as it ends. The unit
 * tests start only after them (some start the production server, which serves dist/).
 */
async function checksAndBuild(withChecks: boolean, withBuild: boolean): Promise<{ passed: number; failed: number; built: boolean }> {
  const checks: [string, string[]][] = [];
  if (withChecks)
    checks.push(['typecheck', ['run', 'typecheck', '--silent']], ['lint', ['run', 'lint', '--silent']], ['format', ['run', 'format:check', '--silent']]);
  if (withBuild) {
    console.log('Construyendo la aplicación (servidor de producción y pruebas de extremo a extremo)...');
    checks.push(['build', ['run', 'build', '--silent']]);
  }
  const results = await Promise.all(
    checks.map(async ([name, npmArgs]) => {
      const run = await runCaptured('npm', npmArgs, 10 * 60_000);
      const ok = run.code === 0;
      console.log(`${ok ? '✓' : '✗'} ${name}  (${(run.ms / 1000).toFixed(1)} s)`);
      if (!ok) console.log(indented(run.output));
      return { name, ok };
    }),
  );
  const staticResults = results.filter((r) => r.name !== 'build');
  return {
    passed: staticResults.filter((r) => r.ok).length,
    failed: staticResults.filter((r) => !r.ok).length,
    built: results.some((r) => r.name === 'build' && r.ok),
  };
}

ensureSystemTools();
const totals: Totals = { passed: 0, failed: 0, skipped: [] };
const add = (part: Totals) => {
  totals.passed += part.passed;
  totals.failed += part.failed;
  totals.skipped.push(...part.skipped);
};
// Each part's wall time is printed: the whole run is meant to stay under 15 minutes on two cores.
const startedAt = Date.now();
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const prepared = await checksAndBuild(only.length === 0, runE2e);
add({ passed: prepared.passed, failed: prepared.failed, skipped: [] });
const built = prepared.built;
if (runUnit) {
  const unitStarted = Date.now();
  add(await unitSuite());
  console.log(`Pruebas unitarias y de integración: ${seconds(unitStarted)}`);
}
if (runE2e) {
  const e2eStarted = Date.now();
  add(e2eSuite());
  console.log(`Pruebas de extremo a extremo: ${seconds(e2eStarted)}`);
}
console.log(`Tiempo total: ${seconds(startedAt)}`);
if (totals.skipped.length) console.log(`\nSkipped:\n${totals.skipped.map((reason) => `  - ${reason}`).join('\n')}`);
// CI has PostgreSQL and every tool: there a skipped test is a test that did not run, and fails the run.
const refuseSkips = Boolean(process.env.CI) && totals.skipped.length > 0;
if (refuseSkips) console.log(`CI: ${totals.skipped.length} test(s) skipped where everything they need is present`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped.length} skipped`);
process.exit(totals.failed || refuseSkips ? 1 : 0);
