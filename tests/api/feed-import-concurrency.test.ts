// Who imports when: the scheduler picks only due sources, and two runs of one source (in one app or in two
// app instances on one PostgreSQL database) never import an item twice. A run copies its items' images a
// few at a time.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { openServices } from '../../api/app';
import type { AppServices } from '../../api/context';
import { importFeedSource, importIfDue, runDueImports, type ScheduledImport } from '../../api/feed-import';
import { createArticles } from '../../api/feed-import/articles';
import { loadFeed } from '../../api/feeds';
import { Conflict } from '../../domain';
import { openDb } from '../../events';
import { startTestApp, type Client, type TestApp } from '../helpers/app';
import { usingPostgres } from '../helpers/database';
import { serveBody, startFeedServer, type FeedServer, type RouteHandler } from '../helpers/feed-server';
import { articlesOf, createSource, feedImportMetadata, generatedEntries, rssFeed, type SourceInput } from '../helpers/feed-sources';

let app: TestApp;
let feeds: FeedServer;
let admin: Client;

const hour = 3_600_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A feed that answers after `delayMs`, so a second run starts while the first is still fetching. */
function slowFeed(items: number, delayMs = 400): RouteHandler {
  const answer = serveBody(rssFeed(generatedEntries(items)));
  return async (req, res) => {
    await sleep(delayMs);
    await answer(req, res);
  };
}

let paths = 0;
/** A source on its own path of the fixture server (source URLs are unique). */
async function sourceServing(handler: RouteHandler, input: Partial<SourceInput> = {}) {
  const path = `/fuente-${++paths}.xml`;
  feeds.setRoute(path, handler);
  return createSource(admin, { url: feeds.url(path), ...input });
}

test.before(async () => {
  feeds = await startFeedServer();
  app = await startTestApp({ feedAllowPrivateHosts: true });
  admin = await app.admin();
});

test.after(async () => {
  await app.close();
  await feeds.close();
});

test('only enabled sources that never ran or whose interval has passed are scheduled', async () => {
  const now = new Date();
  const ago = (hours: number) => () => new Date(now.getTime() - hours * hour);
  const feed = serveBody(rssFeed(generatedEntries(2)));
  const neverRan = await sourceServing(feed);
  const disabled = await sourceServing(feed, { enabled: false });
  const justRan = await sourceServing(feed, { scheduleIntervalHours: 12 });
  const overdue = await sourceServing(feed, { scheduleIntervalHours: 1 });
  const notYet = await sourceServing(feed, { scheduleIntervalHours: 24 });
  await importFeedSource(app.services, justRan.id, { metadata: feedImportMetadata, now: ago(0.1) });
  await importFeedSource(app.services, overdue.id, { metadata: feedImportMetadata, now: ago(2) });
  await importFeedSource(app.services, notYet.id, { metadata: feedImportMetadata, now: ago(2) });

  const results = await runDueImports(app.services, now);
  assert.equal(results.map((r) => r.sourceId).sort(), [neverRan.id, overdue.id].sort());
  assert.equal(
    results.find((r) => r.sourceId === neverRan.id),
    { sourceId: neverRan.id, outcome: 'imported', count: 2, error: null },
  );
  assert.is((await articlesOf(app, neverRan.id)).length, 2);
  assert.is((await articlesOf(app, disabled.id)).length, 0);

  assert.equal(await runDueImports(app.services, new Date()), [], 'nothing is due right after a run');
  const tomorrow = await runDueImports(app.services, new Date(now.getTime() + 25 * hour));
  assert.equal(tomorrow.map((r) => r.sourceId).sort(), [neverRan.id, justRan.id, overdue.id, notYet.id].sort());
  assert.ok(
    tomorrow.every((r) => r.outcome === 'imported' && r.count === 0),
    'every item is known already',
  );
  // The remaining tests make disabled sources so that this scheduler never sees them.
});

