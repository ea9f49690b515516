// Processors on the log: checkpoint kept across restarts, failures retried without blocking, one
// instance per exclusive processor (with takeover), every instance for per-instance ones.
import { randomUUID } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  EventStore,
  eventMigrations,
  Gathers,
  migrate,
  openDb,
  PermanentFailure,
  startSubscriptions,
  type Db,
  type EventHeader,
  type EventType,
  type ExclusiveProcessor,
  type Processor,
  type StoredEvent,
} from '../../events';
import { freshDatabase, usingPostgres } from '../helpers/database';
import { waitFor } from '../helpers/wait';

const metadata = { actor: null, origin: 'api' as const, requestId: 'test' };
const fast = { pollMs: 60_000, lockRetryMs: 200, log: () => {} };

let database: Awaited<ReturnType<typeof freshDatabase>>;
let store: EventStore;

test.before(async () => {
  database = await freshDatabase();
  await migrate(database.db, eventMigrations);
  store = new EventStore(database.db);
});
test.after(async () => database.drop());

const append = (type: EventType, data: Record<string, unknown> = {}) =>
  store.append(randomUUID(), [{ type, data }], { expectedVersion: 0, metadata }).then(([e]) => e);

function recorder(name: string, extra: Partial<ExclusiveProcessor> = {}) {
  const seen: StoredEvent[] = [];
  const processor: ExclusiveProcessor = { name, handles: ['ServiceUpdated'], handle: async (event) => void seen.push(event), ...extra };
  return { processor, seen, positions: () => seen.map((e) => e.position) };
}

test('a processor sees only what was appended after its first start, then keeps its checkpoint across a restart', async () => {
  await append('ServiceUpdated', { n: 0 });
  const { processor, positions } = recorder('restart');
  let subscriptions = await startSubscriptions(database.db, [processor], fast);
  const a = await append('ServiceUpdated', { n: 1 });
  await append('ServiceDeleted');
  const b = await append('ServiceUpdated', { n: 2 });
  await waitFor(() => positions().length === 2);
  assert.equal(positions(), [a.position, b.position]);
  await subscriptions.stop();

  const c = await append('ServiceUpdated', { n: 3 });
  subscriptions = await startSubscriptions(database.db, [processor], fast);
  await waitFor(() => positions().length === 3);
  await new Promise((r) => setTimeout(r, 200));
  assert.equal(positions(), [a.position, b.position, c.position]);
  await subscriptions.stop();
});

test('a processor that handles no event runs its tick on each wake-up by its types, reading neither the log nor parked retries', async () => {
  const statements: string[] = [];
  const counted = new Proxy(database.db, {
    get(target, key, receiver) {
      if (key !== 'query') return Reflect.get(target, key, receiver);
      return (text: string, params?: unknown[]) => {
        statements.push(text);
        return target.query(text, params);
      };
    },
  }) as Db;
  let ticks = 0;
  const processor: ExclusiveProcessor = {
    name: 'tick-only',
    handles: [],
    wakesOn: ['ServiceUpdated'],
    handle: async () => {},
    tick: async () => {
      ticks += 1;
      return null;
    },
  };
  const subscriptions = await startSubscriptions(counted, [processor], fast);
  try {
    await waitFor(() => ticks === 1);
    statements.length = 0;
    await append('ServiceUpdated');
    await waitFor(() => ticks === 2);
    await append('ServiceDeleted');
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.is(ticks, 2, 'woken only by the types it names');
    assert.equal(
      statements.filter((text) => /\bFROM events\b|subscription_retries/.test(text)),
      [],
    );
  } finally {
    await subscriptions.stop();
  }
});

