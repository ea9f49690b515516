// An ended session stays ended, even when a request of it was still running: that request saves the
// session at its end (here: a passkey registration spends the challenge kept in the session), and the
// save must not bring the session back, whichever way it ended.
import { request as httpRequest, type ClientRequest } from 'node:http';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sweepExpiredSessions } from '../../api/middleware/session';
import { Client, startTestApp, type TestApp } from '../helpers/app';
import { waitFor } from '../helpers/wait';

let app: TestApp;
let admin: Client;
const password = 'otra-clave-segura-1';
const userIds = new Map<string, string>();
/** How many queries each session id was in: the held request has its session once its id was read. */
const reads = new Map<string, number>();

test.before(async () => {
  app = await startTestApp();
  const db = app.services.db;
  const query = db.query;
  db.query = (async (text: string, params?: unknown[]) => {
    const rows = await query.call(db, text, params);
    const first = params?.[0];
    if (typeof first === 'string') reads.set(first, (reads.get(first) ?? 0) + 1);
    return rows;
  }) as typeof query;
  admin = await app.admin();
  for (const username of ['ana', 'bruno', 'carla', 'dario', 'ester']) {
    const created = await admin.post('/api/users', { username, password });
    assert.is(created.status, 201, created.text);
    userIds.set(username, created.body.id);
  }
});
test.after(() => app.close());

const cookiesOf = (client: Client) => client['cookies'];
const sessionIdOf = (client: Client) => cookiesOf(client).get('sid')!;

/** Another tab of the same browser: the same cookies. */
function sameBrowser(client: Client): Client {
  const tab = new Client(app.base);
  for (const [name, value] of cookiesOf(client)) cookiesOf(tab).set(name, value);
  return tab;
}

const signIn = (username: string) => new Client(app.base).login(username, password);

async function rowOf(client: Client) {
  const [row] = await app.services.db.query<{ ended_at: Date | null; expires_at: Date; data: Record<string, unknown> }>(
    'SELECT ended_at, expires_at, data FROM sessions WHERE id = $1',
    [sessionIdOf(client)],
  );
  return row;
}

/**
 * A passkey registration whose body is held back: the request has read its session and waits for the
 * rest of its body. `finish` sends it; the request then spends the passkey challenge (a change to the
 * session, saved at its end), is refused (no real authenticator here) and answers its status.
 */