test('a failed scheduled run is reported and recorded, and the others still run', async () => {
  const broken = await sourceServing(serveBody('no', { status: 500, contentType: 'text/plain' }));
  const fine = await sourceServing(serveBody(rssFeed(generatedEntries(1, 50))));
  const results = await runDueImports(app.services, new Date());
  assert.equal(
    results.find((r) => r.sourceId === broken.id),
    { sourceId: broken.id, outcome: 'failed', count: 0, error: 'La fuente respondió 500 (error interno del servidor)' },
  );
  assert.equal(
    results.find((r) => r.sourceId === fine.id),
    { sourceId: fine.id, outcome: 'imported', count: 1, error: null },
  );
  await admin.patch(`/api/rss/sources/${broken.id}`, { enabled: false });
  await admin.patch(`/api/rss/sources/${fine.id}`, { enabled: false });
});

/** Two outcomes are correct: one run waits its turn out (409) or both run one after the other. */
function assertEachItemOnce(outcomes: PromiseSettledResult<{ count: number }>[], items: number) {
  const done = outcomes.filter((o) => o.status === 'fulfilled').map((o) => (o as PromiseFulfilledResult<{ count: number }>).value.count);
  const refused = outcomes.filter((o) => o.status === 'rejected').map((o) => (o as PromiseRejectedResult).reason);
  for (const reason of refused) {
    assert.instance(reason, Conflict);
    assert.is(reason.message, 'Ya hay una importación en curso');
  }
  assert.ok(done.length >= 1, 'at least one run finished');
  assert.is(
    done.reduce((a, b) => a + b, 0),
    items,
  );
}

test('two simultaneous imports of one source over HTTP import each item once; the second answers 409', async () => {
  const source = await sourceServing(slowFeed(5), { enabled: false });
  const answers = await Promise.all([admin.post(`/api/rss/sources/${source.id}/fetch`), admin.post(`/api/rss/sources/${source.id}/fetch`)]);
  assert.equal(answers.map((a) => a.status).sort(), [200, 409], answers.map((a) => a.text).join(' | '));
  const refused = answers.find((a) => a.status === 409)!;
  assert.equal(refused.body, { message: 'Ya hay una importación en curso' });
  assert.is(answers.find((a) => a.status === 200)!.body.count, 5);
  assert.is((await articlesOf(app, source.id)).length, 5);
});

test('two simultaneous importFeedSource calls import each item once', async () => {
  const source = await sourceServing(slowFeed(7), { enabled: false });
  const outcomes = await Promise.allSettled([
    importFeedSource(app.services, source.id, { metadata: feedImportMetadata }),
    importFeedSource(app.services, source.id, { metadata: feedImportMetadata }),
  ]);
  assertEachItemOnce(outcomes, 7);
  assert.is((await articlesOf(app, source.id)).length, 7);
  // The lock is released afterwards: a later run goes ahead (and finds nothing new).
  assert.is((await importFeedSource(app.services, source.id, { metadata: feedImportMetadata })).count, 0);
});

test('a manual import while a scheduled one runs answers 409 and imports nothing twice', async () => {
  const source = await sourceServing(slowFeed(4));
  const scheduled = runDueImports(app.services, new Date());
  await sleep(100);
  const manual = await admin.post(`/api/rss/sources/${source.id}/fetch`);
  assert.is(manual.status, 409);
  assert.is(manual.body.message, 'Ya hay una importación en curso');
  assert.equal(
    (await scheduled).find((r) => r.sourceId === source.id),
    { sourceId: source.id, outcome: 'imported', count: 4, error: null },
  );
  assert.is((await articlesOf(app, source.id)).length, 4);
  await admin.patch(`/api/rss/sources/${source.id}`, { enabled: false });
});

test('a source imported since the scheduler listed it is not imported again', async () => {
  const source = await sourceServing(serveBody(rssFeed(generatedEntries(2))));
  const listedAt = new Date();
  await importFeedSource(app.services, source.id, { metadata: feedImportMetadata });
  const requests = feeds.requests.length;
  assert.is(await importIfDue(app.services, source.id, listedAt, { metadata: feedImportMetadata }), 'not-due');
  assert.is(feeds.requests.length, requests, 'no second fetch');
  await admin.patch(`/api/rss/sources/${source.id}`, { enabled: false });
});

