// The API under load, on PGlite (a temp directory) and on PostgreSQL (a fresh database): 10,000 news
// articles and 1,000 contact messages written through the command path (handle() and the store, with
// their projectors), then GET /api/news, a search, an article by slug and POST /api/contact, each for
// 10 s at 32 connections with autocannon. The server runs in a child process so the load generator
// does not share its event loop. Targets (PostgreSQL, 2 cores): search >= 1,500 req/s with
// p95 <= 30 ms; >= 1,000 write commands/s.
// Usage: npm run bench:api [-- --only pglite|postgres] [--articles N] [--duration S]
//   PostgreSQL: TEST_DATABASE_URL (or postgres://postgres@127.0.0.1:5432/test) names the server; the
//   bench makes its own database there and drops it afterwards.
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const argValue = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const articleCount = Number(argValue('--articles') ?? 10_000);
const messageCount = Number(argValue('--messages') ?? 1_000);
const durationSeconds = Number(argValue('--duration') ?? 10);
const connections = 32;
const writeConcurrency = 16;
const serverUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const targets = { searchRps: 1500, searchP95Ms: 30, writesPerSecond: 1000 };

type Kind = 'pglite' | 'postgres';
type Ready = { port: number; slug: string; writes: { commands: number; seconds: number; perSecond: number }; searchHits: number };

// ---------------------------------------------------------------------------------------------
// The server side (child process): open the app, write the data through the commands, listen.
// ---------------------------------------------------------------------------------------------

const words = [
  'seguridad',
  'espionaje',
  'micrófonos',
  'rastreadores',
  'vigilancia',
  'privacidad',
  'oficinas',
  'reuniones',
  'ejecutivos',
  'señales',
  'frecuencia',
  'detección',
  'barrido',
  'hotel',
  'vehículo',
  'red',
  'wifi',
  'celular',
  'contraseñas',
  'empresa',
  'datos',
  'filtración',
  'riesgo',
  'análisis',
];
const categories = ['Ciberseguridad', 'Anti-Espionaje', 'Tecnología', 'Noticias'] as const;

function sentence(seed: number, length: number): string {
  let state = seed * 2654435761;
  const out: string[] = [];
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    out.push(words[state % words.length]);
  }
  return out.join(' ');
}

/** One article in ten speaks of 'Cámaras' (title, excerpt or content in turn); two in a hundred wait for review. */
function articleRecord(i: number) {
  const mentions = i % 10 === 0;
  const where = (i / 10) % 3;
  return {
    title: `${mentions && where === 0 ? 'Cámaras ocultas: ' : ''}${sentence(i, 6)} ${i}`,
    slug: `articulo-${i}`,
    excerpt: `${mentions && where === 1 ? 'Hallamos cámaras y ' : ''}${sentence(i + 1, 20)}`,
    content: `<p>${sentence(i + 2, 120)}</p><p>${mentions && where === 2 ? 'Las <strong>cámaras</strong> IP ' : ''}${sentence(i + 3, 150)}</p>`,
    image: i % 3 === 0 ? `https://example.com/imagenes/${i}.jpg` : null,
    category: categories[i % categories.length],
    author: 'Redacción',
    publishedAt: new Date(Date.UTC(2024, 0, 1) + i * 3_600_000 * 1.7).toISOString(),
    reviewRequired: i % 50 === 7,
    isImported: false,
    sourceId: null,
    sourceUrl: null,
    guidHash: null,
  };
}

async function inParallel(count: number, concurrency: number, work: (i: number) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < count; i = next++) await work(i);
    }),
  );
}

