// The server renders each news card once and reuses its markup in every list that shows the article,
// and each page's header and footer once per path (pwa/lib/server-fragments.tsx). The browser hydrates
// those parts as if they had been rendered in place, so the markup must be byte for byte what rendering
// in place makes: these tests render the built pages (as in production) with the cache and without it,
// for articles of every shape, every public page in both languages, the first time and from the
// cache, and require the same HTML.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { NewsArticle, NewsSummary } from '../../domain';
import type * as ServerEntry from '../../pwa/entry-server';
import type { PageDataSource } from '../../pwa/entry-server';
import { newsSummary } from '../helpers/news-summary';
import { skipBecause } from '../helpers/skip';
import { projectRoot } from '../../events/project-root';

const entryFile = path.join(projectRoot, 'dist/server/entry-server.js');

const site = { siteName: 'Contraespionaje CR', contactPhone: '+506 2222 3333', contactEmail: 'info@example.cr', publicUrl: 'https://example.cr' };

function summary(n: number, fields: Partial<NewsSummary> = {}): NewsSummary {
  return newsSummary({
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    title: `Barrido electrónico número ${n}`,
    slug: `barrido-${n}`,
    excerpt: `Resumen del barrido ${n} en una sala de juntas.`,
    category: 'Anti-Espionaje',
    publishedAt: new Date(Date.UTC(2026, 3, n, 15, 30)).toISOString(),
    ...fields,
  });
}

// Every shape a card takes: no image, an https image, a library image with its sources, text that must
// be escaped, an English version (whole or title only), another category, a date across midnight in
// Costa Rica.
const articles: NewsSummary[] = [
  summary(1),
  summary(2, { image: 'https://images.example.org/sala.jpg', imageAlt: 'Sala de juntas' }),
  summary(3, {
    image: '/objects/media/abc123-1600x900.jpg',
    imageAlt: null,
    picture: {
      width: 1600,
      height: 900,
      sources: [
        { type: 'image/avif', srcSet: '/objects/media/abc123-640.avif 640w, /objects/media/abc123-1600.avif 1600w' },
        { type: 'image/webp', srcSet: '/objects/media/abc123-640.webp 640w, /objects/media/abc123-1600.webp 1600w' },
      ],
    },
  }),
  summary(4, { title: 'Micrófonos <ocultos> & "cámaras" en l\'oficina', excerpt: 'Texto con <b>etiquetas</b> & símbolos' }),
  summary(5, { englishTitle: 'Bug sweep in a boardroom', englishExcerpt: 'What we found.' }),
  summary(6, { englishTitle: 'Title only in English' }),
  summary(7, { category: 'Ciberseguridad', publishedAt: '2026-04-08T05:30:00.000Z' }),
];

function dataSource(items: NewsSummary[]): PageDataSource {
  const article: NewsArticle = { ...items[0], content: '<p>Texto del artículo.</p>', englishContent: null, version: 1 };
  return {
    listNews: async () => ({ items, total: 40 }),
    newsBySlug: async () => article,
    previewArticle: async () => null,
    listServices: async () => [],
  };
}

// Every server-rendered public page in both languages (each with its own header and footer: the active
// link and the language link depend on the path), a news list under several searches and filters (its
// filters' form is kept too: the same for every page of a search), and the 404 page.
const pages = [
  '/noticias',
  '/noticias?q=barrido',
  '/noticias?q=barrido&pagina=2',
  '/noticias?categoria=Ciberseguridad',
  '/noticias?q=sala&categoria=Tecnolog%C3%ADa&desde=2024-01-05&hasta=2024-02-01&orden=antiguas',
  '/en/news?desde=2024-03-01&orden=antiguas',
  '/en/news',
  '/en/news?q=sweep',
  '/',
  '/en',
  '/servicios',
  '/en/services',
  '/contacto',
  '/en/contact',
  '/noticias/barrido-1',
  '/en/news/barrido-1',
  '/no-existe',
  '/en/no-such-page',
  // A path with an escaped percent sign: the frame reads the path decoded once, as in place.
  '/noticias/a%2541',
];

async function html(entry: typeof ServerEntry, url: string, items: NewsSummary[], fragments: boolean, renderSite = site): Promise<string> {
  const result = await entry.render(url, { site: renderSite, data: dataSource(items), fragments });
  assert.is(result.kind, 'page', url);
  // The markup in pieces (the kept parts as their bytes), as one text.
  return result.kind === 'page' ? result.html.map((piece) => (typeof piece === 'string' ? piece : piece.toString('utf8'))).join('') : '';
}

