// 'Seguridad de la cuenta' over HTTP: password policy and change, a reset by an admin asking for a new
// password, the notice address, and the forced second factor that leaves draft sending open.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Secret, TOTP } from 'otpauth';
import { adminCredentials, Client, startTestApp, type TestApp } from '../helpers/app';
import { validForm } from '../helpers/forms';

let app: TestApp;
const password = 'otra-clave-segura-1';
const codeOf = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate();

test.before(async () => {
  app = await startTestApp();
});
test.after(() => app.close());

test('a password shorter than 12 characters or a common one is refused with a Spanish message', async () => {
  const admin = await app.admin();
  const short = await admin.post('/api/users', { username: 'corto', password: 'clave-corta' });
  assert.is(short.status, 400);
  assert.is(short.body.errors.password, 'La contraseña debe tener al menos 12 caracteres');
  for (const common of ['password1234', 'qwertyuiop123', '123456789012']) {
    const answer = await admin.post('/api/users', { username: 'comun', password: common });
    assert.is(answer.status, 400, common);
    assert.match(answer.body.errors.password, /demasiado común/);
  }
  assert.is(
    (await admin.get('/api/users')).body.some((u: any) => u.username === 'comun'),
    false,
  );
});

test('a user changes the password with the current one; other sessions end, this one stays', async () => {
  const admin = await app.admin();
  await admin.post('/api/users', { username: 'camila', password });
  const here = await new Client(app.base).login('camila', password);
  const elsewhere = await new Client(app.base).login('camila', password);
  const wrong = await here.post('/api/account/password', { currentPassword: 'no-es-esta-clave', newPassword: 'una-frase-nueva-y-larga' });
  assert.is(wrong.status, 400);
  assert.is(wrong.body.errors.currentPassword, 'La contraseña actual no es correcta');
  const weak = await here.post('/api/account/password', { currentPassword: password, newPassword: 'password1234' });
  assert.is(weak.status, 400);
  assert.ok(weak.body.errors.newPassword);
  const changed = await here.post('/api/account/password', { currentPassword: password, newPassword: 'una-frase-nueva-y-larga' });
  assert.is(changed.status, 200, changed.text);
  assert.is((await here.get('/api/auth/me')).status, 200);
  assert.is((await elsewhere.get('/api/auth/me')).status, 401);
  assert.is((await app.client().post('/api/auth/login', { username: 'camila', password: 'una-frase-nueva-y-larga' })).status, 200);
});

test('after a reset by an admin the user must choose a new password before anything else', async () => {
  const admin = await app.admin();
  const { body: created } = await admin.post('/api/users', { username: 'bruno', password });
  assert.is((await admin.patch(`/api/users/${created.id}`, { password: 'clave-temporal-del-admin' })).status, 200);
  const bruno = new Client(app.base);
  const login = await bruno.post('/api/auth/login', { username: 'bruno', password: 'clave-temporal-del-admin' });
  assert.is(login.status, 200);
  assert.is(login.body.setupRequired, 'password');
  assert.is((await bruno.get('/api/auth/me')).body.setupRequired, 'password');
  const blocked = await bruno.get('/api/contact/messages');
  assert.is(blocked.status, 403);
  assert.equal(blocked.body, { message: 'Debe cambiar su contraseña antes de continuar. Hágalo en Seguridad de la cuenta.' });
  // The public site still works for them, as for any visitor: published news only.
  await admin.post('/api/news', {
    title: 'En revisión',
    slug: 'en-revision',
    excerpt: 'e',
    content: '<p>c</p>',
    category: 'Noticias',
    author: 'A',
    reviewRequired: true,
  });
  const news = await bruno.get('/api/news?status=all');
  assert.is(news.status, 200);
  assert.not.ok(news.body.some((article: any) => article.slug === 'en-revision'));
  assert.is((await bruno.get('/objects/uploads/00000000-0000-4000-8000-000000000000')).status, 403);
  const changed = await bruno.post('/api/account/password', { currentPassword: 'clave-temporal-del-admin', newPassword: 'mi-propia-frase-segura' });
  assert.is(changed.status, 200);
  assert.is(changed.body.mustChangePassword, false);
  assert.is((await bruno.get('/api/contact/messages')).status, 200);
  assert.equal(Object.keys((await bruno.get('/api/auth/me')).body).sort(), ['id', 'role', 'username']);
});

