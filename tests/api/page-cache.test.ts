// The visitors' kept pages on their own: each page is dropped by a change to what it read and by
// nothing else (a list by the index's word that the change reached it), a render that began before such
// a change is not kept, visitors asking for a page being
// rendered share that render, a kept page's ETag answers revalidations, and each compressed copy is
// made once however many ask for it at once.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { newsListQuery, type NewsArticle } from '../../domain';
import type { EventStore, StoredEvent } from '../../events';
import { clearOnChange } from '../../api/clear-on-change';
import { keptAddress, matchesEtag, PageCache, PageReads, type CachedPage } from '../../api/web/page-cache';
import type { PublicQueries } from '../../api/web/types';

const article = (id: string) => ({ id, slug: `articulo-${id}` }) as NewsArticle;
const source: PublicQueries = {
  listNews: async () => ({ items: [], total: 0 }),
  newsBySlug: async (slug) => (slug === 'perdido' ? null : article(slug.replace('articulo-', ''))),
  previewArticle: async () => null,
  listServices: async () => [],
  catchingUp: () => null,
};
const created = (id: string) => ({ type: 'NewsArticleCreated', streamId: id });
const serviceChanged = { type: 'ServiceUpdated', streamId: 'servicio-1' };

/** A page rendered now that read through `read`. */
async function render(cache: PageCache, url: string, read: (queries: PublicQueries) => Promise<unknown>, body = url): Promise<CachedPage> {
  const reads = new PageReads();
  await read(reads.queries(source));
  return { status: 200, type: 'text/html; charset=utf-8', cacheControl: 'no-cache', body: Buffer.from(body), reads };
}

test("an article's page stays kept when other articles change; its own change drops it; a list goes when the index says the change reached it", async () => {
  const cache = new PageCache();
  const generation = cache.generation;
  cache.set('/noticias/articulo-a', generation, await render(cache, '/noticias/articulo-a', (q) => q.newsBySlug('articulo-a')));
  cache.set('/', generation, await render(cache, '/', (q) => q.listNews(newsListQuery.parse({ limit: 3 }))));
  cache.set('/noticias?q=camaras', generation, await render(cache, '/noticias?q=camaras', (q) => q.listNews(newsListQuery.parse({ search: 'camaras' }))));
  cache.set('/contacto', generation, await render(cache, '/contacto', async () => {}));
  cache.changed([created('b')]);
  assert.ok(cache.get('/noticias/articulo-a'), 'another article leaves it');
  assert.ok(cache.get('/') && cache.get('/noticias?q=camaras'), 'the lists wait for the index');
  // The index took the new article in: it appears in the plain lists, not in that search.
  cache.listsChanged((query) => !query.search);
  assert.not.ok(cache.get('/'));
  assert.ok(cache.get('/noticias?q=camaras'), 'a search the article is not in stays');
  assert.ok(cache.get('/contacto'), 'a page that read no article stays');
  cache.changed([{ type: 'NewsArticleUpdated', streamId: 'a' }]);
  assert.not.ok(cache.get('/noticias/articulo-a'));
  assert.ok(cache.get('/contacto'));
  // Any other event that touches public pages (a service) drops every page.
  cache.changed([serviceChanged]);
  assert.not.ok(cache.get('/contacto'));
});

test('a page with no record of what it read, or that found no article, is dropped by any change', async () => {
  const cache = new PageCache();
  cache.set('/vieja', cache.generation, { status: 200, type: 'text/html', cacheControl: 'no-cache', body: Buffer.from('vieja') });
  cache.set('/noticias/perdido', cache.generation, await render(cache, '/noticias/perdido', (q) => q.newsBySlug('perdido')));
  cache.changed([created('c')]);
  assert.is(cache.size, 0);
});

test('a render that began before a change to what it read is not kept; one that read something else is', async () => {
  const cache = new PageCache();
  const before = cache.generation;
  const pageA = await render(cache, '/noticias/articulo-a', (q) => q.newsBySlug('articulo-a'));
  const list = await render(cache, '/noticias', (q) => q.listNews({} as never));
  cache.changed([created('a')]);
  assert.is(cache.set('/noticias/articulo-a', before, pageA), undefined);
  // Kept until the index takes the change in (no visitor is answered before it does): then dropped if it
  // reached the list. Once the index took a change in, a list rendered before it is not kept at all.
  assert.ok(cache.set('/noticias', before, list));
  cache.listsChanged(() => true);
  assert.not.ok(cache.get('/noticias'));
  assert.is(cache.set('/noticias', before, list), undefined);
  const pageB = await render(cache, '/noticias/articulo-b', (q) => q.newsBySlug('articulo-b'));
  assert.ok(cache.set('/noticias/articulo-b', before, pageB));
  // Older than the changes remembered: not kept.
  for (let i = 0; i < 600; i++) cache.changed([created(`x${i}`)]);
  assert.is(cache.set('/noticias/articulo-b', before, pageB), undefined);
});

