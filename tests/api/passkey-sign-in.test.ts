// Signing in with a passkey from a shared address (an office behind one public address): only failed
// attempts count against the address, a user's password sign-in is counted apart from anyone's passkey
// attempts whatever the user's name, and starting a ceremony (a session row for a visitor) is limited
// per address like every public write.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Client, startTestApp, type TestApp } from '../helpers/app';
import { softwareAuthenticator, type SoftwareAuthenticator } from '../helpers/authenticator';

let app: TestApp;
const password = 'otra-clave-segura-1';
const tooMany = { message: 'Demasiados intentos fallidos. Espere 15 minutos e intente de nuevo.' };

/** Requests as the proxy in front says they come: the office's one address, or one of its own each. */
const office = { 'X-Forwarded-For': '198.51.100.7' };
let addresses = 0;
const elsewhere = () => ({ 'X-Forwarded-For': `10.9.${(++addresses >> 8) & 255}.${addresses & 255}` });

test.before(async () => {
  app = await startTestApp({ trustProxy: true, publicWriteLimit: 10 });
});
test.after(() => app.close());

async function userWithPasskey(username: string): Promise<SoftwareAuthenticator> {
  const admin = await app.admin();
  assert.is((await admin.post('/api/users', { username, password }, elsewhere())).status, 201);
  const user = await new Client(app.base).login(username, password);
  const authenticator = softwareAuthenticator();
  const options = await user.post('/api/auth/passkeys/options', { password }, elsewhere());
  assert.is(options.status, 200, options.text);
  const registered = await user.post('/api/auth/passkeys', { response: authenticator.register(options.body, app.config.publicUrl) }, elsewhere());
  assert.is(registered.status, 201, registered.text);
  return authenticator;
}

/** One sign-in with `authenticator` in a new browser: its options from `optionsFrom`, its answer from `from`. */
async function passkeySignIn(authenticator: SoftwareAuthenticator, from: Record<string, string>, optionsFrom = elsewhere()) {
  const browser = app.client();
  const options = await browser.post('/api/auth/passkey/options', undefined, optionsFrom);
  assert.is(options.status, 200, options.text);
  const answer = await browser.post('/api/auth/passkey', { response: authenticator.authenticate(options.body, app.config.publicUrl) }, from);
  return { answer, me: await browser.get('/api/auth/me') };
}

test('thirty passkey sign-ins from one office address all succeed: only failures count against it', async () => {
  const authenticator = await userWithPasskey('oficina');
  for (let i = 1; i <= 30; i++) {
    const { answer, me } = await passkeySignIn(authenticator, office);
    assert.is(answer.status, 200, `sign-in ${i}: ${answer.text}`);
    assert.is(me.body.username, 'oficina');
  }
});

test('after twenty failed passkey attempts from an address, the next one from there is a 429; other addresses still sign in', async () => {
  const authenticator = await userWithPasskey('intrusa');
  const guesser = { 'X-Forwarded-For': '203.0.113.9' };
  for (let i = 1; i <= 20; i++) {
    const answer = await app.client().post('/api/auth/passkey', { response: { id: `falsa-${i}` } }, guesser);
    assert.is(answer.status, 401, `attempt ${i}: ${answer.text}`);
    assert.equal(answer.body, { message: 'Llave de acceso no reconocida' });
  }
  const refused = await passkeySignIn(authenticator, guesser);
  assert.is(refused.answer.status, 429, refused.answer.text);
  assert.equal(refused.answer.body, tooMany);
  assert.is(refused.me.status, 401);
  assert.is((await passkeySignIn(authenticator, elsewhere())).answer.status, 200);
});

test("a user named 'passkey' signs in with a password while others' passkey attempts fail from the same address", async () => {
  const admin = await app.admin();
  assert.is((await admin.post('/api/users', { username: 'passkey', password }, elsewhere())).status, 201);
  const shared = { 'X-Forwarded-For': '192.0.2.44' };
  for (let i = 1; i <= 8; i++) assert.is((await app.client().post('/api/auth/passkey', { response: { id: `otra-${i}` } }, shared)).status, 401);
  const login = await app.client().post('/api/auth/login', { username: 'passkey', password }, shared);
  assert.is(login.status, 200, login.text);
});

test('starting passkey sign-ins is limited per address like every public write: the eleventh in a minute is a 429 and keeps no session', async () => {
  const from = { 'X-Forwarded-For': '192.0.2.200' };
  const sessions = async () => (await app.services.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions'))[0].n;
  for (let i = 1; i <= 10; i++) assert.is((await app.client().post('/api/auth/passkey/options', undefined, from)).status, 200, `options ${i}`);
  const before = await sessions();
  const eleventh = await app.client().post('/api/auth/passkey/options', undefined, from);
  assert.is(eleventh.status, 429, eleventh.text);
  assert.equal(eleventh.body, { message: 'Ha enviado demasiadas solicitudes. Espere un minuto e intente de nuevo.' });
  assert.equal(eleventh.headers.getSetCookie(), []);
  assert.is(await sessions(), before);
  assert.is((await app.client().post('/api/auth/passkey/options', undefined, elsewhere())).status, 200);
});

test.run();
