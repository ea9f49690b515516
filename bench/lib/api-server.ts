// The server side of `npm run bench:api`, in child processes of their own so the load generator does not
// share their event loop: `seed` makes a fresh database (PostgreSQL, or PGlite in a temporary directory)
// with N articles' creation events and times two rebuilds from that log, then ends; `serve` starts the
// app on it on a free port with a staff session. It reports `ready` to its parent, answers 'cpu' with
// its CPU time and visitors' renders so far and 'memory' with its memory figures (and writes a heap
// snapshot into BENCH_HEAP_SNAPSHOT when set), 'turns' with its event loop's turns since the last ask
// when BENCH_TURNS is set (lib/loop-turns.ts), and drops its database on 'stop'. Started by
// bench/api.ts: lib/api-server.ts seed COUNT postgres|pglite [DATABASE_SERVER_URL], then
// lib/api-server.ts serve COUNT SEEDED_JSON. The parent drops the database.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { writeHeapSnapshot } from 'node:v8';
import { createApp, allMigrations } from '../../api/app';
import { loadConfig } from '../../api/config';
import { migrate, newsArticle, openDb } from '../../events';
import { allProjectors, rebuildProjections } from '../../projections';
import { articleRecord, frequentTitleWords } from './articles';
import { loopTurns } from './loop-turns';
import { rssParts, type RssParts } from './rss-parts';
import { benchAdmin, freshPostgres, staffCookie } from './server';
import { cpuMicrosOf } from '../../tests/helpers/proc-cpu';

export type Ready = {
  port: number;
  articles: number;
  firstRebuildSeconds: number;
  rebuildSeconds: number;
  rebuildEvents: number;
  indexLoadSeconds: number;
  /** The allocator this process runs on (scripts/launch-server.sh preloads jemalloc where installed). */
  allocator: 'jemalloc' | 'system';
  words: string[];
  cookie: string;
};

export type Memory = {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  heapUsedAfterGc: number | null;
  /** Articles the index holds then: the seeded ones and those the write cases added. */
  articles: number;
  /** Pages kept for visitors, and the bytes they hold. */
  keptPages: number;
  keptPageBytes: number;
  keptAnswerBytes: number;
  keptArticleBytes: number;
  /** The RSS by kind of mapping, read with it (lib/rss-parts.ts); null without /proc. */
  rssParts: RssParts | null;
};

