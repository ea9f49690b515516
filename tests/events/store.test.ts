// The event store against a real database: expected versions, reads, metadata, inline projectors.
import { randomUUID } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Conflict } from '../../domain';
import { ConcurrencyError, EventStore, contactMessage, eventMigrations, handle, migrate, type Db, type EventMetadata, type Projector } from '../../events';
import { freshDatabase } from '../helpers/database';

const store = suite<{ db: Db; drop(): Promise<void> }>('event store');

const metadata = (overrides: Partial<EventMetadata> = {}): EventMetadata => ({
  actor: { id: randomUUID(), username: 'admin', role: 'admin' },
  origin: 'api',
  requestId: randomUUID(),
  ...overrides,
});
const noted = (n: number) => ({ type: 'ContactNoteAdded' as const, data: { n } });

/** Counts ContactNoteAdded events into a table, in the append's transaction; n = 13 makes it throw. */
const counter: Projector = {
  name: 'counter',
  handles: ['ContactNoteAdded'],
  async project(tx, event) {
    if ((event.data as any).n === 13) throw new Error('el proyector falló');
    await tx.query('INSERT INTO noted (stream_id, n, position) VALUES ($1, $2, $3)', [event.streamId, (event.data as any).n, event.position]);
  },
};

store.before(async (context) => {
  const database = await freshDatabase();
  await migrate(database.db, eventMigrations);
  await database.db.query('CREATE TABLE noted (stream_id uuid NOT NULL, n integer NOT NULL, position bigint NOT NULL)');
  context.db = database.db;
  context.drop = database.drop;
});
store.after((context) => context.drop());

const storeOf = (db: Db) => {
  const s = new EventStore(db);
  s.register(counter);
  return s;
};

store('an append to a new stream numbers its events 1, 2, ... with rising global positions', async ({ db }) => {
  const id = randomUUID();
  const stored = await storeOf(db).append(id, [noted(1), noted(2), noted(3)], { expectedVersion: 0, metadata: metadata() });
  assert.equal(
    stored.map((e) => e.streamVersion),
    [1, 2, 3],
  );
  assert.ok(stored[0].position < stored[1].position && stored[1].position < stored[2].position);
  assert.equal(
    stored.map((e) => e.data),
    [{ n: 1 }, { n: 2 }, { n: 3 }],
  );
  assert.ok(stored.every((e) => e.streamId === id && e.type === 'ContactNoteAdded' && e.recordedAt instanceof Date));
  assert.equal(await storeOf(db).append(id, [], { expectedVersion: 3, metadata: metadata() }), []);
});

store('an append with a stale expected version is a ConcurrencyError, a 409 in Spanish, and writes nothing', async ({ db }) => {
  const s = storeOf(db);
  const id = randomUUID();
  await s.append(id, [noted(1)], { expectedVersion: 0, metadata: metadata() });
  await s.append(id, [noted(2)], { expectedVersion: 1, metadata: metadata() });
  for (const stale of [0, 1]) {
    try {
      await s.append(id, [noted(99)], { expectedVersion: stale, metadata: metadata() });
      assert.unreachable('a stale version must be refused');
    } catch (error) {
      assert.instance(error, ConcurrencyError);
      assert.instance(error, Conflict);
      assert.is((error as ConcurrencyError).status, 409);
      assert.is((error as ConcurrencyError).streamId, id);
      assert.is((error as Error).message, 'El registro fue modificado al mismo tiempo por otra persona. Recargue e intente de nuevo.');
    }
  }
  assert.equal(
    (await s.readStream(id)).map((e) => e.data),
    [{ n: 1 }, { n: 2 }],
  );
  assert.equal(
    (await db.query('SELECT n FROM noted WHERE stream_id = $1 ORDER BY n', [id])).map((r) => r.n),
    [1, 2],
  );
});

store('two writers at the same version: exactly one wins', async ({ db }) => {
  const s = storeOf(db);
  const id = randomUUID();
  const results = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => s.append(id, [noted(100 + i)], { expectedVersion: 0, metadata: metadata() })));
  assert.is(results.filter((r) => r.status === 'fulfilled').length, 1);
  for (const r of results) if (r.status === 'rejected') assert.instance(r.reason, ConcurrencyError);
  assert.is((await s.readStream(id)).length, 1);
});

store('readStream answers one stream in version order, and nothing for an unknown one', async ({ db }) => {
  const s = storeOf(db);
  const a = randomUUID();
  const b = randomUUID();
  await s.append(a, [noted(1)], { expectedVersion: 0, metadata: metadata() });
  await s.append(b, [noted(10)], { expectedVersion: 0, metadata: metadata() });
  await s.append(a, [noted(2), noted(3)], { expectedVersion: 1, metadata: metadata() });
  assert.equal(
    (await s.readStream(a)).map((e) => [e.streamVersion, e.data.n]),
    [
      [1, 1],
      [2, 2],
      [3, 3],
    ],
  );
  assert.equal(
    (await s.readStream(b)).map((e) => e.data.n),
    [10],
  );
  assert.equal(await s.readStream(randomUUID()), []);
});

