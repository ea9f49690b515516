// /api/contact over HTTP: a visitor's message, its honeypot, the status flow and the staff list.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type Client, type TestApp } from '../helpers/app';

let app: TestApp;
let admin: Client;
let visitor: Client;

const message = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ana Mora',
  email: 'ana@example.com',
  phone: '+506 8888 1234',
  message: 'Necesito un barrido',
  ...overrides,
});

async function send(overrides: Record<string, unknown> = {}) {
  const answer = await visitor.post('/api/contact', message(overrides));
  assert.is(answer.status, 201, answer.text);
  return answer.body;
}

test.before(async () => {
  app = await startTestApp();
  admin = await app.admin();
  visitor = app.client();
});
test.after(() => app.close());

test('a visitor sends a message without a session and gets 201 with the record, unread', async () => {
  const answer = await visitor.post(
    '/api/contact',
    message({ status: 'resolved', id: '11111111-1111-4111-8111-111111111111', createdAt: '2000-01-01T00:00:00Z' }),
  );
  assert.is(answer.status, 201);
  const { id, createdAt, ...rest } = answer.body;
  assert.match(id, /^[0-9a-f-]{36}$/);
  assert.is.not(id, '11111111-1111-4111-8111-111111111111');
  assert.ok(Math.abs(Date.parse(createdAt) - Date.now()) < 60_000);
  assert.equal(rest, {
    name: 'Ana Mora',
    email: 'ana@example.com',
    phone: '+506 8888 1234',
    message: 'Necesito un barrido',
    status: 'unread',
    language: 'es',
    notes: [],
    readAfterMs: null,
    resolvedAfterMs: null,
  });
  const listed = (await admin.get('/api/contact/messages?limit=100')).body.find((m: { id: string }) => m.id === id);
  assert.is(listed.status, 'unread');
});

test('a repeat with the same Idempotency-Key answers what the first answer said, never what staff made of it since', async () => {
  const body = { name: 'Ana', email: 'ana@example.com', phone: null, message: 'Hola' };
  const first = await app.client().post('/api/contact', body);
  assert.is(first.status, 201, first.text);
  const { id } = first.body;
  assert.is((await admin.post(`/api/contact/${id}/notes`, { text: 'nota interna' })).status, 201);
  assert.is((await admin.patch(`/api/contact/${id}/status`, { status: 'read' })).status, 200);
  const repeat = await app.client().post('/api/contact', body, { 'Idempotency-Key': id });
  assert.is(repeat.status, 201, repeat.text);
  assert.equal(repeat.body, first.body);
  assert.equal(
    { status: repeat.body.status, notes: repeat.body.notes, readAfterMs: repeat.body.readAfterMs },
    { status: 'unread', notes: [], readAfterMs: null },
  );
  assert.not.ok('notice' in repeat.body);
  assert.not.match(repeat.text, 'nota interna');
});

test('a message from the English pages records its language; an unknown one is a 400', async () => {
  const answer = await visitor.post('/api/contact', message({ language: 'en' }));
  assert.is(answer.status, 201);
  assert.is(answer.body.language, 'en');
  const listed = (await admin.get('/api/contact/messages')).body.find((m: { id: string }) => m.id === answer.body.id);
  assert.is(listed.language, 'en');
  const bad = await visitor.post('/api/contact', message({ language: 'fr' }));
  assert.is(bad.status, 400);
  assert.is(bad.body.errors.language, 'Idioma inválido (es o en)');
});

test('the phone is optional and an empty one is stored as null', async () => {
  const { phone } = await send({ phone: '' });
  assert.is(phone, null);
  const { phone: missing } = await send({ phone: undefined });
  assert.is(missing, null);
});

test('a message with the honeypot filled is refused and not stored', async () => {
  const before = (await admin.get('/api/contact/messages')).headers.get('x-total-count');
  const answer = await visitor.post('/api/contact', message({ website: 'http://spam.example' }));
  assert.is(answer.status, 400);
  assert.equal(answer.body, { message: 'No se pudo procesar el mensaje' });
  assert.is((await admin.get('/api/contact/messages')).headers.get('x-total-count'), before);
});

test('an invalid message is a 400 with Spanish messages per field', async () => {
  const answer = await visitor.post('/api/contact', { email: 'no-es-correo' });
  assert.is(answer.status, 400);
  assert.equal(answer.body, {
    message: 'Revise los campos marcados',
    errors: { name: 'El nombre es requerido', email: 'Ingrese un correo electrónico válido', message: 'El mensaje es requerido' },
  });
  const empty = await visitor.post('/api/contact', { name: 'A', email: '  ', message: 'x' });
  assert.equal(empty.body.errors, { email: 'El correo electrónico es requerido' });
});

