// Search, pages and writes at 10,000 and 100,000 articles, on PostgreSQL (a fresh database), as
// visitors and staff really ask, on a small server's share of the machine.
//   1. N articles' creation events are written to the log, then `rebuildProjections` (what
//      `npm run projections:rebuild` runs) fills the read tables from it twice: the first computes every
//      article's search vector (as a restore into a new database does), the second finds them kept (as a
//      rebuild of a running site does): the rebuild figure.
//   2. The app starts on that database (its search index loads from the read table) in a child
//      process (bench/lib/api-server.ts) with NODE_ENV=production, bundled into plain JavaScript the
//      way `npm run build` bundles the server (scripts/build-server.ts) and run by `node` alone, as the
//      Docker image runs it (tsx's hooks and React's development build would each cost the server what
//      production does not pay).
//   3. Each case runs (bench/lib/load-run.ts) for --duration seconds at 32 connections with autocannon (the never-asked pairs
//      and the writes: a fixed number of requests), after one pass over its URLs (the first-visit
//      figure: renders and index answers made once, then kept):
//      the visitors' search API and staff's (about 150 frequent title words x 5 pages), staff's two-word
//      searches never asked before (10,000 distinct pairs of the articles' words, each once: no answer,
//      match or parse of a text is reused), the home page, 2,000 rotating article pages, the news page
//      with a rotating search, POST /api/news from 8 clients (3,000 new articles untimed, its first pass,
//      while V8 compiles the write path, then 5,000 timed), then each page again while 5 articles a second
//      are written (every write drops kept pages). Pages are asked with Accept-Encoding: br, gzip.
//   4. After the load, the server's RSS and heap (process.memoryUsage, and the heap after a full GC), what
//      the RSS is made of by kind of mapping (bench/lib/rss-parts.ts: the binary, V8's pages, the rest), and
//      how many articles the index holds then: the writes of step 3 add 8,000 on any machine, and the
//      pages' cases under writes 5 a second each (150 in 10 s), so "after the load at 10,000" is at
//      about 18,000 articles.
//      The server runs on jemalloc when the machine has it, and with the server's V8 heap settings, as the
//      image runs it (scripts/launch-server.sh; BENCH_NODE_FLAGS come after them and win);
//      the report says which allocator it had.
// Where taskset exists (util-linux), the app server and PostgreSQL (a private cluster, fsync on) run on
// cores --cores (0,1): a two-core server. The load generator runs on the other cores when there are any;
// on a two-core machine it shares them, and its own CPU time per request is printed apart.
// Each case gives the server process's CPU time per request (user + system): what a request costs it,
// the figure that other load on the machine distorts least; beside it its main thread's share, and
// PostgreSQL's CPU time per request when the bench runs its own cluster (where a write's time goes).
// A page case also gives the share of its requests the server rendered, which no kept page answered
// ('renderizadas'). req/s and latencies are only meaningful on an otherwise quiet machine (the load
// average is printed before each size, and how fast the machine is then: bench/lib/machine-reference.ts,
// CPU ms of a fixed piece of work, which told a day when every case ran at half the speed of another's).
// Goals (2 cores shared with PostgreSQL, 32 connections, the load generator on the same machine):
// /noticias?q= p97.5 <= 30 ms; articles >= 4,000 req/s, p97.5 <= 30 ms; / >= 8,000 req/s, p97.5 <= 20 ms;
// staff's new two-word searches >= 3,000 req/s, p97.5 <= 30 ms; visitors' search >= 3,000 and staff's
// >= 2,000 req/s with p97.5 <= 30 ms; writes >= 1,200/s; each page's p97.5 goal also while 5 articles a
// second are written; RSS <= 250 MB at 10,000 articles and <= 800 MB at 100,000; rebuild of 100,000
// events <= 10 s; at 100,000 articles each case within 2x of its 10,000 figure.
// Usage: npm run build && npm run bench:api [-- --sizes 10000,100000] [--duration S] [--only CASE]
//          [--pairs N] [--cores 0,1|none] [--connections N] [--quick]
//   --quick: a smoke run (10,000 articles, 3 s per case, 2,000 pairs) unless told otherwise.
//   --only TEXT: the cases whose name has TEXT; --only =NAME: the case named exactly NAME ('=GET /');
//   several, in the order of the run, separated by ' | ' ('=GET / | POST').
//   --connections 1: one request at a time, so a case's CPU per request is what one answer costs,
//   not queueing (the goals are for 32).
//   BENCH_DATABASE_URL names a PostgreSQL server to use instead of the private cluster (not pinned);
//   without taskset or PostgreSQL's binaries, TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test.
//   The bench makes its own database there and drops it afterwards. PGlite: --database pglite.
//   Looking into the server: BENCH_CPU_PROFILE=dir writes its CPU profile there, BENCH_HEAP_SNAPSHOT=dir
//   a heap snapshot after the load; BENCH_NODE_FLAGS='--trace-gc' passes Node flags to it; BENCH_TURNS=1
//   prints each case's event-loop turns: how many requests the server read in one, and how long one took
//   (with 32 connections, a request answered without waiting takes about a turn: bench/lib/loop-turns.ts).
import { spawn, spawnSync, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleServer } from '../scripts/build-server';
import { articleRecord, distinctWordPairs } from './lib/articles';
import type { Memory, Ready, Seeded } from './lib/api-server';
import { rssPartsText } from './lib/rss-parts';
import { postgresTarget } from '../events/postgres-target';
import { benchDatabaseServer, dropPostgres } from './lib/server';
import { postgresBin, startPrivatePostgres, type PrivatePostgres } from '../tests/helpers/private-postgres';
import { mb, pageGoals, printTable, type CaseResult, type Run } from './lib/report';
import { loopbackReference, machineReference } from './lib/machine-reference';
import { ask, measure, type Case, type DatabaseCpu, type Load, type LoadSettings } from './lib/load-run';

