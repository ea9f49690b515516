// Search, pages and writes at 10,000 and 100,000 articles, on PostgreSQL (a fresh database), as
// visitors really ask: about 150 different frequent title words, five pages each, rotating.
//   1. N articles' creation events are written to the log, then `rebuildProjections` (what
//      `npm run projections:rebuild` runs) fills the read tables from it twice: the first computes every
//      article's search vector (as a restore into a new database does), the second finds them kept (as a
//      rebuild of a running site does): the rebuild figure.
//   2. The app starts on that database (its search index loads from the read table) in a child
//      process (bench/lib/api-server.ts), so the load generator does not share its event loop.
//   3. Each case runs for --duration seconds at 32 connections with autocannon, after one pass over
//      its URLs (the first-visit figure: renders and index answers made once, then kept):
//      the visitors' search API, staff's search API (no visitors' cache), the home page, 2,000
//      rotating article pages, the news page with a rotating search, and POST /api/news from 8 clients.
//      Each case also gives the server process's CPU time per request (user + system): with two cores
//      shared by the server, PostgreSQL and the load generator, it says how far a case can go.
// Targets (2 cores, PostgreSQL): search >= 3,000 req/s visitors and >= 2,000 staff with p97.5 <= 30 ms;
// / >= 3,000, articles >= 1,500, /noticias?q= >= 1,000 req/s with p97.5 <= 50 ms; writes >= 1,000/s;
// rebuild of 100,000 events <= 10 s; at 100,000 articles each case within 2x of its 10,000 figure.
// Usage: npm run build && npm run bench:api [-- --sizes 10000,100000] [--duration S] [--only CASE]
//   BENCH_DATABASE_URL or TEST_DATABASE_URL (else postgres://postgres@127.0.0.1:5432/test) names the server; the bench makes its
//   own database there and drops it afterwards. PGlite: --database pglite (a temporary directory).
//   Looking into the server: BENCH_CPU_PROFILE=dir writes its CPU profile there; BENCH_NODE_FLAGS='--trace-gc'
//   passes Node flags to it.
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { articleRecord } from './lib/articles';
import type { Ready } from './lib/api-server';
import { benchDatabaseServer } from './lib/server';

const argValue = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const sizes = (argValue('--sizes') ?? '10000,100000').split(',').map(Number);
const durationSeconds = Number(argValue('--duration') ?? 10);
const onlyCase = argValue('--only');
const databaseKind = (argValue('--database') ?? 'postgres') as 'postgres' | 'pglite';
const connections = 32;
const writeClients = 8;
const pagesPerWord = 5;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

type Target = { rps: number; p975?: number };
const targets: Record<string, Target> = {
  'GET /api/news?search= (visitante)': { rps: 3000, p975: 30 },
  'GET /api/news?search= (personal)': { rps: 2000, p975: 30 },
  'GET /': { rps: 3000, p975: 50 },
  'GET /noticias/{slug} (2.000)': { rps: 1500, p975: 50 },
  'GET /noticias?q=': { rps: 1000, p975: 50 },
  'POST /api/news (8 clientes)': { rps: 1000 },
};
const rebuildTargetSeconds = 10;

// ---------------------------------------------------------------------------------------------
// The load side (parent process).
// ---------------------------------------------------------------------------------------------

type CaseResult = {
  case: string;
  firstPass: number;
  requestsPerSecond: number;
  p50: number;
  p975: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** The server process's CPU time per request in the timed run (user + system, ms): what one request costs it. */
  serverCpuMs: number;
};

type Load = { paths: string[]; headers?: Record<string, string>; method?: string; body?: (i: number) => string; clients?: number };

