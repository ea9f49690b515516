// The authenticator app over HTTP: set-up with a first code, sign-in asking for a code, codes that
// work once, recovery codes that work once, the same throttle as passwords, the log of it all, and an
// admin taking away the app and passkeys of a user who lost them.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Secret, TOTP } from 'otpauth';
import { Client, startTestApp, type TestApp } from '../helpers/app';
import { softwareAuthenticator } from '../helpers/authenticator';

let app: TestApp;
const password = 'otra-clave-segura-1';

/** The code an authenticator app would show `steps` periods from now. */
const codeAt = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + steps * 30_000 });

/**
 * Waits for the next 30-second period when this one ends within `margin` ms: a test that signs in with
 * the code of the period before its set-up's must not cross into the next period in between (that code
 * would then be the set-up's own, already spent: seen once, with the suite's files three at a time).
 */
async function clearOfPeriodEnd(margin = 8_000) {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < margin) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

async function userWithApp(username: string) {
  const admin = await app.admin();
  assert.is((await admin.post('/api/users', { username, password })).status, 201);
  const client = await new Client(app.base).login(username, password);
  const setup = await client.post('/api/auth/totp', { password });
  assert.is(setup.status, 200, setup.text);
  const confirmed = await client.post('/api/auth/totp/confirm', { code: codeAt(setup.body.secret) });
  assert.is(confirmed.status, 200, confirmed.text);
  return { client, secret: setup.body.secret as string, recoveryCodes: confirmed.body.recoveryCodes as string[] };
}

test.before(async () => {
  app = await startTestApp();
});
test.after(() => app.close());

test('set-up answers the secret, an otpauth URI and a QR image; a wrong first code does not turn it on', async () => {
  const admin = await app.admin();
  await admin.post('/api/users', { username: 'lucia', password });
  const client = await new Client(app.base).login('lucia', password);
  const setup = await client.post('/api/auth/totp', { password });
  assert.is(setup.status, 200);
  assert.match(setup.body.secret, /^[A-Z2-7]{32}$/);
  assert.ok(setup.body.uri.startsWith('otpauth://totp/'), setup.body.uri);
  assert.ok(setup.body.uri.includes(`secret=${setup.body.secret}`));
  assert.match(setup.body.qr, /^data:image\/svg\+xml;base64,/);
  const wrong = await client.post('/api/auth/totp/confirm', { code: '000000' === codeAt(setup.body.secret) ? '111111' : '000000' });
  assert.is(wrong.status, 400);
  assert.ok(wrong.body.errors.code);
  assert.is((await client.get('/api/account')).body.totpEnabled, false);
  // Without a code, a sign-in still works with the password alone.
  assert.is((await app.client().post('/api/auth/login', { username: 'lucia', password })).status, 200);
  assert.is((await app.client().post('/api/auth/totp')).status, 401);
});

test('with the app on, a password alone answers 401 { mfa: true } and opens no session; the right code signs in', async () => {
  const { secret, recoveryCodes } = await userWithApp('marta');
  assert.is(recoveryCodes.length, 10);
  assert.is(new Set(recoveryCodes).size, 10);
  const client = app.client();
  const first = await client.post('/api/auth/login', { username: 'marta', password });
  assert.is(first.status, 401);
  assert.equal(first.body, { message: 'Introduzca el código de verificación de su aplicación de autenticación', mfa: true });
  assert.is(first.headers.getSetCookie().filter((c) => c.startsWith('sid=')).length, 0);
  assert.is((await client.get('/api/auth/me')).status, 401);
  const signedIn = await client.post('/api/auth/login', { username: 'marta', password, code: codeAt(secret, 1) });
  assert.is(signedIn.status, 200, signedIn.text);
  assert.is(signedIn.body.username, 'marta');
  assert.is((await client.get('/api/auth/me')).status, 200);
  // A code with the wrong password is still "wrong user or password".
  const badPassword = await app.client().post('/api/auth/login', { username: 'marta', password: 'no-es-la-clave-1', code: codeAt(secret, -1) });
  assert.equal(badPassword.body, { message: 'Usuario o contraseña incorrectos' });
});

test('a code is refused the second time, even within its window', async () => {
  await clearOfPeriodEnd();
  const { secret } = await userWithApp('raul');
  const code = codeAt(secret, -1);
  assert.is((await app.client().post('/api/auth/login', { username: 'raul', password, code })).status, 200);
  const replay = await app.client().post('/api/auth/login', { username: 'raul', password, code });
  assert.is(replay.status, 401);
  assert.equal(replay.body, { message: 'Código de verificación incorrecto o ya utilizado', mfa: true });
  // The confirmation's code was spent too.
  assert.is((await app.client().post('/api/auth/login', { username: 'raul', password, code: codeAt(secret) })).status, 401);
});

test('a recovery code signs in once; two uses at once let only one in', async () => {
  const { recoveryCodes, client } = await userWithApp('sofia');
  const [one, two] = recoveryCodes;
  assert.is((await app.client().post('/api/auth/login', { username: 'sofia', password, code: one })).status, 200);
  assert.is((await app.client().post('/api/auth/login', { username: 'sofia', password, code: one })).status, 401);
  const both = await Promise.all([1, 2].map(() => app.client().post('/api/auth/login', { username: 'sofia', password, code: two.toUpperCase() })));
  assert.equal(both.map((answer) => answer.status).sort(), [200, 401]);
  assert.is((await client.get('/api/account')).body.recoveryCodesLeft, 8);
});

