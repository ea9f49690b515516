// What an operator and a client see of the app's own health and limits: probes, request ids in logs
// without personal data, validated paging, bodies read after the session check, session lifetimes.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sweepExpiredSessions } from '../../api/middleware/session';
import { loadConfig } from '../../api/config';
import { startTestApp, adminCredentials, type TestApp } from '../helpers/app';

let app: TestApp;
const logLines: string[] = [];

test.before(async () => {
  app = await startTestApp({}, {}, { log: (line) => logLines.push(line) });
});
test.after(() => app.close());

test('/healthz answers at once; /readyz says ready, then not ready while a migration is missing', async () => {
  const visitor = app.client();
  const alive = await visitor.get('/healthz');
  assert.is(alive.status, 200);
  assert.equal(alive.body, { status: 'ok' });
  const ready = await visitor.get('/readyz');
  assert.is(ready.status, 200);
  assert.is(ready.body.status, 'ok');
  const [{ name }] = await app.services.db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name LIMIT 1');
  await app.services.db.query('DELETE FROM schema_migrations WHERE name = $1', [name]);
  try {
    const missing = await visitor.get('/readyz');
    assert.is(missing.status, 503);
    assert.is(missing.body.message, 'Faltan migraciones por aplicar');
    assert.equal(missing.body.pending, [name]);
  } finally {
    await app.services.db.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
  }
  assert.is((await visitor.get('/readyz')).status, 200);
});

test('every request is logged as JSON with its request id, and no body, e-mail, query or session id', async () => {
  logLines.length = 0;
  const visitor = app.client();
  const sent = await visitor.post('/api/contact', { name: 'Lucía Ejemplo', email: 'lucia@ejemplo.cr', phone: '+50670001234', message: 'Secreto' });
  assert.is(sent.status, 201);
  await visitor.get('/api/news?search=lucia-busca-algo');
  const admin = await app.admin();
  await admin.get('/api/contact/messages');
  const lines = logLines.map((line) => JSON.parse(line));
  const contactLine = lines.find((line) => line.path === '/api/contact' && line.method === 'POST');
  assert.ok(contactLine, 'the contact request is logged');
  assert.is(contactLine.requestId, sent.headers.get('x-request-id'));
  assert.is(contactLine.status, 201);
  assert.type(contactLine.ms, 'number');
  const all = logLines.join('\n');
  for (const secret of ['Lucía', 'lucia@ejemplo.cr', '70001234', 'Secreto', 'lucia-busca-algo', adminCredentials.password, 'sid=']) {
    assert.not.ok(all.includes(secret), `the log holds ${secret}`);
  }
});

test('limit and offset out of bounds answer 400 naming the field, never 500', async () => {
  const visitor = app.client();
  const admin = await app.admin();
  const cases = [
    ['/api/news?offset=1e20', 'offset'],
    ['/api/news?offset=-1', 'offset'],
    ['/api/news?limit=0', 'limit'],
    ['/api/news?limit=101', 'limit'],
    ['/api/news?limit=abc', 'limit'],
  ] as const;
  for (const [path, field] of cases) {
    const answer = await visitor.get(path);
    assert.is(answer.status, 400, path);
    assert.type(answer.body.errors[field], 'string');
  }
  for (const path of ['/api/contact/messages?offset=99999999999', '/api/advance-forms?limit=1000', '/api/history?limit=0', '/api/history?before=1e300']) {
    const answer = await admin.get(path);
    assert.is(answer.status, 400, path);
    assert.type(answer.body.message, 'string');
  }
  assert.is((await visitor.get('/api/news?limit=100&offset=100000')).status, 200);
  assert.is((await visitor.get('/api/news?limit=&offset=')).status, 200);
});

test('a staff route refuses an anonymous request before reading its body', async () => {
  const visitor = app.client();
  const broken = await visitor.request('POST', '/api/news', '{"title": ', { 'content-type': 'application/json' });
  assert.is(broken.status, 401);
  const huge = await visitor.request('POST', '/api/services', JSON.stringify({ title: 'x'.repeat(3 * 1024 * 1024) }), { 'content-type': 'application/json' });
  assert.is(huge.status, 401);
  const admin = await app.admin();
  const parsedForStaff = await admin.request('POST', '/api/news', '{"title": ', { 'content-type': 'application/json' });
  assert.is(parsedForStaff.status, 400);
  assert.is(parsedForStaff.body.message, 'El cuerpo de la solicitud no es JSON válido');
  // A route that takes no body ignores one.
  assert.is((await admin.request('GET', '/api/services', undefined, { 'content-type': 'application/json' })).status, 200);
});

test('expired sessions are swept from the database, and their cookie no longer signs in', async () => {
  const admin = await app.admin();
  assert.is((await admin.get('/api/auth/me')).status, 200);
  await app.services.db.query(`UPDATE sessions SET expires_at = now() - interval '1 minute'`);
  assert.is((await admin.get('/api/auth/me')).status, 401);
  const swept = await sweepExpiredSessions(app.services.db);
  assert.ok(swept >= 1);
  const [{ n }] = await app.services.db.query(`SELECT count(*)::int AS n FROM sessions WHERE expires_at < now()`);
  assert.is(Number(n), 0);
});

test('an active session ends at its absolute lifetime, however often it is used', async () => {
  const short = await startTestApp({ sessionAbsoluteMs: 5_000 });
  try {
    const admin = await short.admin();
    const signedIn = Date.now();
    const statuses: number[] = [];
    while (Date.now() - signedIn < 30_000) {
      const status = (await admin.get('/api/auth/me')).status;
      statuses.push(status);
      if (status === 401) break;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    assert.is(statuses[0], 200);
    assert.is(statuses[statuses.length - 1], 401, 'the session ended');
    assert.ok(Date.now() - signedIn >= 4_500, 'not before its lifetime');
    assert.is((await admin.get('/api/contact/messages')).status, 401);
    await admin.login();
    assert.is((await admin.get('/api/auth/me')).status, 200);
  } finally {
    await short.close();
  }
});

test('production without a trusted HTTPS proxy refuses to start, in Spanish', () => {
  assert.throws(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 's' }), /TRUST_PROXY=1/);
  assert.is(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 's', TRUST_PROXY: '1' }).production, true);
});

test.run();