function run(base: string, load: Load, options: { duration?: number; amount?: number }): Promise<autocannon.Result> {
  let turn = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: base,
        connections: load.clients ?? connections,
        ...(options.amount ? { amount: options.amount } : { duration: options.duration }),
        headers: { ...(load.body ? { 'content-type': 'application/json' } : {}), ...load.headers },
        requests: [
          {
            method: (load.method ?? 'GET') as 'GET',
            setupRequest: (request: autocannon.Request) => {
              const i = turn++;
              return { ...request, path: load.paths[i % load.paths.length], ...(load.body ? { body: load.body(i) } : {}) };
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/** The server's CPU time so far, in microseconds (user + system). */
function serverCpu(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const answer = (message: { cpu?: NodeJS.CpuUsage }) => {
      if (!message.cpu) return;
      child.off('message', answer);
      resolve(message.cpu.user + message.cpu.system);
    };
    child.on('message', answer);
    child.send('cpu');
  });
}

async function measure(name: string, base: string, load: Load, warm: boolean, child: ChildProcess): Promise<CaseResult> {
  let firstPass = 0;
  if (warm) {
    const started = performance.now();
    const amount = Math.max(load.paths.length, connections);
    await run(base, load, { amount });
    firstPass = Math.round(amount / ((performance.now() - started) / 1000));
  }
  const cpuBefore = await serverCpu(child);
  const result = await run(base, load, { duration: durationSeconds });
  const cpuUsed = (await serverCpu(child)) - cpuBefore;
  return {
    case: name,
    firstPass,
    requestsPerSecond: Math.round(result.requests.total / durationSeconds),
    p50: result.latency.p50,
    p975: result.latency.p97_5,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    serverCpuMs: result.requests.total ? Math.round(cpuUsed / result.requests.total) / 1000 : 0,
  };
}

function startServer(count: number): Promise<{ child: ChildProcess; ready: Ready }> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./lib/api-server.ts', import.meta.url)), [String(count), databaseKind], {
      execArgv: [
        '--import',
        'tsx',
        ...(process.env.BENCH_NODE_FLAGS ? process.env.BENCH_NODE_FLAGS.split(' ') : []),
        ...(process.env.BENCH_CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`] : []),
      ],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`el servidor de prueba terminó (${code})`)));
    child.on('message', (message: { ready?: Ready }) => {
      if (message.ready) resolve({ child, ready: message.ready });
    });
  });
}

function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.send('stop');
  });
}

async function benchmark(count: number) {
  console.log(
    `\n== ${count.toLocaleString('es-CR')} artículos, ${databaseKind === 'pglite' ? 'PGlite' : `PostgreSQL (${new URL(benchDatabaseServer).host})`} ==`,
  );
  const { child, ready } = await startServer(count);
  try {
    console.log(
      `  reconstrucción de ${ready.rebuildEvents} eventos: ${ready.rebuildSeconds.toFixed(1)} s (la primera, calculando cada vector de búsqueda: ${ready.firstRebuildSeconds.toFixed(1)} s); arranque con el índice cargado: ${ready.indexLoadSeconds.toFixed(1)} s`,
    );
    const base = `http://127.0.0.1:${ready.port}`;
    const staff = { cookie: ready.cookie };
    const searches = ready.words.flatMap((word) => Array.from({ length: pagesPerWord }, (_, page) => ({ word: encodeURIComponent(word), page })));
    const slugs = Array.from({ length: 2000 }, (_, i) => `/noticias/articulo-${Math.floor((i * count) / 2000)}`);
    const cases: [string, Load][] = [
      ['GET /api/news?search= (visitante)', { paths: searches.map(({ word, page }) => `/api/news?search=${word}&limit=12&offset=${page * 12}`) }],
      [
        'GET /api/news?search= (personal)',
        { paths: searches.map(({ word, page }) => `/api/news?search=${word}&status=all&limit=10&offset=${page * 10}`), headers: staff },
      ],
      ['GET /', { paths: ['/'] }],
      ['GET /noticias/{slug} (2.000)', { paths: slugs }],
      ['GET /noticias?q=', { paths: searches.map(({ word, page }) => `/noticias?q=${word}${page ? `&pagina=${page + 1}` : ''}`) }],
      [
        'POST /api/news (8 clientes)',
        {
          paths: ['/api/news'],
          method: 'POST',
          headers: { ...staff, origin: base },
          clients: writeClients,
          body: (i) => JSON.stringify({ ...articleRecord(count + i), slug: `nueva-${count}-${i}-${randomBytes(3).toString('hex')}`, publishedAt: undefined }),
        },
      ],
    ];
    const results: CaseResult[] = [];
    for (const [name, load] of cases) {
      if (onlyCase && !name.includes(onlyCase)) continue;
      // Staff's answers are never kept, and writes are measured as they come: no first pass for those.
      results.push(await measure(name, base, load, !name.includes('personal') && load.method !== 'POST', child));
      const last = results[results.length - 1];
      console.log(
        `  ${name}: ${last.requestsPerSecond} req/s (primera pasada ${last.firstPass}), p97.5 ${last.p975} ms, no 2xx ${last.non2xx}, CPU del servidor ${last.serverCpuMs} ms por solicitud`,
      );
    }
    return {
      articles: count,
      indexed: ready.articles,
      firstRebuildSeconds: ready.firstRebuildSeconds,
      rebuildSeconds: ready.rebuildSeconds,
      indexLoadSeconds: ready.indexLoadSeconds,
      cases: results,
    };
  } finally {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await stopServer(child);
  }
}

type Run = Awaited<ReturnType<typeof benchmark>>;

/** A table row for a timing (a rebuild): its seconds in the req/s column, the other figures blank. */
function timeRow(articles: number, name: string, seconds: number, goal = '', result = ''): string[] {
  return [String(articles), name, `${seconds.toFixed(1)} s`, '', '', '', '', '', '', goal, result];
}

function printTable(runs: Run[]) {
  const verdict = (ok: boolean) => (ok ? 'cumple' : 'NO cumple');
  const smallest = runs[0];
  const header = ['artículos', 'caso', 'req/s', '1.ª pasada', 'p50 ms', 'p97.5 ms', 'p99 ms', 'no 2xx', 'CPU ms/sol.', 'objetivo', 'resultado'];
  const rows: string[][] = [];
  for (const run of runs) {
    for (const c of run.cases) {
      const target = targets[c.case];
      const reference = smallest !== run ? smallest.cases.find((s) => s.case === c.case) : undefined;
      const meets =
        c.requestsPerSecond >= target.rps &&
        (target.p975 === undefined || c.p975 <= target.p975) &&
        c.non2xx === 0 &&
        (!reference || c.requestsPerSecond * 2 >= reference.requestsPerSecond);
      const goal = `>= ${target.rps} req/s${target.p975 ? `, p97.5 <= ${target.p975}` : ''}${reference ? ', >= 1/2 de 10k' : ''}`;
      rows.push([
        String(run.articles),
        c.case,
        String(c.requestsPerSecond),
        String(c.firstPass || ''),
        String(c.p50),
        String(c.p975),
        String(c.p99),
        String(c.non2xx),
        String(c.serverCpuMs),
        goal,
        verdict(meets),
      ]);
    }
    const atScale = run.articles >= 100_000;
    rows.push(timeRow(run.articles, 'primera reconstrucción (vectores por calcular)', run.firstRebuildSeconds));
    rows.push(
      timeRow(
        run.articles,
        'projections:rebuild',
        run.rebuildSeconds,
        atScale ? `<= ${rebuildTargetSeconds} s` : '',
        atScale ? verdict(run.rebuildSeconds <= rebuildTargetSeconds) : '',
      ),
    );
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i >= 2 && i <= 8 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' | ')} |`;
  console.log(`\n${line(header)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

async function main() {
  if (!existsSync(path.join(root, 'dist/client/index.html'))) {
    console.error('Falta dist/: ejecute "npm run build" antes de npm run bench:api (las páginas se sirven ya construidas).');
    process.exit(1);
  }
  const runs: Run[] = [];
  for (const count of sizes) runs.push(await benchmark(count));
  printTable(runs);
  console.log(JSON.stringify({ bench: 'api', database: databaseKind, connections, writeClients, durationSeconds, runs }));
}

await main();
