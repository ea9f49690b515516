// Two app instances on one PostgreSQL behind a reverse proxy, as a growing company runs it: a session
// made on one works on the other, a feed is imported once, a photo uploaded through one is served by
// the other (shared storage), and a write on one is in the lists, searches and pages of the other within a second.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runDueImports } from '../../api/feed-import';
import { PageReads } from '../../api/web/page-cache';
import { newsListQuery, type NewsListQuery } from '../../domain';
import { adminCredentials, Client, startTestApp, type TestApp } from '../helpers/app';
import { freshDatabase, usingPostgres } from '../helpers/database';
import { serveBody, startFeedServer, type FeedServer } from '../helpers/feed-server';
import { articlesOf, createSource, generatedEntries, rssFeed } from '../helpers/feed-sources';
import { startReverseProxy, type ReverseProxy } from '../helpers/reverse-proxy';
import { skipBecause } from '../helpers/skip';

if (!usingPostgres) {
  skipBecause('two instances behind a proxy', 'two instances share one PostgreSQL: set TEST_DATABASE_URL');
} else {
  const sharedDataDir = mkdtempSync(path.join(os.tmpdir(), 'dos-instancias-'));
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let instances: TestApp[];
  let proxy: ReverseProxy;
  let feeds: FeedServer;
  /** A client of the site as visitors reach it, able to pin one request to one instance. */
  class ProxiedClient extends Client {
    on = (instance: number) => ({
      get: (p: string) => this.get(p, { 'x-backend': String(instance) }),
      post: (p: string, body?: unknown) => this.post(p, body, { 'x-backend': String(instance) }),
      patch: (p: string, body?: unknown) => this.patch(p, body, { 'x-backend': String(instance) }),
      put: (p: string, body: Uint8Array, type: string) => this.request('PUT', p, body, { 'x-backend': String(instance), 'content-type': type }),
    });
  }

  test.before(async () => {
    database = await freshDatabase();
    await database.db.close();
    const env = { ADMIN_USERNAME: adminCredentials.username, ADMIN_PASSWORD: adminCredentials.password, PUBLIC_WRITE_LIMIT: '0', FEED_SCHEDULER: 'off' };
    // Both start at once, as after a deploy: migrations and the seed run once between them.
    instances = await Promise.all(
      [0, 1].map(() =>
        startTestApp(
          { databaseUrl: database.databaseUrl, dataDir: sharedDataDir, trustProxy: true, feedAllowPrivateHosts: true, sessionSecret: 'secreto-compartido' },
          env,
          { configuredDatabase: true },
        ),
      ),
    );
    proxy = await startReverseProxy(instances.map((instance) => instance.base));
    feeds = await startFeedServer();
  });
  test.after(async () => {
    await proxy?.close();
    await feeds?.close();
    for (const instance of instances ?? []) await instance.close().catch(() => {});
    await database?.drop();
    rmSync(sharedDataDir, { recursive: true, force: true });
  });

  test('both instances answer through the proxy, and the seed ran once', async () => {
    const visitor = new ProxiedClient(proxy.base);
    const [a, b] = [await visitor.on(0).get('/api/services'), await visitor.on(1).get('/api/services')];
    assert.is(a.status, 200);
    assert.equal(b.body, a.body);
    assert.is(a.body.length, 8);
    assert.ok(proxy.hits[0] > 0 && proxy.hits[1] > 0);
  });

  test('a session made on one instance works on the other', async () => {
    const staff = new ProxiedClient(proxy.base);
    assert.is((await staff.on(0).post('/api/auth/login', adminCredentials)).status, 200);
    const me = await staff.on(1).get('/api/auth/me');
    assert.is(me.status, 200);
    assert.is(me.body.username, adminCredentials.username);
    assert.is((await staff.on(1).post('/api/auth/logout')).status, 204);
    assert.is((await staff.on(0).get('/api/auth/me')).status, 401, 'signed out everywhere');
  });

  test('a feed due on both instances is fetched and imported once', async () => {
    feeds.setRoute('/compartida.xml', serveBody(rssFeed(generatedEntries(5))));
    const staff = await new ProxiedClient(proxy.base).login();
    const source = await createSource(staff, { url: feeds.url('/compartida.xml') });
    const before = feeds.requests.length;
    const [a, b] = await Promise.all(instances.map((instance) => runDueImports(instance.services)));
    const outcomes = [...a, ...b].filter((run) => run.sourceId === source.id);
    assert.is(outcomes.filter((run) => run.outcome === 'imported').length, 1, JSON.stringify(outcomes));
    assert.is(feeds.requests.length - before, 1, 'one fetch');
    const articles = await articlesOf(instances[1], source.id);
    assert.is(articles.length, 5);
    assert.is(new Set(articles.map((article) => article.guidHash)).size, 5);
  });

  test('a photo uploaded through one instance is served by the other', async () => {
    const visitor = new ProxiedClient(proxy.base);
    const target = (await visitor.on(0).post('/api/objects/upload')).body;
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#aa3344' } })
      .jpeg()
      .toBuffer();
    assert.is((await visitor.on(0).put(target.uploadURL, jpeg, 'image/jpeg')).status, 200);
    const staff = new ProxiedClient(proxy.base);
    await staff.on(1).post('/api/auth/login', adminCredentials);
    const served = await staff.on(1).get(target.objectPath);
    assert.is(served.status, 200);
    assert.is(served.headers.get('content-type'), 'image/jpeg');
  });

  /** Milliseconds until `check` holds, asked every 20 ms; fails past `limitMs`. */
  async function within(limitMs: number, check: () => Promise<boolean>): Promise<number> {
    const started = Date.now();
    while (!(await check())) {
      if (Date.now() - started > limitMs) throw new Error(`not within ${limitMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return Date.now() - started;
  }

  test('a write on one instance is in the lists and searches of the other within a second', async () => {
    const visitor = new ProxiedClient(proxy.base);
    const staff = new ProxiedClient(proxy.base);
    await staff.on(0).post('/api/auth/login', adminCredentials);
    // The other instance has just answered the visitors' list and this search (and keeps those answers).
    assert.is((await visitor.on(1).get('/api/news')).status, 200);
    assert.equal((await visitor.on(1).get('/api/news?search=ornitorrinco')).body, []);
    const created = await staff
      .on(0)
      .post('/api/news', { title: 'Ornitorrincos en A', slug: 'nueva-en-a', excerpt: 'e', content: '<p>c</p>', category: 'Noticias', author: 'A' });
    assert.is(created.status, 201, created.text);
    // On the instance that wrote it: in the very next answer.
    assert.equal(
      (await visitor.on(0).get('/api/news?search=ornitorrinco')).body.map((a: { slug: string }) => a.slug),
      ['nueva-en-a'],
    );
    // On the other: as soon as the append's notification arrives.
    await within(1000, async () => (await visitor.on(1).get('/api/news')).body.some((article: { slug: string }) => article.slug === 'nueva-en-a'));
    assert.equal(
      (await visitor.on(1).get('/api/news?search=ornitorrinco')).body.map((a: { slug: string }) => a.slug),
      ['nueva-en-a'],
    );
    assert.is((await visitor.on(1).get('/api/news/nueva-en-a')).status, 200);
  });

  test('a role given on one instance holds on the other within a second', async () => {
    const admin = new ProxiedClient(proxy.base);
    await admin.on(0).post('/api/auth/login', adminCredentials);
    const created = await admin.on(0).post('/api/users', { username: 'colaboradora', password: 'otra-clave-segura-1', role: 'colaborador' });
    assert.is(created.status, 201, created.text);
    const colleague = new ProxiedClient(proxy.base);
    assert.is((await colleague.on(1).post('/api/auth/login', { username: 'colaboradora', password: 'otra-clave-segura-1' })).status, 200);
    // Only admins list the users: instance 1 now knows this account as a collaborator.
    assert.is((await colleague.on(1).get('/api/users')).status, 403);
    assert.is((await admin.on(0).patch(`/api/users/${created.body.id}`, { role: 'admin' })).status, 200);
    await within(1000, async () => (await colleague.on(1).get('/api/users')).status === 200);
  });

  test("a news write on one instance drops the other's kept pages within a second", async () => {
    const staff = new ProxiedClient(proxy.base);
    await staff.on(0).post('/api/auth/login', adminCredentials);
    const pages = instances[1].services.pages;
    // Kept pages as the web layer keeps them, each with the list it asked for.
    const keep = (url: string, query: Partial<NewsListQuery>) => {
      const reads = new PageReads();
      reads.lists.push(newsListQuery.parse(query));
      pages.set(url, pages.generation, { status: 200, type: 'text/html; charset=utf-8', cacheControl: 'no-cache', body: Buffer.from(url), reads });
    };
    keep('/noticias', {});
    keep('/noticias?q=microfonos', { search: 'microfonos' });
    assert.ok(pages.get('/noticias'));
    const created = await staff
      .on(0)
      .post('/api/news', { title: 'Otra en A', slug: 'otra-en-a', excerpt: 'e', content: '<p>c</p>', category: 'Noticias', author: 'A' });
    assert.is(created.status, 201, created.text);
    await within(1000, async () => pages.get('/noticias') === undefined);
    assert.ok(pages.get('/noticias?q=microfonos'), 'a search the new article is not in stays kept');
    // A write of something no page shows (a contact message) keeps them.
    pages.set('/noticias', pages.generation, { status: 200, type: 'text/html; charset=utf-8', cacheControl: 'no-cache', body: Buffer.from('<p>nueva</p>') });
    const message = await new Client(instances[0].base).post('/api/contact', { name: 'Ana', email: 'ana@example.com', message: 'Necesito un barrido' });
    assert.is(message.status, 201, message.text);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.ok(pages.get('/noticias'));
  });
}

test.run();
