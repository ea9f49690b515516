// Sessions a staff member can see and end, an admin ending all of a user's, and each end in the log.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Client, startTestApp, type TestApp } from '../helpers/app';

let app: TestApp;
const password = 'otra-clave-segura-1';
const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const chromeAndroid = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';

async function signIn(username: string, userAgent: string) {
  const client = new Client(app.base);
  const answer = await client.post('/api/auth/login', { username, password }, { 'User-Agent': userAgent });
  assert.is(answer.status, 200, answer.text);
  return client;
}

test.before(async () => {
  app = await startTestApp();
  const admin = await app.admin();
  for (const username of ['elena', 'jorge']) assert.is((await admin.post('/api/users', { username, password })).status, 201);
});
test.after(() => app.close());

test('the list shows each session with device, address, created and last seen, this one marked', async () => {
  const laptop = await signIn('elena', firefox);
  await signIn('elena', chromeAndroid);
  const list = await laptop.get('/api/auth/sessions', { 'User-Agent': firefox });
  assert.is(list.status, 200);
  assert.is(list.body.length, 2);
  const current = list.body.find((s: any) => s.current);
  assert.is(current.device, 'Firefox en Windows');
  assert.equal(list.body.map((s: any) => s.device).sort(), ['Chrome en Android', 'Firefox en Windows']);
  for (const session of list.body) {
    assert.equal(Object.keys(session).sort(), ['address', 'createdAt', 'current', 'device', 'id', 'lastSeenAt']);
    assert.is(session.address, '127.0.0.1');
    assert.ok(Date.parse(session.createdAt) <= Date.parse(session.lastSeenAt) + 1000);
  }
  // Nobody else's sessions.
  const jorge = await signIn('jorge', firefox);
  assert.is((await jorge.get('/api/auth/sessions')).body.length, 1);
  assert.is((await app.client().get('/api/auth/sessions')).status, 401);
});

test('ending another session signs that device out at once; another user cannot end it', async () => {
  const mine = await signIn('jorge', firefox);
  const phone = await signIn('jorge', chromeAndroid);
  const other = (await mine.get('/api/auth/sessions')).body.find((s: any) => s.device === 'Chrome en Android');
  const intruder = await signIn('elena', firefox);
  assert.is((await intruder.delete(`/api/auth/sessions/${other.id}`)).status, 404);
  assert.is((await phone.get('/api/auth/me')).status, 200);
  assert.is((await mine.delete(`/api/auth/sessions/${other.id}`)).status, 204);
  assert.is((await phone.get('/api/auth/me')).status, 401);
  assert.is((await mine.get('/api/auth/me')).status, 200);
  assert.is((await mine.delete(`/api/auth/sessions/${other.id}`)).status, 404);
  assert.is((await mine.delete('/api/auth/sessions/no-es-un-id')).status, 404);
  const admin = await app.admin();
  const ended = (await admin.get(`/api/history?streamId=${other.id}`)).body.items;
  assert.is(ended[0].type, 'UserSessionEnded');
  assert.equal(ended[0].changes.reason, { from: null, to: 'ended-by-user' });
  assert.is(ended[0].actor.username, 'jorge');
});

test("'Cerrar las demás sesiones' keeps only this one", async () => {
  const keep = await signIn('elena', firefox);
  const others = [await signIn('elena', chromeAndroid), await signIn('elena', firefox)];
  const answer = await keep.delete('/api/auth/sessions');
  assert.is(answer.status, 200);
  assert.ok(answer.body.ended >= 2);
  for (const client of others) assert.is((await client.get('/api/auth/me')).status, 401);
  const left = (await keep.get('/api/auth/sessions')).body;
  assert.is(left.length, 1);
  assert.is(left[0].current, true);
});

test('an admin ends every session of a user; a colaborador may not', async () => {
  const sessions = [await signIn('jorge', firefox), await signIn('jorge', chromeAndroid)];
  const { body: users } = await (await app.admin()).get('/api/users');
  const jorge = users.find((u: any) => u.username === 'jorge');
  assert.is((await sessions[0].delete(`/api/users/${jorge.id}/sessions`)).status, 403);
  const answer = await (await app.admin()).delete(`/api/users/${jorge.id}/sessions`);
  assert.is(answer.status, 200);
  assert.ok(answer.body.ended >= 2);
  for (const client of sessions) assert.is((await client.get('/api/auth/me')).status, 401);
  const ends = (await (await app.admin()).get('/api/history?type=UserSessionEnded')).body.items;
  assert.ok(ends.some((i: any) => i.changes.reason.to === 'ended-by-admin' && i.changes.userId.to === jorge.id));
});

test('a sign-in from a device the user never used is an event with what a notice needs, and no secret', async () => {
  const admin = await app.admin();
  const { body: users } = await admin.get('/api/users');
  const elena = users.find((u: any) => u.username === 'elena');
  assert.is((await admin.patch(`/api/users/${elena.id}`, { noticeEmail: 'elena@example.com' })).status, 200);
  const noticesOf = async () =>
    (await admin.get('/api/history?type=UserSignedInFromNewDevice&limit=100')).body.items.filter((i: any) => i.changes.userId.to === elena.id);
  const before = (await noticesOf()).length;
  // The same browser (its device cookie) twice: noticed once.
  const browser = new Client(app.base);
  await browser.post('/api/auth/login', { username: 'elena', password }, { 'User-Agent': firefox });
  assert.is((await noticesOf()).length, before + 1);
  await browser.post('/api/auth/logout');
  await browser.post('/api/auth/login', { username: 'elena', password }, { 'User-Agent': firefox });
  const notices = await noticesOf();
  assert.is(notices.length, before + 1);
  const latest = notices[0];
  assert.equal(Object.keys(latest.changes).sort(), ['address', 'at', 'device', 'noticeEmail', 'userId', 'username']);
  assert.is(latest.changes.noticeEmail.to, 'elena@example.com');
  assert.is(latest.changes.device.to, 'Firefox en Windows');
  assert.is(latest.changes.username.to, 'elena');
});

test.run();
