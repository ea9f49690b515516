// The public pages through the real web layer (the built pages, as in production): the instance says it
// is ready only once it has rendered every public page in both languages, which the first visitors
// then get at once; which pages are kept, for which addresses and spellings, and how writes leave them.
// What the pages, feeds and sitemaps say is in public-content.test.ts.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Client } from '../helpers/app';
import { distBuilt, publicPages, rawGet, startWebSite, type WebSite } from '../helpers/web-site';
import { skipBecause } from '../helpers/skip';

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

if (!distBuilt()) {
  skipBecause('the public pages through the web layer', 'no dist/: run npm run build first');
} else {
  let site: WebSite;
  test.before(async () => {
    site = await startWebSite();
  });
  test.after(() => site.stop());

  test('ready only once every public page was rendered, in both languages; the first visitors get them kept', async () => {
    let warmed = false;
    void site.app.warmed.then(() => (warmed = true));
    const visitor = new Client(site.base);
    const early = await visitor.get('/readyz');
    if (!warmed) {
      assert.is(early.status, 503);
      assert.is(early.body.status, 'warming');
      assert.is(early.body.message, 'El servidor se está preparando');
    }
    await site.app.warmed;
    assert.is((await visitor.get('/readyz')).status, 200);
    for (const page of publicPages) {
      const answer = await visitor.get(page, { 'accept-encoding': 'br' });
      assert.is(answer.status, 200, page);
      assert.is(answer.headers.get('x-cache'), 'hit', `${page} was rendered before the instance said it was ready`);
    }
    // A page no warm-up could foresee is rendered by modules and queries that are already loaded.
    const started = performance.now();
    assert.is((await visitor.get('/noticias?q=barrido')).status, 200);
    console.log(`first /noticias?q=barrido after ready: ${Math.round(performance.now() - started)} ms`);
  });

  test('a kept page is the same page in brotli, gzip and plain, once its plain bytes are no longer kept', async () => {
    const visitor = new Client(site.base);
    const address = '/noticias?q=sala';
    const first = await visitor.get(address, { 'accept-encoding': 'br' });
    assert.is(first.headers.get('content-encoding'), 'br');
    for (const encoding of ['identity', 'gzip', 'br']) {
      const again = await visitor.get(address, { 'accept-encoding': encoding });
      assert.is(again.headers.get('x-cache'), 'hit', encoding);
      assert.is(again.headers.get('content-encoding'), encoding === 'identity' ? null : encoding);
      assert.is(again.headers.get('etag'), first.headers.get('etag'));
      assert.is(again.text, first.text, encoding);
    }
    assert.match(first.text, /<\/html>\s*$/);
  });

  test('a page rendered to a string allows no inline script: its policy carries no nonce, and it is kept', async () => {
    const visitor = new Client(site.base);
    const address = '/noticias?q=perimetro';
    const rendered = await visitor.get(address, { 'accept-encoding': 'br' });
    assert.is(rendered.status, 200);
    assert.is(rendered.headers.get('x-cache'), 'miss');
    const policy = rendered.headers.get('content-security-policy') ?? '';
    assert.match(policy, /(^|; )script-src 'self'(;|$)/);
    assert.not.match(policy, /nonce-/);
    assert.is((await visitor.get(address, { 'accept-encoding': 'br' })).headers.get('x-cache'), 'hit');
  });

  test('a page is kept once for every query that gives the parameters it reads the same values', async () => {
    await site.app.warmed;
    const visitor = new Client(site.base);
    const tracking = ['?utm_source=boletin&utm_campaign=diciembre', `?fbclid=${Math.random().toString(36).slice(2)}`, '?x=1&y=2'];
    // Pages that read no parameter, and the advance form while the address has no '?borrador=': made-up
    // and tracking parameters get the page kept at start, the same bytes, and leave no copy of their own.
    for (const page of ['/contacto', '/en/contact', '/servicios', '/', '/formulario-avanzada', '/en/advance-form']) {
      const plain = await visitor.get(page, { 'accept-encoding': 'br' });
      for (const query of tracking) {
        const answer = await visitor.get(page + query, { 'accept-encoding': 'br' });
        assert.is(answer.status, 200, page + query);
        assert.is(answer.headers.get('x-cache'), 'hit', `${page + query} is the kept ${page}`);
        assert.is(answer.headers.get('etag'), plain.headers.get('etag'), page + query);
        assert.is(answer.text, plain.text, page + query);
      }
    }
    // '?borrador=' opens a draft the device holds (the server then renders no form): a page of its own,
    // kept for that value whatever else the address carries.
    const plainForm = await visitor.get('/formulario-avanzada');
    const resumed = await visitor.get('/formulario-avanzada?borrador=abc');
    assert.is(resumed.headers.get('x-cache'), 'miss');
    assert.not.equal(resumed.text, plainForm.text);
    const again = await visitor.get('/formulario-avanzada?utm_source=boletin&borrador=abc');
    assert.is(again.headers.get('x-cache'), 'hit');
    assert.is(again.text, resumed.text);
    assert.is((await visitor.get('/formulario-avanzada?borrador=otro')).headers.get('x-cache'), 'miss');

    // The news list reads its whole query (the search and filters): each address is rendered and kept.
    const first = await visitor.get('/noticias?q=antena&utm_source=boletin');
    assert.is(first.headers.get('x-cache'), 'miss');
    assert.is((await visitor.get('/noticias?q=antena&utm_source=boletin')).headers.get('x-cache'), 'hit');
    const other = await visitor.get('/noticias?q=bateria');
    assert.is(other.headers.get('x-cache'), 'miss');
    assert.not.equal(other.text, first.text);

    // An article's page reads its preview token only: a shared link's parameters find the kept page; a
    // preview link is rendered each time and never kept.
    const admin = await new Client(site.base).login();
    const created = await admin.post('/api/news', {
      title: 'Antena oculta en un salón de eventos',
      slug: 'antena-oculta-salon',
      excerpt: 'Resumen.',
      content: '<p>Texto.</p>',
      category: 'Anti-Espionaje',
      author: 'Redacción',
    });
    assert.is(created.status, 201, created.text);
    const article = await visitor.get('/noticias/antena-oculta-salon');
    assert.is(article.status, 200);
    const shared = await visitor.get('/noticias/antena-oculta-salon?fbclid=abc123');
    assert.is(shared.headers.get('x-cache'), 'hit');
    assert.is(shared.text, article.text);
    assert.is((await visitor.get('/noticias/antena-oculta-salon?vista-previa=inventado')).headers.get('x-cache'), 'miss');
    assert.is((await visitor.get('/noticias/antena-oculta-salon?vista-previa=inventado&fbclid=abc')).headers.get('x-cache'), 'miss');
  });

  test('a request target a URL parser reads as another page neither gets nor leaves that page under its path; one with no path is refused', async () => {
    await site.app.warmed;
    const visitor = new Client(site.base);
    const titles = { contact: titleOf((await visitor.get('/contacto')).text), home: titleOf((await visitor.get('/')).text) };
    assert.is.not(titles.contact, titles.home);
    const port = Number(new URL(site.base).port);
    // Absolute-form targets (a proxy's) name the path Koa routes on; '//contacto' is a path of its own.
    for (const target of ['http:///contacto?u=1', `http://127.0.0.1:${port}/contacto?v=2`, '//contacto?w=3', 'http:///contacto']) {
      // Nothing kept (any change but an article's drops every page): the request renders and keeps.
      site.app.services.pages.clear();
      const answer = await rawGet(port, target);
      assert.ok(answer.status < 500, `${target}: ${answer.status}`);
      if (target.startsWith('http:')) assert.is(titleOf(answer.body), titles.contact, `${target} is the contact page`);
      const contact = await visitor.get('/contacto');
      assert.is(contact.status, 200);
      assert.is(titleOf(contact.text), titles.contact, `after ${target}, /contacto is still the contact page`);
      assert.is(titleOf((await visitor.get('/contacto?utm_source=boletin')).text), titles.contact);
      assert.is(titleOf((await visitor.get('/')).text), titles.home);
    }
    // A target with no path names nothing: a 400 in Spanish, not a server error.
    for (const target of ['http://', '*']) {
      const answer = await rawGet(port, target);
      assert.is(answer.status, 400, target);
      assert.match(answer.body, /"message":"Solicitud no válida: la dirección no tiene ruta"/);
    }
  });

  test('another spelling of a page (doubled or trailing slashes, dot segments, a backslash) is a permanent redirect to its one spelling, never kept', async () => {
    await site.app.warmed;
    const port = Number(new URL(site.base).port);
    const spellings: [target: string, location: string][] = [
      ['//contacto', '/contacto'],
      ['///contacto?utm_source=boletin', '/contacto?utm_source=boletin'],
      ['/contacto/', '/contacto'],
      ['/contacto//', '/contacto'],
      ['/./contacto', '/contacto'],
      ['/%2e/contacto', '/contacto'],
      ['/noticias/../contacto', '/contacto'],
      ['/noticias/%2E%2e/contacto', '/contacto'],
      ['/../../contacto', '/contacto'],
      ['/\\contacto', '/contacto'],
      ['/en//news?q=barrido', '/en/news?q=barrido'],
      ['/en/', '/en'],
      ['/noticias/un-articulo/', '/noticias/un-articulo'],
      ['//', '/'],
      ['/admin/dashboard/', '/admin/dashboard'],
    ];
    const kept = site.app.services.pages.size;
    for (const [target, location] of spellings) {
      const answer = await rawGet(port, target);
      assert.is(answer.status, 301, target);
      assert.match(answer.head, new RegExp(`\\r\\nLocation: ${location.replace(/[?]/g, '\\?')}\\r\\n`, 'i'), target);
    }
    assert.is(site.app.services.pages.size, kept, 'no spelling was kept');
    // The one spelling is the page itself; escapes other than dots are left as sent (a 404 here).
    for (const target of ['/', '/contacto', '/en', '/noticias?q=a/b', '/%63ontacto']) {
      const answer = await rawGet(port, target);
      assert.ok(answer.status === 200 || answer.status === 404, `${target}: ${answer.status}`);
    }
  });

  test("an address holding text no page can take (a NUL) is a 400 page in its edition's language, never a server error", async () => {
    await site.app.warmed;
    const visitor = new Client(site.base);
    for (const address of ['/noticias/%00', '/noticias?q=%00', '/noticias?q=a&categoria=%00', '/contacto?x=%00', '/enlaces?x=%00']) {
      const answer = await visitor.get(address);
      assert.is(answer.status, 400, address);
      assert.match(answer.headers.get('content-type') ?? '', /^text\/html/);
      assert.is(answer.headers.get('cache-control'), 'no-store');
      assert.match(answer.text, /<html lang="es">/, address);
      assert.match(answer.text, /<title>Dirección no válida \| /, address);
      assert.match(answer.text, /La dirección contiene caracteres que ninguna página usa/);
      assert.match(answer.text, /<a href="\/">Ir al inicio<\/a>/);
      assert.not.match(answer.text, /Intentar de nuevo/);
    }
    for (const address of ['/en/news/a%00b', '/en/news?q=%00', '/en?x=%00']) {
      const answer = await visitor.get(address);
      assert.is(answer.status, 400, address);
      assert.match(answer.text, /<html lang="en">/, address);
      assert.match(answer.text, /<title>Invalid address \| /, address);
      assert.match(answer.text, /This address contains characters that no page uses/);
      assert.not.match(answer.text, /Try again/);
      assert.match(answer.text, /<a href="\/en">Go to the home page<\/a>/);
    }
    // The same pages with ordinary text are themselves.
    assert.is((await visitor.get('/noticias?q=%C3%B1and%C3%BA')).status, 200);
    assert.is((await visitor.get('/noticias/no-existe')).status, 404);
  });

  test('a draft saved leaves every kept list; a published article drops only the lists it is in, and visitors see it at once', async () => {
    const admin = await new Client(site.base).login();
    const visitor = new Client(site.base);
    const cacheOf = async (address: string) => (await visitor.get(address)).headers.get('x-cache');
    const lists = ['/', '/noticias', '/noticias?q=barrido', '/noticias?q=microfonos'];
    for (const address of lists) await visitor.get(address);
    for (const address of lists) assert.is(await cacheOf(address), 'hit', `${address} kept`);
    const article = (title: string, slug: string, status?: string) => ({
      title,
      slug,
      excerpt: 'Resumen breve de la noticia para la lista.',
      content: '<p>Texto del artículo.</p>',
      category: 'Anti-Espionaje',
      author: 'Redacción',
      ...(status ? { status } : {}),
    });

    assert.is((await admin.post('/api/news', article('Micrófonos en la sala de prensa', 'microfonos-sala-prensa', 'draft'))).status, 201);
    for (const address of lists) assert.is(await cacheOf(address), 'hit', `${address}: a draft shows nowhere`);

    const published = await admin.post('/api/news', article('Micrófonos hallados en un hotel', 'microfonos-hotel'));
    assert.is(published.status, 201, published.text);
    const found = await visitor.get('/noticias?q=microfonos');
    assert.is(found.headers.get('x-cache'), 'miss');
    assert.ok(found.text.includes('Micrófonos hallados en un hotel'), 'the visitor sees it at once');
    assert.not.ok(found.text.includes('Micrófonos en la sala de prensa'));
    assert.is(await cacheOf('/noticias?q=barrido'), 'hit', 'a search it is not in stays kept');
    assert.is(await cacheOf('/'), 'miss', 'the newest articles changed');

    // Edited out of the search: the page that showed it is dropped at once.
    const edited = await admin.patch(`/api/news/${published.body.id}`, { title: 'Cámaras halladas en un hotel' });
    assert.is(edited.status, 200, edited.text);
    const after = await visitor.get('/noticias?q=microfonos');
    assert.is(after.headers.get('x-cache'), 'miss');
    assert.not.ok(after.text.includes('hotel'));
    assert.is(await cacheOf('/noticias?q=barrido'), 'hit');
  });

  test('a visitor who comes after a write while another visitor’s render of the list is under way sees the write', async () => {
    const admin = await new Client(site.base).login();
    const visitor = new Client(site.base);
    const address = '/noticias?q=escaneo';
    const { news, db } = site.app.services;
    const published = news.published;
    const query = db.query;
    let listRead!: () => void;
    const firstRead = new Promise<void>((resolve) => (listRead = resolve));
    let releaseRender!: () => void;
    const renderHeld = new Promise<void>((resolve) => (releaseRender = resolve));
    let releaseIndex!: () => void;
    const indexHeld = new Promise<void>((resolve) => (releaseIndex = resolve));
    // The first visitor's render has read the list (before the write) and is still going.
    news.published = async (listQuery) => {
      news.published = published;
      const answer = await published(listQuery);
      listRead();
      await renderHeld;
      return answer;
    };
    // The index reads the written article again only when the test says so.
    db.query = (async (text: string, params?: unknown[]) => {
      if (text.includes('tsvector_to_array(search_vector)') && text.includes('= ANY')) await indexHeld;
      return query.call(db, text, params);
    }) as typeof db.query;
    try {
      const first = visitor.get(address);
      await firstRead;
      const written = await admin.post('/api/news', {
        title: 'Escaneo de salas de juntas',
        slug: 'escaneo-salas-juntas',
        excerpt: 'Resumen breve de la noticia para la lista.',
        content: '<p>Texto del artículo.</p>',
        category: 'Anti-Espionaje',
        author: 'Redacción',
      });
      assert.is(written.status, 201, written.text);
      const second = visitor.get(address);
      await new Promise((resolve) => setTimeout(resolve, 200));
      releaseRender();
      assert.is((await first).status, 200);
      releaseIndex();
      const answer = await second;
      assert.is(answer.status, 200);
      assert.ok(answer.text.includes('Escaneo de salas de juntas'), 'the list with the article written before this visitor came');
    } finally {
      news.published = published;
      db.query = query;
      releaseRender();
      releaseIndex();
    }
  });

  test('visitors who come together after a write share one render of the page it changed', async () => {
    const admin = await new Client(site.base).login();
    const visitor = new Client(site.base);
    await visitor.get('/');
    assert.is((await visitor.get('/')).headers.get('x-cache'), 'hit');
    const { db, pages, news } = site.app.services;
    const query = db.query;
    const catchingUp = news.catchingUp;
    let waiting = 0;
    let releaseIndex!: () => void;
    const indexHeld = new Promise<void>((resolve) => (releaseIndex = resolve));
    // The index reads the written article again only when the test says so: the visitors who come
    // meanwhile all wait for it, and go on together.
    db.query = (async (text: string, params?: unknown[]) => {
      if (text.includes('tsvector_to_array(search_vector)') && text.includes('= ANY')) await indexHeld;
      return query.call(db, text, params);
    }) as typeof db.query;
    try {
      const written = await admin.post('/api/news', {
        title: 'Barrido en la sala del directorio',
        slug: 'barrido-sala-directorio',
        excerpt: 'Resumen breve de la noticia para la lista.',
        content: '<p>Texto del artículo.</p>',
        category: 'Anti-Espionaje',
        author: 'Redacción',
      });
      assert.is(written.status, 201, written.text);
      const rendersBefore = pages.renders;
      news.catchingUp = () => {
        waiting += 1;
        return catchingUp();
      };
      const answers = Promise.all(Array.from({ length: 12 }, () => visitor.get('/', { 'accept-encoding': 'br' })));
      for (let tries = 0; waiting < 12 && tries < 200; tries += 1) await new Promise((resolve) => setTimeout(resolve, 25));
      assert.is(waiting, 12, 'all twelve wait for the index');
      releaseIndex();
      const all = await answers;
      for (const answer of all) {
        assert.is(answer.status, 200);
        assert.ok(answer.text.includes('Barrido en la sala del directorio'), 'every visitor sees the new article');
      }
      assert.is(pages.renders - rendersBefore, 1, 'one render for all of them');
      const caches = all.map((answer) => answer.headers.get('x-cache'));
      assert.is(caches.filter((cache) => cache === 'miss').length, 1, 'one visitor rendered it');
      assert.is(caches.filter((cache) => cache === 'hit').length, 11, 'the others were sent its page');
    } finally {
      db.query = query;
      news.catchingUp = catchingUp;
      releaseIndex();
    }
  });

  test('while the lists catch up with a commit, a kept page without a list is sent at once and a kept list waits', async () => {
    const visitor = new Client(site.base);
    for (const address of ['/contacto', '/noticias']) await visitor.get(address);
    const news = site.app.services.news;
    const original = news.catchingUp;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    news.catchingUp = () => held;
    try {
      const contact = await Promise.race([visitor.get('/contacto'), new Promise<null>((resolve) => setTimeout(() => resolve(null), 2000))]);
      assert.is(contact?.headers.get('x-cache'), 'hit', 'sent without waiting');
      let listAnswered = false;
      const list = visitor.get('/noticias').then((answer) => ((listAnswered = true), answer));
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.not.ok(listAnswered, 'the list waits for the index');
      release();
      assert.is((await list).status, 200);
    } finally {
      news.catchingUp = original;
      release();
    }
  });
}

test.run();