test('a render that waited for the index to take a change in, and read its lists after, is kept; one that read them before, or at no known version, is not', async () => {
  const cache = new PageCache();
  let version = 3;
  const versioned: PublicQueries = { ...source, listNews: async () => ({ items: [], total: 0, listsVersion: version }) };
  const unversioned: PublicQueries = { ...source, listNews: async () => ({ items: [], total: 0 }) };
  const page = (reads: PageReads): CachedPage => ({
    status: 200,
    type: 'text/html; charset=utf-8',
    cacheControl: 'no-cache',
    body: Buffer.from('lista'),
    reads,
  });
  const readWith = async (queries: PublicQueries, times = 1) => {
    const reads = new PageReads();
    for (let i = 0; i < times; i++) await reads.queries(queries).listNews(newsListQuery.parse({ search: `palabra-${i}` }));
    return reads;
  };
  const began = cache.generation;
  const before = await readWith(versioned);
  const withoutVersion = await readWith(unversioned);
  // The index takes a change in (its lists are at version 4 from now on).
  version = 4;
  cache.listsChanged(() => true, 4);
  const after = await readWith(versioned);
  assert.is(cache.set('/noticias?q=antes', began, page(before)), undefined, 'read before the change');
  assert.is(cache.set('/noticias?q=sin-version', began, page(withoutVersion)), undefined, 'read at no known version');
  assert.ok(cache.set('/noticias?q=despues', began, page(after)), 'read after the change, though begun before it');
  // A page that read one list before a change and another after it is not kept.
  const cache2 = new PageCache();
  const began2 = cache2.generation;
  const mixed = new PageReads();
  version = 7;
  await mixed.queries(versioned).listNews(newsListQuery.parse({ search: 'uno' }));
  version = 8;
  cache2.listsChanged(() => true, 8);
  await mixed.queries(versioned).listNews(newsListQuery.parse({ search: 'dos' }));
  assert.is(mixed.listsReadAt, 7);
  assert.is(cache2.set('/inicio', began2, page(mixed)), undefined);
  // A change told without a version refuses every render under way that read a list.
  const cache3 = new PageCache();
  const began3 = cache3.generation;
  const late = await readWith(versioned);
  cache3.listsChanged(() => true);
  assert.is(cache3.set('/noticias?q=tarde', began3, page(late)), undefined);
});

test('a page kept again under its URL is dropped by what it read last, not by what the page before it read', async () => {
  const cache = new PageCache();
  cache.set('/noticias/x', cache.generation, await render(cache, '/noticias/x', (q) => q.newsBySlug('articulo-a')));
  cache.set('/noticias/x', cache.generation, await render(cache, '/noticias/x', (q) => q.newsBySlug('articulo-b')));
  cache.changed([{ type: 'NewsArticleUpdated', streamId: 'a' }]);
  assert.ok(cache.get('/noticias/x'));
  cache.listsChanged(() => true);
  assert.ok(cache.get('/noticias/x'), 'it reads no list');
  cache.changed([{ type: 'NewsArticleUpdated', streamId: 'b' }]);
  assert.not.ok(cache.get('/noticias/x'));
  // Evicted for room, then kept again reading a list: only the list's change drops it.
  const small = new PageCache(8 * 1024);
  small.set('/noticias/y', small.generation, await render(small, '/noticias/y', (q) => q.newsBySlug('articulo-c'), 'y'.repeat(1000)));
  for (let i = 0; i < 12; i++) small.set(`/otra-${i}`, small.generation, await render(small, `/otra-${i}`, async () => {}, 'z'.repeat(900)));
  assert.not.ok(small.get('/noticias/y'), 'evicted');
  small.set('/noticias/y', small.generation, await render(small, '/noticias/y', (q) => q.listNews(newsListQuery.parse({}))));
  small.changed([{ type: 'NewsArticleUpdated', streamId: 'c' }]);
  assert.ok(small.get('/noticias/y'));
  small.listsChanged(() => true);
  assert.not.ok(small.get('/noticias/y'));
});