/** Every due source was imported by exactly one scheduler run, fetched once, each item once. */
async function assertScheduledOnce(sources: { id: string; url: string }[], runs: ScheduledImport[][], items: number[]) {
  for (const [index, source] of sources.entries()) {
    const outcomes = runs.flat().filter((r) => r.sourceId === source.id);
    assert.is(outcomes.filter((r) => r.outcome === 'imported').length, 1, `source ${index + 1}: ${JSON.stringify(outcomes)}`);
    assert.ok(outcomes.every((r) => r.outcome === 'imported' || r.outcome === 'busy' || r.outcome === 'not-due'));
    assert.is(
      outcomes.reduce((sum, r) => sum + r.count, 0),
      items[index],
    );
    assert.is(feeds.requests.filter((r) => source.url.endsWith(r.path)).length, 1, `source ${index + 1} fetched once`);
    assert.is((await articlesOf(app, source.id)).length, items[index]);
  }
}

test('two scheduler runs at once in one app import every due source once', async () => {
  const sources = [await sourceServing(slowFeed(3, 200)), await sourceServing(slowFeed(4, 200)), await sourceServing(slowFeed(5, 200))];
  const runs = await Promise.all([runDueImports(app.services, new Date()), runDueImports(app.services, new Date())]);
  await assertScheduledOnce(sources, runs, [3, 4, 5]);
  for (const source of sources) await admin.patch(`/api/rss/sources/${source.id}`, { enabled: false });
});

test('a filter change while a run reads the feed: that run keeps no validators, the next reads the whole feed', async () => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let reached!: () => void;
  const fetching = new Promise<void>((resolve) => (reached = resolve));
  const answer = serveBody(rssFeed(generatedEntries(4, 500)), { etag: '"quieto"' });
  let first = true;
  const source = await sourceServing(
    async (req, res) => {
      if (first) {
        first = false;
        reached();
        await held;
      }
      await answer(req, res);
    },
    { enabled: false, includeKeywords: ['número 500', 'número 501'] },
  );
  const running = importFeedSource(app.services, source.id, { metadata: feedImportMetadata });
  await fetching;
  // The run has read the old filters and waits for the feed; staff clear the filters meanwhile.
  assert.is((await admin.patch(`/api/rss/sources/${source.id}`, { includeKeywords: [] })).status, 200);
  release();
  assert.is((await running).count, 2);
  const next = await importFeedSource(app.services, source.id, { metadata: feedImportMetadata });
  assert.is(next.count, 2);
  assert.is(next.run.fetched, 4);
  assert.is((await articlesOf(app, source.id)).length, 4);
});

test('a run in which an item failed to save keeps no validators: the next run reads the whole feed and takes it', async () => {
  const source = await sourceServing(serveBody(rssFeed(generatedEntries(4, 700)), { etag: '"sin-cambios"' }), { enabled: false });
  // The database refuses one item's write, as a failure it may not repeat would (a lost connection).
  const store = app.services.store;
  const { startStreams, append } = store;
  store.startStreams = () => Promise.reject(new Error('lote rechazado'));
  store.append = (streamId, events, options) =>
    events.some((event) => event.data.title === 'Alerta de seguridad número 702')
      ? Promise.reject(new Error('escritura rechazada'))
      : append.call(store, streamId, events, options);
  try {
    const first = await importFeedSource(app.services, source.id, { metadata: feedImportMetadata });
    assert.equal({ count: first.count, failed: first.run.failed }, { count: 3, failed: 1 });
  } finally {
    Object.assign(store, { startStreams, append });
  }
  const next = await importFeedSource(app.services, source.id, { metadata: feedImportMetadata });
  assert.equal({ count: next.count, fetched: next.run.fetched }, { count: 1, fetched: 4 });
  assert.is((await articlesOf(app, source.id)).length, 4);
  // Once every item is in, the validators are kept: an unchanged feed is not read again.
  const after = await importFeedSource(app.services, source.id, { metadata: feedImportMetadata });
  assert.equal({ count: after.count, fetched: after.run.fetched }, { count: 0, fetched: 0 });
});