test('a session alone adds no way in: setting up an authenticator app or adding a passkey asks for the current password first', async () => {
  const admin = await app.admin();
  await admin.post('/api/users', { username: 'sesion-copiada', password });
  // The cookie of a session left open elsewhere, without the password.
  const thief = await new Client(app.base).login('sesion-copiada', password);
  for (const path of ['/api/auth/totp', '/api/auth/passkeys/options']) {
    const missing = await thief.post(path, {});
    assert.is(missing.status, 400, path);
    assert.equal(missing.body.errors, { password: 'La contraseña es requerida' }, path);
    const wrong = await thief.post(path, { password: 'no-es-la-contraseña' });
    assert.is(wrong.status, 400, path);
    assert.is(wrong.body.message, 'La contraseña actual no es correcta', path);
    assert.equal(wrong.body.errors, { password: 'La contraseña actual no es correcta' }, path);
  }
  // Nor can it send the account's security notices elsewhere.
  const notice = await thief.put('/api/account/notice-email', { noticeEmail: 'ladron@example.com', password: 'no-es-la-contraseña' });
  assert.is(notice.status, 400);
  assert.equal(notice.body.errors, { password: 'La contraseña actual no es correcta' });
  assert.is((await thief.get('/api/account')).body.noticeEmail, null);
  // Nothing was started: no secret waits for a first code, and a registration has no challenge to answer.
  const confirm = await thief.post('/api/auth/totp/confirm', { code: '123456' });
  assert.is(confirm.status, 409);
  assert.is(confirm.body.message, 'Primero pida un código QR nuevo');
  assert.is((await thief.get('/api/account')).body.totpEnabled, false);
  // With the password, the set-up starts.
  const setup = await thief.post('/api/auth/totp', { password });
  assert.is(setup.status, 200, setup.text);
  assert.match(setup.body.uri, /^otpauth:\/\/totp\//);
  assert.is((await thief.post('/api/auth/passkeys/options', { password })).status, 200);
});

test('the notice address is set by the user and by an admin; an invalid one is a 400', async () => {
  const admin = await app.admin();
  const { body: created } = await admin.post('/api/users', { username: 'diana', password });
  const diana = await new Client(app.base).login('diana', password);
  const bad = await diana.put('/api/account/notice-email', { noticeEmail: 'no-es-correo', password: diana.password });
  assert.is(bad.status, 400);
  assert.is(bad.body.errors.noticeEmail, 'Correo electrónico inválido');
  assert.is(
    (await diana.put('/api/account/notice-email', { noticeEmail: 'diana@example.com', password: diana.password })).body.noticeEmail,
    'diana@example.com',
  );
  assert.is((await admin.patch(`/api/users/${created.id}`, { noticeEmail: 'avisos@example.com' })).body.noticeEmail, 'avisos@example.com');
  assert.is((await diana.get('/api/account')).body.noticeEmail, 'avisos@example.com');
  assert.is((await diana.put('/api/account/notice-email', { noticeEmail: '', password: diana.password })).body.noticeEmail, null);
  const history = (await admin.get(`/api/history?streamId=${created.id}&type=UserNoticeEmailChanged`)).body.items;
  assert.equal(history[0].changes.noticeEmail, { from: 'avisos@example.com', to: null });
});

test('with a second factor required, a user without one may only set it up and send drafts', async () => {
  const admin = await app.admin();
  await admin.post('/api/users', { username: 'felipe', password });
  const colaborador = await new Client(app.base).login('felipe', password);
  assert.is((await colaborador.put('/api/settings/security', { requireSecondFactor: true })).status, 403);
  // An admin without a factor would lock themselves out: they must set one up first.
  const tooSoon = await admin.put('/api/settings/security', { requireSecondFactor: true });
  assert.is(tooSoon.status, 409);
  assert.match(tooSoon.body.message, /Configure primero su propio segundo factor/);
  const adminSetup = await admin.post('/api/auth/totp', { password: adminCredentials.password });
  assert.is((await admin.post('/api/auth/totp/confirm', { code: codeOf(adminSetup.body.secret) })).status, 200);
  assert.equal((await admin.put('/api/settings/security', { requireSecondFactor: true })).body, { requireSecondFactor: true });

  const signIn = await new Client(app.base).post('/api/auth/login', { username: 'felipe', password });
  assert.is(signIn.body.setupRequired, 'second-factor');
  assert.is((await colaborador.get('/api/auth/me')).body.setupRequired, 'second-factor');
  const refused = await colaborador.get('/api/contact/messages');
  assert.is(refused.status, 403);
  assert.equal(refused.body, { message: 'Debe configurar un segundo factor antes de continuar. Hágalo en Seguridad de la cuenta.' });
  // A draft written offline is still sent with the normal session.
  const draft = await colaborador.post('/api/advance-forms', validForm(), { 'Idempotency-Key': crypto.randomUUID() });
  assert.is(draft.status, 201, draft.text);
  assert.is((await colaborador.post('/api/objects/upload')).status, 200);
  // Set up, everything opens.
  const setup = await colaborador.post('/api/auth/totp', { password });
  assert.is((await colaborador.post('/api/auth/totp/confirm', { code: codeOf(setup.body.secret) })).status, 200);
  assert.is((await colaborador.get('/api/contact/messages')).status, 200);
  assert.is((await admin.put('/api/settings/security', { requireSecondFactor: false })).status, 200);
  const changes = (await admin.get('/api/history?type=SecuritySettingsChanged')).body.items;
  assert.equal(
    changes.map((i: any) => i.changes.requireSecondFactor),
    [
      { from: true, to: false },
      { from: false, to: true },
    ],
  );
});

test.run();