test("a kept page's weak ETag answers If-None-Match, and changes with its bytes", async () => {
  const cache = new PageCache();
  const kept = cache.set('/', cache.generation, await render(cache, '/', async () => {}, 'uno'))!;
  assert.match(kept.etag!, /^W\/"[\w-]+"$/);
  assert.ok(matchesEtag(kept.etag, kept.etag!));
  assert.ok(matchesEtag(`"otra", ${kept.etag!.slice(2)}`, kept.etag!), 'in a list, weak or strong');
  assert.ok(matchesEtag('*', kept.etag!));
  assert.not.ok(matchesEtag(undefined, kept.etag!));
  const other = cache.set('/', cache.generation, await render(cache, '/', async () => {}, 'dos'))!;
  assert.is.not(other.etag, kept.etag);
  assert.not.ok(matchesEtag(kept.etag, other.etag!));
  // Pages large enough to be kept compressed: the same bytes have the same ETag (kept again, or by
  // another instance), and one character changed gives another.
  const list = (last: string) => `${'<li>Barrido en la sala de juntas</li>'.repeat(300)}<li>${last}</li>`;
  const keptBy = async (page: PageCache, html: string) => page.set('/noticias', page.generation, await render(page, '/noticias', async () => {}, html))!.etag;
  const first = await keptBy(new PageCache(), list('Señal'));
  assert.is(await keptBy(new PageCache(), list('Señal')), first);
  assert.is.not(await keptBy(new PageCache(), list('Señan')), first);
});

test('visitors asking for a page being rendered wait for that render and get what it kept', async () => {
  const cache = new PageCache();
  assert.is(cache.inProgress('/'), undefined);
  const settle = cache.begin('/');
  const waiting = [cache.inProgress('/'), cache.inProgress('/')];
  const kept = cache.set('/', cache.generation, await render(cache, '/', async () => {}));
  settle(kept, true);
  assert.equal(await Promise.all(waiting), [
    { kept, tryAgain: false },
    { kept, tryAgain: false },
  ]);
  assert.is(cache.inProgress('/'), undefined);
  // A render that kept nothing lets them render their own, or wait for the next one when the page may be
  // kept and something changed while it ran.
  const failed = cache.begin('/noticias');
  const waiter = cache.inProgress('/noticias');
  failed(undefined, false);
  assert.equal(await waiter, { kept: undefined, tryAgain: false });
  const refused = cache.begin('/noticias');
  const again = cache.inProgress('/noticias');
  cache.listsChanged(() => true);
  refused(undefined, true);
  assert.equal(await again, { kept: undefined, tryAgain: true });
  const unchanged = cache.begin('/noticias');
  const third = cache.inProgress('/noticias');
  unchanged(undefined, true);
  assert.equal(await third, { kept: undefined, tryAgain: false });
});

test('each compressed copy is made once, however many ask for it at once', async () => {
  const cache = new PageCache();
  const kept = cache.set('/', cache.generation, await render(cache, '/', async () => {}, 'x'.repeat(5000)))!;
  const first = cache.bytesOf('/', kept, 'br');
  assert.is(cache.bytesOf('/', kept, 'br'), first);
  assert.ok((await first).length < 5000);
});

test('a kept page holds only its brotli copy, made as it is kept, and each encoding still gives its bytes', async () => {
  const cache = new PageCache();
  const html = Array.from({ length: 400 }, (_, i) => `<li><a href="/noticias/barrido-${i}">Barrido número ${i} en la sala de juntas</a></li>`).join('\n');
  const kept = cache.set('/noticias', cache.generation, await render(cache, '/noticias', async () => {}, html))!;
  assert.is(kept.size, Buffer.byteLength(html));
  const br = await cache.bytesOf('/noticias', kept, 'br');
  assert.ok(br.length * 5 < Buffer.byteLength(html));
  const withBrotli = cache.bytes;
  assert.ok(withBrotli > br.length, 'the copy, and the address and entry beside it');
  assert.ok(withBrotli < br.length + Buffer.byteLength(html), 'the plain bytes are not kept');
  assert.is((await cache.bytesOf('/noticias', kept, null)).toString(), html, 'plain, from the brotli copy');
  const gzip = await cache.bytesOf('/noticias', kept, 'gzip');
  assert.is(gunzipSync(gzip).toString(), html, 'gzip, made from the brotli copy');
  assert.is(brotliDecompressSync(br).toString(), html);
  assert.is(cache.bytes, withBrotli + gzip.length);
  assert.is(cache.get('/noticias'), kept, 'still kept, still the same page');
});

