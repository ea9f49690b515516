// Guessing spread over many addresses: the failures of one account are counted from every address
// (passwords, codes, the current password asked in a session), lock it for a time that doubles, tell
// its owner once per lockout by e-mail, and treat an unknown username exactly like a known one.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Secret, TOTP } from 'otpauth';
import { Client, startTestApp, type Answer, type TestApp } from '../helpers/app';
import { startSmtp, type TestSmtp } from '../helpers/smtp';
import { waitFor } from '../helpers/wait';

let app: TestApp;
let smtp: TestSmtp;
let admin: Client;
const password = 'otra-clave-segura-1';

const codeAt = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + steps * 30_000 });

/** Each request from an address of its own, as the proxy in front would say (TRUST_PROXY). */
let addresses = 0;
const fromNewAddress = () => {
  addresses += 1;
  return { 'X-Forwarded-For': `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}` };
};
const login = (body: Record<string, string>) => app.client().post('/api/auth/login', body, fromNewAddress());

/** Ends the running lockout of `key` now, as if its time had passed. */
const endLockout = (key: string) =>
  app.services.db.query('UPDATE attempt_lockouts SET locked_until = $2 WHERE key = $1', [key, new Date(Date.now() - 1000).toISOString()]);

/** A window boundary (every 15 minutes) crossed during a run weighs the earlier failures a hair under 1: one more may be checked. */
const windowCrossed = (since: number) => Math.floor(since / 900_000) !== Math.floor(Date.now() / 900_000);

const lockoutMails = (to: string) => smtp.received.filter((mail) => (mail.to as any)?.text === to && /bloquead/.test(mail.subject ?? ''));

async function userIdOf(username: string): Promise<string> {
  return (await admin.get('/api/users')).body.find((u: any) => u.username === username).id;
}

async function staffWithNotices(username: string) {
  assert.is((await admin.post('/api/users', { username, password })).status, 201);
  const client = await new Client(app.base).login(username, password);
  assert.is((await client.put('/api/account/notice-email', { noticeEmail: `${username}@example.com`, password: client.password })).status, 200);
  return client;
}

/** What an attempt answers, without what differs by nature between two requests (ids, dates). */
/**
 * What a guesser can compare between two answers. Retry-After counts down while the lockout runs: on a
 * loaded machine the same step of two runs may come a second apart, so it is compared to the minute, as
 * the message says it.
 */
const shape = (answer: Answer) => {
  const retryAfter = answer.headers.get('retry-after');
  return [answer.status, answer.body.message, retryAfter === null ? null : Math.ceil(Number(retryAfter) / 60)];
};

test.before(async () => {
  smtp = await startSmtp();
  app = await startTestApp(
    {
      trustProxy: true,
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      notifyRetry: { firstDelayMs: 250, maxDelayMs: 500, giveUpAfterMs: 60_000 },
      smtpTimeoutMs: 5_000,
    },
    {},
    { subscriptions: { lockRetryMs: 200 } },
  );
  admin = await app.admin();
});
test.after(async () => {
  await app.close();
  await smtp.close();
});

