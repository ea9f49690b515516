// The public pages through the real web layer (the built pages, as in production): the instance says it
// is ready only once it has rendered every public page in both languages, which the first visitors
// then get at once; and every address of /sitemap.xml answers 200 without a noindex anywhere.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createApp, type App } from '../../api/app';
import { loadConfig } from '../../api/config';
import { adminCredentials, Client } from '../helpers/app';
import { freshDatabase } from '../helpers/database';
import { skipBecause } from '../helpers/skip';
import { projectRoot } from '../../events/project-root';

const root = projectRoot;
const built = existsSync(path.join(root, 'dist/client/.vite/manifest.json')) && existsSync(path.join(root, 'dist/server/entry-server.js'));

const publicPages = ['/', '/servicios', '/noticias', '/contacto', '/formulario-avanzada', '/en', '/en/services', '/en/news', '/en/contact', '/en/advance-form'];

type Started = { app: App; base: string; stop(): Promise<void> };

async function start(): Promise<Started> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'public-pages-'));
  const database = await freshDatabase();
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = loadConfig(
    {
      ADMIN_USERNAME: adminCredentials.username,
      ADMIN_PASSWORD: adminCredentials.password,
      PUBLIC_WRITE_LIMIT: '0',
      FEED_SCHEDULER: 'off',
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
    } as NodeJS.ProcessEnv,
    { databaseUrl: database.databaseUrl },
  );
  const app = await createApp(config, { httpServer: server, db: database.db, log: () => {} });
  server.on('request', app.app.callback());
  return {
    app,
    base,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const noindexMeta = /<meta name="robots" content="[^"]*noindex/i;

if (!built) {
  skipBecause('the public pages through the web layer', 'no dist/: run npm run build first');
} else {
  let site: Started;
  test.before(async () => {
    site = await start();
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
    const sitemap = await new Client(site.base).get('/sitemap.xml');
    assert.is(sitemap.status, 200);
    const addresses = [...new Set([...sitemap.text.matchAll(/<loc>([^<]+)<\/loc>|href="([^"]+)"/g)].map((match) => match[1] ?? match[2]))];
    for (const page of publicPages) assert.ok(addresses.includes(site.base + (page === '/' ? '/' : page)), `${page} is in the sitemap`);
    assert.ok(addresses.some((address) => address.includes('/en/news/barrido-en-la-sala-de-juntas')));
    const visitor = new Client(site.base);
    for (const address of addresses) {
      const answer = await visitor.get(address.slice(site.base.length));
      assert.is(answer.status, 200, address);
      assert.not.ok(/noindex/i.test(answer.headers.get('x-robots-tag') ?? ''), `${address}: X-Robots-Tag`);
      assert.not.ok(noindexMeta.test(answer.text), `${address}: <meta name="robots">`);
      assert.ok(answer.text.includes(`<link rel="canonical" href="${address}" />`), `${address}: canonical`);
    }
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
