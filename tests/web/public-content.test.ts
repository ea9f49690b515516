// What visitors, feed readers and search engines read of the public site, through the real web layer
// (the built pages): every address of the sitemaps is its own indexable canonical (an imported article,
// whose canonical is its source, is left out); feeds stay XML whatever an article holds, and answer a
// reader that holds the current one with a 304; a news page past the last one is a 404, and every other
// page of the list its own canonical (a filtered one none, not indexed); a service's icon name cannot
// break its page; and what the server sends
// for an encoding the browser refuses or for a build file it keeps to itself.
import { randomUUID } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { atomPath, rssPath } from '../../api/web/feeds';
import { handle, newsArticle } from '../../events';
import { Client } from '../helpers/app';
import { skipBecause } from '../helpers/skip';
import { distBuilt, publicPages, rawGet, startWebSite, type WebSite } from '../helpers/web-site';

const noindexMeta = /<meta name="robots" content="[^"]*noindex/i;

if (!distBuilt()) {
  skipBecause('the public content through the web layer', 'no dist/: run npm run build first');
} else {
  let site: WebSite;
  test.before(async () => {
    site = await startWebSite();
  });
  test.after(() => site.stop());

  test('every address of the sitemap answers 200, indexable, with its own canonical', async () => {
    const admin = await new Client(site.base).login();
    for (const title of ['Barrido en la sala de juntas', 'Rastreadores en vehículos de ejecutivos']) {
      const created = await admin.post('/api/news', {
        title,
        slug: title
          .toLowerCase()
          .normalize('NFD')
          .replace(/[\u0300-\u036f]/g, '')
          .replace(/\s+/g, '-'),
        excerpt: 'Resumen breve de la noticia para la lista.',
        content: '<p>Texto del artículo.</p>',
        category: 'Anti-Espionaje',
        author: 'Redacción',
      });
      assert.is(created.status, 201, created.text);
    }
    // An imported article: its pages name the source as canonical, so the sitemap leaves them out.
    const imported = {
      title: 'Importada de otra fuente',
      slug: 'importada-de-otra-fuente',
      excerpt: 'Resumen de la fuente.',
      content: '<p>Texto de la fuente.</p>',
      image: null,
      category: 'Noticias' as const,
      author: 'Fuente',
      publishedAt: new Date().toISOString(),
      reviewRequired: false,
      status: 'published' as const,
      isImported: true,
      sourceId: null,
      sourceUrl: 'https://fuente.example/articulo',
      guidHash: 'importada-1',
    };
    await handle(
      site.app.services.store,
      newsArticle,
      randomUUID(),
      { type: 'Create', record: imported },
      { actor: null, origin: 'feed-import', requestId: 'prueba' },
      { newStream: true },
    );
    const sitemap = await new Client(site.base).get('/sitemap.xml');
    assert.is(sitemap.status, 200);
    const addresses = [...new Set([...sitemap.text.matchAll(/<loc>([^<]+)<\/loc>|href="([^"]+)"/g)].map((match) => match[1] ?? match[2]))];
    for (const page of publicPages) assert.ok(addresses.includes(site.base + (page === '/' ? '/' : page)), `${page} is in the sitemap`);
    assert.ok(addresses.some((address) => address.includes('/en/news/barrido-en-la-sala-de-juntas')));
    assert.not.ok(
      addresses.some((address) => address.includes('importada-de-otra-fuente')),
      'the imported article is not listed',
    );
    assert.not.match((await new Client(site.base).get('/sitemap-noticias.xml')).text, 'importada-de-otra-fuente');
    const visitor = new Client(site.base);
    for (const address of addresses) {
      const answer = await visitor.get(address.slice(site.base.length));
      assert.is(answer.status, 200, address);
      assert.not.ok(/noindex/i.test(answer.headers.get('x-robots-tag') ?? ''), `${address}: X-Robots-Tag`);
      assert.not.ok(noindexMeta.test(answer.text), `${address}: <meta name="robots">`);
      assert.ok(answer.text.includes(`<link rel="canonical" href="${address}" />`), `${address}: canonical`);
    }
  });

  test("a service's icon named after an object's own property ('constructor', '__proto__') shows the shield; the services pages still render", async () => {
    const admin = await new Client(site.base).login();
    for (const icon of ['constructor', '__proto__', 'valueOf']) {
      const created = await admin.post('/api/services', { title: `Servicio con icono ${icon}`, description: 'Descripción.', category: 'Pruebas', icon });
      assert.is(created.status, 201, created.text);
    }
    const visitor = new Client(site.base);
    for (const page of ['/servicios', '/en/services']) {
      const answer = await visitor.get(page);
      assert.is(answer.status, 200, page);
      assert.ok(answer.text.includes('Servicio con icono constructor'), page);
    }
  });

  test('feeds and sitemaps stay readable XML with a control character in an article (a pasted line break), and a long headline is cut between characters', async () => {
    const admin = await new Client(site.base).login();
    const title = `Cámaras ocultas\u000b en la sala ${'x'.repeat(90)}😀 fin`;
    const created = await admin.post('/api/news', {
      title,
      slug: 'control-en-el-titulo',
      excerpt: 'Resumen\u000c con salto',
      content: '<p>Texto</p>',
      category: 'Tecnología',
      author: 'Ana\u0008',
    });
    assert.is(created.status, 201, created.text);
    const visitor = new Client(site.base);
    for (const path of [rssPath, atomPath, '/sitemap-noticias.xml']) {
      const answer = await visitor.get(path);
      assert.is(answer.status, 200, path);
      // eslint-disable-next-line no-control-regex
      assert.not.match(answer.text, /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/, `${path} holds no character XML cannot`);
      assert.ok(answer.text.includes('Cámaras ocultas en la sala'), path);
    }
    const page = await visitor.get('/noticias/control-en-el-titulo');
    const jsonLd = JSON.parse(/<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/.exec(page.text)![1]);
    const headline: string = jsonLd['@graph'][0].headline;
    assert.ok(headline.length <= 111 && !/[\uD800-\uDBFF]$/.test(headline), headline);
  });

  test('feeds and sitemaps carry an ETag: a reader that sends it back gets a 304 without the bytes until an article changes them', async () => {
    const visitor = new Client(site.base);
    const paths = [rssPath, atomPath, '/sitemap.xml', '/sitemap-noticias.xml'];
    const tags = new Map<string, string>();
    for (const path of paths) {
      const first = await visitor.get(path);
      assert.is(first.status, 200, path);
      const etag = first.headers.get('etag');
      assert.ok(etag, `${path} has an ETag`);
      tags.set(path, etag!);
      const again = await visitor.get(path, { 'if-none-match': etag! });
      assert.is(again.status, 304, path);
      assert.is(again.text, '', path);
      assert.is(again.headers.get('etag'), etag, path);
    }
    const admin = await new Client(site.base).login();
    const created = await admin.post('/api/news', {
      title: 'Inspección de salas antes de una junta',
      slug: 'inspeccion-de-salas-antes-de-una-junta',
      excerpt: 'Resumen de la inspección.',
      content: '<p>Texto.</p>',
      category: 'Anti-Espionaje',
      author: 'Redacción',
    });
    assert.is(created.status, 201, created.text);
    for (const path of [rssPath, atomPath, '/sitemap-noticias.xml']) {
      const changed = await visitor.get(path, { 'if-none-match': tags.get(path)! });
      assert.is(changed.status, 200, path);
      assert.ok(changed.text.includes('inspeccion-de-salas-antes-de-una-junta'), path);
      assert.is.not(changed.headers.get('etag'), tags.get(path), path);
    }
  });

  test("an edit of a published article is its last change in the feeds, the sitemaps and its page's structured data; a draft's saves before it went public are not", async () => {
    const admin = await new Client(site.base).login();
    const visitor = new Client(site.base);
    const minuteAgo = new Date(Date.now() - 60_000).toISOString();
    const fields = { excerpt: 'Resumen.', content: '<p>Texto.</p>', category: 'Anti-Espionaje', author: 'Redacción', publishedAt: minuteAgo };
    const created = await admin.post('/api/news', { ...fields, title: 'Micrófonos en una oficina', slug: 'microfonos-en-una-oficina' });
    assert.is(created.status, 201, created.text);
    const draft = await admin.post('/api/news', { ...fields, title: 'Borrador guardado', slug: 'borrador-guardado', status: 'draft' });
    assert.is(draft.status, 201, draft.text);
    // Autosave while it is a draft, then 'Publicar': none of those saves was ever public.
    for (const content of ['<p>Uno.</p>', '<p>Uno y dos.</p>']) assert.is((await admin.patch(`/api/news/${draft.body.id}`, { content })).status, 200);
    assert.is((await admin.patch(`/api/news/${draft.body.id}`, { status: 'published' })).status, 200);
    const paths = [rssPath, atomPath, '/sitemap.xml', '/sitemap-noticias.xml'];
    const before = new Map<string, string>();
    for (const path of paths) before.set(path, (await visitor.get(path)).headers.get('etag')!);
    const edited = await admin.patch(`/api/news/${created.body.id}`, { content: '<p>Texto corregido.</p>' });
    assert.is(edited.status, 200, edited.text);
    const published = new Date(minuteAgo).toISOString();
    const updated: string = edited.body.updatedAt;
    assert.ok(updated > published, `${updated} after ${published}`);

    const atom = await visitor.get(atomPath, { 'if-none-match': before.get(atomPath)! });
    assert.is(atom.status, 200);
    const entryOf = (xml: string, id: string) => xml.split(/<entry>|<item>/).find((entry) => entry.includes(id)) ?? '';
    assert.match(entryOf(atom.text, created.body.id), `<published>${published}</published>`);
    assert.match(entryOf(atom.text, created.body.id), `<updated>${updated}</updated>`);
    assert.match(entryOf(atom.text, draft.body.id), `<updated>${published}</updated>`);
    assert.match(atom.text.split('<entry>')[0], `<updated>${updated}</updated>`);
    const rss = await visitor.get(rssPath, { 'if-none-match': before.get(rssPath)! });
    assert.is(rss.status, 200);
    assert.match(entryOf(rss.text, created.body.id), `<atom:updated>${updated}</atom:updated>`);
    assert.match(rss.text, `<lastBuildDate>${new Date(updated).toUTCString()}</lastBuildDate>`);
    const lastmod = (xml: string, slug: string) => new RegExp(`<loc>[^<]*/noticias/${slug}</loc><lastmod>([^<]+)</lastmod>`).exec(xml)?.[1];
    for (const path of ['/sitemap.xml', '/sitemap-noticias.xml']) {
      const sitemap = await visitor.get(path, { 'if-none-match': before.get(path)! });
      assert.is(sitemap.status, 200, path);
      assert.is(lastmod(sitemap.text, 'microfonos-en-una-oficina'), updated, path);
      assert.is(lastmod(sitemap.text, 'borrador-guardado'), published, path);
    }
    for (const path of ['/noticias/microfonos-en-una-oficina', '/en/news/microfonos-en-una-oficina']) {
      const page = await visitor.get(path);
      const [article] = JSON.parse(/<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/.exec(page.text)![1])['@graph'];
      assert.is(article.datePublished, published, path);
      assert.is(article.dateModified, updated, path);
      assert.match(page.text, `<meta property="article:modified_time" content="${updated}"`, path);
    }
  });

  test('the encodings a browser refuses with q=0 are not sent; the template and the manifest are never served, however spelled', async () => {
    const visitor = new Client(site.base);
    const encodingOf = async (accept: string) => (await visitor.get('/servicios', { 'accept-encoding': accept })).headers.get('content-encoding');
    assert.is(await encodingOf('br, gzip'), 'br');
    assert.is(await encodingOf('br;q=0, gzip'), 'gzip');
    assert.is(await encodingOf('gzip, br;q=0'), 'gzip');
    assert.is(await encodingOf('gzip;q=0, br;q=0, identity'), null);
    assert.is(await encodingOf('*;q=0.5, br;q=0'), 'gzip');
    const port = Number(new URL(site.base).port);
    for (const target of [
      '/index.html',
      '//index.html',
      '/./index.html',
      '/%2Findex.html',
      '/.vite/manifest.json',
      '//.vite/manifest.json',
      '/assets/%2e%2e/.vite/manifest.json',
    ]) {
      const answer = await rawGet(port, target);
      assert.ok(answer.status !== 200 || !answer.body.includes('<!--app-head-->'), `${target}: the bare template`);
      assert.not.ok(answer.status === 200 && answer.body.includes('"isEntry"'), `${target}: the manifest`);
    }
  });

  test("a news page past the last one is a 404 showing its number against the last, its 'Anterior' leading to the last page, in both languages, never indexed", async () => {
    const admin = await new Client(site.base).login();
    const count = async () => Number((await new Client(site.base).get('/api/news?limit=1')).headers.get('x-total-count'));
    // Two pages of twelve at least.
    for (let i = await count(); i < 13; i++) {
      const created = await admin.post('/api/news', {
        title: `Noticia de la lista ${i}`,
        slug: `noticia-de-la-lista-${i}`,
        excerpt: 'Resumen',
        content: '<p>Texto</p>',
        category: 'Tecnología',
        author: 'Ana',
      });
      assert.is(created.status, 201, created.text);
    }
    const last = Math.ceil((await count()) / 12);
    const visitor = new Client(site.base);
    for (const [path, title, list] of [
      ['/noticias?pagina=50', 'Página 50 de', '/noticias'],
      ['/en/news?pagina=50', 'Page 50 of', '/en/news'],
    ]) {
      const answer = await visitor.get(path);
      assert.is(answer.status, 404, path);
      assert.ok(answer.text.includes(title), path);
      assert.match(answer.text, /<meta name="robots" content="noindex/, path);
      assert.ok(answer.text.includes(`rel="prev" href="${list}?pagina=${last}"`), `${path}: 'Anterior' to page ${last}`);
      assert.not.match(answer.text, /pagina=49/, path);
    }
    assert.is((await visitor.get('/noticias?pagina=1')).status, 200);
  });

  test('each page of the news list names itself as canonical, in both languages; a searched or filtered list is not indexed and still kept', async () => {
    // The test above leaves two pages of twelve at least.
    const visitor = new Client(site.base);
    const canonical = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1] ?? null;
    const twins = (html: string) => [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]*)"/g)].map((match) => `${match[1]} ${match[2]}`);
    for (const [list, english] of [
      ['/noticias', false],
      ['/en/news', true],
    ] as const) {
      const second = await visitor.get(`${list}?pagina=2`);
      assert.is(second.status, 200, list);
      assert.is(canonical(second.text), `${site.base}${list}?pagina=2`, list);
      assert.not.match(second.text, noindexMeta, list);
      assert.equal(
        twins(second.text),
        [`es-CR ${site.base}/noticias?pagina=2`, `en ${site.base}/en/news?pagina=2`, `x-default ${site.base}/noticias?pagina=2`],
        list,
      );
      // The first page is the list's address, however it is asked for (other parameters left out).
      for (const first of [list, `${list}?pagina=1`, `${list}?utm_source=boletin`, `${list}?pagina=1&utm_source=boletin`])
        assert.is(canonical((await visitor.get(first)).text), `${site.base}${list}`, first);
      assert.is(canonical((await visitor.get(`${list}?utm_source=boletin&pagina=2`)).text), `${site.base}${list}?pagina=2`, english ? 'en' : 'es');
      // Search results and filtered lists: not indexed, no canonical, kept like any public page.
      for (const filtered of [`${list}?q=lista`, `${list}?categoria=Tecnolog%C3%ADa`, `${list}?orden=antiguas`, `${list}?desde=2026-01-01`]) {
        const answer = await visitor.get(filtered);
        assert.is(answer.status, 200, filtered);
        assert.match(answer.text, noindexMeta, filtered);
        assert.is(canonical(answer.text), null, filtered);
        assert.is(answer.headers.get('cache-control'), 'no-cache', filtered);
        assert.is((await visitor.get(filtered)).headers.get('x-cache'), 'hit', `${filtered} is kept`);
      }
    }
  });

  test('each page of the news list and each search has a title and description of its own, in both languages', async () => {
    // The tests above leave two pages of twelve at least.
    const visitor = new Client(site.base);
    const pages = Math.ceil(Number((await visitor.get('/api/news?limit=1')).headers.get('x-total-count')) / 12);
    assert.ok(pages >= 2);
    const head = async (path: string) => {
      const { text } = await visitor.get(path);
      return { title: /<title>([^<]*)<\/title>/.exec(text)![1], description: /<meta name="description" content="([^"]*)"/.exec(text)![1] };
    };
    for (const [list, name, listTitle, pageOf, searchWord] of [
      ['/noticias', 'es', 'Noticias y Actualizaciones', `Página 2 de ${pages}`, 'Buscar'],
      ['/en/news', 'en', 'News and Updates', `Page 2 of ${pages}`, 'Search'],
    ]) {
      const first = await head(list);
      assert.is(first.title, `${listTitle} | Contraespionaje CR`, name);
      const second = await head(`${list}?pagina=2`);
      assert.is(second.title, `${listTitle} — ${pageOf} | Contraespionaje CR`, name);
      assert.is(second.description, `${pageOf}. ${first.description}`, name);
      const search = await head(`${list}?q=lista`);
      assert.is(search.title, `${listTitle} — ${searchWord}: lista | Contraespionaje CR`, name);
      assert.match((await head(`${list}?q=lista&pagina=2`)).title, `${listTitle} — ${searchWord}: lista — ${pageOf.split(' ').slice(0, 2).join(' ')} `, name);
    }
  });
}

test.run();