async function heldRegistration(client: Client): Promise<{ finish(): Promise<number> }> {
  const options = await client.post('/api/auth/passkeys/options', { password: client.password });
  assert.is(options.status, 200, options.text);
  const id = sessionIdOf(client);
  const readsBefore = reads.get(id) ?? 0;
  const body = JSON.stringify({ response: { id: 'no-es-una-llave', type: 'public-key' } });
  const cookie = [...cookiesOf(client)].map(([name, value]) => `${name}=${value}`).join('; ');
  const held: ClientRequest = httpRequest(`${app.base}/api/auth/passkeys`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const status = new Promise<number>((resolve, reject) => {
    held.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    held.on('error', reject);
  });
  // A test that fails before `finish` leaves it open; the server closing it then is no second failure.
  status.catch(() => {});
  held.write(body.slice(0, 1));
  await waitFor(() => (reads.get(id) ?? 0) > readsBefore, 5_000, 'the held request to read its session');
  return {
    finish() {
      held.end(body.slice(1));
      return status;
    },
  };
}

test('signing out in another tab ends the session for good, though a request of it was still running', async () => {
  const tab = await signIn('ana');
  const held = await heldRegistration(tab);
  assert.is((await sameBrowser(tab).post('/api/auth/logout')).status, 204);
  assert.is(await held.finish(), 400);
  assert.is((await tab.get('/api/auth/me')).status, 401);
  assert.ok((await rowOf(tab)).ended_at, 'kept, marked ended');
  assert.is((await tab.get('/api/auth/sessions')).status, 401);
});

test("'Cerrar las demás sesiones' ends a session whose request was still running", async () => {
  const laptop = await signIn('bruno');
  const phone = await signIn('bruno');
  const held = await heldRegistration(phone);
  const answer = await laptop.delete('/api/auth/sessions');
  assert.is(answer.status, 200);
  assert.is(answer.body.ended, 1);
  assert.is(await held.finish(), 400);
  assert.is((await phone.get('/api/auth/me')).status, 401);
  assert.is((await laptop.get('/api/auth/me')).status, 200);
  const left = (await laptop.get('/api/auth/sessions')).body;
  assert.is(left.length, 1);
  assert.is(left[0].current, true);
});

test("an admin ending a user's sessions ends one whose request was still running; signing in again works", async () => {
  const victim = await signIn('carla');
  const held = await heldRegistration(victim);
  const answer = await admin.delete(`/api/users/${userIds.get('carla')}/sessions`);
  assert.is(answer.status, 200);
  assert.is(answer.body.ended, 1);
  assert.is(await held.finish(), 400);
  assert.is((await victim.get('/api/auth/me')).status, 401);
  // Ending it twice finds nothing left to end.
  assert.is((await admin.delete(`/api/users/${userIds.get('carla')}/sessions`)).body.ended, 0);
  // The same browser signs in again: a new session, which works.
  await victim.login('carla', password);
  assert.is((await victim.get('/api/auth/me')).status, 200);
  assert.is((await victim.get('/api/auth/sessions')).body.length, 1);
});

test("an admin resetting a user's password ends a session whose request was still running", async () => {
  const victim = await signIn('dario');
  const held = await heldRegistration(victim);
  const newPassword = 'nueva-clave-segura-2';
  assert.is((await admin.patch(`/api/users/${userIds.get('dario')}`, { password: newPassword })).status, 200);
  assert.is(await held.finish(), 400);
  assert.is((await victim.get('/api/auth/me')).status, 401);
  assert.is((await new Client(app.base).login('dario', newPassword).then((client) => client.get('/api/auth/me'))).status, 200);
});

test('a session still in use keeps working: a running request saves it, and it renews when due', async () => {
  const user = await signIn('ester');
  const held = await heldRegistration(user);
  assert.ok((await rowOf(user)).data.passkeyChallenge, 'the challenge is kept in the session');
  assert.is(await held.finish(), 400);
  assert.is((await user.get('/api/auth/me')).status, 200);
  assert.not.ok((await rowOf(user)).data.passkeyChallenge, 'spent: the save at the end of the request was written');
  // Signed in long ago: less than half its lifetime is left, so the next request renews it.
  await app.services.db.query(
    `UPDATE sessions SET expires_at = now() + interval '1 hour',
       data = jsonb_set(data, '{_expire}', to_jsonb(floor(extract(epoch FROM now()) * 1000 + 3600000)::bigint))
     WHERE id = $1`,
    [sessionIdOf(user)],
  );
  assert.is((await user.get('/api/auth/me')).status, 200);
  const renewed = await rowOf(user);
  assert.ok(new Date(renewed.expires_at).getTime() > Date.now() + 11 * 60 * 60 * 1000, 'renewed for a full lifetime');
  assert.is(renewed.ended_at, null);
  assert.is((await user.get('/api/auth/me')).status, 200);
  assert.is((await user.get('/api/auth/sessions')).body.length, 1);
});

test('the sweep deletes an ended session once past its expiry, and not before', async () => {
  const user = await signIn('ester');
  assert.is((await user.post('/api/auth/logout')).status, 204);
  const [{ count: before }] = await app.services.db.query<{ count: number }>('SELECT count(*)::int AS count FROM sessions WHERE ended_at IS NOT NULL');
  assert.ok(before >= 1);
  await sweepExpiredSessions(app.services.db);
  const [{ count: kept }] = await app.services.db.query<{ count: number }>('SELECT count(*)::int AS count FROM sessions WHERE ended_at IS NOT NULL');
  assert.is(Number(kept), Number(before));
  await app.services.db.query(`UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE ended_at IS NOT NULL`);
  await sweepExpiredSessions(app.services.db);
  const [{ count: after }] = await app.services.db.query<{ count: number }>('SELECT count(*)::int AS count FROM sessions WHERE ended_at IS NOT NULL');
  assert.is(Number(after), 0);
});

test.run();
