// Scheduled articles: one goes public at its time with no request touching it, exactly once across
// instances and after a restart; moved or taken back, it waits or never goes; the scheduler reads the
// schedule a few times under a stream of writes, not once per write.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createApp } from '../../api/app';
import { loadConfig } from '../../api/config';
import type { NewsArticle } from '../../domain';
import { freshDatabase, usingPostgres } from '../helpers/database';
import { adminCredentials, startTestApp, type Client, type TestApp } from '../helpers/app';
import { article, create, everywhere, inFuture, nowhere, publicPlaces, publishedEvents } from '../helpers/news-writing';
import { skipBecause } from '../helpers/skip';
import { waitFor } from '../helpers/wait';

let app: TestApp;
let admin: Client;

test.before(async () => {
  app = await startTestApp();
  admin = await app.admin();
});
test.after(async () => {
  await app.close();
});

test('a scheduled article is absent from every public answer before its time, then present without any request, and the kept pages drop', async () => {
  const title = 'Programada contra rastreadores';
  const scheduled = await create(admin, { status: 'scheduled', publishedAt: inFuture(2_000), title });
  assert.is(scheduled.status, 'scheduled');
  assert.equal(await publicPlaces(app, scheduled.slug, title), nowhere);
  app.services.pages.set('/noticias', app.services.pages.generation, { status: 200, type: 'text/html', cacheControl: 'no-cache', body: Buffer.from('vieja') });
  assert.is(app.services.pages.size, 1);

  // No request touches the article: the scheduler's timer publishes it.
  await waitFor(async () => (await app.services.read.news.byId(scheduled.id))?.status === 'published', 10_000, 'the scheduled publication');
  assert.ok(Date.now() >= Date.parse(scheduled.publishedAt), 'not before its time');
  // The store tells its listeners once the commit is back, a moment after another connection may already read it.
  await waitFor(async () => app.services.pages.size === 0, 2_000, 'the kept pages dropped');
  assert.equal(await publicPlaces(app, scheduled.slug, title), everywhere);
  assert.is(await publishedEvents(app, scheduled.id), 1);
  const stream = await app.services.store.readStream(scheduled.id);
  const publication = stream.find((event) => event.type === 'NewsArticlePublished')!;
  assert.equal(publication.data, { from: 'scheduled', scheduledFor: scheduled.publishedAt });
  assert.is(publication.metadata.actor, null);
});

test('a scheduled article moved later waits for its new time; one moved back to draft is never published', async () => {
  const moved = await create(admin, { status: 'scheduled', publishedAt: inFuture(1_500) });
  const back = await create(admin, { status: 'scheduled', publishedAt: inFuture(1_500) });
  await admin.patch(`/api/news/${moved.id}`, { publishedAt: inFuture(3_600_000) });
  await admin.patch(`/api/news/${back.id}`, { status: 'draft' });
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  assert.is((await app.services.read.news.byId(moved.id))?.status, 'scheduled');
  assert.is((await app.services.read.news.byId(back.id))?.status, 'draft');
  assert.is(await publishedEvents(app, moved.id), 0);
  assert.is(await publishedEvents(app, back.id), 0);
});

test('a stream of article writes makes the scheduler read the schedule a few times, not once per write, and a time scheduled in it is still kept', async () => {
  const news = app.services.read.news;
  const soonestScheduled = news.soonestScheduled;
  let reads = 0;
  news.soonestScheduled = (limit) => {
    reads += 1;
    return soonestScheduled.call(news, limit);
  };
  try {
    // Settle: what earlier tests woke has been read.
    await new Promise((resolve) => setTimeout(resolve, 700));
    reads = 0;
    const started = Date.now();
    for (let i = 0; i < 10; i++) await create(admin, { status: 'draft' });
    const scheduled = await create(admin, { status: 'scheduled', publishedAt: inFuture(2_000) });
    const writing = Date.now() - started;
    await waitFor(async () => (await news.byId(scheduled.id))?.status === 'published', 10_000, 'the scheduled publication');
    // One read per half second of writes, one more for the time that came (and one at each end).
    const allowed = Math.ceil(writing / 500) + 3;
    assert.ok(reads <= allowed, `${reads} reads of the schedule for 11 writes in ${writing} ms (at most ${allowed})`);
  } finally {
    news.soonestScheduled = soonestScheduled;
  }
});

