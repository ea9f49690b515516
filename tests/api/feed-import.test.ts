// Importing a feed into news over HTTP: counts, re-imports, conditional GET, growth, article fields,
// the review queue, keyword filters, deleted items, the source card and feed discovery.
import { createHash } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type Client, type TestApp } from '../helpers/app';
import { serveBody, serveFixture, startFeedServer, type FeedServer } from '../helpers/feed-server';
import { articlesOf, createSource, generatedEntries, rssFeed } from '../helpers/feed-sources';
import { maxArticleContent } from '../../domain';

let app: TestApp;
let feeds: FeedServer;
let admin: Client;
let visitor: Client;
/** What the app logged. */
const logLines: string[] = [];

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const fetchSource = (id: string) => admin.post(`/api/rss/sources/${id}/fetch`);
const requestsTo = (path: string) => feeds.requests.filter((r) => r.path === path);

test.before(async () => {
  feeds = await startFeedServer({
    '/rss2.xml': serveFixture('rss2.xml'),
    '/etag.xml': serveFixture('rss2.xml', { etag: '"v1"' }),
    '/xss.xml': serveFixture('xss.xml'),
    '/blog': serveFixture('page-with-feed.html', { contentType: 'text/html; charset=utf-8' }),
    '/feeds/rss2.xml': serveFixture('rss2.xml', { etag: '"descubierto"' }),
    '/incompleto.xml': serveFixture('missing-fields.xml'),
  });
  app = await startTestApp({ feedAllowPrivateHosts: true }, {}, { log: (line) => logLines.push(line) });
  admin = await app.admin();
  visitor = app.client();
});

test.after(async () => {
  await app.close();
  await feeds.close();
});

test('importing a feed answers the number of new articles', async () => {
  const source = await createSource(admin, { url: feeds.url('/rss2.xml') });
  const answer = await fetchSource(source.id);
  assert.is(answer.status, 200, answer.text);
  assert.is(answer.body.count, 3);
  assert.is(answer.body.run.created, 3);
  assert.is((await articlesOf(app, source.id)).length, 3);
});

test('an imported article carries every field of an article', async () => {
  const source = await createSource(admin, { url: feeds.url('/rss2.xml?campos'), name: 'Seguridad al Día', defaultCategory: 'Anti-Espionaje' });
  await fetchSource(source.id);
  const articles = await articlesOf(app, source.id);
  const microphones = articles.find((a) => a.sourceUrl === 'https://noticias.example/2025/06/microfonos')!;
  assert.is(microphones.title, 'Detectan micrófonos ocultos en oficinas & salas de juntas');
  // The first import of this fixture (previous test) took the plain slug; this one gets a suffix.
  assert.is(microphones.slug, 'detectan-microfonos-ocultos-en-oficinas-salas-de-juntas-2');
  assert.is(microphones.excerpt, 'Un equipo de barrido electrónico encontró tres micrófonos.');
  assert.match(microphones.content, /<a href="https:\/\/noticias\.example\/empresas\/acme" rel="noopener nofollow"[^>]*>una empresa<\/a>/);
  assert.match(microphones.content, 'src="https://noticias.example/img/microfono.jpg"');
  // The item's image is copied into the media library; this one's host does not exist, so none, and a note (tests/api/media.test.ts copies one).
  assert.is(microphones.image, null);
  assert.match(microphones.reviewNote ?? '', 'https://cdn.noticias.example/fotos/microfono.jpg');
  assert.is(microphones.author, 'María Pérez');
  assert.is(microphones.category, 'Anti-Espionaje');
  assert.is(microphones.publishedAt, '2025-06-10T20:30:00.000Z');
  assert.is(microphones.sourceId, source.id);
  assert.is(microphones.guidHash, sha256('urn:noticias:1001'));
  assert.is(microphones.isImported, true);
  assert.is(microphones.reviewRequired, true);

  const cameras = articles.find((a) => a.sourceUrl === 'https://noticias.example/2025/06/camaras')!;
  assert.is(cameras.author, 'Seguridad al Día', 'no author in the item: the source name');
  assert.match(cameras.reviewNote ?? '', 'https://cdn.noticias.example/fotos/camara.png', 'media:content');
  const gps = articles.find((a) => a.sourceUrl === 'https://noticias.example/2025/06/gps')!;
  assert.match(gps.reviewNote ?? '', 'https://cdn.noticias.example/fotos/gps-thumb.jpg', 'an audio enclosure is no image: media:thumbnail');
  assert.is(gps.excerpt, 'Cómo se ocultan los rastreadores GPS en los autos.');
  assert.is(new Set(articles.map((a) => a.slug)).size, 3);
});