test('wrong codes count in the sign-in throttle like wrong passwords: the sixth attempt is a 429', async () => {
  const { secret } = await userWithApp('tomas');
  const client = app.client();
  const good = codeAt(secret, 1);
  for (let i = 1; i <= 5; i++) {
    const wrong = String((Number(good) + i) % 1_000_000).padStart(6, '0');
    assert.is((await client.post('/api/auth/login', { username: 'tomas', password, code: wrong })).status, 401, `attempt ${i}`);
  }
  const sixth = await client.post('/api/auth/login', { username: 'tomas', password, code: good });
  assert.is(sixth.status, 429);
});

test('turning the app off needs the current password; sign-ins, failures and factor changes are in the log', async () => {
  const { client, secret } = await userWithApp('ana');
  await app.client().post('/api/auth/login', { username: 'ana', password, code: '123456' === codeAt(secret) ? '654321' : '123456' });
  assert.is((await client.post('/api/auth/totp/disable', { password: 'equivocada-123' })).status, 400);
  const off = await client.post('/api/auth/totp/disable', { password });
  assert.is(off.status, 200);
  assert.is(off.body.totpEnabled, false);
  assert.is((await app.client().post('/api/auth/login', { username: 'ana', password })).status, 200);
  const admin = await app.admin();
  const { body: users } = await admin.get('/api/users');
  const ana = users.find((u: any) => u.username === 'ana');
  const own = (await admin.get(`/api/history?streamId=${ana.id}`)).body.items.map((i: any) => i.type);
  assert.equal(own.slice(0, 2), ['UserTotpDisabled', 'UserTotpEnabled']);
  const failed = (await admin.get('/api/history?type=UserSignInFailed')).body.items.find((i: any) => i.changes.username?.to === 'ana');
  assert.equal(failed.changes.reason, { from: null, to: 'code' });
  const signedIn = (await admin.get('/api/history?type=UserSignedIn')).body.items.filter((i: any) => i.changes.userId?.to === ana.id);
  assert.ok(signedIn.length >= 2);
  // No secret leaves the server.
  const all = await admin.get('/api/history?limit=100');
  assert.not.ok(all.text.includes(secret));
  assert.not.match(all.text, /totpSecret|recoveryCodeHashes|codeHash/);
});

test('an admin takes away the app and passkeys of a user who lost them: sessions end, the password signs in, the log says who', async () => {
  const { client: beto } = await userWithApp('beto');
  const authenticator = softwareAuthenticator();
  const options = await beto.post('/api/auth/passkeys/options', { password });
  assert.is((await beto.post('/api/auth/passkeys', { response: authenticator.register(options.body, app.config.publicUrl) })).status, 201);
  const admin = await app.admin();
  const betoId = (await admin.get('/api/users')).body.find((u: any) => u.username === 'beto').id;
  assert.is((await app.client().post('/api/auth/login', { username: 'beto', password })).status, 401, 'the app still asks for a code');

  // Not a collaborator's to do, and not for one's own account (that asks for the current password elsewhere).
  const colaborador = await app.userWithRole('colaborador');
  assert.is((await colaborador.patch(`/api/users/${betoId}`, { removeSecondFactors: true })).status, 403);
  const adminId = (await admin.get('/api/auth/me')).body.id;
  const own = await admin.patch(`/api/users/${adminId}`, { removeSecondFactors: true });
  assert.is(own.status, 400);
  assert.equal(own.body.errors, {
    removeSecondFactors: 'Quite su propia aplicación o sus llaves de acceso en Seguridad de la cuenta: allí se pide la contraseña actual',
  });
  assert.is((await admin.patch(`/api/users/${betoId}`, { removeSecondFactors: false })).status, 400);

  const removed = await admin.patch(`/api/users/${betoId}`, { removeSecondFactors: true });
  assert.is(removed.status, 200, removed.text);
  assert.is(removed.body.hasSecondFactor, false);
  assert.is((await beto.get('/api/auth/me')).status, 401, 'the session on the lost device ended');
  const signIn = await app.client().post('/api/auth/login', { username: 'beto', password });
  assert.is(signIn.status, 200, signIn.text);
  const passkeyOptions = await app.client().post('/api/auth/passkey/options');
  const withOldKey = await app.client().post('/api/auth/passkey', { response: authenticator.authenticate(passkeyOptions.body, app.config.publicUrl) });
  assert.is(withOldKey.status, 401);

  const history = (await admin.get(`/api/history?streamId=${betoId}`)).body.items;
  assert.equal(
    history.slice(0, 2).map((item: any) => item.type),
    ['UserPasskeyRemoved', 'UserTotpDisabled'],
  );
  assert.ok(
    history.slice(0, 2).every((item: any) => item.actor?.username === 'admin'),
    JSON.stringify(history.slice(0, 2)),
  );
  // Once nothing is left, the same request changes nothing more.
  const again = await admin.patch(`/api/users/${betoId}`, { removeSecondFactors: true });
  assert.is(again.status, 200);
  assert.is((await admin.get(`/api/history?streamId=${betoId}`)).body.items.length, history.length);
});

test.run();