async function serve(kind: Kind) {
  const { createApp } = await import('../api/app');
  const { loadConfig } = await import('../api/config');
  const { handle, newsArticle, contactMessage } = await import('../events');

  let dataDir: string | null = null;
  let databaseUrl: string | null = null;
  let dropDatabase = async () => {};
  if (kind === 'pglite') {
    dataDir = mkdtempSync(path.join(tmpdir(), 'bench-api-'));
  } else {
    const { default: postgres } = await import('postgres');
    const root = postgres(serverUrl, { max: 1, onnotice: () => {} });
    const name = `bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
    await root.unsafe(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      await root.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await root.end();
    };
  }

  const config = loadConfig(
    {
      DATA_DIR: dataDir ?? tmpdir(),
      ADMIN_PASSWORD: 'clave-del-banco-de-pruebas',
      PUBLIC_WRITE_LIMIT: '0',
      FEED_SCHEDULER: 'off',
      NODE_ENV: 'development',
    } as NodeJS.ProcessEnv,
    { databaseUrl },
  );
  const server = createServer();
  const app = await createApp(config, { web: false, httpServer: server, log: () => {} });
  const { store } = app.services;
  const metadata = { actor: null, origin: 'system' as const, requestId: randomUUID() };

  const started = performance.now();
  await inParallel(articleCount, writeConcurrency, (i) =>
    handle(store, newsArticle, randomUUID(), { type: 'Create', record: articleRecord(i) }, metadata, { newStream: true }),
  );
  await inParallel(messageCount, writeConcurrency, (i) =>
    handle(
      store,
      contactMessage,
      randomUUID(),
      { type: 'Receive', name: `Visitante ${i}`, email: `v${i}@example.com`, phone: null, message: sentence(i, 30), at: new Date() },
      metadata,
      { newStream: true },
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  const commands = articleCount + messageCount;
  // What autovacuum does within a minute of a bulk load: statistics and the visibility map (index-only counts).
  if (app.services.db.kind === 'postgres') await app.services.db.query('VACUUM ANALYZE');

  server.on('request', app.app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const searchHits = Number((await app.services.read.news.list({ search: 'cámaras', sort: 'newest', status: 'published', limit: 1, offset: 0 })).total);
  const ready: Ready = {
    port: (server.address() as AddressInfo).port,
    slug: articleRecord(articleCount - 2).slug,
    writes: { commands, seconds, perSecond: commands / seconds },
    searchHits,
  };
  process.send!({ ready });

  process.on('message', async (message: any) => {
    if (message !== 'stop') return;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await app.close();
    await dropDatabase();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    process.send!({ stopped: true }, () => process.exit(0));
  });
}

// ---------------------------------------------------------------------------------------------
// The load side (parent process).
// ---------------------------------------------------------------------------------------------

type CaseResult = { case: string; requestsPerSecond: number; p50: number; p95: number; p99: number; requests: number; non2xx: number; errors: number };

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);

function load(name: string, options: autocannon.Options): Promise<CaseResult> {
  return new Promise((resolve, reject) => {
    const times: number[] = [];
    const instance = autocannon({ connections, duration: durationSeconds, ...options }, (error, result) => {
      if (error) return reject(error);
      times.sort((a, b) => a - b);
      resolve({
        case: name,
        requestsPerSecond: Math.round(result.requests.total / durationSeconds),
        p50: round(percentile(times, 50)),
        p95: round(percentile(times, 95)),
        p99: round(percentile(times, 99)),
        requests: result.requests.total,
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
      });
    });
    instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => times.push(responseTime));
  });
}

const round = (n: number) => Math.round(n * 10) / 10;

function startServer(kind: Kind): Promise<{ child: ChildProcess; ready: Ready }> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), ['--serve', kind, ...process.argv.slice(2)], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`el servidor de prueba terminó (${code})`)));
    child.on('message', (message: any) => {
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

async function benchmark(kind: Kind) {
  console.log(`\n== ${kind === 'pglite' ? 'PGlite (directorio temporal)' : `PostgreSQL (${new URL(serverUrl).host}, base de datos nueva)`} ==`);
  console.log(`Escribiendo ${articleCount} noticias y ${messageCount} mensajes por el camino de los comandos (${writeConcurrency} a la vez)...`);
  const { child, ready } = await startServer(kind);
  try {
    console.log(`  ${ready.writes.commands} comandos en ${ready.writes.seconds.toFixed(1)} s: ${Math.round(ready.writes.perSecond)} comandos/s`);
    console.log(`  'cámaras' aparece en ${ready.searchHits} artículos publicados`);
    console.log(`PUBLIC_WRITE_LIMIT=0: el límite de escrituras públicas está DESACTIVADO para esta medición.`);
    if (kind === 'postgres') console.log('VACUUM ANALYZE tras la carga (lo que autovacuum haría en el primer minuto).');
    const base = `http://127.0.0.1:${ready.port}`;
    const cases: CaseResult[] = [];
    cases.push(await load('GET /api/news', { url: `${base}/api/news` }));
    cases.push(await load('GET /api/news?search=cámaras', { url: `${base}/api/news?search=${encodeURIComponent('cámaras')}` }));
    cases.push(await load('GET /api/news/{slug}', { url: `${base}/api/news/${ready.slug}` }));
    cases.push(
      await load('POST /api/contact', {
        url: `${base}/api/contact`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Carga', email: 'carga@example.com', message: 'Mensaje de prueba de carga' }),
      }),
    );
    // Staff bypass the visitors' one-second cache: this case measures the search query itself, with varied terms.
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'clave-del-banco-de-pruebas' }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const terms = ['cámaras', 'seguridad', 'oficina', 'red', 'micrófono', 'vehículo', 'protocolo', 'análisis'];
    let turn = 0;
    cases.push(
      await load('GET /api/news?search=… (personal, sin caché)', {
        url: base,
        headers: { cookie },
        requests: [{ setupRequest: (request: any) => ({ ...request, path: `/api/news?search=${encodeURIComponent(terms[turn++ % terms.length])}` }) }],
      }),
    );
    return {
      database: kind,
      writes: { commands: ready.writes.commands, seconds: round(ready.writes.seconds), perSecond: Math.round(ready.writes.perSecond) },
      cases,
    };
  } finally {
    await new Promise((resolve) => setTimeout(resolve, 1000)); // let the last answers finish before the database closes
    await stopServer(child);
  }
}