test('the unique (source, guid) index is the last guard: a duplicate costs one failed item, not its batch', async () => {
  const source = await sourceServing(serveBody(rssFeed(generatedEntries(150, 300))), { enabled: false });
  const loaded = await loadFeed(source.url, { allowPrivateHosts: true });
  if (loaded.status !== 'ok') throw new Error('expected a feed');
  // As if another writer imported item 120 between this run's read of known guids and its write.
  assert.equal(await createArticles(app.services, source, [loaded.feed.items[120]], feedImportMetadata), { created: 1, failed: 0 });
  assert.equal(await createArticles(app.services, source, loaded.feed.items, feedImportMetadata), { created: 149, failed: 1 });
  assert.is((await articlesOf(app, source.id)).length, 150);
});

test("a run copies its items' images four at a time, each address once", async () => {
  // Each image is held back until four are asked for at once (or two seconds passed): copied one at a
  // time, the most ever in flight would be one.
  let inFlight = 0;
  let most = 0;
  const waiting: (() => void)[] = [];
  const heldImage: RouteHandler = async (_req, res) => {
    inFlight += 1;
    most = Math.max(most, inFlight);
    if (inFlight >= 4) for (const release of waiting.splice(0)) release();
    else await new Promise<void>((resolve) => waiting.push(resolve) && setTimeout(resolve, 2_000));
    inFlight -= 1;
    res.writeHead(404).end();
  };
  const entries = generatedEntries(10, 900).map((entry, i) => ({ ...entry, image: feeds.url(`/portadas/${i % 8}.jpg`) }));
  for (let i = 0; i < 8; i++) feeds.setRoute(`/portadas/${i}.jpg`, heldImage);
  const source = await sourceServing(serveBody(rssFeed(entries)), { enabled: false });
  const run = await admin.post(`/api/rss/sources/${source.id}/fetch`);
  assert.is(run.status, 200, run.text);
  assert.is(run.body.count, 10, 'every item is imported, its image copied or not');
  assert.is(most, 4);
  const asked = feeds.requests.filter((request) => request.path.startsWith('/portadas/')).map((request) => request.path);
  assert.equal([...asked].sort(), Array.from({ length: 8 }, (_, i) => `/portadas/${i}.jpg`).sort(), 'each address fetched once');
  const articles = await articlesOf(app, source.id);
  assert.ok(
    articles.every((article) => article.image === null && (article.reviewNote ?? '').includes('/portadas/')),
    'a copy that failed leaves its note',
  );
});

if (usingPostgres) {
  /** A second app instance on the same PostgreSQL database, as a second server would be. */
  async function secondInstance(): Promise<AppServices & { close(): Promise<void> }> {
    const db = await openDb({ databaseUrl: app.config.databaseUrl, max: 5 });
    const services = await openServices(app.config, { db, log: () => {} });
    return { ...services, close: () => db.close() };
  }

  test('PostgreSQL: two app instances never import one source at the same time', async () => {
    const other = await secondInstance();
    try {
      const source = await sourceServing(slowFeed(6), { enabled: false });
      const outcomes = await Promise.allSettled([
        importFeedSource(app.services, source.id, { metadata: feedImportMetadata }),
        importFeedSource(other, source.id, { metadata: feedImportMetadata }),
      ]);
      assert.equal(outcomes.map((o) => o.status).sort(), ['fulfilled', 'rejected'], 'the advisory lock is held across instances');
      assertEachItemOnce(outcomes, 6);
      assert.is((await articlesOf(app, source.id)).length, 6);
    } finally {
      await other.close();
    }
  });

  test('PostgreSQL: two schedulers on two instances import every due source once, each item once', async () => {
    const other = await secondInstance();
    try {
      const sources = [await sourceServing(slowFeed(3, 200)), await sourceServing(slowFeed(4, 200)), await sourceServing(slowFeed(5, 200))];
      const runs = await Promise.all([runDueImports(app.services, new Date()), runDueImports(other, new Date())]);
      await assertScheduledOnce(sources, runs, [3, 4, 5]);
    } finally {
      await other.close();
    }
  });
}

test.run();