test("the memory behind a kept copy is the copy counted, not the compressor's whole output chunk", async () => {
  const cache = new PageCache();
  const html = Array.from({ length: 300 }, (_, i) => `<p>Informe ${i * 7919}: barrido en la oficina ${i}</p>`).join('');
  const kept = cache.set('/informe', cache.generation, await render(cache, '/informe', async () => {}, html))!;
  for (const encoding of ['br', 'gzip'] as const) {
    const copy = await cache.bytesOf('/informe', kept, encoding);
    assert.ok(copy.length < 16 * 1024);
    assert.is(copy.buffer.byteLength, copy.length, `${encoding}: its memory is its own bytes`);
  }
  assert.is(brotliDecompressSync(await cache.bytesOf('/informe', kept, 'br')).toString(), html);
});

test('a page dropped while its compressed copy is being made stays dropped, and its copy still serves whoever asked', async () => {
  const cache = new PageCache();
  const html = 'Barrido en la sala de juntas. '.repeat(200);
  const kept = cache.set('/noticias/a', cache.generation, await render(cache, '/noticias/a', (q) => q.newsBySlug('articulo-a'), html))!;
  const making = cache.bytesOf('/noticias/a', kept, 'br');
  cache.changed([{ type: 'NewsArticleUpdated', streamId: 'a' }]);
  assert.is(cache.get('/noticias/a'), undefined);
  assert.is(brotliDecompressSync(await making).toString(), html);
  assert.is(cache.get('/noticias/a'), undefined, 'not kept again by its copy arriving');
  assert.is(cache.size, 0);
  assert.is(cache.bytes, 0);
});

test('long addresses count against the bound: many small pages under made-up addresses cannot fill memory', async () => {
  const cache = new PageCache(64 * 1024);
  for (let i = 0; i < 100; i++) {
    const url = `/noticias?q=${'x'.repeat(2000)}${i}`;
    cache.set(url, cache.generation, await render(cache, url, async () => {}, 'p'));
  }
  assert.ok(cache.bytes <= 64 * 1024, String(cache.bytes));
  assert.ok(cache.size < 32, `${cache.size} pages of one byte under 2 KB addresses`);
});

test("this instance's own commit drops the pages once, not again when its processor sees it", async () => {
  type Committed = Parameters<EventStore['onCommitted']>[0];
  let committed: Committed = () => {};
  const store = { onCommitted: (listener: Committed) => (committed = listener) } as unknown as EventStore;
  const drops: string[][] = [];
  const processor = clearOnChange(store, 'public-pages-cache', ['publicPages'], (changes) => drops.push(changes.map((change) => change.streamId)));
  const event = (position: number, streamId: string) => ({ position, streamId, type: 'NewsArticleCreated' }) as StoredEvent;
  committed([event(7, 'a')]);
  await processor.handle(event(7, 'a'), {} as never);
  // Another instance's write reaches this one through the processor only.
  await processor.handle(event(8, 'b'), {} as never);
  assert.equal(drops, [['a'], ['b']]);
});

test('a page is kept under its path and the values of the parameters it read, or under its whole address', () => {
  const at = (url: string, read: 'all' | string[]) => {
    const [path, query = ''] = url.split('?');
    return keptAddress(url, path, new URLSearchParams(query), read);
  };
  assert.is(at('/contacto?utm_source=boletin&fbclid=abc', []), '/contacto');
  assert.is(at('/formulario-avanzada?utm_source=boletin', ['borrador']), '/formulario-avanzada');
  assert.is(at('/formulario-avanzada?utm_source=boletin&borrador=a%20b', ['borrador']), '/formulario-avanzada?borrador=a+b');
  assert.is(at('/x?b=2&utm=1&a=1&a=3', ['b', 'a']), '/x?a=1&a=3&b=2', 'sorted by name, every value kept in order');
  assert.is(at('/noticias?q=antena&utm_source=boletin', 'all'), '/noticias?q=antena&utm_source=boletin');
  assert.is(at('/noticias', 'all'), '/noticias');
});

test.run();