store('readAll answers every event after a position in global order, a page at a time', async ({ db }) => {
  const s = storeOf(db);
  const [first] = await s.append(randomUUID(), [noted(201)], { expectedVersion: 0, metadata: metadata() });
  await s.append(randomUUID(), [noted(202), noted(203)], { expectedVersion: 0, metadata: metadata() });
  await s.append(randomUUID(), [noted(204)], { expectedVersion: 0, metadata: metadata() });
  const after = await s.readAll(first.position);
  assert.equal(
    after.map((e) => e.data.n),
    [202, 203, 204],
  );
  assert.equal(
    (await s.readAll(first.position, 2)).map((e) => e.data.n),
    [202, 203],
  );
  assert.equal(
    (await s.readAll(after[1].position, 2)).map((e) => e.data.n),
    [204],
  );
  assert.equal(await s.readAll(after[2].position), []);
  const everything = await s.readAll(0, 10_000);
  assert.equal(
    everything.map((e) => e.position),
    [...everything.map((e) => e.position)].sort((x, y) => x - y),
  );
});

store('every event carries its metadata: actor and role (or none for the public), origin and request id', async ({ db }) => {
  const s = storeOf(db);
  const id = randomUUID();
  const staff = metadata({ origin: 'feed-import' });
  const visitor = metadata({ actor: null, origin: 'api' });
  await s.append(id, [noted(301), noted(302)], { expectedVersion: 0, metadata: staff });
  await s.append(id, [noted(303)], { expectedVersion: 2, metadata: visitor });
  const rows = await db.query('SELECT metadata FROM events WHERE stream_id = $1 ORDER BY stream_version', [id]);
  assert.equal(
    rows.map((r) => r.metadata),
    [staff, staff, visitor],
  );
  assert.equal(
    (await s.readStream(id)).map((e) => e.metadata),
    [staff, staff, visitor],
  );
  const [nulls] = await db.query(
    `SELECT count(*)::int AS n FROM events WHERE metadata->>'origin' IS NULL OR metadata->>'requestId' IS NULL OR NOT (metadata ? 'actor')`,
  );
  assert.is(Number(nulls.n), 0);
});

store("a projector runs in the append's transaction: its row is there as soon as the append returns", async ({ db }) => {
  const id = randomUUID();
  const [event] = await storeOf(db).append(id, [noted(401)], { expectedVersion: 0, metadata: metadata() });
  assert.equal(await db.query('SELECT n, position FROM noted WHERE stream_id = $1', [id]).then((rows) => rows.map((r) => [r.n, Number(r.position)])), [
    [401, event.position],
  ]);
});

store('a projector that throws rolls the whole append back: no event, no row', async ({ db }) => {
  const s = storeOf(db);
  const id = randomUUID();
  await s.append(id, [noted(1)], { expectedVersion: 0, metadata: metadata() });
  try {
    await s.append(id, [noted(2), noted(13)], { expectedVersion: 1, metadata: metadata() });
    assert.unreachable('the projector error must surface');
  } catch (error) {
    assert.is((error as Error).message, 'el proyector falló');
  }
  assert.equal(
    (await s.readStream(id)).map((e) => e.data.n),
    [1],
  );
  assert.equal(
    (await db.query('SELECT n FROM noted WHERE stream_id = $1', [id])).map((r) => r.n),
    [1],
  );
  // The stream goes on at the version it had.
  await s.append(id, [noted(2)], { expectedVersion: 1, metadata: metadata() });
  assert.equal(
    (await s.readStream(id)).map((e) => e.streamVersion),
    [1, 2],
  );
});

store("handle() folds the stream, decides and appends; an erasure redacts the stream's earlier payloads", async ({ db }) => {
  const s = new EventStore(db);
  const id = randomUUID();
  await handle(
    s,
    contactMessage,
    id,
    { type: 'Receive', name: 'Ana', email: 'ana@example.com', phone: null, message: 'Hola', at: new Date() },
    metadata({ actor: null }),
  );
  await handle(s, contactMessage, id, { type: 'ChangeStatus', to: 'read' }, metadata());
  const { events, state } = await handle(s, contactMessage, id, { type: 'Erase' }, metadata());
  assert.equal(
    events.map((e) => e.type),
    ['ContactMessageErased'],
  );
  assert.equal(state, { status: 'erased' });
  assert.equal(
    (await s.readStream(id)).map((e) => [e.type, e.data]),
    [
      ['ContactMessageReceived', { redacted: true }],
      ['ContactStatusChanged', { redacted: true }],
      ['ContactMessageErased', {}],
    ],
  );
});

/** Appends issued while one lane is busy: they wait, then go together. */
const oneLane = (db: Db) => {
  const s = new EventStore(db, { lanes: 1, maxAppends: 64 });
  s.register(counter);
  return s;
};
const transactionOf = async (db: Db, streamId: string) =>
  (await db.query<{ tx: string }>('SELECT transaction_id::text AS tx FROM events WHERE stream_id = $1', [streamId])).map((row) => row.tx);

