// Sessions read together: a read asked for while another is under way goes with the others asked for
// meanwhile in one query, and each gets its own session (or none: ended, unknown), as alone.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sessionReader } from '../../api/middleware/session';
import { Client, startTestApp, type TestApp } from '../helpers/app';

let app: TestApp;
const password = 'otra-clave-segura-1';

test.before(async () => {
  app = await startTestApp();
  const admin = await app.admin();
  for (const username of ['irene', 'tomas']) assert.is((await admin.post('/api/users', { username, password })).status, 201);
});
test.after(() => app.close());

const sessionIdOf = (client: Client) => client['cookies'].get('sid')!;

test('reads asked while one is under way go together in the next query, each getting its own session; an ended or unknown one none', async () => {
  const irene = await new Client(app.base).login('irene', password);
  const tomas = await new Client(app.base).login('tomas', password);
  const ended = await new Client(app.base).login('tomas', password);
  assert.is((await ended.post('/api/auth/logout')).status, 204);
  const db = app.services.db;
  const sent: unknown[][] = [];
  const read = sessionReader({ query: (text, params) => (sent.push(params ?? []), db.query(text, params)) });
  const ids = [sessionIdOf(tomas), sessionIdOf(irene), sessionIdOf(tomas), sessionIdOf(ended), 'no-existe', sessionIdOf(irene)];
  const found = (await Promise.all(ids.map((id) => read(id)))) as ({ userId?: string } | undefined)[];
  // The first is sent at once, alone; the five asked while it ran, in one query (four ids).
  assert.equal(sent, [[ids[0]], [JSON.stringify([ids[1], ids[2], ids[3], ids[4]])]]);
  const me = async (client: Client) => (await client.get('/api/auth/me')).body.id as string;
  assert.is(found[0]?.userId, await me(tomas));
  assert.is(found[1]?.userId, await me(irene));
  assert.is(found[2]?.userId, found[0]?.userId);
  assert.is(found[3], undefined);
  assert.is(found[4], undefined);
  assert.is(found[5]?.userId, found[1]?.userId);
  // Nothing under way: sent at once.
  assert.is(((await read(sessionIdOf(irene))) as { userId?: string } | undefined)?.userId, found[1]?.userId);
  assert.equal(sent.length, 3);
});

test('a failed query fails every read waiting on it', async () => {
  const read = sessionReader({ query: () => Promise.reject(Object.assign(new Error('sin base de datos'), { code: '57P01' })) });
  const answers = await Promise.allSettled([read('a'), read('b'), read('a')]);
  assert.equal(
    answers.map((answer) => answer.status),
    ['rejected', 'rejected', 'rejected'],
  );
});

test.run();