test('200 wrong codes for one account from 200 addresses: 5 are checked, then every one is a 429; the right code waits for the lockout to end', async () => {
  const client = await staffWithNotices('espiada');
  const setup = await client.post('/api/auth/totp', { password });
  assert.is((await client.post('/api/auth/totp/confirm', { code: codeAt(setup.body.secret) })).status, 200);
  const secret = setup.body.secret as string;
  const valid = new Set([-1, 0, 1, 2, 3].map((steps) => codeAt(secret, steps)));
  const wrongCodes = Array.from({ length: 220 }, (_, i) => String(100_000 + i))
    .filter((code) => !valid.has(code))
    .slice(0, 200);

  const started = Date.now();
  const answers: Answer[] = [];
  for (let i = 0; i < wrongCodes.length; i += 10) {
    // In parallel, ten at a time: the lockout is armed before a check, so parallel guesses do not slip past it.
    answers.push(...(await Promise.all(wrongCodes.slice(i, i + 10).map((code) => login({ username: 'espiada', password, code })))));
  }
  const checked = answers.filter((answer) => answer.status === 401);
  assert.ok(checked.length === 5 || (checked.length === 6 && windowCrossed(started)), `${checked.length} codes checked`);
  for (const answer of checked) assert.equal(answer.body, { message: 'Código de verificación incorrecto o ya utilizado', mfa: true });
  const refused = answers.filter((answer) => answer.status !== 401);
  assert.is(refused.length, 200 - checked.length);
  for (const answer of refused) {
    assert.is(answer.status, 429);
    assert.match(answer.body.message, /^Demasiados códigos de verificación incorrectos\. .* durante 1 minuto .*incluso el código correcto/);
    const wait = Number(answer.headers.get('retry-after'));
    assert.ok(wait >= 1 && wait <= 60, `Retry-After ${wait}`);
  }

  // The right code during the lockout is refused (and not spent), then accepted once it is over.
  const during = await login({ username: 'espiada', password, code: codeAt(secret, 1) });
  assert.is(during.status, 429);
  assert.match(during.body.message, 'incluso el código correcto');
  await endLockout(`lock-code:${await userIdOf('espiada')}`);
  const after = await login({ username: 'espiada', password, code: codeAt(secret, 1) });
  assert.is(after.status, 200, after.text);
  // A right answer ends it all: the next wrong code is checked again.
  assert.is((await login({ username: 'espiada', password, code: [...wrongCodes].pop()! })).status, 401);

  // One lockout, one notice at the owner's address, in Spanish, with what to do.
  await waitFor(() => lockoutMails('espiada@example.com').length === 1, 30_000, 'the lockout mail');
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const mails = lockoutMails('espiada@example.com');
  assert.is(mails.length, 1);
  assert.is(mails[0].subject, 'Contraespionaje CR: códigos de verificación bloqueados por intentos fallidos');
  assert.match(mails[0].text!, 'Hola, espiada:');
  assert.match(mails[0].text!, 'escribió la contraseña correcta de su cuenta del panel, pero falló el código de verificación');
  assert.match(mails[0].text!, 'Bloqueado hasta: ');
  assert.match(mails[0].text!, '/admin/seguridad');
  const events = (await admin.get('/api/history?type=UserLockedOut&limit=100')).body.items.filter((i: any) => i.changes.username?.to === 'espiada');
  assert.is(events.length, 1);
  assert.is(events[0].changes.secret.to, 'code');
});

test('passwords sprayed at one username from many addresses: 10 failures lock it, each later failure locks it twice as long, one notice per lockout', async () => {
  await staffWithNotices('rociada');
  const key = 'lock-password:rociada';
  const started = Date.now();
  const answers: Answer[] = [];
  for (let i = 0; i < 30; i++) answers.push(await login({ username: 'rociada', password: `intento-numero-${i}` }));
  const checked = answers.findIndex((answer) => answer.status === 429);
  assert.ok(checked === 10 || (checked === 11 && windowCrossed(started)), `${checked} passwords checked`);
  for (const answer of answers.slice(0, checked)) assert.equal(answer.body, { message: 'Usuario o contraseña incorrectos' });
  for (const answer of answers.slice(checked)) {
    assert.is(answer.status, 429);
    assert.match(answer.body.message, /^Demasiados intentos fallidos con este usuario\. .* durante 1 minuto .*incluso la contraseña correcta/);
    assert.ok(Number(answer.headers.get('retry-after')) <= 60);
  }
  assert.is((await login({ username: 'rociada', password })).status, 429, 'the right password during the lockout');

  // After it, one attempt is checked; a failure locks again, for two minutes.
  await endLockout(key);
  assert.is((await login({ username: 'rociada', password: 'otro-intento-mas' })).status, 401);
  const again = await login({ username: 'rociada', password });
  assert.is(again.status, 429);
  assert.match(again.body.message, 'durante 2 minutos');
  assert.ok(Number(again.headers.get('retry-after')) > 60 && Number(again.headers.get('retry-after')) <= 120);

  await endLockout(key);
  assert.is((await login({ username: 'rociada', password })).status, 200);
  await waitFor(() => lockoutMails('rociada@example.com').length === 2, 30_000, 'a mail for each of the two lockouts');
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const mails = lockoutMails('rociada@example.com');
  assert.is(mails.length, 2);
  assert.is(mails[0].subject, 'Contraespionaje CR: inicio de sesión bloqueado por intentos fallidos');
  assert.match(mails[0].text!, 'Hubo demasiados intentos de iniciar sesión en su cuenta del panel con una contraseña equivocada.');
  assert.match(mails[0].text!, 'ni siquiera la correcta');
});

