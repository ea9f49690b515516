import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { decodeFeedBytes } from '../../../api/feeds/charset';
import { fetchFeedDocument, loadFeed } from '../../../api/feeds/index';
import { fixture, serveFixture, startFeedServer, type FeedServer } from '../../helpers/feed-server';

let server: FeedServer;
const local = { allowPrivateHosts: true };

test.before(async () => {
  server = await startFeedServer({
    '/cp1252-declared.xml': serveFixture('windows-1252.xml', { contentType: 'application/rss+xml' }),
    '/cp1252-header.xml': serveFixture('windows-1252.xml', { contentType: 'text/xml; charset="Windows-1252"' }),
    '/bom.xml': serveFixture('utf8-bom.xml', { contentType: 'application/xml' }),
    '/bom-mislabelled.xml': serveFixture('utf8-bom.xml', { contentType: 'application/xml; charset=iso-8859-1' }),
  });
});
test.after(() => server.close());

const expectedTitle = 'Espionaje industrial: “café” y contraseñas';

test('Windows-1252 declared in the XML declaration is decoded, curly quotes and euro sign included', async () => {
  const result = await loadFeed(server.url('/cp1252-declared.xml'), local);
  assert.ok(result.status === 'ok');
  if (result.status !== 'ok') return;
  assert.is(result.feed.items[0].title, expectedTitle);
  assert.is(result.feed.items[0].excerpt, 'Pagaron 500 € por la información.');
});

test('the charset of the Content-Type header is used', async () => {
  const result = await fetchFeedDocument(server.url('/cp1252-header.xml'), local);
  assert.ok(result.status === 'ok' && result.text.includes(expectedTitle));
});

test('UTF-8 with a byte-order mark parses, the mark dropped', async () => {
  const result = await loadFeed(server.url('/bom.xml'), local);
  assert.ok(result.status === 'ok');
  if (result.status !== 'ok') return;
  assert.is(result.feed.title, 'Diario con BOM');
  assert.is(result.feed.items[0].title, 'Ataques a la cadena de suministro en Limón');
});

test('a byte-order mark outweighs a wrong charset in the header', async () => {
  const result = await fetchFeedDocument(server.url('/bom-mislabelled.xml'), local);
  assert.ok(result.status === 'ok' && result.text.startsWith('<?xml') && result.text.includes('Limón'));
});

test('ISO-8859-1 and UTF-8 by header; undeclared bytes are UTF-8, else Windows-1252', () => {
  const latin1 = Buffer.from('<rss>caf\xe9</rss>', 'latin1');
  assert.is(decodeFeedBytes(latin1, 'text/xml; charset=ISO-8859-1'), '<rss>café</rss>');
  assert.is(decodeFeedBytes(Buffer.from('<rss>café</rss>'), 'text/xml; charset=utf-8'), '<rss>café</rss>');
  assert.is(decodeFeedBytes(Buffer.from('<rss>café</rss>'), null), '<rss>café</rss>');
  assert.is(decodeFeedBytes(latin1, null), '<rss>café</rss>');
  assert.is(decodeFeedBytes(Buffer.from('<rss>café</rss>'), 'text/xml; charset=no-existe'), '<rss>café</rss>', 'unknown labels fall back');
  assert.is(decodeFeedBytes(fixture('windows-1252.xml'), null).includes(expectedTitle), true);
});

test.run();
