// GET /api/auth/draft-key: the wrapping secret of a device's draft key, one per sign-in and never the
// same twice; an earlier sign-in's secret for the same user once it signed out, never for another user;
// a sign-in ended from elsewhere ('Cerrar las demás sesiones', an admin) named as such to anyone, its
// secret never given again.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Client, startTestApp, type TestApp } from '../helpers/app';
import type { DraftKeyAnswer } from '../../domain';

let app: TestApp;
const password = 'clave-de-campo-segura-7';

async function signIn(username: string): Promise<{ client: Client; key: NonNullable<DraftKeyAnswer['current']> }> {
  const client = await new Client(app.base).login(username, password);
  const answer = await client.get('/api/auth/draft-key');
  assert.is(answer.status, 200, answer.text);
  return { client, key: answer.body.current };
}

const ask = (client: Client, ...signIns: string[]) => client.get(`/api/auth/draft-key?${signIns.map((id) => `signIn=${id}`).join('&')}`);

test.before(async () => {
  app = await startTestApp();
  const admin = await app.admin();
  for (const username of ['campo', 'oficina']) assert.is((await admin.post('/api/users', { username, password })).status, 201);
});
test.after(() => app.close());

test('each sign-in has its own secret, the same on every ask, never stored in the answer about the session', async () => {
  const first = await signIn('campo');
  const second = await signIn('campo');
  assert.is(first.key.userId, second.key.userId);
  assert.is.not(first.key.signInId, second.key.signInId);
  assert.is.not(first.key.secret, second.key.secret);
  assert.is(Buffer.from(first.key.secret, 'base64url').length, 32);
  assert.equal((await first.client.get('/api/auth/draft-key')).body.current, first.key, 'stable within a sign-in');
  const me = await first.client.get('/api/auth/me');
  assert.equal(Object.keys(me.body).sort(), ['id', 'role', 'username']);
  const answer = await first.client.get('/api/auth/draft-key');
  assert.match(answer.headers.get('cache-control') ?? '', /no-store/);
  // Nobody signed in: no secret.
  assert.equal((await app.client().get('/api/auth/draft-key')).body, { endedRemotely: [], current: null, previous: {} });
});

test("an earlier sign-in's secret, for the same user only; signing out is not an end from elsewhere", async () => {
  const before = await signIn('campo');
  assert.is((await before.client.post('/api/auth/logout')).status, 204);
  const after = await signIn('campo');
  const answer = await ask(after.client, before.key.signInId);
  assert.equal(answer.body.previous, { [before.key.signInId]: before.key.secret });
  assert.equal(answer.body.endedRemotely, []);
  // Another staff member naming it gets nothing; a visitor neither.
  const other = await signIn('oficina');
  assert.equal((await ask(other.client, before.key.signInId)).body.previous, {});
  assert.equal((await ask(app.client(), before.key.signInId)).body, { endedRemotely: [], current: null, previous: {} });
  // Its own sign-in is the current one, not a previous one; ids that are not sign-ins are ignored.
  assert.equal((await ask(after.client, after.key.signInId, 'no-es-un-id')).body.previous, {});
});

test('sessions ended from elsewhere are named to anyone, and their secrets are never given again', async () => {
  const tablet = await signIn('campo');
  const phone = await signIn('campo');
  assert.is((await phone.client.delete('/api/auth/sessions')).status, 200);
  assert.is((await tablet.client.get('/api/auth/me')).status, 401);
  // The tablet comes back online, signed out: it learns its key must go.
  assert.equal((await ask(tablet.client, tablet.key.signInId)).body, { endedRemotely: [tablet.key.signInId], current: null, previous: {} });
  // Even its owner, signed in again, cannot get that secret back.
  const again = await signIn('campo');
  const answer = await ask(again.client, tablet.key.signInId);
  assert.equal(answer.body.previous, {});
  assert.equal(answer.body.endedRemotely, [tablet.key.signInId]);

  // An admin ending every session of the user.
  const field = await signIn('campo');
  const { body: users } = await (await app.admin()).get('/api/users');
  const campo = users.find((u: { username: string }) => u.username === 'campo');
  assert.is((await (await app.admin()).delete(`/api/users/${campo.id}/sessions`)).status, 200);
  assert.equal((await ask(app.client(), field.key.signInId)).body.endedRemotely, [field.key.signInId]);
});

test.run();
