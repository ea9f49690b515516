// `npm run bench:load`: 100 simulated visitors browsing (home, news list, an article, services, the
// news API) with about a second between pages, plus 5 form submissions a second (contact and public
// advance form, alternating), for 60 s against PostgreSQL; p50/p95/p99 per route. The public write
// limit is turned off (PUBLIC_WRITE_LIMIT=0) so the forms measure the write path, not the limiter.
// Usage: npm run bench:load [-- --seconds 60] [--visitors 100] [--forms 5]   (`npm run build` first)
import { freshPostgres, percentile, staffCookie, startServer } from './lib/server';
import { validForm } from '../tests/helpers/forms';

const argValue = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const seconds = Number(argValue('--seconds') ?? 60);
const visitors = Number(argValue('--visitors') ?? 100);
const formsPerSecond = Number(argValue('--forms') ?? 5);

const pg = await freshPostgres();
const server = await startServer({ DATABASE_URL: pg.url, PUBLIC_WRITE_LIMIT: '0' });
const samples = new Map<string, { ms: number[]; errors: number }>();
const record = (route: string, ms: number, ok: boolean) => {
  const entry = samples.get(route) ?? { ms: [], errors: 0 };
  entry.ms.push(ms);
  if (!ok) entry.errors += 1;
  samples.set(route, entry);
};
async function timed(route: string, url: string, init?: RequestInit): Promise<Response | null> {
  const t = performance.now();
  try {
    const answer = await fetch(url, init);
    await answer.arrayBuffer();
    record(route, performance.now() - t, answer.ok);
    return answer;
  } catch {
    record(route, performance.now() - t, false);
    return null;
  }
}

// Some news to read: 30 articles through the API.
const cookie = await staffCookie(server.base);
const slugs: string[] = [];
for (let i = 0; i < 30; i++) {
  const slug = `noticia-de-carga-${i}`;
  await fetch(`${server.base}/api/news`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({
      title: `Barrido electrónico ${i}`,
      slug,
      excerpt: 'Resumen de la noticia',
      content: '<p>Texto de la noticia sobre seguridad.</p>'.repeat(20),
      category: 'Anti-Espionaje',
      author: 'Equipo',
    }),
  });
  slugs.push(slug);
}

const end = Date.now() + seconds * 1000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function visitor(index: number) {
  await pause(Math.random() * 1000);
  for (let step = index; Date.now() < end; step++) {
    const slug = slugs[step % slugs.length];
    const pages: [string, string][] = [
      ['GET /', '/'],
      ['GET /noticias', '/noticias'],
      ['GET /api/news', '/api/news?limit=12'],
      ['GET /noticias/{slug}', `/noticias/${slug}`],
      ['GET /servicios', '/servicios'],
      ['GET /api/services', '/api/services'],
    ];
    const [route, url] = pages[step % pages.length];
    await timed(route, server.base + url);
    await pause(700 + Math.random() * 600);
  }
}
/** Five submissions every second, sent on time whether or not the previous ones have been answered. */
async function forms() {
  const sent: Promise<unknown>[] = [];
  for (let i = 0; Date.now() < end; i++) {
    for (let k = 0; k < formsPerSecond; k++) {
      sent.push(
        (i * formsPerSecond + k) % 2 === 0
          ? timed('POST /api/contact', `${server.base}/api/contact`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ name: 'Visitante', email: 'v@example.com', message: 'Necesito un barrido' }),
            })
          : timed('POST /api/advance-forms/public', `${server.base}/api/advance-forms/public`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(validForm({ evacuationPlanPhoto: null })),
            }),
      );
    }
    await pause(1000);
  }
  await Promise.all(sent);
}

console.log(`${visitors} visitantes y ${formsPerSecond} formularios/s durante ${seconds} s contra PostgreSQL (PUBLIC_WRITE_LIMIT=0)`);
const started = Date.now();
await Promise.all([...Array.from({ length: visitors }, (_, i) => visitor(i)), forms()]);
const elapsed = (Date.now() - started) / 1000;
const table: Record<string, Record<string, number>> = {};
for (const [route, { ms, errors }] of [...samples].sort()) {
  table[route] = {
    requests: ms.length,
    'req/s': Math.round((ms.length / elapsed) * 10) / 10,
    'p50 ms': Math.round(percentile(ms, 50)),
    'p95 ms': Math.round(percentile(ms, 95)),
    'p99 ms': Math.round(percentile(ms, 99)),
    errors,
  };
}
console.table(table);
await server.stop();
await pg.drop();
process.exit(0);
