// The fetch reaches the public internet only. In these tests 127.0.0.2 plays "the internet" (through
// `isAllowedAddress`) and 127.0.0.1 plays the private network an attacker wants to reach.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fetchFeedDocument, isPublicAddress, isBlockedHostname, type FetchFeedOptions } from '../../../api/feeds/index';
import { redirectTo, serveFixture, startFeedServer, feedFailure, type FeedServer } from '../../helpers/feed-server';

const blockedMessage = 'Dirección no permitida: la fuente apunta a una red privada';
let internal: FeedServer; // 127.0.0.1: must never receive a request
let publicSite: FeedServer; // 127.0.0.2, same port

const publicOnly = (address: string) => address === '127.0.0.2' || isPublicAddress(address);
const guarded: FetchFeedOptions = { allowPrivateHosts: false, isAllowedAddress: publicOnly };

test.before(async () => {
  publicSite = await startFeedServer({ '/rss.xml': serveFixture('rss2.xml') }, { host: '127.0.0.2' });
  const port = Number(new URL(publicSite.origin).port);
  internal = await startFeedServer({ '/rss.xml': serveFixture('rss2.xml') }, { host: '127.0.0.1', port });
  publicSite.setRoute('/to-loopback', redirectTo(internal.url('/rss.xml')));
  publicSite.setRoute('/to-localhost', redirectTo(`http://localhost:${port}/rss.xml`));
  publicSite.setRoute('/to-metadata', redirectTo('http://169.254.169.254/latest/meta-data/'));
  publicSite.setRoute('/to-rebound-name', redirectTo(`http://rebind.example:${port}/rss.xml`));
});
test.after(async () => {
  await publicSite.close();
  await internal.close();
});

const refusal = (url: string, options: FetchFeedOptions = guarded) => feedFailure(fetchFeedDocument(url, options));

test('private, loopback, link-local, CGNAT, multicast and reserved addresses are not public', () => {
  for (const address of [
    '127.0.0.1',
    '127.8.8.8',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.255',
    '0.0.0.0',
    '0.1.2.3',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
    '198.18.0.1',
    '::',
    '::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '64:ff9b::a9fe:a9fe',
    '2002:c0a8:0101::1',
    '2001:db8::1',
    'not-an-ip',
    '',
  ])
    assert.not.ok(isPublicAddress(address), address);
});

test('ordinary internet addresses are public', () => {
  for (const address of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '151.101.1.69', '2606:4700:4700::1111', '::ffff:8.8.8.8', '2a00:1450:4001::200e']) {
    assert.ok(isPublicAddress(address), address);
  }
});

test('names of the machine itself and of the cloud metadata service are refused', () => {
  for (const name of ['localhost', 'LOCALHOST.', 'api.localhost', 'metadata.google.internal', 'metadata.goog', 'printer.local', 'db.internal']) {
    assert.ok(isBlockedHostname(name), name);
  }
  assert.not.ok(isBlockedHostname('feeds.example.com'));
});

test('literal private addresses are refused before any connection, however they are spelled', async () => {
  const port = new URL(internal.origin).port;
  for (const host of [
    '127.0.0.1',
    '0x7f000001',
    '2130706433',
    '0177.0.0.1',
    '[::1]',
    '[::ffff:127.0.0.1]',
    '169.254.169.254',
    '10.0.0.1',
    '[fd00::1]',
    '0.0.0.0',
    'localhost',
    'metadata.google.internal',
  ]) {
    const error = await refusal(`http://${host}:${port}/rss.xml`);
    assert.is(error.message, blockedMessage, host);
    assert.is(error.kind, 'blocked-address');
  }
  assert.is(internal.requests.length, 0);
});

test('a public-looking name that resolves to a private address is refused at connection time', async () => {
  const resolve = async () => [{ address: '127.0.0.1', family: 4 }];
  const error = await refusal(`http://feeds.example:${new URL(internal.origin).port}/rss.xml`, { ...guarded, resolve });
  assert.is(error.message, blockedMessage);
  assert.is(internal.requests.length, 0);
});

test('a name answering one public and one private address is refused', async () => {
  const resolve = async () => [
    { address: '127.0.0.2', family: 4 },
    { address: '10.0.0.7', family: 4 },
  ];
  assert.is((await refusal(publicSite.url('/rss.xml').replace('127.0.0.2', 'mixed.example'), { ...guarded, resolve })).kind, 'blocked-address');
});

test('the public test site itself is reachable under the same guard', async () => {
  const result = await fetchFeedDocument(publicSite.url('/rss.xml'), guarded);
  assert.is(result.status, 'ok');
});

test('a redirect to 127.0.0.1 is refused', async () => {
  assert.is((await refusal(publicSite.url('/to-loopback'))).message, blockedMessage);
  assert.is(internal.requests.length, 0);
});

test('redirects to localhost and to the metadata address are refused', async () => {
  assert.is((await refusal(publicSite.url('/to-localhost'))).message, blockedMessage);
  assert.is((await refusal(publicSite.url('/to-metadata'))).message, blockedMessage);
  assert.is(internal.requests.length, 0);
});

test('DNS rebinding: a name public on the first hop and private on the next is refused', async () => {
  let lookups = 0;
  const resolve = async () => [{ address: lookups++ === 0 ? '127.0.0.2' : '127.0.0.1', family: 4 }];
  const start = publicSite.url('/to-rebound-name').replace('127.0.0.2', 'rebind.example');
  assert.is((await refusal(start, { ...guarded, resolve })).message, blockedMessage);
  assert.is(lookups, 2);
  assert.is(internal.requests.length, 0);
});

test('with allowPrivateHosts (tests only) loopback is reachable', async () => {
  const result = await fetchFeedDocument(internal.url('/rss.xml'), { allowPrivateHosts: true });
  assert.is(result.status, 'ok');
});

test.run();