const argValue = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const quick = process.argv.includes('--quick');
const sizes = (argValue('--sizes') ?? (quick ? '10000' : '10000,100000')).split(',').map(Number);
const durationSeconds = Number(argValue('--duration') ?? (quick ? 3 : 10));
const pairCount = Number(argValue('--pairs') ?? (quick ? 2000 : 10_000));
const onlyCase = argValue('--only');
const databaseKind = (argValue('--database') ?? 'postgres') as 'postgres' | 'pglite';
const coresArg = argValue('--cores') ?? '0,1';
const connections = Number(argValue('--connections') ?? 32);
const writeClients = 8;
/** New articles written before the writes are timed (their first pass), then timed: a fixed number, so the index holds as many articles after the load on a fast machine as on a slow one. */
const writeWarmUp = 3000;
const timedWrites = 5000;
const pagesPerWord = 5;
/** Articles written a second while the pages are loaded again. */
const writesPerSecond = 5;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** bench/lib/api-server.ts bundled (under dist/, where the server finds the project's files from). */
const benchServerScript = path.join(root, 'dist/bench/api-server.mjs');
/** BENCH_TURNS=1: each case also reports the server's event-loop turns (bench/lib/loop-turns.ts). */
const countTurns = Boolean(process.env.BENCH_TURNS);
const settings: LoadSettings = { connections, durationSeconds, countTurns };

// ---------------------------------------------------------------------------------------------
// Where each process runs: the server and PostgreSQL on --cores, the load generator apart if it can.
// ---------------------------------------------------------------------------------------------

const hasTaskset = coresArg !== 'none' && spawnSync('taskset', ['--version']).status === 0;
const serverCores = hasTaskset ? coresArg : null;
function otherCores(cores: string): string | null {
  const taken = new Set(
    cores.split(',').flatMap((part) => {
      const [from, to = from] = part.split('-').map(Number);
      return Array.from({ length: to - from + 1 }, (_, i) => from + i);
    }),
  );
  const rest = Array.from({ length: os.availableParallelism() }, (_, i) => i).filter((core) => !taken.has(core));
  return rest.length ? rest.join(',') : null;
}
const loaderCores = serverCores ? otherCores(serverCores) : null;
if (loaderCores) execFileSync('taskset', ['-a', '-pc', loaderCores, String(process.pid)], { stdio: 'ignore' });
const pinned = (command: string[]) => (serverCores ? ['taskset', '-c', serverCores, ...command] : command);

/**
 * A child process of bench/lib/api-server.ts on the server's cores, answering `key` once ready. The
 * server (`serve`) starts the way the image and `npm start` start it: through scripts/launch-server.sh.
 */
function child<T>(args: string[], key: string, flags: string[] = []): Promise<{ child: ChildProcess; answer: T }> {
  return new Promise((resolve, reject) => {
    const launcher = args[0] === 'serve' ? ['sh', path.join(root, 'scripts/launch-server.sh')] : [];
    const [command, ...rest] = pinned([...launcher, process.execPath, ...flags, benchServerScript, ...args]);
    const started = spawn(command, rest, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env: { ...process.env, NODE_ENV: 'production' } });
    started.once('error', reject);
    started.once('exit', (code) => reject(new Error(`el proceso de prueba terminó (${code})`)));
    started.on('message', (message: Record<string, unknown>) => {
      if (key in message) resolve({ child: started, answer: message[key] as T });
    });
  });
}