function printTable(results: Awaited<ReturnType<typeof benchmark>>[]) {
  const header = ['base de datos', 'caso', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'no 2xx', 'errores'];
  const rows = results.flatMap((r) => [
    ...r.cases.map((c) => [r.database, c.case, String(c.requestsPerSecond), String(c.p50), String(c.p95), String(c.p99), String(c.non2xx), String(c.errors)]),
    [r.database, 'escritura (comandos)', String(r.writes.perSecond), '', '', '', '', ''],
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i >= 2 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' | ')} |`;
  console.log(`\n${line(header)}\n|${widths.map((w, i) => (i >= 2 ? `${'-'.repeat(w + 1)}:` : `${'-'.repeat(w + 2)}`)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

async function main() {
  const only = argValue('--only') as Kind | undefined;
  const kinds: Kind[] = only ? [only] : ['pglite', 'postgres'];
  const results = [];
  for (const kind of kinds) results.push(await benchmark(kind));
  printTable(results);
  const postgres = results.find((r) => r.database === 'postgres');
  if (postgres) {
    const search = postgres.cases[1];
    const verdict = (ok: boolean) => (ok ? 'cumple' : 'NO cumple');
    console.log(
      `\nObjetivos (PostgreSQL): búsqueda ${search.requestsPerSecond} req/s (>= ${targets.searchRps}) ${verdict(search.requestsPerSecond >= targets.searchRps)}, ` +
        `p95 ${search.p95} ms (<= ${targets.searchP95Ms}) ${verdict(search.p95 <= targets.searchP95Ms)}, ` +
        `escritura ${postgres.writes.perSecond} comandos/s (>= ${targets.writesPerSecond}) ${verdict(postgres.writes.perSecond >= targets.writesPerSecond)}`,
    );
  }
  console.log(JSON.stringify({ bench: 'api', connections, durationSeconds, articles: articleCount, messages: messageCount, publicWriteLimit: 0, results }));
}

if (process.argv.includes('--serve')) {
  await serve(argValue('--serve') as Kind);
} else {
  await main();
}