test('hostile markup never reaches an article', async () => {
  const source = await createSource(admin, { url: feeds.url('/xss.xml') });
  assert.is((await fetchSource(source.id)).body.count, 1);
  const [article] = await articlesOf(app, source.id);
  assert.is(article.title, 'Título limpio');
  for (const bad of [
    '<script',
    'onerror',
    'onclick',
    'javascript:',
    'data:',
    '<iframe',
    '<form',
    '<input',
    '<style',
    '<object',
    '<embed',
    'style=',
    'alert(',
  ]) {
    assert.not.ok(article.content.toLowerCase().includes(bad), `content keeps ${bad}: ${article.content}`);
  }
  const good = /<a ([^>]*)>bueno<\/a>/.exec(article.content)?.[1] ?? '';
  assert.match(good, 'href="https://bueno.example/ok"');
  assert.match(good, 'rel="noopener nofollow"', 'the feed\'s rel="opener" is replaced');
});

test('a re-import adds nothing, and an unchanged feed with an ETag costs one 304', async () => {
  const source = await createSource(admin, { url: feeds.url('/etag.xml') });
  assert.is((await fetchSource(source.id)).body.count, 3);
  const before = requestsTo('/etag.xml').length;
  const again = await fetchSource(source.id);
  assert.is(again.status, 200);
  assert.is(again.body.count, 0);
  assert.equal({ ...again.body.run, at: undefined }, { at: undefined, fetched: 0, created: 0, skipped: 0, filtered: 0, tooLong: 0, failed: 0, error: null });
  const sent = requestsTo('/etag.xml').slice(before);
  assert.is(sent.length, 1, 'one request');
  assert.is(sent[0].headers['if-none-match'], '"v1"', 'the validator went back, so the answer was a 304');
  assert.is((await articlesOf(app, source.id)).length, 3);
});

test('a server that ignores validators still adds nothing on a re-import: every item is known', async () => {
  const source = await createSource(admin, { url: feeds.url('/rss2.xml?sin-validadores') });
  await fetchSource(source.id);
  const again = await fetchSource(source.id);
  assert.is(again.body.count, 0);
  assert.is(again.body.run.fetched, 3);
  assert.is(again.body.run.skipped, 3);
  assert.is((await articlesOf(app, source.id)).length, 3);
});

test('a feed that grows between two imports adds only the new items', async () => {
  feeds.setRoute('/crece.xml', serveBody(rssFeed(generatedEntries(4)), { etag: '"4"' }));
  const source = await createSource(admin, { url: feeds.url('/crece.xml'), autoPublish: true });
  assert.is((await fetchSource(source.id)).body.count, 4);
  feeds.setRoute('/crece.xml', serveBody(rssFeed([...generatedEntries(2, 5), ...generatedEntries(4)]), { etag: '"6"' }));
  const grown = await fetchSource(source.id);
  assert.is(grown.body.count, 2);
  assert.is(grown.body.run.skipped, 4);
  const titles = (await articlesOf(app, source.id)).map((a) => a.title).sort();
  assert.equal(titles, [1, 2, 3, 4, 5, 6].map((n) => `Alerta de seguridad número ${n}`).sort());
});

test('without autoPublish, articles stay away from visitors until they are published', async () => {
  feeds.setRoute('/revision.xml', serveBody(rssFeed([{ guid: 'r1', title: 'Pendiente de revisión', description: '<p>Texto</p>' }])));
  const source = await createSource(admin, { url: feeds.url('/revision.xml'), autoPublish: false });
  assert.is((await fetchSource(source.id)).body.count, 1);
  const [article] = await articlesOf(app, source.id);
  const visible = async () => (await visitor.get('/api/news?limit=100')).body.some((a: { id: string }) => a.id === article.id);

  assert.not.ok(await visible(), 'not in the public list');
  assert.ok(
    !(await visitor.get('/api/news?status=pending&limit=100')).body.some((a: { id: string }) => a.id === article.id),
    'asking for pending does not help a visitor',
  );
  assert.is((await visitor.get(`/api/news/${article.slug}`)).status, 404);
  const queue = await admin.get('/api/news?status=pending&limit=100');
  assert.ok(
    queue.body.some((a: { id: string }) => a.id === article.id),
    'in the review queue',
  );

  const published = await admin.patch(`/api/news/${article.id}`, { reviewRequired: false });
  assert.is(published.status, 200, published.text);
  assert.is(published.body.reviewRequired, false);
  assert.ok(await visible());
  assert.is((await visitor.get(`/api/news/${article.slug}`)).status, 200);
});

