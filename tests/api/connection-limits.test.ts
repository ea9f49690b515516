// One client cannot hold the server's connections for itself: each address has a share of them
// (MAX_CONNECTIONS_PER_ADDRESS), beyond which it gets a 429, while everyone else is still served and the
// global cap (MAX_CONNECTIONS) still holds. Behind the proxy the share is of requests in progress per
// forwarded address. Client addresses are loopback ones (127.0.0.2, 127.0.0.3...): Linux routes the
// whole 127.0.0.0/8 to this machine. All traffic goes to 127.0.0.1, a bounded number of connections.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../api/config';
import { busyAddressMessage, createHttpServer } from '../../api/http-server';
import { exited, startUntil } from '../helpers/processes';
import { startServedApp } from '../helpers/served-app';
import { skipBecause } from '../helpers/skip';
import { waitFor } from '../helpers/wait';
import { projectRoot } from '../../events/project-root';

type Answer = { status: number; headers: IncomingHttpHeaders; body: any };

/** One request on a connection of its own from `localAddress`; rejects if the connection is dropped. */
function send(port: number, method: string, path: string, options: { from?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: '127.0.0.1', port, method, path, localAddress: options.from, agent: false, headers: options.headers, timeout: 10_000 },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => {
          const json = (response.headers['content-type'] ?? '').includes('json') && text ? JSON.parse(text) : text;
          resolve({ status: response.statusCode!, headers: response.headers, body: json });
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error('no answer in 10 s')));
    request.on('error', reject);
    request.end(options.body);
  });
}

const get = (port: number, path: string, options: { from?: string; headers?: Record<string, string> } = {}) => send(port, 'GET', path, options);

/** A connection from `from` that is held open: idle, half its headers sent, or a request waiting for its body. */
async function hold(port: number, from: string, kind: 'idle' | 'slow' | 'waiting-body', headers = ''): Promise<Socket> {
  const socket = connect({ host: '127.0.0.1', port, localAddress: from });
  socket.on('error', () => {});
  // Read (and drop) whatever comes, so a close from the server is seen.
  socket.resume();
  await new Promise((resolve) => {
    socket.once('connect', resolve);
    socket.once('close', resolve);
  });
  if (kind === 'slow') socket.write('GET /api/services HTTP/1.1\r\nHost: 127.0.0.1\r\n');
  if (kind === 'waiting-body') {
    socket.write(`POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n${headers}\r\n`);
  }
  return socket;
}

