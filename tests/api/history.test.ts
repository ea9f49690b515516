// /api/history over HTTP: the audit trail of a record and of the site, filtered, paged, without secrets.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type Client, type TestApp } from '../helpers/app';
import { advanceForm } from '../helpers/forms';

let app: TestApp;
let admin: Client;
let colaborador: Client;
let adminMe: { id: string; username: string; role: string };
let colaboradorMe: { id: string; username: string; role: string };
let articleId: string;

test.before(async () => {
  app = await startTestApp();
  admin = await app.admin();
  colaborador = await app.userWithRole('colaborador', 'editora');
  adminMe = (await admin.get('/api/auth/me')).body;
  colaboradorMe = (await colaborador.get('/api/auth/me')).body;
  const created = await admin.post('/api/news', {
    title: 'Original',
    slug: 'historia',
    excerpt: 'E',
    content: '<p>C</p>',
    category: 'Noticias',
    author: 'A',
    publishedAt: '2026-01-10T12:00:00Z',
  });
  articleId = created.body.id;
  await admin.patch(`/api/news/${articleId}`, { title: 'Primera edición' });
  await colaborador.patch(`/api/news/${articleId}`, { title: 'Segunda edición', category: 'Tecnología' });
});
test.after(() => app.close());

test("a record's history after two edits shows both, newest first, with changes and actors", async () => {
  const answer = await colaborador.get(`/api/history?streamId=${articleId}`);
  assert.is(answer.status, 200);
  assert.equal(Object.keys(answer.body).sort(), ['items', 'nextBefore']);
  assert.is(answer.body.nextBefore, null);
  const [second, first, created] = answer.body.items;
  assert.is(answer.body.items.length, 3);
  assert.equal(
    { ...second, position: undefined, recordedAt: undefined },
    {
      position: undefined,
      recordedAt: undefined,
      streamId: articleId,
      type: 'NewsArticleUpdated',
      origin: 'api',
      actor: { id: colaboradorMe.id, username: 'editora', role: 'colaborador' },
      changes: { title: { from: 'Primera edición', to: 'Segunda edición' }, category: { from: 'Noticias', to: 'Tecnología' } },
    },
  );
  assert.equal(first.changes, { title: { from: 'Original', to: 'Primera edición' } });
  assert.equal(first.actor, { id: adminMe.id, username: 'admin', role: 'admin' });
  assert.is(created.type, 'NewsArticleCreated');
  assert.equal(created.changes.title, { from: null, to: 'Original' });
  assert.ok(second.position > first.position && first.position > created.position);
  assert.ok(Date.parse(second.recordedAt) >= Date.parse(first.recordedAt));
});

test('seeded events have no actor and the origin seed', async () => {
  const answer = await admin.get('/api/history?type=ServiceCreated&limit=100');
  assert.is(answer.body.items.length, 8);
  for (const item of answer.body.items) {
    assert.is(item.actor, null);
    assert.is(item.origin, 'seed');
  }
});

test('history filters by event type', async () => {
  const answer = await admin.get('/api/history?type=NewsArticleUpdated');
  assert.equal(
    answer.body.items.map((i: any) => [i.type, i.streamId]),
    [
      ['NewsArticleUpdated', articleId],
      ['NewsArticleUpdated', articleId],
    ],
  );
  assert.equal((await admin.get('/api/history?type=NoExiste')).body, { items: [], nextBefore: null });
});

test('history filters by actor, by id or by username', async () => {
  const byId = await admin.get(`/api/history?actor=${colaboradorMe.id}`);
  assert.ok(byId.body.items.length >= 2);
  for (const item of byId.body.items) assert.equal(item.actor, { id: colaboradorMe.id, username: 'editora', role: 'colaborador' });
  assert.equal(byId.body.items.map((i: any) => i.type).slice(0, 1), ['NewsArticleUpdated']);
  const byName = await admin.get('/api/history?actor=editora');
  assert.equal(byName.body, byId.body);
});

test('history pages with limit, nextBefore and before until nextBefore is null', async () => {
  const all = (await admin.get('/api/history?limit=200')).body.items;
  assert.ok(all.length > 12);
  const positions = all.map((i: any) => i.position);
  assert.equal(
    positions,
    [...positions].sort((a: number, b: number) => b - a),
  );
  const seen: number[] = [];
  let before: number | null = null;
  for (let page = 0; page < 100; page++) {
    const answer: any = await admin.get(`/api/history?limit=5${before ? `&before=${before}` : ''}`);
    assert.ok(answer.body.items.length <= 5);
    seen.push(...answer.body.items.map((i: any) => i.position));
    before = answer.body.nextBefore;
    if (before === null) break;
    assert.is(before, answer.body.items[answer.body.items.length - 1].position);
  }
  assert.equal(seen, positions);
});

test('an invalid streamId is a 400; history needs a session', async () => {
  const bad = await admin.get('/api/history?streamId=nope');
  assert.is(bad.status, 400);
  assert.equal(bad.body.errors, { streamId: 'streamId debe ser un UUID' });
  assert.is((await app.client().get('/api/history')).status, 401);
});

test('no password hash, request hash or erased data appears anywhere in the history', async () => {
  const { body: user } = await admin.post('/api/users', { username: 'secreto', password: 'clave-muy-secreta-9', role: 'colaborador' });
  await admin.patch(`/api/users/${user.id}`, { password: 'otra-clave-secreta-9' });
  const form = await app.client().post('/api/advance-forms/public', advanceForm({ hostName: 'Anfitrión Borrado', address: 'Dirección Secreta 123' }));
  assert.is(form.status, 201, form.text);
  const message = await app.client().post('/api/contact', { name: 'Persona Borrada', email: 'borrada@example.com', message: 'Texto borrado' });
  await admin.delete(`/api/contact/${message.body.id}`);
  await admin.delete(`/api/advance-forms/${form.body.id}`);
  let text = '';
  let before: number | null = null;
  do {
    const answer: any = await admin.get(`/api/history?limit=200${before ? `&before=${before}` : ''}`);
    text += answer.text;
    before = answer.body.nextBefore;
  } while (before);
  for (const secret of [
    'passwordHash',
    'requestHash',
    'scrypt$',
    'clave-muy-secreta-9',
    'Persona Borrada',
    'borrada@example.com',
    'Dirección Secreta 123',
    'Anfitrión Borrado',
  ]) {
    assert.not.ok(text.includes(secret), secret);
  }
  // The password change is there, masked, and the erasures name who did them.
  assert.ok(text.includes('UserPasswordChanged'));
  const erased = (await admin.get(`/api/history?streamId=${form.body.id}`)).body.items;
  assert.equal(
    erased.map((i: any) => [i.type, i.changes]),
    [
      ['AdvanceFormErased', {}],
      ['AdvanceFormSubmitted', {}],
    ],
  );
  assert.equal(erased[0].actor, { id: adminMe.id, username: 'admin', role: 'admin' });
});

test.run();