test('with autoPublish, articles are public at once', async () => {
  feeds.setRoute('/directo.xml', serveBody(rssFeed([{ guid: 'd1', title: 'Publicado al instante', description: '<p>Texto</p>' }])));
  const source = await createSource(admin, { url: feeds.url('/directo.xml'), autoPublish: true });
  await fetchSource(source.id);
  const [article] = await articlesOf(app, source.id);
  assert.is(article.reviewRequired, false);
  assert.is((await visitor.get(`/api/news/${article.slug}`)).status, 200);
  assert.ok((await visitor.get('/api/news?limit=100')).body.some((a: { id: string }) => a.id === article.id));
});

const filterFeed = rssFeed([
  { guid: 'f1', title: 'Micrófonos ocultos en una embajada', description: '<p>Barrido completo.</p>' },
  { guid: 'f2', title: 'Nuevo teléfono plegable', description: '<p>Reseña de producto.</p>' },
  { guid: 'f3', title: 'Informe trimestral', description: '<p>Aumentan los casos de <b>ESPIONAJE</b> industrial.</p>' },
  { guid: 'f4', title: 'Espionaje y publicidad', description: '<p>Contenido patrocinado.</p>' },
]);

async function importFiltered(name: string, includeKeywords: string[], excludeKeywords: string[]) {
  feeds.setRoute(`/filtros/${name}.xml`, serveBody(filterFeed));
  const source = await createSource(admin, { url: feeds.url(`/filtros/${name}.xml`), includeKeywords, excludeKeywords });
  const answer = await fetchSource(source.id);
  const guids = (await articlesOf(app, source.id)).map((a) => a.guidHash);
  return { answer, kept: ['f1', 'f2', 'f3', 'f4'].filter((g) => guids.includes(sha256(g))) };
}

test('include keywords keep only matching items, accent- and case-blind, in title or content', async () => {
  const { answer, kept } = await importFiltered('incluir', ['MICROFONOS', 'espionaje'], []);
  assert.equal(kept, ['f1', 'f3', 'f4']);
  assert.is(answer.body.count, 3);
  assert.is(answer.body.run.skipped, 1, 'a filtered item counts as skipped');
});

test('exclude keywords drop matching items, even when an include keyword matches', async () => {
  const { kept } = await importFiltered('excluir', ['espionaje', 'micrófonos'], ['PUBLICIDAD', 'Embajada']);
  assert.equal(kept, ['f3']);
  assert.equal((await importFiltered('solo-excluir', [], ['telefono'])).kept, ['f1', 'f3', 'f4']);
});

test('a change of the keyword filters makes the next import read the whole feed again', async () => {
  feeds.setRoute('/filtros/cambio.xml', serveBody(filterFeed, { etag: '"filtros"' }));
  const source = await createSource(admin, { url: feeds.url('/filtros/cambio.xml'), includeKeywords: ['espionaje'] });
  const first = await fetchSource(source.id);
  assert.is(first.body.run.created, 2);
  assert.is(first.body.run.filtered, 2);

  // An edit of what the import does not read keeps the validators: the unchanged feed is a 304.
  assert.is((await admin.patch(`/api/rss/sources/${source.id}`, { name: 'Renombrada', enabled: false })).status, 200);
  // The dialog sends every field: the same URL and filters sent again are no change either.
  const same = await admin.patch(`/api/rss/sources/${source.id}`, {
    name: 'Renombrada otra vez',
    url: source.url,
    includeKeywords: ['espionaje'],
    excludeKeywords: [],
  });
  assert.is(same.status, 200, same.text);
  let before = requestsTo('/filtros/cambio.xml').length;
  assert.is((await fetchSource(source.id)).body.count, 0);
  assert.is(requestsTo('/filtros/cambio.xml').slice(before)[0].headers['if-none-match'], '"filtros"');

  // New filters: the same unchanged feed is read whole, and the items the old ones refused come in.
  const patched = await admin.patch(`/api/rss/sources/${source.id}`, { includeKeywords: [] });
  assert.is(patched.status, 200, patched.text);
  before = requestsTo('/filtros/cambio.xml').length;
  const second = await fetchSource(source.id);
  assert.is(second.status, 200, second.text);
  assert.is(second.body.count, 2);
  assert.is(second.body.run.skipped, 2, 'the two imported before are known');
  assert.is(requestsTo('/filtros/cambio.xml').slice(before)[0].headers['if-none-match'], undefined, 'no validator sent');
  assert.equal((await articlesOf(app, source.id)).map((a) => a.guidHash).sort(), ['f1', 'f2', 'f3', 'f4'].map(sha256).sort());

  // The run under the new filters keeps validators again; so does a change of the exclude keywords drop them.
  before = requestsTo('/filtros/cambio.xml').length;
  assert.is((await fetchSource(source.id)).body.run.fetched, 0, 'a 304');
  assert.is((await admin.patch(`/api/rss/sources/${source.id}`, { excludeKeywords: ['publicidad'] })).status, 200);
  assert.is((await fetchSource(source.id)).body.run.fetched, 4, 'read whole again');
  assert.equal(
    requestsTo('/filtros/cambio.xml')
      .slice(before)
      .map((r) => r.headers['if-none-match'] ?? null),
    ['"filtros"', null],
  );
});

