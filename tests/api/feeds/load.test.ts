import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadFeed, isPublicAddress, type LoadedFeed, type LoadFeedOptions } from '../../../api/feeds/index';
import { fixture, serveBody, serveFixture, startFeedServer, feedFailure, type FeedServer } from '../../helpers/feed-server';

let server: FeedServer;
const local: LoadFeedOptions = { allowPrivateHosts: true };
const html = 'text/html; charset=utf-8';

test.before(async () => {
  server = await startFeedServer({
    '/blog': serveFixture('page-with-feed.html', { contentType: html }),
    '/feeds/rss2.xml': serveFixture('rss2.xml'),
    '/empresa': serveFixture('page-without-feed.html', { contentType: html }),
    '/mislabelled.xml': serveFixture('rss2.xml', { contentType: 'text/html' }),
    '/feed.json': serveFixture('feed.json', { contentType: 'application/feed+json' }),
    '/rota.xml': serveFixture('malformed.xml', { contentType: 'application/rss+xml' }),
    '/page-to-page': serveBody('<html><head><link rel="alternate" type="application/rss+xml" href="/empresa"></head></html>', { contentType: html }),
    '/conditional.xml': serveFixture('atom.xml', { contentType: 'application/atom+xml', etag: 'W/"abc"' }),
  });
});
test.after(() => server.close());

function ok(result: LoadedFeed) {
  if (result.status !== 'ok') throw new Error(`expected a feed, got ${result.status}`);
  return result;
}

test('an HTML page that advertises a feed is followed to that feed', async () => {
  const result = ok(await loadFeed(server.url('/blog'), local));
  assert.is(result.feedUrl, server.url('/feeds/rss2.xml'));
  assert.is(result.feed.format, 'rss');
  assert.is(result.feed.items.length, 3);
});

test('an HTML page without a feed link fails in Spanish', async () => {
  const error = await feedFailure(loadFeed(server.url('/empresa'), local));
  assert.is(error.message, 'La página no anuncia ningún feed RSS, Atom o JSON');
  assert.is(error.kind, 'no-feed-link');
});

test('discovery happens once: a feed link that leads to another page is not a feed', async () => {
  assert.is((await feedFailure(loadFeed(server.url('/page-to-page'), local))).kind, 'not-a-feed');
});

test('a feed served as text/html is read as the feed it is', async () => {
  const result = ok(await loadFeed(server.url('/mislabelled.xml'), local));
  assert.is(result.feedUrl, server.url('/mislabelled.xml'));
  assert.is(result.feed.items.length, 3);
});

test('a JSON Feed loads', async () => {
  assert.is(ok(await loadFeed(server.url('/feed.json'), local)).feed.format, 'json');
});

test('malformed XML fails the whole load, importing nothing', async () => {
  const error = await feedFailure(loadFeed(server.url('/rota.xml'), local));
  assert.is(error.message, 'El documento no es un feed válido (RSS, Atom, RDF o JSON Feed)');
});

test('an unchanged feed costs one 304: ETag round trip', async () => {
  const first = ok(await loadFeed(server.url('/conditional.xml'), local));
  assert.is(first.etag, 'W/"abc"');
  const before = server.requests.length;
  const second = await loadFeed(first.feedUrl, { ...local, etag: first.etag, lastModified: first.lastModified });
  assert.equal(second, { status: 'not-modified' });
  assert.is(server.requests.length - before, 1);
});

test('a feed that grows keeps the hashes of the items it already had', async () => {
  const item = (n: number) => `<item><title>Nota ${n}</title><link>https://crece.example/${n}</link><description>Texto ${n}</description></item>`;
  const feed = (count: number) =>
    `<rss version="2.0"><channel><title>Crece</title>${Array.from({ length: count }, (_, i) => item(count - i)).join('')}</channel></rss>`;
  server.setRoute('/grows.xml', serveBody(feed(2)));
  const before = ok(await loadFeed(server.url('/grows.xml'), local)).feed.items.map((i) => i.guidHash);
  server.setRoute('/grows.xml', serveBody(feed(3)));
  const after = ok(await loadFeed(server.url('/grows.xml'), local)).feed.items.map((i) => i.guidHash);
  assert.is(after.length, 3);
  assert.equal(after.filter((hash) => !before.includes(hash)).length, 1);
  assert.ok(before.every((hash) => after.includes(hash)));
});

test('a page on a public host whose feed link points at a private address is refused', async () => {
  const publicSite = await startFeedServer({}, { host: '127.0.0.2' });
  try {
    publicSite.setRoute(
      '/blog',
      serveBody(`<html><head><link rel="alternate" type="application/rss+xml" href="${server.url('/feeds/rss2.xml')}"></head></html>`, { contentType: html }),
    );
    const isAllowedAddress = (address: string) => address === '127.0.0.2' || isPublicAddress(address);
    const before = server.requests.length;
    const error = await feedFailure(loadFeed(publicSite.url('/blog'), { allowPrivateHosts: false, isAllowedAddress }));
    assert.is(error.message, 'Dirección no permitida: la fuente apunta a una red privada');
    assert.is(server.requests.length, before);
  } finally {
    await publicSite.close();
  }
});

test('the fixture HTML really is HTML to the sniffer, the fixture feed is not', async () => {
  const { looksLikeHtml } = await import('../../../api/feeds/index');
  assert.ok(looksLikeHtml(fixture('page-without-feed.html').toString(), null));
  assert.not.ok(looksLikeHtml(fixture('rss2.xml').toString(), 'text/html'));
  assert.not.ok(looksLikeHtml(fixture('feed.json').toString(), 'text/html'));
  assert.ok(looksLikeHtml('<p>hola</p>', 'text/html; charset=utf-8'));
});

test.run();
