// Sessions read together: the reads asked for in one turn of the event loop go to the database as one
// query, and each gets its own session (or none: ended, unknown), as alone.
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

test('reads asked in one turn are one query, each getting its own session; an ended or unknown one none', async () => {
  const irene = await new Client(app.base).login('irene', password);
  const tomas = await new Client(app.base).login('tomas', password);
  const ended = await new Client(app.base).login('tomas', password);
  const endedId = sessionIdOf(ended);
  assert.type(endedId, 'string');
  assert.is((await ended.post('/api/auth/logout')).status, 204);
  const db = app.services.db;
  const sent: unknown[][] = [];
  const read = sessionReader({ query: (text, params) => (sent.push(params ?? []), db.query(text, params)) });
  // Missing and ended ids before the live ones, these in another order than their rows were written.
  const ids = ['no-existe', endedId, sessionIdOf(tomas), sessionIdOf(irene), sessionIdOf(tomas), 'no-existe'];
  const found = (await Promise.all(ids.map((id) => read(id)))) as ({ userId?: string } | undefined)[];
  assert.equal(sent, [[JSON.stringify(ids.slice(0, 4))]], 'one query, each id once');
  const me = async (client: Client) => (await client.get('/api/auth/me')).body.id as string;
  const ireneId = await me(irene);
  const tomasId = await me(tomas);
  assert.not.equal(ireneId, tomasId);
  assert.equal(
    found.map((session) => session?.userId),
    [undefined, undefined, tomasId, ireneId, tomasId, undefined],
  );
  // Alone in a later turn: a query of its own (an ended session as well: none).
  assert.is(await read(endedId), undefined);
  assert.is(((await read(sessionIdOf(irene))) as { userId?: string } | undefined)?.userId, ireneId);
  assert.equal(sent.length, 3);
});

test('a turn never waits for another turn: a query that hangs holds only its own reads', async () => {
  let calls = 0;
  const read = sessionReader({
    query: () => (++calls === 1 ? new Promise(() => {}) : Promise.resolve([{ id: 'b', data: { userId: 'u' } }])) as never,
  });
  void read('a');
  await new Promise((resolve) => setImmediate(resolve));
  const waited = new Promise((resolve) => setTimeout(() => resolve('waited'), 1000));
  assert.equal(await Promise.race([read('b'), waited]), { userId: 'u' });
  assert.is(calls, 2);
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
