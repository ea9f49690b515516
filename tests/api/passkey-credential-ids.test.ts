// A passkey's credential id is a key of the passkeys table and what a sign-in looks the passkey up by:
// registration refuses an id longer than sign-in accepts (which also keeps it within what the table's
// index holds) with a 400 and a Spanish message, and stores nothing.
import { randomBytes } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { credentialIdOf } from '../../api/auth/passkeys';
import { adminCredentials, startTestApp, type Client, type TestApp } from '../helpers/app';
import { softwareAuthenticator } from '../helpers/authenticator';

let app: TestApp;
let admin: Client;

const tooLong = { message: 'La llave de acceso no es compatible: su identificador es demasiado largo. Use otra llave.' };

test.before(async () => {
  app = await startTestApp();
  admin = await app.admin();
});
test.after(() => app.close());

/** Registers a passkey whose credential id is `bytes` random bytes long. */
async function register(bytes: number) {
  const authenticator = softwareAuthenticator(randomBytes(bytes));
  const options = await admin.post('/api/auth/passkeys/options', { password: adminCredentials.password });
  assert.is(options.status, 200, options.text);
  const answer = await admin.post('/api/auth/passkeys', { response: authenticator.register(options.body, app.config.publicUrl), name: 'Llave larga' });
  return { answer, id: authenticator.credentialId };
}

const ownPasskeys = async () => ((await admin.get('/api/account')).body.passkeys ?? []) as { id: string }[];

const registeredEvents = async () =>
  (await app.services.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM events WHERE type = 'UserPasskeyRegistered'`))[0].n;

test('a credential id longer than a sign-in accepts is a 400 and stores nothing', async () => {
  const events = await registeredEvents();
  // 3,000 bytes: past what the table's unique index holds; 1,500 bytes: it would fit, but never sign in.
  for (const bytes of [3000, 1500, 1050]) {
    const { answer, id } = await register(bytes);
    assert.is(answer.status, 400, `${bytes} bytes: ${answer.text}`);
    assert.equal(answer.body, tooLong);
    assert.is(credentialIdOf({ id }), null, 'a sign-in would not look it up either');
  }
  assert.equal(await ownPasskeys(), []);
  assert.is(await registeredEvents(), events);
});

test('the longest credential id a sign-in looks up registers', async () => {
  // 1,049 bytes are 1,399 characters of base64url, the longest a sign-in accepts.
  const { answer, id } = await register(1049);
  assert.is(id.length, 1399);
  assert.is(answer.status, 201, answer.text);
  assert.is(answer.body.id, id);
  assert.is(credentialIdOf({ id }), id);
  assert.equal(
    (await ownPasskeys()).map((passkey) => passkey.id),
    [id],
  );
});

test.run();