test('an unknown username is counted and locked exactly like a known one: the same answers in the same order', async () => {
  await staffWithNotices('conocida');
  const run = async (username: string) => {
    const answers: Answer[] = [];
    for (let i = 0; i < 14; i++) answers.push(await login({ username, password: `adivina-${i}` }));
    return answers;
  };
  const started = Date.now();
  const known = await run('conocida');
  const unknown = await run('desconocida');
  if (!windowCrossed(started)) assert.equal(unknown.map(shape), known.map(shape));
  assert.is(unknown.filter((answer) => answer.status === 429).length >= 3, true);
  assert.is(unknown.at(-1)!.status, 429);
  for (const answer of unknown.filter((a) => a.status === 429)) {
    const seconds = Number(answer.headers.get('retry-after'));
    assert.ok(seconds > 0 && seconds <= 60, `Retry-After ${seconds}`);
  }
  // A locked refusal needs no password hash, for either: both answer at once.
  const timed = async (username: string) => {
    const start = performance.now();
    await login({ username, password });
    return performance.now() - start;
  };
  assert.ok((await timed('conocida')) < 1_000 && (await timed('desconocida')) < 1_000);
  assert.equal(await app.services.db.query('SELECT level FROM attempt_lockouts WHERE key = $1', ['lock-password:desconocida']), [{ level: 1 }]);
});

test('another spelling of a locked username that finds the same account (capitals, a dotted capital İ) is locked with it', async () => {
  assert.is((await admin.post('/api/users', { username: 'vigilada', password })).status, 201);
  for (let i = 0; i < 12; i++) await login({ username: 'vigilada', password: `intento-numero-${i}` });
  assert.is((await login({ username: 'vigilada', password })).status, 429);
  // The database finds 'vİgİlada' as 'vigilada' (its lower case of İ is i); JavaScript's is i and a dot.
  for (const spelling of ['VIGILADA', 'vİgİlada', 'VİGİLADA']) {
    const answer = await login({ username: spelling, password });
    assert.is(answer.status, 429, `${spelling}: ${answer.text}`);
    assert.equal(answer.headers.getSetCookie(), []);
  }
  // Failures under another spelling count against the same account, from one address as from many.
  await app.client().post('/api/auth/login', { username: 'vİgİlada', password: 'otra-mala' });
  const keys = (await app.services.db.query<{ key: string }>("SELECT DISTINCT key FROM rate_limits WHERE key LIKE 'login:%'")).map((row) => row.key);
  assert.ok(keys.includes('login:127.0.0.1:vigilada'), `throttle keys: ${keys.join(', ')}`);
  assert.not.ok(
    keys.some((key) => key.endsWith('vi̇gi̇lada')),
    `throttle keys: ${keys.join(', ')}`,
  );
});

test('the current-password checks (password change, turning the app off) are limited per account: a 429 after 5 failures, even for the right one', async () => {
  const client = await staffWithNotices('sesion-robada');
  for (let i = 0; i < 3; i++) {
    const wrong = await client.post('/api/account/password', { currentPassword: `no-la-se-${i}`, newPassword: 'una-clave-nueva-muy-larga-7' });
    assert.is(wrong.status, 400);
  }
  for (let i = 0; i < 2; i++) assert.is((await client.post('/api/auth/totp/disable', { password: `tampoco-${i}` })).status, 400);
  const locked = await client.post('/api/account/password', { currentPassword: password, newPassword: 'una-clave-nueva-muy-larga-7' });
  assert.is(locked.status, 429);
  assert.match(locked.body.message, /^Demasiados intentos con una contraseña actual incorrecta\. .*incluso la correcta/);
  assert.ok(Number(locked.headers.get('retry-after')) <= 60);
  assert.is((await client.post('/api/auth/totp/disable', { password })).status, 429);
  // Signing in is another lock: the owner can still sign in elsewhere.
  assert.is((await login({ username: 'sesion-robada', password })).status, 200);

  await endLockout(`lock-current-password:${await userIdOf('sesion-robada')}`);
  const changed = await client.post('/api/account/password', { currentPassword: password, newPassword: 'una-clave-nueva-muy-larga-7' });
  assert.is(changed.status, 200, changed.text);
  await waitFor(() => lockoutMails('sesion-robada@example.com').length === 1, 30_000, 'the lockout mail');
  assert.match(lockoutMails('sesion-robada@example.com')[0].text!, 'alguien usa una de sus sesiones');
});

test.run();
