// Defects found in review, each with the test that would have caught it.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { rebuildProjections, allProjectors } from '../../projections';
import { startTestApp, type Client, type TestApp } from '../helpers/app';
import { validForm } from '../helpers/forms';

let app: TestApp;
let admin: Client;

test.before(async () => {
  app = await startTestApp({ publicWriteLimit: 2, trustProxy: true });
  admin = await app.admin();
});
test.after(async () => {
  await app.close();
});

test("another record's id used as an Idempotency-Key is refused, and that record's history stays whole", async () => {
  const article = await admin.post('/api/news', {
    title: 'Artículo ajeno',
    slug: 'articulo-ajeno',
    excerpt: 'e',
    content: '<p>c</p>',
    category: 'Noticias',
    author: 'a',
  });
  const form = await app.client().post('/api/advance-forms/public', validForm(), { 'Idempotency-Key': article.body.id, 'X-Forwarded-For': '198.51.100.1' });
  assert.is(form.status, 409);
  assert.is(form.body.message, 'Ese identificador ya pertenece a otro registro');
  const erase = await admin.delete(`/api/advance-forms/${article.body.id}`);
  assert.is(erase.status, 404);
  const history = await admin.get(`/api/history?streamId=${article.body.id}`);
  assert.equal(
    history.body.items.map((i: { type: string }) => i.type),
    ['NewsArticleCreated'],
  );
  await rebuildProjections(app.services.db, allProjectors);
  assert.is((await app.client().get('/api/news/articulo-ajeno')).body.title, 'Artículo ajeno');
});

test("a JSON answer's Content-Security-Policy allows no inline script (a nonce is made only for a rendered page)", async () => {
  const answer = await app.client().get('/api/services');
  assert.is(answer.status, 200);
  const policy = answer.headers.get('content-security-policy') ?? '';
  assert.match(policy, /(^|; )script-src 'self'(;|$)/);
  assert.not.match(policy, /nonce-/);
  assert.match(policy, /frame-ancestors 'none'/);
});

test('behind a proxy, a forged X-Forwarded-For does not dodge the public write limit', async () => {
  const statuses = [];
  for (let i = 0; i < 4; i++) {
    const sent = await app
      .client()
      .post('/api/contact', { name: 'Ana', email: 'ana@example.com', message: 'Hola' }, { 'X-Forwarded-For': `203.0.113.${i}, 192.0.2.77` });
    statuses.push(sent.status);
  }
  assert.equal(statuses, [201, 201, 429, 429]);
});

test('a service order that is not a small whole number is refused, and the public list keeps working', async () => {
  const created = await admin.post('/api/services', { title: 't', description: 'd', category: 'c', order: '9999999999' });
  assert.is(created.status, 400);
  assert.is(created.body.errors.order, 'El orden debe ser un número entero entre 0 y 999999');
  assert.is((await app.client().get('/api/services')).status, 200);
});

test('text the database cannot store and absurd dates answer 400, never 500', async () => {
  const visitor = app.client();
  const cases = [
    await visitor.post('/api/contact', { name: 'a\u0000b', email: 'a@b.cr', message: 'hola' }, { 'X-Forwarded-For': '198.51.100.9' }),
    await visitor.post('/api/contact', { name: '\ud800', email: 'a@b.cr', message: 'hola' }, { 'X-Forwarded-For': '198.51.100.10' }),
    await visitor.post('/api/auth/login', { username: 'ad\u0000min', password: 'x' }),
    await visitor.get('/api/news?search=%00'),
    await visitor.get('/api/news/a%00b'),
    await admin.get('/api/history?type=%00'),
    await admin.post('/api/news', {
      title: 't',
      slug: 'fecha-absurda',
      excerpt: 'e',
      content: 'c',
      category: 'Noticias',
      author: 'a',
      publishedAt: '+275760-09-13T00:00:00.000Z',
    }),
    await admin.post('/api/news', { title: 't', slug: 'fecha-booleana', excerpt: 'e', content: 'c', category: 'Noticias', author: 'a', publishedAt: true }),
  ];
  assert.equal(
    cases.map((c) => c.status),
    [400, 400, 400, 400, 400, 400, 400, 400],
  );
  for (const answer of cases) assert.type(answer.body.message, 'string');
  assert.is((await visitor.get('/api/news?dateTo=9999-12-31')).status, 200);
  assert.is((await admin.get('/api/history?streamId=&type=&actor=&before=&limit=')).status, 200);
});

test('parallel wrong passwords get no more than five tries, and parallel right ones all sign in', async () => {
  await admin.post('/api/users', { username: 'objetivo', password: 'clave-correcta-123', role: 'colaborador' });
  const guesses = await Promise.all(Array.from({ length: 20 }, () => app.client().post('/api/auth/login', { username: 'objetivo', password: 'adivinanza' })));
  assert.is(guesses.filter((g) => g.status === 401).length, 5);
  assert.is(guesses.filter((g) => g.status === 429).length, 15);
  const other = await admin.post('/api/users', { username: 'doble', password: 'clave-correcta-456', role: 'colaborador' });
  assert.is(other.status, 201);
  // A double click, or two tabs signing in at once: both succeed (the audit trail records both).
  const logins = await Promise.all(
    Array.from({ length: 3 }, () => app.client().post('/api/auth/login', { username: 'doble', password: 'clave-correcta-456' })),
  );
  assert.equal(
    logins.map((l) => l.status),
    [200, 200, 200],
  );
});

test('API answers to signed-in staff are never stored by a cache; visitors may keep published news', async () => {
  assert.is((await admin.get('/api/contact/messages')).headers.get('cache-control'), 'private, no-store');
  assert.is((await admin.get('/api/news')).headers.get('cache-control'), 'private, no-store');
  assert.is((await app.client().get('/api/news')).headers.get('cache-control'), 'no-cache');
  assert.is((await app.client().get('/api/contact/messages')).headers.get('cache-control'), 'no-store');
});

// Last: one of the two admins ends up demoted or disabled.
test('two admins demoting and disabling each other at once leave one active admin', async () => {
  const second = await admin.post('/api/users', { username: 'segunda', password: 'clave-segura-2222', role: 'admin' });
  const me = (await admin.get('/api/auth/me')).body;
  const [disable, demote] = await Promise.all([
    admin.patch(`/api/users/${second.body.id}`, { disabled: true }),
    admin.patch(`/api/users/${me.id}`, { role: 'colaborador' }),
  ]);
  assert.equal([disable.status, demote.status].sort(), [200, 409]);
  const [{ n }] = await app.services.db.query(`SELECT count(*)::int AS n FROM users WHERE role = 'admin' AND NOT disabled`);
  assert.is(Number(n), 1);
});

test.run();
