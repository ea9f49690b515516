// Limits an attacker meets: failed sign-ins per address across usernames, a bound on password hashing
// at once, sliding windows that a burst across a minute boundary cannot slip through, and server time
// limits a slow client cannot stretch.
import { connect, type AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHttpServer } from '../../api/http-server';
import { hit } from '../../api/middleware/rate-limit';
import { busyMessage } from '../../api/passwords';
import { startTestApp, adminCredentials, type TestApp } from '../helpers/app';

let app: TestApp;

test.before(async () => {
  app = await startTestApp({ trustProxy: true, loginFailuresPerAddress: 20 });
});
test.after(() => app.close());

const from = (address: string) => ({ 'X-Forwarded-For': address });

test('usernames sprayed from one address are stopped after its failures, across usernames', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 26; i++) {
    const answer = await app.client().post('/api/auth/login', { username: `nadie${i}`, password: 'adivinanza' }, from('203.0.113.50'));
    statuses.push(answer.status);
  }
  assert.equal(statuses.slice(0, 20), Array(20).fill(401));
  assert.equal(statuses.slice(20), Array(6).fill(429));
  const refused = await app.client().post('/api/auth/login', adminCredentials, from('203.0.113.50'));
  assert.is(refused.status, 429);
  assert.is(refused.body.message, 'Demasiados intentos fallidos. Espere 15 minutos e intente de nuevo.');
  assert.is((await app.client().post('/api/auth/login', adminCredentials, from('203.0.113.51'))).status, 200);
});

test('successful sign-ins do not use up their address’s allowance', async () => {
  for (let i = 0; i < 25; i++) {
    assert.is((await app.client().post('/api/auth/login', adminCredentials, from('203.0.113.60'))).status, 200);
  }
  assert.is((await app.client().post('/api/auth/login', { username: 'nadie', password: 'x' }, from('203.0.113.60'))).status, 401);
});

test('a flood of sign-ins from many addresses gets quick 503s, not a queue that slows everyone', async () => {
  const answers = await Promise.all(
    Array.from({ length: 90 }, (_, i) =>
      app.client().post('/api/auth/login', { username: `rociado${i}`, password: 'adivinanza' }, from(`198.51.100.${i + 1}`)),
    ),
  );
  const statuses = answers.map((a) => a.status);
  assert.ok(
    statuses.every((s) => s === 401 || s === 503),
    statuses.join(','),
  );
  const busy = answers.filter((a) => a.status === 503);
  assert.ok(busy.length > 0, 'some attempts are refused while hashing is saturated');
  assert.is(busy[0].body.message, busyMessage);
  assert.is((await app.client().post('/api/auth/login', adminCredentials, from('192.0.2.200'))).status, 200);
});

test('the sliding window counts a burst at the end of one window together with one at the start of the next', async () => {
  const windowMs = 60_000;
  const start = Math.ceil(Date.now() / windowMs) * windowMs + 5 * windowMs;
  const counts: number[] = [];
  for (let i = 0; i < 10; i++) counts.push(await hit(app.services.db, 'prueba-ventana', 60, start - 1_000));
  for (let i = 0; i < 10; i++) counts.push(await hit(app.services.db, 'prueba-ventana', 60, start + 1_000));
  assert.is(Math.round(counts[9]), 10);
  // One second into the next window, the previous one still weighs 59/60 of its ten hits.
  assert.ok(counts[10] > 10, `first hit of the next window counts ${counts[10]}`);
  assert.ok(counts[19] > 19, `tenth hit of the next window counts ${counts[19]}`);
  // Two windows later, the burst is forgotten.
  assert.is(Math.round(await hit(app.services.db, 'prueba-ventana', 60, start + 2 * windowMs + 1_000)), 1);
});

test('public writes keep their per-minute limit under the sliding window', async () => {
  const limited = await startTestApp({ publicWriteLimit: 2, trustProxy: true });
  try {
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      statuses.push((await limited.client().post('/api/contact', { name: 'A', email: 'a@example.com', message: 'Hola' }, from('192.0.2.30'))).status);
    }
    assert.equal(statuses, [201, 201, 429]);
  } finally {
    await limited.close();
  }
});

test('a client that never finishes its headers is cut off, and connections beyond the cap are refused', async () => {
  const server = createHttpServer({ headersTimeoutMs: 1_000, requestTimeoutMs: 2_000, maxConnections: 2 });
  server.on('request', (_req, res) => res.end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  try {
    const slow = connect(port, '127.0.0.1');
    slow.write('GET / HTTP/1.1\r\nHost: x\r\n');
    const started = Date.now();
    const reply = await new Promise<string>((resolve) => {
      let text = '';
      slow.on('data', (d) => (text += d));
      slow.on('close', () => resolve(text));
    });
    const waited = Date.now() - started;
    assert.ok(reply.startsWith('HTTP/1.1 408'), reply);
    assert.ok(waited < 15_000, `cut off after ${waited} ms (Node's default would wait a minute)`);

    const open = [connect(port, '127.0.0.1'), connect(port, '127.0.0.1')];
    await Promise.all(open.map((socket) => new Promise((resolve) => socket.on('connect', resolve))));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const third = connect(port, '127.0.0.1');
    const closedAtOnce = await new Promise<boolean>((resolve) => {
      third.on('close', () => resolve(true));
      third.on('error', () => resolve(true));
      setTimeout(() => resolve(false), 2_000);
    });
    assert.ok(closedAtOnce, 'the third connection is dropped');
    open.forEach((socket) => socket.destroy());
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

test.run();
