// How long a feed import takes: a generated 500-item RSS feed served locally, imported into a fresh app
// over HTTP (target at most 2 s), re-imported unchanged from a server that ignores validators (target at
// most 0.5 s) and from one that answers 304 (far less). On PGlite, and on PostgreSQL when one answers.
// Usage: npm run bench:feeds [-- --runs 5]   (PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL,
// else postgres://postgres@127.0.0.1:5432/test if it answers; BENCH_DATABASE_URL=off skips it)
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { postgresTarget } from '../events/postgres-target';
import { startTestApp } from '../tests/helpers/app';
import { serveBody, startFeedServer } from '../tests/helpers/feed-server';
import { createSource, generatedEntries, rssFeed } from '../tests/helpers/feed-sources';

const items = 500;
const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;
const targets = { import: 2000, reimport: 500, notModified: 100 } as const;

/** `cpuMs`: this process's CPU time (app, PGlite, fixture server), which a busy machine inflates far less than `ms`. */
type Row = { database: string; step: keyof typeof targets; label: string; ms: number; cpuMs: number; count: number; target: number };

type Timed = { ms: number; cpuMs: number; count: number };
const medianRun = (runs: Timed[]): Timed => [...runs].sort((a, b) => a.ms - b.ms)[Math.floor(runs.length / 2)];

async function postgresUrl(): Promise<string | null> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  if (url === 'off') return null;
  const { default: postgres } = await import('postgres');
  const target = postgresTarget(url);
  const probe = postgres(target.url, { max: 1, path: target.path, connect_timeout: 3, onnotice: () => {} });
  try {
    await probe`SELECT 1`;
    return url;
  } catch {
    return null;
  } finally {
    await probe.end({ timeout: 1 });
  }
}

async function bench(database: 'PGlite' | 'PostgreSQL', feedXml: string): Promise<Row[]> {
  const feeds = await startFeedServer({
    '/ignora-validadores.xml': serveBody(feedXml),
    '/con-etag.xml': serveBody(feedXml, { etag: '"500"' }),
  });
  const app = await startTestApp({ feedAllowPrivateHosts: true });
  try {
    const admin = await app.admin();
    const timed = async (sourceId: string) => {
      const started = performance.now();
      const cpu = process.cpuUsage();
      const answer = await admin.post(`/api/rss/sources/${sourceId}/fetch`);
      const ms = performance.now() - started;
      const used = process.cpuUsage(cpu);
      if (answer.status !== 200) throw new Error(`import failed: ${answer.status} ${answer.text}`);
      return { ms, cpuMs: (used.user + used.system) / 1000, count: answer.body.count as number };
    };
    // Warm-up on a throw-away source: the first request pays for module loading and the JIT.
    const warm = await createSource(admin, { url: feeds.url('/ignora-validadores.xml?calentar') });
    await timed(warm.id);

    const plain = await createSource(admin, { url: feeds.url('/ignora-validadores.xml'), autoPublish: true });
    const first = await timed(plain.id);
    if (first.count !== items) throw new Error(`expected ${items} new articles, got ${first.count}`);
    const again = [];
    for (let run = 0; run < runs; run++) again.push(await timed(plain.id));

    const cached = await createSource(admin, { url: feeds.url('/con-etag.xml'), autoPublish: true });
    await timed(cached.id);
    const notModified = [];
    for (let run = 0; run < runs; run++) notModified.push(await timed(cached.id));

    return [
      { database, step: 'import', label: `import of ${items} new items`, ...first, target: targets.import },
      { database, step: 'reimport', label: 'unchanged, validators ignored', ...medianRun(again), target: targets.reimport },
      { database, step: 'notModified', label: 'unchanged, 304', ...medianRun(notModified), target: targets.notModified },
    ];
  } finally {
    await app.close();
    await feeds.close();
  }
}

// The items carry no image: copying one is a download and its resized variants (the media library's
// work, tenths of a second of CPU each, four at a time), and the generated entries' images name a host
// that does not exist, so the run would time this machine's DNS.
const feedXml = rssFeed(
  generatedEntries(items).map(({ image: _image, ...entry }) => entry),
  'Fuente de banco de pruebas',
);
const rows: Row[] = [];
const savedUrl = process.env.TEST_DATABASE_URL;
delete process.env.TEST_DATABASE_URL;
rows.push(...(await bench('PGlite', feedXml)));
const pg = await postgresUrl();
if (pg) {
  process.env.TEST_DATABASE_URL = pg; // startTestApp makes (and drops) a fresh database beside it
  rows.push(...(await bench('PostgreSQL', feedXml)));
} else console.log('PostgreSQL: not reachable, skipped');
if (savedUrl) process.env.TEST_DATABASE_URL = savedUrl;

console.log(
  `\nFeed import, ${items}-item RSS feed (${(Buffer.byteLength(feedXml) / 1024).toFixed(0)} KB), re-imports: median of ${runs}; load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} CPUs`,
);
console.log(`${'database'.padEnd(11)} ${'step'.padEnd(32)} ${'ms'.padStart(8)} ${'cpu ms'.padStart(8)} ${'new'.padStart(5)} ${'target'.padStart(8)}  ok`);
for (const row of rows) {
  const ok = row.ms <= row.target ? 'yes' : 'NO';
  console.log(
    `${row.database.padEnd(11)} ${row.label.padEnd(32)} ${row.ms.toFixed(1).padStart(8)} ${row.cpuMs.toFixed(0).padStart(8)} ${String(row.count).padStart(5)} ${`≤ ${row.target}`.padStart(8)}  ${ok}`,
  );
}
const json = Object.fromEntries(
  [...new Set(rows.map((r) => r.database))].map((db) => [
    db,
    Object.fromEntries(rows.filter((r) => r.database === db).map((r) => [r.step, { ms: Math.round(r.ms * 10) / 10, cpuMs: Math.round(r.cpuMs) }])),
  ]),
);
const [load1] = os.loadavg();
console.log(
  JSON.stringify({
    bench: 'feeds',
    items,
    runs,
    results: json,
    targetsMet: rows.every((r) => r.ms <= r.target),
    loadAverage: Math.round(load1 * 10) / 10,
    cpus: os.cpus().length,
  }),
);
process.exit(0);