test('unread -> read -> resolved', async () => {
  const { id } = await send();
  const read = await admin.patch(`/api/contact/${id}/status`, { status: 'read' });
  assert.is(read.status, 200);
  assert.is(read.body.status, 'read');
  assert.is(read.body.id, id);
  const resolved = await admin.patch(`/api/contact/${id}/status`, { status: 'resolved' });
  assert.is(resolved.status, 200);
  assert.is(resolved.body.status, 'resolved');
});

test('an unread message can be resolved directly', async () => {
  const { id } = await send();
  const resolved = await admin.patch(`/api/contact/${id}/status`, { status: 'resolved' });
  assert.is(resolved.status, 200);
  assert.is(resolved.body.status, 'resolved');
});

test('every other transition is a 409 with a Spanish message', async () => {
  const { id: readId } = await send();
  await admin.patch(`/api/contact/${readId}/status`, { status: 'read' });
  const backToUnread = await admin.patch(`/api/contact/${readId}/status`, { status: 'unread' });
  assert.is(backToUnread.status, 409);
  assert.equal(backToUnread.body, { message: 'Un mensaje leído no puede pasar a sin leer' });

  const { id: resolvedId } = await send();
  await admin.patch(`/api/contact/${resolvedId}/status`, { status: 'resolved' });
  const resolvedToUnread = await admin.patch(`/api/contact/${resolvedId}/status`, { status: 'unread' });
  assert.is(resolvedToUnread.status, 409);
  assert.equal(resolvedToUnread.body, { message: 'Un mensaje resuelto no puede pasar a sin leer' });
  const resolvedToRead = await admin.patch(`/api/contact/${resolvedId}/status`, { status: 'read' });
  assert.is(resolvedToRead.status, 409);
  assert.equal(resolvedToRead.body, { message: 'Un mensaje resuelto no puede pasar a leído' });
  // The refused changes left the status alone.
  const list = await admin.get('/api/contact/messages?limit=100');
  assert.is(list.body.find((m: any) => m.id === resolvedId).status, 'resolved');
  assert.is(list.body.find((m: any) => m.id === readId).status, 'read');
});

test('a status that is not one of the three is a 400; an unknown message a 404', async () => {
  const { id } = await send();
  const bad = await admin.patch(`/api/contact/${id}/status`, { status: 'archived' });
  assert.is(bad.status, 400);
  assert.equal(bad.body.errors, { status: 'Estado inválido (unread, read o resolved)' });
  const missing = await admin.patch('/api/contact/00000000-0000-4000-8000-000000000000/status', { status: 'read' });
  assert.is(missing.status, 404);
  assert.equal(missing.body, { message: 'Mensaje no encontrado' });
});

test('staff list messages newest first, paged, with X-Total-Count', async () => {
  const all = await admin.get('/api/contact/messages?limit=100');
  assert.is(all.status, 200);
  const total = all.body.length;
  assert.is(all.headers.get('x-total-count'), String(total));
  const times = all.body.map((m: any) => Date.parse(m.createdAt));
  assert.equal(
    times,
    [...times].sort((a, b) => b - a),
  );
  const first = await admin.get('/api/contact/messages?limit=3');
  assert.equal(
    first.body.map((m: any) => m.id),
    all.body.slice(0, 3).map((m: any) => m.id),
  );
  const second = await admin.get('/api/contact/messages?limit=3&offset=3');
  assert.equal(
    second.body.map((m: any) => m.id),
    all.body.slice(3, 6).map((m: any) => m.id),
  );
  assert.is(second.headers.get('x-total-count'), String(total));
  assert.ok(total >= 8);
});

test('a deleted message leaves the list; deleting it again is a 404', async () => {
  const { id } = await send({ message: 'Borrar este' });
  assert.is((await admin.delete(`/api/contact/${id}`)).status, 204);
  assert.not.ok((await admin.get('/api/contact/messages?limit=100')).body.some((m: any) => m.id === id));
  const again = await admin.delete(`/api/contact/${id}`);
  assert.is(again.status, 404);
  assert.equal(again.body, { message: 'Mensaje no encontrado' });
  const status = await admin.patch(`/api/contact/${id}/status`, { status: 'read' });
  assert.is(status.status, 404);
});

test.run();
