// A feed that cannot be read fails the whole run with a Spanish reason (502 over HTTP), imports nothing,
// and leaves that reason on the source card; private addresses are refused outside tests.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FeedImportFailed, importFeedSource } from '../../api/feed-import';
import { startTestApp, type Client, type TestApp } from '../helpers/app';
import { serveBody, serveFixture, serveHuge, serveSlowly, startFeedServer, type FeedServer } from '../helpers/feed-server';
import { articlesOf, createSource, feedImportMetadata, generatedEntries, rssFeed } from '../helpers/feed-sources';

let app: TestApp;
let feeds: FeedServer;
let admin: Client;

const html = 'text/html; charset=utf-8';

test.before(async () => {
  feeds = await startFeedServer({
    '/pagina': serveFixture('page-without-feed.html', { contentType: html }),
    '/rota.xml': serveFixture('malformed.xml'),
    '/enorme.xml': serveHuge(6 * 1024 * 1024),
    '/lenta.xml': serveSlowly(2_000),
    '/anuncia-roto': serveBody('<html><head><link rel="alternate" type="application/rss+xml" href="/no-existe.xml"></head></html>', { contentType: html }),
  });
  app = await startTestApp({ feedAllowPrivateHosts: true });
  admin = await app.admin();
});

test.after(async () => {
  await app.close();
  await feeds.close();
});

/** Imports over HTTP and checks the failure everywhere it shows: the answer, the articles, the card. */
async function expectFailedImport(path: string, message: string | RegExp): Promise<void> {
  const source = await createSource(admin, { url: feeds.url(path) });
  const answer = await admin.post(`/api/rss/sources/${source.id}/fetch`);
  assert.is(answer.status, 502, answer.text);
  assert.equal(Object.keys(answer.body), ['message']);
  if (typeof message === 'string') assert.is(answer.body.message, message);
  else assert.match(answer.body.message, message);
  assert.is((await articlesOf(app, source.id)).length, 0, 'nothing imported');
  const card = (await admin.get('/api/rss/sources')).body.find((s: { id: string }) => s.id === source.id);
  // 'Última actualización' is the last time the feed was read: a failed run does not move it, but is the last run.
  assert.is(card.lastFetchedAt, null, 'a failed run is not an update');
  assert.ok(card.lastRun.at, 'the failed run is recorded as the last run');
  assert.equal(
    { ...card.lastRun, at: undefined },
    { at: undefined, fetched: 0, created: 0, skipped: 0, filtered: 0, tooLong: 0, failed: 0, error: answer.body.message },
  );
}

test('a 404 fails the run', () => expectFailedImport('/no-existe.xml', 'La fuente respondió 404 (no encontrada)'));

test('an HTML page without a feed link fails the run', () => expectFailedImport('/pagina', 'La página no anuncia ningún feed RSS, Atom o JSON'));

test('a page whose advertised feed is missing fails the run', () => expectFailedImport('/anuncia-roto', 'La fuente respondió 404 (no encontrada)'));

test('malformed XML fails the run', () => expectFailedImport('/rota.xml', 'El documento no es un feed válido (RSS, Atom, RDF o JSON Feed)'));

test('an oversize body fails the run', () => expectFailedImport('/enorme.xml', 'La fuente supera el tamaño máximo de 5 MB'));

test('a source that does not answer in time fails the run', async () => {
  const source = await createSource(admin, { url: feeds.url('/lenta.xml') });
  const started = Date.now();
  try {
    await importFeedSource(app.services, source.id, { metadata: feedImportMetadata, timeoutMs: 300 });
    assert.unreachable('the import should fail');
  } catch (error) {
    assert.instance(error, FeedImportFailed);
    assert.is((error as FeedImportFailed).status, 502);
    assert.is((error as Error).message, 'La fuente tardó más de 0,3 s en responder');
  }
  assert.ok(Date.now() - started < 1_500, 'the run gave up at its deadline');
  const reread = await app.services.read.feedSources.byId(source.id);
  assert.is(reread!.lastRun!.error, 'La fuente tardó más de 0,3 s en responder');
});

test('an unreachable source fails the run', async () => {
  const closed = await startFeedServer();
  const url = closed.url('/feed.xml');
  await closed.close();
  const source = await createSource(admin, { url });
  const answer = await admin.post(`/api/rss/sources/${source.id}/fetch`);
  assert.is(answer.status, 502);
  assert.match(answer.body.message, /^No se pudo conectar con la fuente/);
});

test('a failure after a good run keeps the articles, and the next good run recovers', async () => {
  feeds.setRoute('/intermitente.xml', serveBody(rssFeed(generatedEntries(2)), { etag: '"a"' }));
  const source = await createSource(admin, { url: feeds.url('/intermitente.xml') });
  assert.is((await admin.post(`/api/rss/sources/${source.id}/fetch`)).body.count, 2);
  feeds.setRoute('/intermitente.xml', serveBody('caído', { status: 503, contentType: 'text/plain' }));
  const failed = await admin.post(`/api/rss/sources/${source.id}/fetch`);
  assert.is(failed.status, 502);
  assert.is(failed.body.message, 'La fuente respondió 503 (servicio no disponible)');
  assert.is((await articlesOf(app, source.id)).length, 2);
  feeds.setRoute('/intermitente.xml', serveBody(rssFeed(generatedEntries(3)), { etag: '"b"' }));
  const recovered = await admin.post(`/api/rss/sources/${source.id}/fetch`);
  assert.is(recovered.body.count, 1);
  assert.is(recovered.body.run.error, null);
  assert.is((await admin.get('/api/rss/sources')).body.find((s: { id: string }) => s.id === source.id).lastRun.error, null);
});

test('private addresses are refused when the source is saved, while FEED_ALLOW_PRIVATE_HOSTS is off', async () => {
  const guarded = await startTestApp({ feedAllowPrivateHosts: false });
  try {
    const guardedAdmin = await guarded.admin();
    feeds.setRoute('/privada.xml', serveBody(rssFeed(generatedEntries(2))));
    const before = feeds.requests.length;
    for (const url of [
      feeds.url('/privada.xml'),
      feeds.url('/privada.xml').replace('127.0.0.1', 'localhost'),
      'http://[::1]/feed.xml',
      'http://169.254.169.254/latest',
    ]) {
      const answer = await guardedAdmin.post('/api/rss/sources', { name: 'Privada', url, defaultCategory: 'Ciberseguridad' });
      assert.is(answer.status, 400, url);
      assert.is(answer.body.errors.url, 'Dirección no permitida: la fuente apunta a una red privada');
    }
    const saved = await guardedAdmin.post('/api/rss/sources', { name: 'Pública', url: 'https://example.com/feed.xml', defaultCategory: 'Ciberseguridad' });
    assert.is(saved.status, 201);
    const moved = await guardedAdmin.patch(`/api/rss/sources/${saved.body.id}`, { url: feeds.url('/privada.xml') });
    assert.is(moved.status, 400);
    assert.is(moved.body.errors.url, 'Dirección no permitida: la fuente apunta a una red privada');
    assert.is((await guardedAdmin.get('/api/rss/sources')).body.length, 1);
    assert.is(feeds.requests.length, before, 'not one request reached the private server');
  } finally {
    await guarded.close();
  }
});

test.run();