store('appends that arrive together commit in one transaction, each with its own stream, versions and metadata', async ({ db }) => {
  const s = oneLane(db);
  const first = s.append(randomUUID(), [noted(1)], { expectedVersion: 0, metadata: metadata() });
  const ids = [randomUUID(), randomUUID(), randomUUID()];
  const metas = ids.map(() => metadata());
  const together = ids.map((id, i) => s.append(id, [noted(10 + i), noted(20 + i)], { expectedVersion: 0, metadata: metas[i] }));
  await first;
  const answers = await Promise.all(together);
  answers.forEach((stored, i) => {
    assert.equal(
      stored.map((e) => [e.streamId, e.streamVersion, e.data, e.metadata.requestId]),
      [
        [ids[i], 1, { n: 10 + i }, metas[i].requestId],
        [ids[i], 2, { n: 20 + i }, metas[i].requestId],
      ],
    );
  });
  const transactions = new Set((await Promise.all(ids.map((id) => transactionOf(db, id)))).flat());
  assert.is(transactions.size, 1, 'the three appends waiting for the lane went in one transaction');
  const rows = await db.query<{ n: number }>('SELECT n FROM noted WHERE stream_id = ANY($1::uuid[]) ORDER BY position', [ids]);
  assert.equal(
    rows.map((row) => row.n),
    [10, 20, 11, 21, 12, 22],
  );
});

store('by default, every append that arrives while a transaction of appends runs goes in the next one, however they arrive', async ({ db }) => {
  // Appends hold the append lock from their insert to their commit: a second transaction at once would
  // only wait for it, with fewer appends in each.
  const s = storeOf(db);
  // The first append's transaction is held open until the three others have arrived, one turn apart.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const first = s.append(randomUUID(), [noted(1)], { expectedVersion: 0, metadata: metadata(), beforeCommit: () => held });
  const ids = [randomUUID(), randomUUID(), randomUUID()];
  const later: Promise<unknown>[] = [];
  for (const [i, id] of ids.entries()) {
    later.push(s.append(id, [noted(30 + i)], { expectedVersion: 0, metadata: metadata() }));
    await new Promise((resolve) => setImmediate(resolve));
  }
  release();
  await Promise.all([first, ...later]);
  const transactions = new Set((await Promise.all(ids.map((id) => transactionOf(db, id)))).flat());
  assert.is(transactions.size, 1, 'the three appends that waited went in one transaction');
});

store('in a group, a stale version or a failing projector fails only its own append; the others are written', async ({ db }) => {
  const s = oneLane(db);
  const shared = randomUUID();
  const [good1, good2, failing] = [randomUUID(), randomUUID(), randomUUID()];
  const first = s.append(randomUUID(), [noted(1)], { expectedVersion: 0, metadata: metadata() });
  const answers = await Promise.allSettled([
    s.append(good1, [noted(2)], { expectedVersion: 0, metadata: metadata() }),
    s.append(shared, [noted(3)], { expectedVersion: 0, metadata: metadata() }),
    s.append(shared, [noted(4)], { expectedVersion: 0, metadata: metadata() }),
    s.append(failing, [noted(13)], { expectedVersion: 0, metadata: metadata() }),
    s.append(good2, [noted(5)], { expectedVersion: 0, metadata: metadata() }),
  ]);
  await first;
  assert.equal(
    answers.map((answer) => answer.status),
    ['fulfilled', 'fulfilled', 'rejected', 'rejected', 'fulfilled'],
  );
  assert.instance((answers[2] as PromiseRejectedResult).reason, ConcurrencyError);
  assert.is(((answers[3] as PromiseRejectedResult).reason as Error).message, 'el proyector falló');
  assert.equal(
    (await s.readStream(shared)).map((e) => e.data),
    [{ n: 3 }],
  );
  assert.equal(await s.readStream(failing), []);
  assert.equal((await s.readStream(good1)).length + (await s.readStream(good2)).length, 2);
  const rows = await db.query<{ n: number }>('SELECT n FROM noted WHERE stream_id = ANY($1::uuid[]) ORDER BY n', [[good1, good2, shared, failing]]);
  assert.equal(
    rows.map((row) => row.n),
    [2, 3, 5],
  );
});

store("on PostgreSQL an append's transaction is one the database ends once idle for 30 s; outside appends the server's own setting holds", async ({ db }) => {
  const settingOf = async (sql: Pick<Db, 'query'>) =>
    (await sql.query<Record<string, string>>('SHOW idle_in_transaction_session_timeout'))[0].idle_in_transaction_session_timeout;
  let during = '';
  await storeOf(db).append(randomUUID(), [noted(1)], {
    expectedVersion: 0,
    metadata: metadata(),
    afterProjection: async (tx) => void (during = await settingOf(tx)),
  });
  // PGlite, in one process, has no client to lose: no limit there.
  assert.is(during, db.kind === 'postgres' ? '30s' : '0');
  assert.is(await settingOf(db), '0', 'outside an append, as the server is set');
});

store.run();