test("a processor's own wake-up gather: a stream of appends shares one tick, its clock is kept to the millisecond, and stop ends the gather", async () => {
  const ticks: number[] = [];
  let dueInMs: number | null = null;
  const processor: ExclusiveProcessor = {
    name: 'gathered-tick',
    handles: [],
    wakesOn: ['ServiceUpdated'],
    wakeGatherMs: 1_500,
    handle: async () => {},
    tick: async () => {
      ticks.push(Date.now());
      const answer = dueInMs;
      dueInMs = null;
      return answer;
    },
  };
  let subscriptions = await startSubscriptions(database.db, [processor], fast);
  try {
    await waitFor(() => ticks.length === 1);
    // Five writes spread over a few hundred milliseconds: one tick, a second and a half after the first.
    const firstWrite = Date.now();
    for (let i = 0; i < 5; i++) {
      await append('ServiceUpdated', { n: i });
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    await waitFor(() => ticks.length === 2, 5_000);
    assert.ok(ticks[1] - firstWrite >= 1_450, `the tick waited for the writes to gather (${ticks[1] - firstWrite} ms)`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.is(ticks.length, 2, 'the five writes shared one tick');

    // A time the tick itself asked for is not gathered: it comes when asked.
    dueInMs = 100;
    await append('ServiceUpdated');
    await waitFor(() => ticks.length === 4, 5_000);
    assert.ok(ticks[3] - ticks[2] < 600, `the tick it asked for came ${ticks[3] - ticks[2]} ms after, not a gather later`);
  } finally {
    await subscriptions.stop();
  }

  // Stopping in the middle of a gather does not wait for it to end.
  subscriptions = await startSubscriptions(database.db, [processor], fast);
  await waitFor(() => ticks.length === 5);
  await append('ServiceUpdated');
  await new Promise((resolve) => setTimeout(resolve, 100));
  const stopping = Date.now();
  await subscriptions.stop();
  assert.ok(Date.now() - stopping < 500, `stop took ${Date.now() - stopping} ms`);
  assert.is(ticks.length, 5, 'no tick after stop');
});

test('a gather that has ended holds nothing, and ending them all ends those under way at once', async () => {
  const gathers = new Gathers();
  for (let i = 0; i < 50; i += 1) await gathers.wait(1);
  assert.is(gathers.size, 0, 'gathers that waited their time are forgotten');
  const started = performance.now();
  const long = [gathers.wait(60_000), gathers.wait(60_000)];
  assert.is(gathers.size, 2);
  gathers.endAll();
  await Promise.all(long);
  assert.ok(performance.now() - started < 1_000, 'ended at once, not after their time');
  assert.is(gathers.size, 0);
});

test('a handler that throws is retried with backoff and does not hold back later events', async () => {
  const tries = new Map<number, number>();
  let failing = 0;
  const { processor, seen } = recorder('retry', {
    retry: { firstDelayMs: 150, maxDelayMs: 300, giveUpAfterMs: 60_000 },
    async handle(event, context) {
      tries.set(event.position, context.attempt);
      if (event.data.fail && context.attempt < 3) {
        failing += 1;
        throw new Error('servidor caído');
      }
      seen.push(event);
    },
  });
  const subscriptions = await startSubscriptions(database.db, [processor], fast);
  const bad = await append('ServiceUpdated', { fail: true });
  const good = await append('ServiceUpdated', {});
  await waitFor(() => seen.some((e) => e.position === good.position));
  assert.not.ok(
    seen.some((e) => e.position === bad.position),
    'the failing event waits for its retry',
  );
  await waitFor(() => seen.some((e) => e.position === bad.position), 10_000);
  assert.is(tries.get(bad.position), 3);
  assert.is(failing, 2);
  // The parked row goes once the retry has succeeded (just after the handler returns).
  const parked = async () => Number((await database.db.query(`SELECT count(*)::int AS n FROM subscription_retries WHERE processor = 'retry'`))[0].n);
  await waitFor(async () => (await parked()) === 0, 2_000, 'the parked retry to be cleared').finally(() => subscriptions.stop());
});

test('an event is given up once after a permanent failure or when its retry window is over', async () => {
  const given: number[] = [];
  const subscriptions = await startSubscriptions(
    database.db,
    [
      {
        name: 'give-up',
        handles: ['ServiceUpdated'],
        retry: { firstDelayMs: 100, maxDelayMs: 100, giveUpAfterMs: 350 },
        async handle(event) {
          throw event.data.permanent ? new PermanentFailure('buzón inexistente') : new Error('sin conexión');
        },
        gaveUp: async (event) => void given.push(event.position),
      },
    ],
    fast,
  );
  const permanent = await append('ServiceUpdated', { permanent: true });
  const transient = await append('ServiceUpdated', {});
  await waitFor(() => given.length === 2, 10_000);
  assert.equal(given, [permanent.position, transient.position]);
  await new Promise((r) => setTimeout(r, 400));
  assert.is(given.length, 2);
  await subscriptions.stop();
});

if (usingPostgres) {
  test('two instances on one PostgreSQL: each event handled once, and the other takes over when the holder stops', async () => {
    const second: Db = await openDb({ databaseUrl: database.databaseUrl!, max: 3 });
    const seen: { instance: string; position: number }[] = [];
    const make = (instance: string): Processor => ({
      name: 'exclusive',
      handles: ['ServiceUpdated'],
      handle: async (e) => void seen.push({ instance, position: e.position }),
    });
    const one = await startSubscriptions(database.db, [make('one')], fast);
    const two = await startSubscriptions(second, [make('two')], fast);
    const first = await Promise.all(Array.from({ length: 20 }, (_, n) => append('ServiceUpdated', { n })));
    await waitFor(() => seen.length >= 20);
    await new Promise((r) => setTimeout(r, 300));
    assert.is(seen.length, 20);
    assert.equal(
      seen.map((s) => s.position).sort((x, y) => x - y),
      first.map((e) => e.position).sort((x, y) => x - y),
    );
    const holder = seen[0].instance;
    assert.ok(
      seen.every((s) => s.instance === holder),
      'one instance ran the processor',
    );

    await (holder === 'one' ? one : two).stop();
    const later = await append('ServiceUpdated', { n: 'later' });
    await waitFor(() => seen.some((s) => s.position === later.position), 10_000);
    assert.is(seen.find((s) => s.position === later.position)!.instance, holder === 'one' ? 'two' : 'one');
    assert.is(seen.length, 21);
    await (holder === 'one' ? two : one).stop();
    await second.close();
  });

  test('appends on two instances commit in the order of their positions: one waits while an earlier one has not committed', async () => {
    const second: Db = await openDb({ databaseUrl: database.databaseUrl!, max: 3 });
    const other = new EventStore(second);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const firstInserted = new Promise<void>((resolve) => (inserted = resolve));
    try {
      // The first append has its position and waits before its commit.
      const first = store.append(randomUUID(), [{ type: 'ServiceUpdated', data: { n: 1 } }], {
        expectedVersion: 0,
        metadata,
        beforeCommit: async () => {
          inserted();
          await held;
        },
      });
      await firstInserted;
      let secondDone = false;
      const later = other
        .append(randomUUID(), [{ type: 'ServiceUpdated', data: { n: 2 } }], { expectedVersion: 0, metadata })
        .then(([event]) => ((secondDone = true), event));
      await new Promise((r) => setTimeout(r, 400));
      assert.not.ok(secondDone, 'the later append waits for the earlier one to commit');
      release();
      const [a] = await first;
      const b = await later;
      assert.ok(a.position < b.position);
    } finally {
      release();
      await second.close();
    }
  });

  test("a per-instance processor runs on every instance, woken at once by the other instance's append", async () => {
    const second: Db = await openDb({ databaseUrl: database.databaseUrl!, max: 3 });
    const seen: string[] = [];
    const told: EventHeader[] = [];
    const make = (instance: string): Processor => ({
      name: 'everywhere',
      mode: 'per-instance',
      handles: ['ServiceUpdated'],
      handle: async (event) => {
        seen.push(instance);
        told.push(event);
      },
    });
    const one = await startSubscriptions(database.db, [make('one')], fast);
    const two = await startSubscriptions(second, [make('two')], fast);
    try {
      const started = Date.now();
      const appended = await append('ServiceUpdated', { secret: 'no' });
      await waitFor(() => seen.length === 2, 5_000);
      assert.ok(Date.now() - started < 3_000, 'woken by the notification, not by the minute-long poll');
      assert.equal(seen.sort(), ['one', 'two']);
      // Each is told which stream changed and how, without the payload (it reads the read tables).
      for (const event of told) {
        assert.equal([event.position, event.streamId, event.streamVersion, event.type], [appended.position, appended.streamId, 1, 'ServiceUpdated']);
        assert.ok(event.recordedAt instanceof Date);
        assert.not.ok('data' in event);
      }
    } finally {
      await one.stop();
      await two.stop();
      await second.close();
    }
  });
}

test.run();