async function seedDatabase(count: number, databaseServer: string | undefined): Promise<Seeded> {
  const { child: seeder, answer } = await child<Seeded>(['seed', String(count), databaseKind, ...(databaseServer ? [databaseServer] : [])], 'seeded');
  seeder.removeAllListeners('exit');
  return answer;
}

async function dropDatabase(seeded: Seeded) {
  if (seeded.databaseUrl) await dropPostgres(seeded.databaseUrl);
  if (seeded.dataDir) rmSync(seeded.dataDir, { recursive: true, force: true });
}

async function startServer(count: number, seeded: Seeded): Promise<{ child: ChildProcess; ready: Ready }> {
  const flags = [
    '--expose-gc',
    ...(process.env.BENCH_NODE_FLAGS ? process.env.BENCH_NODE_FLAGS.split(' ') : []),
    ...(process.env.BENCH_CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`] : []),
  ];
  const { child: server, answer } = await child<Ready>(['serve', String(count), JSON.stringify(seeded)], 'ready', flags);
  return { child: server, ready: answer };
}

function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.send('stop');
  });
}

async function benchmark(count: number, databaseServer: string | undefined, where: string, databaseCpu: DatabaseCpu) {
  const machineReferenceMs = machineReference();
  const loopbackReferenceMs = await loopbackReference();
  console.log(
    `\n== ${count.toLocaleString('es-CR')} artículos, ${where}; carga de la máquina (1 min) ${os.loadavg()[0].toFixed(1)}; referencia de la máquina ${machineReferenceMs} ms, ida y vuelta local ${loopbackReferenceMs} ms ==`,
  );
  const seeded = await seedDatabase(count, databaseServer);
  const { child, ready } = await startServer(count, seeded).catch(async (error) => {
    await dropDatabase(seeded);
    throw error;
  });
  try {
    console.log(`  asignador de memoria del servidor: ${ready.allocator === 'jemalloc' ? 'jemalloc' : 'el del sistema (glibc)'}`);
    console.log(
      `  reconstrucción de ${ready.rebuildEvents} eventos: ${ready.rebuildSeconds.toFixed(1)} s (la primera, calculando cada vector de búsqueda: ${ready.firstRebuildSeconds.toFixed(1)} s); arranque con el índice cargado: ${ready.indexLoadSeconds.toFixed(1)} s`,
    );
    // What the app holds once started (its index loaded), before any request: the load adds the rest.
    const atStart = await ask<Memory>(child, 'memory:arranque', 'memory');
    console.log(
      `  memoria al arrancar: RSS ${mb(atStart.rss)} MB, montículo ${mb(atStart.heapUsed)} MB (${atStart.heapUsedAfterGc === null ? '?' : mb(atStart.heapUsedAfterGc)} MB tras una recolección completa)${rssPartsText(atStart.rssParts)}`,
    );
    const base = `http://127.0.0.1:${ready.port}`;
    const staff = { cookie: ready.cookie };
    const searches = ready.words.flatMap((word) => Array.from({ length: pagesPerWord }, (_, page) => ({ word: encodeURIComponent(word), page })));
    const slugs = Array.from({ length: 2000 }, (_, i) => `/noticias/articulo-${Math.floor((i * count) / 2000)}`);
    const pairs = distinctWordPairs(pairCount, count);
    const pages: [string, Load][] = [
      ['GET /', { paths: ['/'] }],
      ['GET /noticias/{slug} (2.000)', { paths: slugs }],
      ['GET /noticias?q=', { paths: searches.map(({ word, page }) => `/noticias?q=${word}${page ? `&pagina=${page + 1}` : ''}`) }],
    ];
    const cases: Case[] = [
      {
        name: 'GET /api/news?search= (visitante)',
        goal: { rps: 3000, p975: 30 },
        load: { paths: searches.map(({ word, page }) => `/api/news?search=${word}&limit=12&offset=${page * 12}`) },
        warm: true,
      },
      {
        name: 'GET /api/news?search= (personal)',
        goal: { rps: 2000, p975: 30 },
        load: { paths: searches.map(({ word, page }) => `/api/news?search=${word}&status=all&limit=10&offset=${page * 10}`), headers: staff },
        warm: false,
      },
      {
        name: `GET /api/news?search= (personal, ${pairs.length.toLocaleString('es-CR')} pares nuevos)`,
        goal: { rps: 3000, p975: 30 },
        load: { paths: pairs.map((pair) => `/api/news?search=${encodeURIComponent(pair)}&status=all&limit=10`), headers: staff },
        warm: false,
        amount: pairs.length,
      },
      ...pages.map(([name, load]) => ({ name, goal: pageGoals[name], load, warm: true })),
      {
        name: 'POST /api/news (8 clientes)',
        goal: { rps: 1200 },
        load: {
          paths: ['/api/news'],
          method: 'POST',
          headers: { ...staff, origin: base },
          clients: writeClients,
          body: (i) => JSON.stringify({ ...articleRecord(count + i), slug: `nueva-${count}-${i}-${randomBytes(3).toString('hex')}`, publishedAt: undefined }),
        },
        warm: true,
        warmRequests: writeWarmUp,
        amount: timedWrites,
      },
      ...pages.map(([name, load]) => ({
        name: `${name} + ${writesPerSecond} escrituras/s`,
        goal: { p975: pageGoals[name].p975 },
        load,
        warm: true,
        writes: writesPerSecond,
      })),
    ];
    const results: CaseResult[] = [];
    for (const test of cases) {
      if (onlyCase && !onlyCase.split(' | ').some((only) => (only.startsWith('=') ? test.name === only.slice(1) : test.name.includes(only)))) continue;
      const last = await measure(settings, test, base, child, ready.cookie, count, databaseCpu);
      results.push(last);
      console.log(
        `  ${last.case}: ${last.requestsPerSecond} req/s (primera pasada ${last.firstPass}), p97.5 ${last.p975} ms, no 2xx ${last.non2xx}, CPU del servidor ${last.serverCpuMs} ms por solicitud${last.serverMainThreadCpuMs === null ? '' : ` (hilo principal ${last.serverMainThreadCpuMs})`}${last.databaseCpuMs === null ? '' : `, de PostgreSQL ${last.databaseCpuMs} ms`}, de la carga ${last.loaderCpuMs} ms${last.writes !== undefined ? `, ${last.writes} artículos escritos` : ''}${last.renderedPercent !== undefined ? `, renderizadas ${last.renderedPercent}%` : ''}`,
      );
      if (last.turns) {
        const { turns, requestsPerTurn, p50, p90, p975, max } = last.turns;
        console.log(
          `    vueltas del bucle de eventos: ${turns}, ${requestsPerTurn} solicitudes por vuelta; la vuelta en que se leyó cada solicitud duró ${p50} ms (mediana), p90 ${p90}, p97.5 ${p975}; la más larga ${max}`,
        );
      }
    }
    const memory = await ask<Memory>(child, 'memory:carga', 'memory');
    console.log(
      `  memoria tras la carga (${memory.articles.toLocaleString('es-CR')} artículos en el índice): RSS ${mb(memory.rss)} MB, montículo ${mb(memory.heapUsed)} de ${mb(memory.heapTotal)} MB (${memory.heapUsedAfterGc === null ? '?' : mb(memory.heapUsedAfterGc)} MB tras una recolección completa), fuera del montículo ${mb(memory.external)} MB; ${memory.keptPages} páginas guardadas, ${mb(memory.keptPageBytes)} MB; respuestas de la API guardadas ${mb(memory.keptAnswerBytes)} MB, artículos del personal ${mb(memory.keptArticleBytes)} MB${rssPartsText(memory.rssParts)}`,
    );
    return {
      articles: count,
      indexed: ready.articles,
      machineReferenceMs,
      loopbackReferenceMs,
      firstRebuildSeconds: ready.firstRebuildSeconds,
      rebuildSeconds: ready.rebuildSeconds,
      indexLoadSeconds: ready.indexLoadSeconds,
      allocator: ready.allocator,
      loadAverage: os.loadavg()[0],
      memoryAtStart: atStart,
      memory,
      cases: results,
    };
  } finally {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await stopServer(child);
    await dropDatabase(seeded);
  }
}

async function main() {
  if (!existsSync(path.join(root, 'dist/client/index.html'))) {
    console.error('Falta dist/: ejecute "npm run build" antes de npm run bench:api (las páginas se sirven ya construidas).');
    process.exit(1);
  }
  await bundleServer({ 'api-server': 'bench/lib/api-server.ts' }, path.dirname(benchServerScript));
  // PostgreSQL on the server's cores: a private cluster started under taskset, unless a server is named.
  let cluster: PrivatePostgres | null = null;
  let databaseServer: string | undefined;
  let where = 'PGlite';
  if (databaseKind === 'postgres') {
    if (!process.env.BENCH_DATABASE_URL && serverCores && postgresBin()) {
      cluster = await startPrivatePostgres({ durable: true, launcher: ['taskset', '-c', serverCores] });
      process.once('exit', () => cluster?.destroy());
      // On the server's machine, as in production: through the socket (docs/operations.md).
      databaseServer = cluster.socketUrl;
      where = `PostgreSQL (un clúster propio, fsync activo, por su socket Unix)`;
    } else {
      databaseServer = process.env.BENCH_DATABASE_URL || benchDatabaseServer;
      const target = postgresTarget(databaseServer);
      where = `PostgreSQL (${target.path ? `su socket ${target.path}` : new URL(target.url).host}, sin fijar a núcleos)`;
    }
  }
  where += serverCores
    ? `; servidor${cluster ? ' y PostgreSQL' : ''} en los núcleos ${serverCores}, generador de carga ${loaderCores ? `en ${loaderCores}` : 'compartiéndolos (no hay otros)'}`
    : '; sin taskset: nada fijado a núcleos';
  try {
    const runs: Run[] = [];
    const ownCluster = cluster;
    for (const count of sizes) runs.push(await benchmark(count, databaseServer, where, ownCluster ? () => ownCluster.cpuMicros() : null));
    printTable(runs);
    console.log(
      JSON.stringify({
        bench: 'api',
        database: databaseKind,
        where,
        connections,
        writeClients,
        durationSeconds,
        pairs: pairCount,
        serverCores,
        loaderCores,
        runs,
      }),
    );
  } finally {
    cluster?.destroy();
    cluster = null;
  }
}

await main();
