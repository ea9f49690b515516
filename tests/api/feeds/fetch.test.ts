import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { gzipSync } from 'node:zlib';
import { fetchFeedDocument, type FetchFeedOptions } from '../../../api/feeds/index';
import { fixture, redirectTo, serveBody, serveFixture, serveHuge, serveSlowly, startFeedServer, feedFailure, type FeedServer } from '../../helpers/feed-server';

let server: FeedServer;
const local: FetchFeedOptions = { allowPrivateHosts: true };

test.before(async () => {
  server = await startFeedServer({
    '/rss.xml': serveFixture('rss2.xml'),
    '/missing': (_req, res) => void res.writeHead(404).end('no'),
    '/broken': (_req, res) => void res.writeHead(500).end('boom'),
    '/slow-headers': serveSlowly(2_000),
    '/slow-body': serveSlowly(100, '<rss version="2.0"><channel><title>Goteo</title></channel></rss>'),
    '/huge': serveHuge(6 * 1024 * 1024),
    '/huge-declared': serveHuge(6 * 1024 * 1024, { declareLength: true }),
    '/gzip.xml': serveBody(gzipSync(fixture('rss2.xml')), { headers: { 'content-encoding': 'gzip' } }),
    '/gzip-bomb': serveBody(gzipSync(Buffer.alloc(20 * 1024 * 1024, ' ')), { headers: { 'content-encoding': 'gzip' } }),
    '/to-ftp': redirectTo('ftp://example.com/feed.xml'),
  });
  // /hop/n answers a chain of n redirects: /hop/n -> /hop/n-1 -> ... -> /hop/1 -> the feed.
  for (let n = 2; n <= 6; n++) server.setRoute(`/hop/${n}`, redirectTo(`/hop/${n - 1}`, n % 2 ? 301 : 307));
  server.setRoute('/hop/1', redirectTo('/rss.xml', 308));
});
test.after(() => server.close());

test('a feed is downloaded with a clear User-Agent and without validators the first time', async () => {
  const result = await fetchFeedDocument(server.url('/rss.xml'), local);
  assert.is(result.status, 'ok');
  if (result.status !== 'ok') return;
  assert.ok(result.text.includes('Un equipo de <b>barrido'));
  assert.is(result.finalUrl, server.url('/rss.xml'));
  assert.is(result.contentType, 'application/rss+xml; charset=utf-8');
  const sent = server.requests.at(-1)!;
  assert.match(String(sent.headers['user-agent']), /^ContraespionajeCR-FeedBot\/1\.0 \(\+https?:\/\//);
  assert.is(sent.headers['if-none-match'], undefined);
  assert.is(sent.headers['if-modified-since'], undefined);
});

test('a gzip-compressed answer is decompressed', async () => {
  const result = await fetchFeedDocument(server.url('/gzip.xml'), local);
  assert.ok(result.status === 'ok' && result.text.includes('Un equipo de <b>barrido'));
});

test('a 404 fails with its status in Spanish', async () => {
  const error = await feedFailure(fetchFeedDocument(server.url('/missing'), local));
  assert.is(error.message, 'La fuente respondió 404 (no encontrada)');
  assert.is(error.kind, 'http-status');
  assert.is(error.status, 502);
  assert.is((await feedFailure(fetchFeedDocument(server.url('/broken'), local))).message, 'La fuente respondió 500 (error interno del servidor)');
});

test('a source that takes too long to answer fails at the timeout', async () => {
  const started = Date.now();
  const error = await feedFailure(fetchFeedDocument(server.url('/slow-headers'), { ...local, timeoutMs: 300 }));
  assert.is(error.message, 'La fuente tardó más de 0,3 s en responder');
  assert.ok(Date.now() - started < 1_500, 'gave up promptly');
});

test('a body that trickles in slower than the timeout fails too: the deadline covers the whole download', async () => {
  const error = await feedFailure(fetchFeedDocument(server.url('/slow-body'), { ...local, timeoutMs: 300 }));
  assert.is(error.kind, 'timeout');
});

test('the default timeout is announced as 10 s', async () => {
  const { feedMessages } = await import('../../../api/feeds/index');
  assert.is(feedMessages.timeout(10_000), 'La fuente tardó más de 10 s en responder');
});

test('an endless body is cut at 5 MB while streaming', async () => {
  const error = await feedFailure(fetchFeedDocument(server.url('/huge'), local));
  assert.is(error.message, 'La fuente supera el tamaño máximo de 5 MB');
  assert.is(error.kind, 'too-large');
});

test('a declared Content-Length over the cap fails before reading', async () => {
  const error = await feedFailure(fetchFeedDocument(server.url('/huge-declared'), local));
  assert.is(error.kind, 'too-large');
});

test('the cap counts decompressed bytes, so a gzip bomb fails', async () => {
  const error = await feedFailure(fetchFeedDocument(server.url('/gzip-bomb'), local));
  assert.is(error.kind, 'too-large');
});

test('five redirects are followed and the final URL reported', async () => {
  const result = await fetchFeedDocument(server.url('/hop/5'), local);
  assert.ok(result.status === 'ok');
  if (result.status === 'ok') assert.is(result.finalUrl, server.url('/rss.xml'));
});

test('a chain of six redirects fails', async () => {
  const error = await feedFailure(fetchFeedDocument(server.url('/hop/6'), local));
  assert.is(error.message, 'Demasiadas redirecciones');
});

test('only http and https are fetched, also after a redirect', async () => {
  for (const url of ['ftp://example.com/feed.xml', 'file:///etc/passwd', 'javascript:alert(1)', 'data:text/xml,<rss/>']) {
    assert.is((await feedFailure(fetchFeedDocument(url, local))).message, 'Solo se permiten URL http o https');
  }
  assert.is((await feedFailure(fetchFeedDocument(server.url('/to-ftp'), local))).message, 'Solo se permiten URL http o https');
  assert.is((await feedFailure(fetchFeedDocument('no es una url', local))).kind, 'invalid-url');
});

test('an unreachable source fails with a Spanish message', async () => {
  const closed = await startFeedServer();
  const url = closed.url('/feed.xml');
  await closed.close();
  const error = await feedFailure(fetchFeedDocument(url, local));
  assert.ok(error.message.startsWith('No se pudo conectar con la fuente'), error.message);
  assert.is(error.kind, 'unreachable');
});

test('an ETag and Last-Modified round trip ends in not-modified', async () => {
  server.setRoute('/etag.xml', serveFixture('rss2.xml', { etag: '"v1"', lastModified: 'Tue, 10 Jun 2025 20:30:00 GMT' }));
  const first = await fetchFeedDocument(server.url('/etag.xml'), local);
  assert.ok(first.status === 'ok');
  if (first.status !== 'ok') return;
  assert.is(first.etag, '"v1"');
  assert.is(first.lastModified, 'Tue, 10 Jun 2025 20:30:00 GMT');
  const second = await fetchFeedDocument(server.url('/etag.xml'), { ...local, etag: first.etag, lastModified: first.lastModified });
  assert.equal(second, { status: 'not-modified' });
  const sent = server.requests.at(-1)!;
  assert.is(sent.headers['if-none-match'], '"v1"');
  assert.is(sent.headers['if-modified-since'], 'Tue, 10 Jun 2025 20:30:00 GMT');
});

test('a changed feed answers 200 again despite the old ETag', async () => {
  server.setRoute('/etag.xml', serveFixture('atom.xml', { etag: '"v2"' }));
  const result = await fetchFeedDocument(server.url('/etag.xml'), { ...local, etag: '"v1"' });
  assert.ok(result.status === 'ok' && result.etag === '"v2"');
});

test.run();
