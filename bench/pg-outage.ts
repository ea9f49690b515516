// PostgreSQL stopped for 20 s under traffic: the app answers 503 quickly while it is down and serves
// again by itself once it is back, without a restart. Uses a private cluster (own directory and port).
// With --freeze the cluster is frozen instead (SIGSTOP to its processes, then SIGCONT): connections stay
// open and nothing answers, as when the server hangs or the network is cut; 503s then take the query
// deadline (DB_QUERY_DEADLINE_MS, 5 s unless set).
// Usage: npm run bench:outage [-- --down 20] [--before 10] [--after 20] [--freeze]   (`npm run build` first)
import { percentile, signIn, startServer } from './lib/server';
import { startPrivatePostgres } from '../tests/helpers/private-postgres';

const argValue = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const beforeS = Number(argValue('--before') ?? 10);
const downS = Number(argValue('--down') ?? 20);
const afterS = Number(argValue('--after') ?? 20);
const workers = 20;
const freeze = process.argv.includes('--freeze');
const deadlineMs = Number(process.env.DB_QUERY_DEADLINE_MS || 5_000);
const down = freeze ? 'congelado' : 'caído';

type Sample = { at: number; route: string; status: number; ms: number };

const cluster = await startPrivatePostgres();
const server = await startServer({ DATABASE_URL: cluster.url, PUBLIC_WRITE_LIMIT: '0' });
const staffGet = await signIn(server.base);
const pid = server.child.pid;
const samples: Sample[] = [];
const started = Date.now();
const end = started + (beforeS + downS + afterS) * 1000;
let stoppedAt = 0;
let restartedAt = 0;

const routes: [string, () => Promise<Response>][] = [
  ['GET /api/news', () => fetch(`${server.base}/api/news`)],
  ['GET /noticias', () => fetch(`${server.base}/noticias`)],
  [
    'POST /api/contact',
    () =>
      fetch(`${server.base}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Ana', email: 'ana@example.com', message: 'Hola' }),
      }),
  ],
  ['GET /api/contact/messages (staff)', () => staffGet('/api/contact/messages')],
];

async function worker(index: number) {
  for (let i = index; Date.now() < end; i++) {
    const [route, send] = routes[i % routes.length];
    const sentAt = Date.now();
    const t = performance.now();
    let status: number;
    try {
      const answer = await send();
      status = answer.status;
      await answer.arrayBuffer();
    } catch {
      status = -1;
    }
    samples.push({ at: sentAt, route, status, ms: performance.now() - t }); // phases by when the request was sent
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const traffic = Promise.all(Array.from({ length: workers }, (_, i) => worker(i)));
await new Promise((resolve) => setTimeout(resolve, beforeS * 1000));
if (freeze) cluster.freeze();
else cluster.stop();
stoppedAt = Date.now();
console.log(`PostgreSQL ${freeze ? 'congelado' : 'detenido'} a los ${((stoppedAt - started) / 1000).toFixed(1)} s`);
await new Promise((resolve) => setTimeout(resolve, downS * 1000));
if (freeze) cluster.thaw();
else cluster.start();
restartedAt = Date.now();
console.log(`PostgreSQL en marcha de nuevo a los ${((restartedAt - started) / 1000).toFixed(1)} s`);
await traffic;

const phase = (s: Sample) => (s.at < stoppedAt ? 'antes' : s.at < restartedAt ? down : 'después');
const table: Record<string, Record<string, string | number>> = {};
for (const name of ['antes', down, 'después']) {
  const group = samples.filter((s) => phase(s) === name);
  const count = (pred: (s: Sample) => boolean) => group.filter(pred).length;
  table[name] = {
    requests: group.length,
    '2xx': count((s) => s.status >= 200 && s.status < 300),
    '503': count((s) => s.status === 503),
    '500': count((s) => s.status === 500),
    other: count((s) => !(s.status >= 200 && s.status < 300) && s.status !== 503 && s.status !== 500),
    'p95 ms': Math.round(
      percentile(
        group.map((s) => s.ms),
        95,
      ),
    ),
    'max ms': Math.round(Math.max(0, ...group.map((s) => s.ms))),
  };
}
console.table(table);
const firstOk = samples.filter((s) => s.at >= restartedAt && s.status >= 200 && s.status < 300).sort((a, b) => a.at - b.at)[0];
const allOkAfter = samples.filter((s) => s.at >= (firstOk?.at ?? Infinity) + 2000).every((s) => s.status >= 200 && s.status < 300);
// A 503 may take the connect timeout when stopped, the query deadline when frozen; 2 s more is slow.
const slowAfter = (freeze ? deadlineMs : 0) + 2000;
const slow503 = samples.filter((s) => s.status === 503 && s.ms > slowAfter).length;
const max503 = Math.round(Math.max(0, ...samples.filter((s) => s.status === 503).map((s) => s.ms)));
console.log(
  `primera respuesta 2xx ${firstOk ? ((firstOk.at - restartedAt) / 1000).toFixed(2) + ' s' : 'nunca'} después de volver PostgreSQL; ` +
    `todo 2xx desde 2 s después: ${allOkAfter ? 'sí' : 'no'}; 503 más lento: ${max503} ms; 503 de más de ${slowAfter / 1000} s: ${slow503}; ` +
    `mismo proceso (pid ${pid}) vivo: ${server.child.exitCode === null ? 'sí' : 'no'}`,
);
await server.stop();
cluster.destroy();
process.exit(0);