/** The main thread's CPU time so far (user + system, microseconds; its thread id is the process id); null without /proc. */
function mainThreadCpuMicros(): number | null {
  try {
    return cpuMicrosOf(readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8'));
  } catch {
    return null;
  }
}

/** A database written by `seed`, for `serve`. */
export type Seeded = {
  databaseUrl: string | null;
  dataDir: string | null;
  firstRebuildSeconds: number;
  rebuildSeconds: number;
  rebuildEvents: number;
};

/**
 * Writes the log and rebuilds the read tables, in a process of its own that then ends: the app's memory
 * is then the app's alone, not what writing 100,000 events left behind.
 */
async function seed(count: number, databaseKind: 'postgres' | 'pglite', databaseServer?: string): Promise<Seeded> {
  let dataDir: string | null = null;
  let databaseUrl: string | null = null;
  if (databaseKind === 'pglite') {
    dataDir = mkdtempSync(path.join(tmpdir(), 'bench-api-'));
  } else {
    databaseUrl = (await freshPostgres(databaseServer)).url;
  }
  const db = await openDb({ databaseUrl, dataDir: dataDir ?? undefined, statementTimeoutMs: null });
  await migrate(db, allMigrations);

  // The log: each article's creation as the decider writes it, inserted in large statements.
  const metadata = JSON.stringify({ actor: null, origin: 'seed', requestId: randomUUID() });
  const chunk = 2000;
  for (let from = 0; from < count; from += chunk) {
    const rows = [];
    for (let i = from; i < Math.min(count, from + chunk); i++) {
      const [event] = newsArticle.decide({ type: 'Create', record: articleRecord(i) }, newsArticle.initialState());
      rows.push({ stream_id: randomUUID(), stream_version: 1, type: event.type, data: event.data });
    }
    await db.query(
      `INSERT INTO events (stream_id, stream_version, type, data, metadata)
       SELECT e.stream_id, e.stream_version, e.type, e.data, $2::jsonb
       FROM jsonb_to_recordset($1::jsonb) AS e(stream_id uuid, stream_version integer, type text, data jsonb)`,
      [JSON.stringify(rows), metadata],
    );
  }
  // The first replay computes every article's search vector (PostgreSQL's Spanish lexemes), as a restore
  // into a new database does; a rebuild of a running site finds them kept from when each was written.
  const firstStarted = performance.now();
  await rebuildProjections(db, allProjectors);
  const firstRebuildSeconds = (performance.now() - firstStarted) / 1000;
  const rebuildStarted = performance.now();
  const rebuilt = await rebuildProjections(db, allProjectors);
  const rebuildSeconds = (performance.now() - rebuildStarted) / 1000;
  // What autovacuum does within a minute of a bulk load: statistics and the visibility map.
  if (db.kind === 'postgres') await db.query('VACUUM ANALYZE');
  await db.close();
  return { databaseUrl, dataDir, firstRebuildSeconds, rebuildSeconds, rebuildEvents: rebuilt.events };
}

async function serve(count: number, seeded: Seeded) {
  const { databaseUrl, dataDir } = seeded;
  const db = await openDb({ databaseUrl, dataDir: dataDir ?? undefined, statementTimeoutMs: null });

  const config = loadConfig(
    {
      DATA_DIR: dataDir ?? tmpdir(),
      ADMIN_USERNAME: benchAdmin.username,
      ADMIN_PASSWORD: benchAdmin.password,
      PUBLIC_WRITE_LIMIT: '0',
      FEED_SCHEDULER: 'off',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
    } as NodeJS.ProcessEnv,
    { databaseUrl },
  );
  const server = createServer();
  const opened = performance.now();
  const app = await createApp(config, { web: true, httpServer: server, db, log: () => {} });
  const indexLoadSeconds = (performance.now() - opened) / 1000;
  server.on('request', app.app.callback());
  const turns = process.env.BENCH_TURNS ? loopTurns(server) : null;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const cookie = await staffCookie(`http://127.0.0.1:${port}`);
  const ready: Ready = {
    port,
    articles: app.services.news.size,
    firstRebuildSeconds: seeded.firstRebuildSeconds,
    rebuildSeconds: seeded.rebuildSeconds,
    rebuildEvents: seeded.rebuildEvents,
    indexLoadSeconds,
    allocator: existsSync('/proc/self/maps') && readFileSync('/proc/self/maps', 'utf8').includes('libjemalloc') ? 'jemalloc' : 'system',
    words: frequentTitleWords(count),
    cookie,
  };
  process.send!({ ready });

  process.on('message', async (message: unknown) => {
    // The server's own CPU time so far (user + system, microseconds), its main thread's alone (the rest is
    // V8's and libuv's helper threads: the collector, the compiler, the thread pool), and the visitors'
    // renders so far: the load side takes them around a case.
    if (message === 'cpu') return process.send!({ cpu: { time: process.cpuUsage(), mainThread: mainThreadCpuMicros(), renders: app.services.pages.renders } });
    if (message === 'turns') return process.send!({ turns: turns?.take() ?? null });
    // What the process holds after the load (RSS first: what the machine must have), and the live heap
    // once a full collection ran (when the parent started us with --expose-gc).
    if (typeof message === 'string' && message.startsWith('memory')) {
      const label = message.slice('memory:'.length) || 'carga';
      const usage = process.memoryUsage();
      const parts = rssParts();
      const gc = (globalThis as { gc?: () => void }).gc;
      gc?.();
      const memory: Memory = {
        ...usage,
        heapUsedAfterGc: gc ? process.memoryUsage().heapUsed : null,
        articles: app.services.news.size,
        keptPages: app.services.pages.size,
        keptPageBytes: app.services.pages.bytes,
        keptAnswerBytes: app.services.news.answerBytes,
        keptArticleBytes: app.services.news.articleBytes,
        rssParts: parts,
      };
      if (process.env.BENCH_HEAP_SNAPSHOT)
        console.log(`  instantánea del montículo: ${writeHeapSnapshot(path.join(process.env.BENCH_HEAP_SNAPSHOT, `servidor-${count}-${label}.heapsnapshot`))}`);
      return process.send!({ memory });
    }
    if (message !== 'stop') return;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await app.close();
    await db.close();
    process.send!({ stopped: true }, () => process.exit(0));
  });
}

if (process.send) {
  const [mode, count, arg, databaseServer] = process.argv.slice(2);
  if (mode === 'seed') {
    const seeded = await seed(Number(count), arg === 'pglite' ? 'pglite' : 'postgres', databaseServer);
    process.send!({ seeded }, () => process.exit(0));
  } else await serve(Number(count), JSON.parse(arg) as Seeded);
}
