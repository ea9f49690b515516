// /api/auth over HTTP: sign in and out, who is signed in, throttling, disabled users, cookies, same origin.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { adminCredentials, Client, startTestApp, type TestApp } from '../helpers/app';

let app: TestApp;
const password = 'otra-clave-segura-1';

/** The `name=value` pairs a response sets, e.g. { sid, 'sid.sig' }. */
function cookiesOf(headers: Headers): Record<string, string> {
  return Object.fromEntries(
    headers
      .getSetCookie()
      .map((line) => line.split(';')[0].split('='))
      .map(([k, ...v]) => [k.trim(), v.join('=')]),
  );
}
const cookieHeader = (cookies: Record<string, string>) =>
  Object.entries(cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');

async function createUser(username: string, role = 'colaborador') {
  const admin = await app.admin();
  const answer = await admin.post('/api/users', { username, password, role });
  assert.is(answer.status, 201, answer.text);
  return { admin, user: answer.body };
}

test.before(async () => {
  app = await startTestApp();
});
test.after(() => app.close());

test('a login with the right password answers { id, username, role } and me answers the same', async () => {
  const client = app.client();
  const login = await client.post('/api/auth/login', adminCredentials);
  assert.is(login.status, 200);
  assert.equal(Object.keys(login.body).sort(), ['id', 'role', 'username']);
  assert.is(login.body.username, 'admin');
  assert.is(login.body.role, 'admin');
  const me = await client.get('/api/auth/me');
  assert.is(me.status, 200);
  assert.equal(me.body, login.body);
});

test('a wrong password or an unknown user is a 401 "Usuario o contraseña incorrectos"', async () => {
  const wrong = await app.client().post('/api/auth/login', { username: 'admin', password: 'equivocada' });
  assert.is(wrong.status, 401);
  assert.equal(wrong.body, { message: 'Usuario o contraseña incorrectos' });
  assert.equal(wrong.headers.getSetCookie(), []);
  const unknown = await app.client().post('/api/auth/login', { username: 'nadie', password: 'equivocada' });
  assert.is(unknown.status, 401);
  assert.equal(unknown.body, { message: 'Usuario o contraseña incorrectos' });
});

test('a login without username or password is a 400 with the required messages', async () => {
  const empty = await app.client().post('/api/auth/login', { username: '  ', password: '' });
  assert.is(empty.status, 400);
  assert.equal(empty.body.errors, { username: 'El usuario es requerido', password: 'La contraseña es requerida' });
  const missing = await app.client().post('/api/auth/login', {});
  assert.equal(missing.body.errors, { username: 'El usuario es requerido', password: 'La contraseña es requerida' });
});

test('me without a session is a 401', async () => {
  const me = await app.client().get('/api/auth/me');
  assert.is(me.status, 401);
  assert.equal(me.body, { message: 'No ha iniciado sesión' });
});

test('session answers 200 for everyone: { user: null } for a visitor, the signed-in user otherwise', async () => {
  const visitor = await app.client().get('/api/auth/session');
  assert.is(visitor.status, 200);
  assert.equal(visitor.body, { user: null });
  const client = await app.client().login();
  const me = await client.get('/api/auth/me');
  const session = await client.get('/api/auth/session');
  assert.is(session.status, 200);
  assert.equal(session.body, { user: me.body });
  await client.post('/api/auth/logout');
  assert.equal((await client.get('/api/auth/session')).body, { user: null });
});

test('logout ends the session: 204, then me is 401 and the old cookie is dead', async () => {
  const client = app.client();
  const login = await client.post('/api/auth/login', adminCredentials);
  const old = cookiesOf(login.headers);
  const logout = await client.post('/api/auth/logout');
  assert.is(logout.status, 204);
  assert.is((await client.get('/api/auth/me')).status, 401);
  // Replaying the cookie from before the logout does not bring the session back.
  const replay = await app.client().get('/api/auth/me', { cookie: cookieHeader(old) });
  assert.is(replay.status, 401);
  // A logout without a session is harmless.
  assert.is((await app.client().post('/api/auth/logout')).status, 204);
});

test('session cookies are httpOnly and SameSite=Lax, and hold no user data', async () => {
  const login = await app.client().post('/api/auth/login', adminCredentials);
  const lines = login.headers.getSetCookie();
  const sid = lines.find((l) => l.startsWith('sid='));
  assert.ok(sid, lines.join('\n'));
  assert.match(sid!, /;\s*httponly/i);
  assert.match(sid!, /;\s*samesite=lax/i);
  assert.match(sid!, /;\s*path=\//i);
  assert.ok(
    lines.some((l) => l.startsWith('sid.sig=')),
    'the cookie is signed',
  );
  assert.not.match(sid!, /admin/);
  // The id is 64 hex digits from a CSPRNG (two v4 UUIDs, 244 random bits): never guessable, never repeated.
  const ids = [cookiesOf(login.headers).sid];
  for (let i = 0; i < 4; i++) ids.push(cookiesOf((await app.client().post('/api/auth/login', adminCredentials)).headers).sid);
  for (const id of ids) assert.match(String(id), /^[0-9a-f]{12}4[0-9a-f]{3}[89ab][0-9a-f]{15}[0-9a-f]{12}4[0-9a-f]{3}[89ab][0-9a-f]{15}$/);
  assert.is(new Set(ids).size, ids.length);
});

test('a login issues a new session id, and the one from before stops working', async () => {
  const client = app.client();
  const first = cookiesOf((await client.post('/api/auth/login', adminCredentials)).headers);
  const second = cookiesOf((await client.post('/api/auth/login', adminCredentials)).headers);
  assert.ok(first.sid && second.sid);
  assert.is.not(second.sid, first.sid);
  assert.is((await client.get('/api/auth/me')).status, 200);
  assert.is((await app.client().get('/api/auth/me', { cookie: cookieHeader(first) })).status, 401);
  assert.is((await app.client().get('/api/auth/me', { cookie: cookieHeader(second) })).status, 200);
});

test('a forged session cookie is ignored', async () => {
  const me = await app.client().get('/api/auth/me', { cookie: 'sid=inventado; sid.sig=falsa' });
  assert.is(me.status, 401);
});

test('after five failed logins the sixth is a 429, even with the right password', async () => {
  await createUser('intentos');
  const client = app.client();
  for (let i = 1; i <= 5; i++) {
    const answer = await client.post('/api/auth/login', { username: 'intentos', password: `mala-${i}` });
    assert.is(answer.status, 401, `attempt ${i}`);
  }
  const sixth = await client.post('/api/auth/login', { username: 'intentos', password });
  assert.is(sixth.status, 429);
  assert.equal(sixth.body, { message: 'Demasiados intentos fallidos. Espere 15 minutos e intente de nuevo.' });
  assert.ok(Number(sixth.headers.get('retry-after')) > 0);
  // Other users are not affected.
  assert.is((await app.client().post('/api/auth/login', adminCredentials)).status, 200);
});

test('a disabled user cannot log in and loses the session it had', async () => {
  const { admin, user } = await createUser('deshabilitar');
  const client = await new Client(app.base).login('deshabilitar', password);
  assert.is((await client.get('/api/auth/me')).status, 200);
  const disabled = await admin.patch(`/api/users/${user.id}`, { disabled: true });
  assert.is(disabled.status, 200);
  assert.is(disabled.body.disabled, true);
  assert.is((await client.get('/api/auth/me')).status, 401);
  assert.is((await client.get('/api/contact/messages')).status, 401);
  const again = await app.client().post('/api/auth/login', { username: 'deshabilitar', password });
  assert.is(again.status, 401);
  assert.equal(again.body, { message: 'Usuario o contraseña incorrectos' });
  // Enabled again, the user signs in.
  await admin.patch(`/api/users/${user.id}`, { disabled: false });
  assert.is((await app.client().post('/api/auth/login', { username: 'deshabilitar', password })).status, 200);
});

test("a login and its logout are one session stream in the audit trail, apart from the user's own", async () => {
  const client = app.client();
  const { body: me } = await client.post('/api/auth/login', adminCredentials);
  const [session] = (await client.get('/api/auth/sessions')).body;
  await client.post('/api/auth/logout');
  const admin = await app.admin();
  const history = await admin.get(`/api/history?streamId=${session.id}`);
  // This client never signed in before (no device cookie) while the admin had: a new device.
  assert.equal(
    history.body.items.map((i: any) => i.type),
    ['UserSessionEnded', 'UserSignedInFromNewDevice', 'UserSignedIn'],
  );
  assert.equal(history.body.items[0].changes.reason, { from: null, to: 'logout' });
  assert.equal(history.body.items[2].changes.userId, { from: null, to: me.id });
  const own = await admin.get(`/api/history?streamId=${me.id}`);
  assert.not.ok(own.body.items.some((i: any) => /SignedIn|Session/.test(i.type)));
});

test('a cross-origin state-changing request is a 403', async () => {
  const evil = await app.client().post('/api/auth/login', adminCredentials, { Origin: 'https://evil.example' });
  assert.is(evil.status, 403);
  assert.equal(evil.body, { message: 'Solicitud de otro origen rechazada' });
  const admin = await app.admin();
  const withSession = await admin.post('/api/contact', { name: 'a', email: 'a@b.co', message: 'x' }, { Origin: 'https://evil.example' });
  assert.is(withSession.status, 403);
  const crossSite = await admin.delete('/api/news/00000000-0000-4000-8000-000000000000', { 'Sec-Fetch-Site': 'cross-site' });
  assert.is(crossSite.status, 403);
  const nullOrigin = await app.client().post('/api/contact', { name: 'a', email: 'a@b.co', message: 'x' }, { Origin: 'null' });
  assert.is(nullOrigin.status, 403);
  // The site's own origin passes, and reads are never checked.
  const own = await app.client().post('/api/auth/login', adminCredentials, { Origin: app.base });
  assert.is(own.status, 200);
  assert.is((await app.client().get('/api/news', { Origin: 'https://evil.example' })).status, 200);
});

test.run();