test('an article that fell due while the app was stopped is published when it starts again', async () => {
  const database = await freshDatabase();
  const config = loadConfig(
    { ADMIN_USERNAME: adminCredentials.username, ADMIN_PASSWORD: adminCredentials.password, FEED_SCHEDULER: 'off' } as NodeJS.ProcessEnv,
    { databaseUrl: database.databaseUrl },
  );
  const first = await createApp(config, { web: false, db: database.db, log: () => {} });
  const id = crypto.randomUUID();
  const { handle, newsArticle } = await import('../../events');
  const publishedAt = inFuture(1_000);
  const record = {
    ...article(),
    category: 'Ciberseguridad' as const,
    image: null,
    publishedAt,
    reviewRequired: false,
    status: 'scheduled' as const,
    isImported: false,
    sourceId: null,
    sourceUrl: null,
    guidHash: null,
  };
  await handle(first.services.store, newsArticle, id, { type: 'Create', record }, { actor: null, origin: 'system', requestId: id }, { newStream: true });
  await first.close();
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(publishedAt) - Date.now()) + 200));
  assert.is((await first.services.read.news.byId(id))?.status, 'scheduled', 'nothing ran while stopped');
  const second = await createApp(config, { web: false, db: database.db, log: () => {} });
  try {
    await waitFor(async () => (await second.services.read.news.byId(id))?.status === 'published', 10_000, 'the publication after the restart');
    assert.is((await second.services.store.readStream(id)).filter((event) => event.type === 'NewsArticlePublished').length, 1);
  } finally {
    await second.close();
    await database.drop();
  }
});

if (usingPostgres) {
  test('two instances on one database publish a scheduled article exactly once, also when the one that would have published stops first', async () => {
    const other = await startTestApp({}, {}, { shareDatabaseOf: app, subscriptions: { lockRetryMs: 200 } });
    try {
      const staff = await other.admin();
      const articles = await Promise.all([1, 2, 3].map(() => create(staff, { status: 'scheduled', publishedAt: inFuture(2_000) })));
      await waitFor(
        async () =>
          (await Promise.all(articles.map(async ({ id }) => (await other.services.read.news.byId(id))?.status))).every((status) => status === 'published'),
        15_000,
        'the three publications',
      );
      // Both instances answer them to visitors: the one that did not publish learns of it from the log,
      // a few milliseconds after the read table shows it.
      for (const [name, target] of [
        ['app', app],
        ['other', other],
      ] as const) {
        const listed = async () => {
          const slugs = (await target.client().get('/api/news?limit=100')).body.map((item: NewsArticle) => item.slug);
          return articles.every(({ slug }) => slugs.includes(slug));
        };
        await waitFor(listed, 5_000, `the three articles in the visitors' list of ${name}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
      for (const { id } of articles) assert.is(await publishedEvents(app, id), 1, id);
    } finally {
      await other.close();
    }
  });
} else {
  skipBecause('scheduled publication exactly once across two instances', 'two instances need PostgreSQL: set TEST_DATABASE_URL');
}

test("the scheduler's tick publishes what its clock says is due and answers when the next article is", async () => {
  const { newsScheduler } = await import('../../api/news-schedule');
  const hour = 3_600_000;
  const start = Date.now();
  const sooner = await create(admin, { status: 'scheduled', publishedAt: new Date(start + 10 * hour).toISOString() });
  const later = await create(admin, { status: 'scheduled', publishedAt: new Date(start + 20 * hour).toISOString() });
  let clock = start + 9 * hour;
  const lines: string[] = [];
  const scheduler = newsScheduler(
    app.services.store,
    app.services.read,
    (line) => lines.push(line),
    () => new Date(clock),
  );
  const context = { db: app.services.db, attempt: 1 };
  // Before either is due: nothing published, and the wait is until the sooner one (nothing else is scheduled later than 9 hours).
  assert.is(await scheduler.tick!(context), hour);
  assert.is(await publishedEvents(app, sooner.id), 0);
  clock = start + 15 * hour;
  assert.is(await scheduler.tick!(context), 5 * hour);
  assert.is((await app.services.read.news.byId(sooner.id))?.status, 'published');
  assert.is((await app.services.read.news.byId(later.id))?.status, 'scheduled');
  clock = start + 21 * hour;
  assert.is(await scheduler.tick!(context), null, 'none left');
  assert.is(await publishedEvents(app, later.id), 1);
  assert.equal(lines, []);
});

test.run();