test('an article deleted by staff is not imported again', async () => {
  feeds.setRoute('/borrado.xml', serveBody(rssFeed(generatedEntries(3, 100))));
  const source = await createSource(admin, { url: feeds.url('/borrado.xml') });
  await fetchSource(source.id);
  const doomed = (await articlesOf(app, source.id))[0];
  assert.is((await admin.delete(`/api/news/${doomed.id}`)).status, 204);
  // A new ETag (or none): the server sends the whole feed again, the deleted item included.
  const again = await fetchSource(source.id);
  assert.is(again.body.count, 0);
  const left = await articlesOf(app, source.id);
  assert.is(left.length, 2);
  assert.not.ok(left.some((a) => a.guidHash === doomed.guidHash));
});

test('one bad item is skipped and counted; the rest import', async () => {
  const source = await createSource(admin, { url: feeds.url('/incompleto.xml') });
  const answer = await fetchSource(source.id);
  assert.is(answer.status, 200, answer.text);
  assert.is(answer.body.count, 5);
  assert.is(answer.body.run.skipped, 1, 'the item with neither title nor content');
  assert.is(answer.body.run.fetched, 6);
  assert.is(answer.body.run.error, null);
});

test('an item longer than an article may be is skipped, counted in the run and logged with its reason in Spanish; the rest import', async () => {
  const [long, short] = generatedEntries(2, 300);
  feeds.setRoute('/largo.xml', serveBody(rssFeed([{ ...long, content: `<p>${'x'.repeat(maxArticleContent)}</p>` }, short])));
  const source = await createSource(admin, { url: feeds.url('/largo.xml') });
  const answer = await fetchSource(source.id);
  assert.is(answer.status, 200, answer.text);
  assert.is(answer.body.count, 1);
  assert.equal(
    { fetched: answer.body.run.fetched, skipped: answer.body.run.skipped, tooLong: answer.body.run.tooLong },
    { fetched: 2, skipped: 1, tooLong: 1 },
  );
  assert.equal(
    (await articlesOf(app, source.id)).map((article) => article.title),
    [short.title],
  );
  const logged = logLines.find((line) => line.includes('feed items skipped') && line.includes(source.id));
  assert.ok(logged, 'the run is logged');
  assert.match(logged!, `Elemento 1: el contenido ocupa ${maxArticleContent + 7} caracteres`);
});

test('the source card shows the last run and when it happened', async () => {
  feeds.setRoute('/tarjeta.xml', serveBody(rssFeed(generatedEntries(2, 200))));
  const source = await createSource(admin, { url: feeds.url('/tarjeta.xml'), includeKeywords: ['200'] });
  assert.is(source.lastFetchedAt, null);
  assert.is(source.lastRun, null);
  const startedAt = Date.now();
  await fetchSource(source.id);
  const card = (await admin.get('/api/rss/sources')).body.find((s: { id: string }) => s.id === source.id);
  assert.ok(Date.parse(card.lastFetchedAt) >= startedAt - 1000);
  assert.equal(card.lastRun, { at: card.lastFetchedAt, fetched: 2, created: 1, skipped: 1, filtered: 1, tooLong: 0, failed: 0, error: null });
});

test('an HTML page that advertises a feed imports that feed, and later runs read the feed directly', async () => {
  const source = await createSource(admin, { url: feeds.url('/blog') });
  const answer = await fetchSource(source.id);
  assert.is(answer.body.count, 3);
  assert.ok((await articlesOf(app, source.id)).every((a) => a.sourceUrl?.startsWith('https://noticias.example/')));
  const pageVisits = requestsTo('/blog').length;
  const before = requestsTo('/feeds/rss2.xml').length;
  assert.is((await fetchSource(source.id)).body.count, 0);
  assert.is(requestsTo('/blog').length, pageVisits, 'the page is not read again');
  const sent = requestsTo('/feeds/rss2.xml').slice(before);
  assert.is(sent.length, 1);
  assert.is(sent[0].headers['if-none-match'], '"descubierto"');
});

test('importing an unknown source is a 404, and visitors may not import', async () => {
  assert.is((await fetchSource('00000000-0000-4000-8000-000000000000')).status, 404);
  const source = await createSource(admin, { url: feeds.url('/rss2.xml?visitante') });
  const answer = await visitor.post(`/api/rss/sources/${source.id}/fetch`);
  assert.is(answer.status, 401);
  assert.is((await articlesOf(app, source.id)).length, 0);
});

test.run();
