// Every list the API answers is paged the same way: `limit` (30 unless asked, at most 100) rows from
// `offset`, the list's total in X-Total-Count, and a limit out of bounds a 400 naming it, in Spanish.
// Services, staff accounts and feed sources used to answer their whole table whatever was asked.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type Client, type TestApp } from '../helpers/app';

let app: TestApp;
let admin: Client;
let visitor: Client;

const count = async (table: string) => Number((await app.services.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0].n);
const ids = (body: { id: string }[]) => body.map((item) => item.id);

test.before(async () => {
  app = await startTestApp();
  admin = await app.admin();
  visitor = app.client();
});
test.after(() => app.close());

test('services: 30 unless asked, the rest from offset 30, in the same order as one page of 100, with the total', async () => {
  for (let i = 0; i < 25; i++) {
    const made = await admin.post('/api/services', { title: `Servicio ${i}`, description: 'Descripción', category: 'Consultoría', features: 'uno' });
    assert.is(made.status, 201);
  }
  const total = await count('services');
  assert.ok(total > 30, `${total} services`);
  const first = await visitor.get('/api/services');
  assert.is(first.status, 200);
  assert.is(first.body.length, 30);
  assert.is(first.headers.get('x-total-count'), String(total));
  const rest = await visitor.get('/api/services?offset=30');
  assert.is(rest.body.length, total - 30);
  assert.is(rest.headers.get('x-total-count'), String(total));
  const whole = await visitor.get('/api/services?limit=100');
  assert.equal(ids(whole.body), [...ids(first.body), ...ids(rest.body)]);
});

test('staff accounts: a page of one, the next from offset 1, with the total', async () => {
  for (const username of ['paginada-uno', 'paginada-dos']) {
    assert.is((await admin.post('/api/users', { username, password: 'clave-larga-segura-1' })).status, 201);
  }
  const total = await count('users');
  const all = await admin.get('/api/users');
  assert.is(all.headers.get('x-total-count'), String(total));
  assert.is(all.body.length, total);
  const one = await admin.get('/api/users?limit=1');
  const next = await admin.get('/api/users?limit=1&offset=1');
  assert.equal(ids(one.body), [all.body[0].id]);
  assert.equal(ids(next.body), [all.body[1].id]);
  assert.is(next.headers.get('x-total-count'), String(total));
});

test('feed sources: newest first, a page of two, with the total', async () => {
  for (const name of ['uno', 'dos', 'tres']) {
    const made = await admin.post('/api/rss/sources', { name, url: `https://example.com/${name}.xml`, defaultCategory: 'Ciberseguridad' });
    assert.is(made.status, 201);
  }
  const total = await count('rss_sources');
  const page = await admin.get('/api/rss/sources?limit=2');
  assert.is(page.status, 200);
  assert.equal(
    page.body.map((s: { name: string }) => s.name),
    ['tres', 'dos'],
  );
  assert.is(page.headers.get('x-total-count'), String(total));
  const after = await admin.get('/api/rss/sources?limit=2&offset=2');
  assert.equal(after.body[0]?.name, 'uno');
});

for (const [path, who] of [
  ['/api/services', () => visitor],
  ['/api/users', () => admin],
  ['/api/rss/sources', () => admin],
  ['/api/advance-forms', () => admin],
  ['/api/contact/messages', () => admin],
  ['/api/media', () => admin],
  ['/api/news', () => visitor],
] as const) {
  test(`${path}: a limit over 100 or a negative offset is a 400 naming the field, in Spanish`, async () => {
    const tooMany = await who().get(`${path}?limit=101`);
    assert.is(tooMany.status, 400);
    assert.equal(tooMany.body.errors?.limit, 'limit debe estar entre 1 y 100');
    const before = await who().get(`${path}?offset=-1`);
    assert.is(before.status, 400);
    assert.ok(before.body.errors?.offset, JSON.stringify(before.body));
    const fine = await who().get(`${path}?limit=1`);
    assert.is(fine.status, 200);
    assert.ok(Number(fine.headers.get('x-total-count')) >= fine.body.length, `${path}: X-Total-Count ${fine.headers.get('x-total-count')}`);
  });
}

test.run();