/** The status of `attempt` once it is 200, retried a few seconds while the server takes in a closed connection. */
async function statusOnceSettled(attempt: () => Promise<Answer>): Promise<number | string> {
  let last: number | string = 'no attempt';
  await waitFor(
    async () => {
      last = await attempt().then(
        (answer) => answer.status,
        (error: Error) => error.message,
      );
      return last === 200;
    },
    5_000,
    'a 200',
  ).catch(() => {});
  return last;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const stillOpen = (sockets: Socket[]) => sockets.filter((socket) => !socket.destroyed && !socket.readableEnded).length;

test('an address holding its share of connections gets 429s; other visitors are served', async () => {
  const app = await startServedApp({ maxConnections: 120, maxConnectionsPerAddress: 40 });
  const held: Socket[] = [];
  try {
    // More idle and slow connections from one address than the whole server takes.
    for (let i = 0; i < 150; i++) {
      held.push(await hold(app.port, '127.0.0.2', i % 2 ? 'slow' : 'idle'));
    }
    // The connections beyond its share are closed within a second: they hold no place of the global cap.
    await waitFor(() => stillOpen(held) <= 40, 10_000, 'the connections beyond the share to close');
    assert.is(stillOpen(held), 40, 'its share stays open');

    const visitor = await get(app.port, '/api/services');
    assert.is(visitor.status, 200);
    assert.is((await get(app.port, '/api/services', { from: '127.0.0.3' })).status, 200);

    const refused = await get(app.port, '/api/services', { from: '127.0.0.2' });
    assert.is(refused.status, 429);
    assert.equal(refused.body, { message: busyAddressMessage });
    assert.is(refused.headers.connection, 'close');
    assert.ok(Number(refused.headers['retry-after']) > 0);

    held.forEach((socket) => socket.destroy());
    assert.is(await statusOnceSettled(() => get(app.port, '/api/services', { from: '127.0.0.2' })), 200, 'served again once it lets go');
  } finally {
    held.forEach((socket) => socket.destroy());
    await app.close();
  }
});

test('the global cap still drops connections beyond it, whoever opens them', async () => {
  const app = await startServedApp({ maxConnections: 10, maxConnectionsPerAddress: 5 });
  const held: Socket[] = [];
  try {
    for (const from of ['127.0.0.2', '127.0.0.3']) for (let i = 0; i < 5; i++) held.push(await hold(app.port, from, 'idle'));
    await pause(100);
    assert.is(stillOpen(held), 10);
    const dropped = await get(app.port, '/api/services', { from: '127.0.0.4' }).then(
      (answer) => `answered ${answer.status}`,
      (error: NodeJS.ErrnoException) => error.code ?? error.message,
    );
    assert.ok(['ECONNRESET', 'EPIPE', 'socket hang up'].includes(dropped), dropped);
    held.pop()!.destroy();
    assert.is(await statusOnceSettled(() => get(app.port, '/api/services', { from: '127.0.0.4' })), 200);
  } finally {
    held.forEach((socket) => socket.destroy());
    await app.close();
  }
});

test('behind the proxy: requests in progress per forwarded address, however many connections the proxy opens', async () => {
  const app = await startServedApp({ trustProxy: true, maxConnectionsPerAddress: 3 });
  const held: Socket[] = [];
  const forwardedFor = (address: string) => ({ 'X-Forwarded-For': address });
  try {
    // The proxy (127.0.0.1) opens more connections than one address's share: none is refused.
    for (let i = 0; i < 10; i++) held.push(await hold(app.port, '127.0.0.1', 'idle'));
    const waiting = await Promise.all([1, 2, 3].map(() => hold(app.port, '127.0.0.1', 'waiting-body', 'X-Forwarded-For: 203.0.113.7\r\n')));
    held.push(...waiting);
    await pause(200);
    assert.is(stillOpen(held), 13);

    // The last entry is the one the proxy appended; what the client wrote before it does not count.
    const refused = await get(app.port, '/api/services', { headers: forwardedFor('198.51.100.1, 203.0.113.7') });
    assert.is(refused.status, 429);
    assert.equal(refused.body, { message: busyAddressMessage });
    assert.is((await get(app.port, '/api/services', { headers: forwardedFor('203.0.113.7, 198.51.100.1') })).status, 200);
    assert.is((await get(app.port, '/api/services', { headers: forwardedFor('203.0.113.8') })).status, 200);
    assert.is((await get(app.port, '/api/services')).status, 200, 'the proxy itself, without X-Forwarded-For');

    waiting[0].destroy();
    const freed = await statusOnceSettled(() => get(app.port, '/api/services', { headers: forwardedFor('203.0.113.7') }));
    assert.is(freed, 200, 'a finished request frees its place');
  } finally {
    held.forEach((socket) => socket.destroy());
    await app.close();
  }
});

test('MAX_CONNECTIONS_PER_ADDRESS: 100 by default, 0 leaves only the global cap', async () => {
  assert.is(loadConfig({}).maxConnectionsPerAddress, 100);
  assert.is(loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: '7' }).maxConnectionsPerAddress, 7);
  const server = createHttpServer({ ...loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: '0' }), maxConnections: 50 });
  server.on('request', (_request, response) => response.end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const held: Socket[] = [];
  try {
    for (let i = 0; i < 20; i++) held.push(await hold(port, '127.0.0.2', 'idle'));
    assert.is((await get(port, '/', { from: '127.0.0.2' })).status, 200);
  } finally {
    held.forEach((socket) => socket.destroy());
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const productionServer = 'the production server (api/server.ts) has the share and the JSON refusals';
// The server serves the built pages in production mode, and refuses to start without them.
const built = existsSync(path.join(projectRoot, 'dist/client'));
if (!built) skipBecause(productionServer, 'no dist/client: run npm run build first');
else
  test(productionServer, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'connection-limits-'));
    const { child, output } = await startUntil(
      process.execPath,
      ['--import', 'tsx', 'api/server.ts'],
      {
        PORT: '0',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        FEED_SCHEDULER: 'off',
        ADMIN_PASSWORD: 'clave-de-prueba-123',
        MAX_CONNECTIONS_PER_ADDRESS: '2',
        NODE_ENV: 'test',
      },
      /escuchando en http:\/\/localhost:\d+/,
      120_000,
    );
    const held: Socket[] = [];
    try {
      const port = Number(/escuchando en http:\/\/localhost:(\d+)/.exec(output())![1]);
      for (let i = 0; i < 2; i++) held.push(await hold(port, '127.0.0.2', 'idle'));
      await pause(100);
      const refused = await get(port, '/api/services', { from: '127.0.0.2' });
      assert.is(refused.status, 429);
      assert.equal(refused.body, { message: busyAddressMessage });
      assert.is((await get(port, '/api/services', { from: '127.0.0.3' })).status, 200);
      const long = await get(port, `/api/news?q=${'a'.repeat(70_000)}`);
      assert.is(long.status, 414);
      assert.equal(long.body, { message: 'La dirección de la solicitud es demasiado larga' });
    } finally {
      held.forEach((socket) => socket.destroy());
      child.kill('SIGTERM');
      await exited(child);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

test.run();