if (!existsSync(entryFile)) {
  skipBecause('cached news cards are the markup rendered in place', 'no dist/server: run npm run build first');
} else {
  const load = () => import(pathToFileURL(entryFile).href) as Promise<typeof ServerEntry>;

  test('every page is the same HTML with cached cards as rendered in place, the first time and from the cache', async () => {
    const entry = await load();
    for (const url of pages) {
      const inPlace = await html(entry, url, articles, false);
      const first = await html(entry, url, articles, true);
      const again = await html(entry, url, articles, true);
      assert.is(first, inPlace, `${url}, cards rendered for the cache`);
      assert.is(again, inPlace, `${url}, cards from the cache`);
    }
    // The list really shows the cards (not an empty state that would make the comparison idle).
    const list = await html(entry, '/noticias', articles, true);
    assert.is((list.match(/<article /g) ?? []).length, articles.length);
    assert.ok(list.includes('Micrófonos &lt;ocultos&gt; &amp; &quot;cámaras&quot;'), 'text is escaped once');
    // The kept parts come as their bytes, not as text to encode again: every card, the form and the
    // frame, each in memory of its own (not a view of a shared slab that a kept card would hold whole).
    const pieces = await entry.render('/noticias', { site, data: dataSource(articles), fragments: true });
    const kept = pieces.kind === 'page' ? pieces.html.filter((piece) => Buffer.isBuffer(piece)) : [];
    assert.ok(kept.length >= articles.length + 3);
    for (const bytes of kept) assert.is(bytes.buffer.byteLength, bytes.length);
    const english = await html(entry, '/en/news', articles, true);
    assert.ok(english.includes('Bug sweep in a boardroom'));
    assert.ok(english.includes('In Spanish'), 'an article without English is marked');
  });

  test("a page's header and footer are its own: kept per path and language, never another page's", async () => {
    const entry = await load();
    // Every page rendered once with the cache first, so each later one may find another's frame kept.
    for (const url of pages) await html(entry, url, articles, true);
    for (const url of [...pages].reverse()) assert.is(await html(entry, url, articles, true), await html(entry, url, articles, false), url);
    const services = await html(entry, '/servicios', articles, true);
    assert.match(services, /<a aria-current="page"[^>]*href="\/servicios"/);
    assert.not.match(services, /<a aria-current="page"[^>]*href="\/noticias"/);
    assert.match(services, /hrefLang="en"[^>]*href="\/en\/services"/);
    const article = await html(entry, '/en/news/barrido-1', articles, true);
    assert.match(article, /hrefLang="es"[^>]*href="\/noticias\/barrido-1"/);
    // More pages than the frames kept (each article page has its own): the first ones' frames are made
    // again, still their own.
    for (let i = 0; i < 40; i++) await html(entry, `/noticias/otro-${i}`, articles, true);
    for (const url of ['/noticias', '/servicios', '/en/news'])
      assert.is(await html(entry, url, articles, true), await html(entry, url, articles, false), `${url} after many others`);
    // Another site (its name and phone in the frame) gets frames of its own.
    const other = { ...site, siteName: 'Otra Empresa de Seguridad', contactPhone: '+506 8888 7777' };
    const elsewhere = await html(entry, '/noticias', articles, true, other);
    assert.is(elsewhere, await html(entry, '/noticias', articles, false, other));
    assert.ok(elsewhere.includes('Otra Empresa de Seguridad'));
    assert.not.ok(elsewhere.includes('Contraespionaje CR'));
  });

  test('a card shows what its article says now: any field of it edited is never an older card', async () => {
    const entry = await load();
    const edits: Partial<NewsSummary>[] = [
      { title: 'Barrido corregido' },
      { excerpt: 'Resumen corregido' },
      { image: 'https://images.example.org/nueva.jpg' },
      { imageAlt: 'Otra descripción' },
      { picture: { ...articles[2].picture!, sources: articles[2].picture!.sources.slice(0, 1) } },
      { category: 'Ciberseguridad' },
      { publishedAt: '2026-05-20T18:00:00.000Z' },
      { englishTitle: 'Corrected English title' },
      { englishExcerpt: 'Corrected English excerpt' },
      { slug: 'barrido-corregido' },
    ];
    for (const url of ['/noticias?q=sala', '/en/news?q=room']) {
      await html(entry, url, articles, true);
      for (const edit of edits) {
        // The library image (article 3) for the picture, an article with English for the English fields.
        const target = edit.picture ? 2 : edit.englishExcerpt ? 4 : 1;
        const edited = articles.map((article, i) => (i === target ? { ...article, ...edit } : article));
        const inPlace = await html(entry, url, edited, false);
        assert.is(await html(entry, url, edited, true), inPlace, `${url} after ${Object.keys(edit)[0]} changed`);
      }
    }
    const retitled = articles.map((article, i) => (i === 0 ? { ...article, title: 'Barrido corregido' } : article));
    const after = await html(entry, '/noticias?q=sala', retitled, true);
    assert.ok(after.includes('Barrido corregido'));
    assert.not.ok(after.includes('Barrido electrónico número 1<'));
  });

  test('the same article is its Spanish card on the Spanish list and its English card on the English one', async () => {
    const entry = await load();
    const spanish = await html(entry, '/noticias', articles, true);
    // The kept parts come as their bytes, not as text to encode again: every card, the form and the
    // frame, each in memory of its own (not a view of a shared slab that a kept card would hold whole).
    const pieces = await entry.render('/noticias', { site, data: dataSource(articles), fragments: true });
    const kept = pieces.kind === 'page' ? pieces.html.filter((piece) => Buffer.isBuffer(piece)) : [];
    assert.ok(kept.length >= articles.length + 3);
    for (const bytes of kept) assert.is(bytes.buffer.byteLength, bytes.length);
    const english = await html(entry, '/en/news', articles, true);
    assert.ok(spanish.includes('href="/noticias/barrido-5"'));
    assert.ok(spanish.includes('Barrido electrónico número 5'));
    assert.ok(english.includes('href="/en/news/barrido-5"'));
    assert.ok(english.includes('Bug sweep in a boardroom'));
    assert.not.ok(english.includes('href="/noticias/barrido-5"'));
  });
}

test.run();
