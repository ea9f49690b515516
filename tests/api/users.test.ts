// /api/users over HTTP: admins manage staff accounts; no answer ever carries a password hash.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { adminCredentials, Client, startTestApp, type Answer, type TestApp } from '../helpers/app';

let app: TestApp;
let admin: Client;
const password = 'clave-larga-segura-1';
const answers: Answer[] = [];

/** Every answer of this file is kept, to prove none carries a hash. */
const kept = async (promise: Promise<Answer>) => {
  const answer = await promise;
  answers.push(answer);
  return answer;
};

test.before(async () => {
  app = await startTestApp();
  admin = await app.admin();
});
test.after(() => app.close());

test('the seeded admin is listed with its account fields and no secret', async () => {
  const list = await kept(admin.get('/api/users'));
  assert.is(list.status, 200);
  assert.is(list.body.length, 1);
  assert.equal(Object.keys(list.body[0]).sort(), ['createdAt', 'disabled', 'hasSecondFactor', 'id', 'mustChangePassword', 'noticeEmail', 'role', 'username']);
  assert.equal(
    { ...list.body[0], id: undefined, createdAt: undefined },
    {
      id: undefined,
      createdAt: undefined,
      username: 'admin',
      role: 'admin',
      disabled: false,
      noticeEmail: null,
      hasSecondFactor: false,
      mustChangePassword: false,
    },
  );
});

test('an admin creates a user: 201 with the record, colaborador by default', async () => {
  const answer = await kept(admin.post('/api/users', { username: 'maria', password }));
  assert.is(answer.status, 201);
  assert.equal(
    { ...answer.body, id: undefined, createdAt: undefined },
    {
      id: undefined,
      createdAt: undefined,
      username: 'maria',
      role: 'colaborador',
      disabled: false,
      noticeEmail: null,
      hasSecondFactor: false,
      mustChangePassword: false,
    },
  );
  const list = await kept(admin.get('/api/users'));
  assert.equal(
    list.body.map((u: any) => u.username),
    ['admin', 'maria'],
  );
  assert.is((await kept(app.client().post('/api/auth/login', { username: 'maria', password }))).status, 200);
});

test('a username is unique regardless of case: 409 with a Spanish message', async () => {
  const clash = await kept(admin.post('/api/users', { username: 'MARIA', password }));
  assert.is(clash.status, 409);
  assert.equal(clash.body, { message: 'Ese nombre de usuario ya existe', errors: { username: 'Ese nombre de usuario ya existe' } });
});

test('an invalid user is a 400 with Spanish messages per field', async () => {
  const answer = await kept(admin.post('/api/users', { username: 'a b', password: 'corta', role: 'jefe' }));
  assert.is(answer.status, 400);
  assert.equal(answer.body.errors, {
    username: 'Use solo letras, números, puntos, guiones y guiones bajos',
    password: 'La contraseña debe tener al menos 12 caracteres',
    role: 'Rol inválido',
  });
  const empty = await kept(admin.post('/api/users', {}));
  assert.equal(empty.body.errors, { username: 'El usuario es requerido', password: 'La contraseña es requerida' });
});

test('an admin changes a role and a password; the new password ends the old sessions', async () => {
  const { body: created } = await kept(admin.post('/api/users', { username: 'pedro', password }));
  const pedro = await new Client(app.base).login('pedro', password);
  const promoted = await kept(admin.patch(`/api/users/${created.id}`, { role: 'admin' }));
  assert.is(promoted.status, 200);
  assert.is(promoted.body.role, 'admin');
  assert.is((await pedro.get('/api/auth/me')).body.role, 'admin');
  const newPassword = 'nueva-clave-segura-2';
  const changed = await kept(admin.patch(`/api/users/${created.id}`, { password: newPassword }));
  assert.is(changed.status, 200);
  assert.is((await pedro.get('/api/auth/me')).status, 401);
  assert.is((await app.client().post('/api/auth/login', { username: 'pedro', password })).status, 401);
  assert.is((await app.client().post('/api/auth/login', { username: 'pedro', password: newPassword })).status, 200);
  const missing = await kept(admin.patch('/api/users/00000000-0000-4000-8000-000000000000', { role: 'admin' }));
  assert.is(missing.status, 404);
  assert.equal(missing.body, { message: 'Usuario no encontrado' });
});

