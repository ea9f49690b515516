// The production start command as an operator runs it: `node dist/node/server.mjs` (the bundle
// `npm run build` makes) through scripts/launch-server.sh, as the image and `npm start` run it, with
// NODE_ENV=production and TRUST_PROXY=1 behind an HTTPS-terminating proxy (played here by a local one
// that says X-Forwarded-Proto: https), unable to load any devDependency. Secure cookies and HSTS work; a database outage shows visitors
// a friendly Spanish page and the site recovers by itself; SIGTERM lets a request in flight finish.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startReverseProxy, type ReverseProxy } from '../../tests/helpers/reverse-proxy';
import { startPrivatePostgres, type PrivatePostgres } from '../../tests/helpers/private-postgres';

test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

let cluster: PrivatePostgres;
let server: ChildProcess;
let serverLog = '';
let origin: string;
let proxy: ReverseProxy;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'produccion-'));
const admin = { username: 'admin', password: 'clave-produccion-123' };

test.beforeAll(async () => {
  // A new cluster and a cold server start: minutes on a loaded machine.
  test.setTimeout(300_000);
  cluster = await startPrivatePostgres();
  // As the image runs it, and unable to load a devDependency (the image installs without them).
  // The launcher's choices are its own: none of an allocator setting of the environment running the tests.
  const { LD_PRELOAD: _preload, MALLOC_CONF: _conf, SERVER_ALLOCATOR: _allocator, ...environment } = process.env;
  server = spawn('sh', ['scripts/launch-server.sh', process.execPath, '--import', './e2e/ops/no-dev-dependencies.mjs', 'dist/node/server.mjs'], {
    env: {
      ...environment,
      NODE_ENV: 'production',
      TRUST_PROXY: '1',
      SESSION_SECRET: 'secreto-de-produccion',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: cluster.url,
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      FEED_SCHEDULER: 'off',
      SHUTDOWN_GRACE_MS: '15000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (d) => (serverLog += d));
  server.stderr!.on('data', (d) => (serverLog += d));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${serverLog}`)), 120_000);
    const check = () => {
      const match = /"port":(\d+)/.exec(serverLog);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      } else setTimeout(check, 200);
    };
    check();
  });
  origin = `http://127.0.0.1:${port}`;
  proxy = await startReverseProxy([origin], { forwardedProto: 'https' });
});

test.afterAll(async () => {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  await proxy?.close();
  cluster?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

test('behind the proxy: pages, HSTS, a secure session cookie; straight over HTTP no sign-in', async () => {
  const home = await fetch(`${proxy.base}/`);
  expect(home.status).toBe(200);
  expect(home.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  expect(await home.text()).toContain('Protección Profesional Anti-Espía');

  const login = await fetch(`${proxy.base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
  expect(login.status).toBe(200);
  const cookies = login.headers.getSetCookie().join('\n');
  expect(cookies).toMatch(/sid=[^;]+;.*secure/i);
  expect(cookies).toMatch(/httponly/i);
  expect(cookies).toMatch(/samesite=lax/i);
  const sid = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  expect((await fetch(`${proxy.base}/api/auth/me`, { headers: { cookie: sid } })).status).toBe(200);

  const direct = await fetch(`${origin}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
  expect(direct.status).toBe(403);
  expect((await direct.json()).message).toBe('Inicie sesión a través de HTTPS');

  // Structured logs: JSON lines with request ids, and no password anywhere.
  const requestLines = serverLog
    .split('\n')
    .filter((line) => line.includes('"msg":"request"'))
    .map((line) => JSON.parse(line));
  expect(requestLines.length).toBeGreaterThan(0);
  expect(requestLines.every((line) => typeof line.requestId === 'string')).toBe(true);
  expect(serverLog).not.toContain(admin.password);
});

test('with the database stopped a visitor sees a friendly page in the language of its address where one is needed, still reads the news, and the site comes back alone', async ({
  page,
}) => {
  cluster.stop();
  try {
    // A page that needs the database (an article not yet kept, read from the table) gets the outage page.
    const answer = await page.goto(`${proxy.base}/noticias/un-articulo-que-nadie-pidio-${Date.now()}`);
    expect(answer?.status()).toBe(503);
    await expect(page.getByRole('heading', { name: 'Servicio no disponible por un momento' })).toBeVisible();
    await expect(page.getByText('Estamos resolviendo un problema técnico.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Intentar de nuevo' })).toBeVisible();
    // The English edition's page says it in English.
    expect((await page.goto(`${proxy.base}/en/news/an-article-nobody-asked-for-${Date.now()}`))?.status()).toBe(503);
    await expect(page.getByRole('heading', { name: 'Service briefly unavailable' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/en');
    // The news list is answered from each instance's memory: visitors still read it.
    const list = await page.goto(`${proxy.base}/noticias`);
    expect(list?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Noticias y Actualizaciones' })).toBeVisible();
    const api = await fetch(`${proxy.base}/api/news?search=${encodeURIComponent(`palabra-nueva-${Date.now()}`)}`);
    expect(api.status).toBe(503);
    expect((await api.json()).message).toBe('El servicio no está disponible en este momento. Intente de nuevo en unos minutos.');
  } finally {
    cluster.start();
  }
  await expect.poll(async () => (await fetch(`${proxy.base}/readyz`)).status, { timeout: 30_000 }).toBe(200);
  const again = await page.goto(`${proxy.base}/noticias`);
  expect(again?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Noticias y Actualizaciones' })).toBeVisible();
});

test('the launcher runs the server itself on jemalloc (npm test installs libjemalloc2), with its settings', () => {
  // The launcher execs node: the child's PID is the server's, which signals and this check reach.
  const maps = readFileSync(`/proc/${server.pid}/maps`, 'utf8');
  expect(maps).toContain('libjemalloc.so.2');
  const environment = readFileSync(`/proc/${server.pid}/environ`, 'utf8').split('\0');
  expect(environment).toContain('MALLOC_CONF=narenas:2,dirty_decay_ms:1000,muzzy_decay_ms:0');
  expect(readFileSync(`/proc/${server.pid}/cmdline`, 'utf8').split('\0')).toContain('dist/node/server.mjs');
});

test('SIGTERM: readiness turns off, a request in flight finishes, new connections are refused, the process exits 0', async () => {
  const upload = await (await fetch(`${origin}/api/objects/upload`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json();
  const sharp = (await import('sharp')).default;
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();
  // A slow client: the photo's bytes arrive in two halves, with the stop signal in between.
  const inFlight = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const put = httpRequest(
      `${origin}${upload.uploadURL}`,
      { method: 'PUT', headers: { 'content-type': 'image/jpeg', 'content-length': jpeg.length } },
      (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    put.on('error', reject);
    put.write(jpeg.subarray(0, 1000));
    setTimeout(() => {
      server.kill('SIGTERM');
      setTimeout(() => put.end(jpeg.subarray(1000)), 1_500);
    }, 500);
  });
  const exit = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
  await new Promise((resolve) => setTimeout(resolve, 1_200));
  await expect(fetch(`${origin}/healthz`)).rejects.toThrow();
  const finished = await inFlight;
  expect(finished.status).toBe(200);
  expect(JSON.parse(finished.body).objectPath).toBe(upload.objectPath);
  expect(await exit).toBe(0);
  expect(serverLog).toContain('"msg":"detenido"');
});