test('a colaborador gets 403 on every /api/users call', async () => {
  const colaborador = await app.userWithRole('colaborador', 'colab');
  const { body: users } = await admin.get('/api/users');
  for (const answer of [
    await kept(colaborador.get('/api/users')),
    await kept(colaborador.post('/api/users', { username: 'nuevo', password })),
    await kept(colaborador.patch(`/api/users/${users[0].id}`, { role: 'colaborador' })),
    await kept(colaborador.patch(`/api/users/${users.find((u: any) => u.username === 'colab').id}`, { role: 'admin' })),
  ]) {
    assert.is(answer.status, 403);
    assert.equal(answer.body, { message: 'Solo un administrador puede realizar esta acción' });
  }
  assert.is((await admin.get('/api/users')).body.find((u: any) => u.username === 'colab').role, 'colaborador');
});

test('the last active admin can be neither disabled nor demoted (409); with two, one may be', async () => {
  const { body: users } = await admin.get('/api/users');
  const adminId = users.find((u: any) => u.username === 'admin').id;
  const pedroId = users.find((u: any) => u.username === 'pedro').id;
  // pedro was promoted above: two active admins, so pedro may be demoted.
  assert.is((await kept(admin.patch(`/api/users/${pedroId}`, { role: 'colaborador' }))).status, 200);
  for (const patch of [{ disabled: true }, { role: 'colaborador' }]) {
    const refused = await kept(admin.patch(`/api/users/${adminId}`, patch));
    assert.is(refused.status, 409, JSON.stringify(patch));
    assert.equal(refused.body, { message: 'No se puede deshabilitar ni cambiar el rol del último administrador activo' });
  }
  await admin.patch(`/api/users/${pedroId}`, { role: 'admin' });
  const disabled = await kept(admin.patch(`/api/users/${pedroId}`, { disabled: true }));
  assert.is(disabled.status, 200);
  assert.is(disabled.body.disabled, true);
  // A disabled admin is not active: the seeded one is the last again.
  assert.is((await kept(admin.patch(`/api/users/${adminId}`, { role: 'colaborador' }))).status, 409);
  const after = (await admin.get('/api/users')).body.filter((u: any) => u.role === 'admin').map((u: any) => [u.username, u.disabled]);
  assert.equal(after, [
    ['admin', false],
    ['pedro', true],
  ]);
});

test("an admin's own password and notice address are not changed through /api/users: a session alone must not take the account over", async () => {
  const { body: users } = await admin.get('/api/users');
  const me = users.find((u: any) => u.username === 'admin');
  const password = await admin.patch(`/api/users/${me.id}`, { password: 'una-clave-nueva-y-larga-1' });
  assert.is(password.status, 400);
  assert.equal(password.body.errors, { password: 'Cambie su propia contraseña en Seguridad de la cuenta: allí se pide la actual' });
  const notice = await admin.patch(`/api/users/${me.id}`, { noticeEmail: 'otra@example.com' });
  assert.is(notice.status, 400);
  assert.equal(notice.body.errors, { noticeEmail: 'Cambie su propio correo de avisos en Seguridad de la cuenta: allí se pide la contraseña actual' });
  // Nothing changed: the password still signs in, and this session still works.
  assert.is((await app.client().post('/api/auth/login', adminCredentials)).status, 200);
  assert.is((await admin.get('/api/users')).status, 200);
  assert.is((await admin.get('/api/account')).body.noticeEmail, me.noticeEmail ?? null);
});

test('no answer ever carries a password or its hash', () => {
  assert.ok(answers.length > 15);
  for (const answer of answers) {
    assert.not.match(answer.text, /scrypt\$/, answer.text);
    assert.not.match(answer.text, /passwordHash|password_hash/i, answer.text);
    assert.not.ok(answer.text.includes(password), answer.text);
  }
});

test.run();
