// The public website inside the Koa app: server-rendered public pages (the advance form among them),
// the client-rendered shell of the admin screens, static files, /robots.txt and /sitemap.xml. In development Vite
// serves the sources with hot reload; in production the built files of dist/client and dist/server.
// It never answers /api/* or /objects/*: those belong to the API.
import { readFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type Koa from 'koa';
import type { ViteDevServer } from 'vite';
import { siteInfo, type Config } from '../config';
import { newsListQuery } from '../../domain';
import type * as ServerEntry from '../../pwa/entry-server';
import { acceptedEncoding, compress, minimumCompressedSize, type Encoding } from './compress';
import { checkTemplate, headTags, pageBytes, preloadTags, type ViteManifest } from './html';
import { appShellHead, appShellPath, appShellSourceRoute, manifestPath, webManifest } from './manifest';
import { atomPath, atomXml, rssPath, rssXml } from './feeds';
import { newsSitemapXml, robotsTxt, sitemapXml } from './seo-files';
import { createStaticFiles } from './static';
import { isDatabaseUnavailable, projectRoot } from '../../events';
import { errorFields } from '../log';
import { errorPage } from './error-page';
import { canonicalSpelling } from '../middleware/canonical-path';
import { hasUnreadableAddress } from '../middleware/errors';
import type { PublicQueries } from './types';
import { keptAddress, matchesEtag, PageReads, showsLists, weakEtagOf, type CachedPage, type KeptPage, type PageCache } from './page-cache';

export type WebOptions = { dev: boolean; httpServer?: Server; config: Config; queries: PublicQueries; pages: PageCache };

const isApiPath = (p: string) => /^\/(api|objects)(\/|$)/.test(p);

/** How pages get their template and server entry: from Vite (dev) or from dist/ (production). */
type Renderer = {
  template(url: string): Promise<string>;
  entry(): Promise<typeof ServerEntry>;
  manifest: ViteManifest | null;
  /** Answers a request Vite or dist/client owns (modules, assets, public files); false otherwise. */
  serveFile(ctx: Koa.Context): Promise<boolean>;
  fixError(error: unknown): void;
  /** Lets go of what it holds open (Vite's dev server: its file watcher keeps the process alive). */
  close(): Promise<void>;
};

/** The web middleware, and its warm-up (run before the instance reports ready: api/app.ts). */
export type WebMiddleware = Koa.Middleware & {
  warm(): Promise<void>;
  /** Closes what rendering holds open (in development, Vite's dev server). */
  close(): Promise<void>;
};

export async function createWebMiddleware(opts: WebOptions): Promise<WebMiddleware> {
  const site = siteInfo(opts.config);
  const renderer = opts.dev ? await devRenderer(opts.httpServer) : await productionRenderer();

  const web: Koa.Middleware = async function web(ctx, next) {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || isApiPath(ctx.path)) return next();
    if (await renderer.serveFile(ctx)) return;
    // A page's address has one spelling: another (doubled or trailing slashes, dot segments, a
    // backslash), which the renderer would read as the same page, would be kept by the page cache as a
    // page of its own (made-up spellings would fill it) and seen by search engines as a duplicate.
    const canonical = canonicalSpelling(ctx.path);
    if (canonical !== ctx.path) {
      ctx.status = 301;
      ctx.redirect(ctx.querystring === '' ? canonical : `${canonical}?${ctx.querystring}`);
      return;
    }

    if (ctx.path === '/robots.txt') {
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = robotsTxt(site);
      return;
    }
    if (ctx.path === manifestPath) {
      ctx.type = 'application/manifest+json; charset=utf-8';
      ctx.set('Cache-Control', 'no-cache');
      ctx.body = webManifest(site);
      return;
    }
    const entry = await renderer.entry();
    const xmlFiles: Record<string, { type: string; make: () => Promise<string> }> = {
      '/sitemap.xml': {
        type: 'application/xml',
        make: () =>
          sitemapXml(site, opts.queries, entry.publicPaths, (path) => ({ es: entry.pathIn('es', path) ?? path, en: entry.pathIn('en', path) ?? path })),
      },
      '/sitemap-noticias.xml': { type: 'application/xml', make: () => newsSitemapXml(site, opts.queries) },
      [rssPath]: { type: 'application/rss+xml', make: () => rssXml(site, opts.queries) },
      [atomPath]: { type: 'application/atom+xml', make: () => atomXml(site, opts.queries) },
    };
    const xmlFile = xmlFiles[ctx.path];
    if (xmlFile) {
      ctx.type = `${xmlFile.type}; charset=utf-8`;
      ctx.set('Cache-Control', 'no-cache');
      // Feed readers and search engines poll these: one that sends back the ETag of what it holds gets a
      // 304 without the bytes while nothing in the file changed.
      const body = Buffer.from(await xmlFile.make(), 'utf8');
      const etag = weakEtagOf(body);
      ctx.set('ETag', etag);
      ctx.vary('Accept-Encoding');
      if (matchesEtag(ctx.get('If-None-Match'), etag)) {
        ctx.status = 304;
        return;
      }
      await sendText(ctx, body);
      return;
    }

    // Visitors get the page as it was last rendered, unless something it shows changed since (in
    // development the sources change under it: never kept).
    const visitor = !ctx.state.user && !opts.dev;
    // A page is kept under its path and the parameters of the query its render read (keptAddress): a
    // link's tracking parameters, or made-up ones, neither render it again each nor fill the cache with
    // copies of it. Which parameters a path's page reads is told by the page kept for the bare path.
    // Parsed only for an address that has a query (most requests, kept pages among them, have none).
    // The page rendered and the address it is kept under both come from the path Koa routed on and the
    // query, never from the raw request target: a URL parser reads an absolute-form target
    // (`GET http:///contacto`) or one that begins with '//' as another page than that path, and the home
    // page would then be kept as /contacto.
    const query = ctx.querystring === '' ? null : new URLSearchParams(ctx.querystring);
    // An address whose path or query holds text no page can take (a NUL, a lone surrogate: what the
    // database refuses, as the API refuses it) is answered here, before any page reads it. Such text
    // reaches a path only escaped, so a plain path without a query (most requests) is not decoded.
    if ((query !== null || ctx.path.includes('%')) && hasUnreadableAddress(ctx.path, query === null ? [] : [...query])) {
      ctx.status = 400;
      ctx.type = 'text/html; charset=utf-8';
      ctx.set('Cache-Control', 'no-store');
      ctx.body = errorPage('badAddress', ctx.path, site.siteName);
      return;
    }
    const target = query === null ? ctx.path : `${ctx.path}?${ctx.querystring}`;
    const keyOf = (page: CachedPage | KeptPage) => (query === null ? target : keptAddress(target, ctx.path, query, page.reads?.query ?? 'all'));
    const find = (): { key: string; page: KeptPage } | undefined => {
      const own = opts.pages.get(target);
      if (own || query === null) return own && { key: target, page: own };
      const bare = opts.pages.get(ctx.path);
      if (!bare) return undefined;
      const key = keyOf(bare);
      const page = key === ctx.path ? bare : opts.pages.get(key);
      return page && keyOf(page) === key ? { key, page } : undefined;
    };
    // A kept page that shows a news list is sent only once the lists took in what was committed (a
    // list that changed is dropped then), as its render would wait; any other kept page never waits.
    // So is another visitor's render under way, which may show a list read before the commit: once the
    // lists have caught up, a render that read any list is no longer kept, and the page is rendered again.
    let kept = visitor ? find() : undefined;
    const waitsForLists = kept ? showsLists(kept.page) : visitor && opts.pages.inProgress(target) !== undefined;
    const catchingUp = waitsForLists ? opts.queries.catchingUp() : null;
    if (catchingUp) {
      await catchingUp;
      kept = find();
    }
    // Or, while another visitor's render of it is under way, the page that render keeps. Nothing is
    // awaited between finding no render under way and beginning one (below): visitors who go on together
    // (a kept list dropped once the lists caught up with a write) would otherwise each find none and each
    // render the page. A render refused because the page changed while it ran is followed by one more,
    // which whoever comes first begins and the others wait for; should that one be refused too, each
    // renders its own. A page that is never kept (not found, a failed render) is not waited for again.
    let cached = kept;
    for (let round = 0; visitor && !cached && round < 2; round += 1) {
      const running = opts.pages.inProgress(target);
      if (!running) break;
      const end = await running;
      cached = end.kept ? { key: keyOf(end.kept), page: end.kept } : find();
      if (!end.tryAgain) break;
    }
    if (cached) {
      const { key, page } = cached;
      ctx.set('X-Cache', 'hit');
      await sendPage(ctx, page, (encoding) => opts.pages.bytesOf(key, page, encoding));
      return;
    }
    // Operators and tests can tell a kept page from a rendered one; staff's pages say neither.
    if (visitor) ctx.set('X-Cache', 'miss');
    const generation = opts.pages.generation;
    const settle = visitor ? opts.pages.begin(target) : undefined;
    try {
      const nonce = () => ctx.state.cspNonce as string;
      const { page, unlisted, keepable } = await renderPage(target, { staff: Boolean(ctx.state.user), nonce });
      if (unlisted) ctx.set('X-Robots-Tag', 'noindex');
      const key = keyOf(page);
      const kept = visitor && keepable ? opts.pages.set(key, generation, page) : undefined;
      settle?.(kept, keepable);
      if (kept) await sendPage(ctx, kept, (encoding) => opts.pages.bytesOf(key, kept, encoding));
      else await sendPage(ctx, { ...page, size: page.body.length }, async (encoding) => (encoding ? compress(page.body, encoding, 'fast') : page.body));
    } catch (error) {
      settle?.(undefined, false);
      // The error page is neither the page the headers set so far describe nor compressed.
      ctx.remove('ETag');
      ctx.remove('Content-Encoding');
      renderer.fixError(error);
      const outage = isDatabaseUnavailable(error);
      ctx.log[outage ? 'warn' : 'error']({ requestId: ctx.state.requestId, path: ctx.path, ...errorFields(error) }, 'page failed');
      ctx.status = outage ? 503 : 500;
      if (outage) ctx.set('Retry-After', '5');
      ctx.type = 'text/html; charset=utf-8';
      ctx.set('Cache-Control', 'no-store');
      ctx.body = errorPage(outage ? 'unavailable' : 'failed', ctx.path, site.siteName);
    }
  };

  /** One URL as HTML: a server-rendered page, an admin screen's shell, or the offline app shell. */
  async function renderPage(url: string, who: { staff: boolean; nonce?: () => string }): Promise<{ page: CachedPage; unlisted: boolean; keepable: boolean }> {
    const entry = await renderer.entry();
    const template = await renderer.template(url);
    // The offline app shell (manifest.ts) is a client-only screen's shell under a neutral title.
    const shell = entry.pageAddress(url).pathname === appShellPath;
    // A preview opens any article for signed-in staff; others need a working link.
    // What the page reads is recorded with it: a change drops only the kept pages that read what changed.
    const reads = new PageReads();
    const queries = reads.queries(opts.queries);
    const data = { ...queries, previewArticle: (token: string, slug: string) => queries.previewArticle(token, slug, who.staff) };
    // The response's nonce is made only if the render asks for it (React may write a script of its own).
    const result = await entry.render(shell ? appShellSourceRoute : url, { site, data, nonce: who.nonce });
    if (result.kind === 'page') reads.query = result.readsQuery;
    const pageHead = shell ? appShellHead(site) : result.head;
    const preload = shell ? '' : preloadTags(renderer.manifest, result.pageSources, template);
    const head = [headTags(pageHead, site, shell ? undefined : result.languages), preload].filter(Boolean).join('\n    ');
    const htmlLang = shell ? 'es' : result.languages.htmlLang;
    const parts = { head, html: result.kind === 'page' && !shell ? result.html : '', appData: result.appData, htmlLang };
    // A page that must not be indexed (an article's preview) is for whoever holds its address: never kept.
    const unlisted = result.kind === 'page' && Boolean(result.head.noindex);
    const page: CachedPage = {
      status: result.status,
      type: 'text/html; charset=utf-8',
      // Admin screens belong to a signed-in person: no cache may keep them. Public pages (and the app
      // shell, which the service worker keeps) revalidate.
      cacheControl: !shell && ((result.kind === 'shell' && result.admin) || unlisted) ? 'no-store' : 'no-cache',
      body: pageBytes(template, parts),
      reads,
    };
    // A streamed page (React may have written a script, with this response's nonce) is this response's only.
    const keepable = result.kind === 'page' && !shell && result.status === 200 && !unlisted && !result.streamed;
    return { page, unlisted, keepable };
  }

  /**
   * Renders every public page once, in both languages, with the newest article, and keeps them (with
   * their compressed copies) for visitors: the server bundle, the pages' chunks, the database's first
   * queries and the compressors are ready before /readyz says so, and the first visitor waits no longer
   * than the next. Development (sources changing under it) skips it.
   */
  async function warm(): Promise<void> {
    if (opts.dev) return;
    const entry = await renderer.entry();
    const [newest] = (await opts.queries.listNews(newsListQuery.parse({ limit: 1 }))).items;
    const spanish = [...entry.publicPaths, ...(newest ? [`/noticias/${newest.slug}`] : [])];
    const urls = [...new Set(spanish.flatMap((path) => [path, entry.pathIn('en', path) ?? path]))];
    for (const url of urls) {
      const generation = opts.pages.generation;
      const { page, keepable } = await renderPage(url, { staff: false });
      const kept = keepable ? opts.pages.set(url, generation, page) : undefined;
      if (kept) await Promise.all((['br', 'gzip'] as const).map((encoding) => opts.pages.bytesOf(url, kept, encoding)));
    }
  }

  return Object.assign(web, { warm, close: () => renderer.close() });
}

/** A page's status and headers, its plain length, and its bytes in an encoding (null: plain). */
async function sendPage(ctx: Koa.Context, page: Omit<CachedPage, 'body'> & { size: number }, bytes: (encoding: Encoding | null) => Promise<Buffer>) {
  ctx.status = page.status;
  ctx.type = page.type;
  ctx.set('Cache-Control', page.cacheControl);
  ctx.vary('Accept-Encoding');
  // A kept page has an ETag: a browser revalidating it (public pages are no-cache) gets a 304 without the bytes.
  if (page.etag) {
    ctx.set('ETag', page.etag);
    if (matchesEtag(ctx.get('If-None-Match'), page.etag)) {
      ctx.status = 304;
      return;
    }
  }
  const encoding = page.size > minimumCompressedSize ? acceptedEncoding(ctx.get('Accept-Encoding')) : null;
  const body = await bytes(encoding);
  if (encoding) ctx.set('Content-Encoding', encoding);
  ctx.body = body;
}

async function sendText(ctx: Koa.Context, body: Buffer) {
  ctx.vary('Accept-Encoding');
  const encoding = body.length > minimumCompressedSize ? acceptedEncoding(ctx.get('Accept-Encoding')) : null;
  if (encoding) {
    ctx.set('Content-Encoding', encoding);
    ctx.body = await compress(body, encoding, 'fast');
  } else {
    ctx.body = body;
  }
}

async function devRenderer(httpServer: Server | undefined): Promise<Renderer> {
  const { createServer } = await import('vite');
  const vite: ViteDevServer = await createServer({
    root: projectRoot,
    configFile: path.join(projectRoot, 'vite.config.ts'),
    appType: 'custom',
    // Hot reload rides on the app's own server (docs/rules.md, 'Notes on the tools'); without one, no second port is opened.
    server: { middlewareMode: true, hmr: httpServer ? { server: httpServer } : false },
  });
  const templateFile = path.join(projectRoot, 'index.html');
  return {
    async template(url) {
      return vite.transformIndexHtml(url, await readFile(templateFile, 'utf8'));
    },
    entry: () => vite.ssrLoadModule('/pwa/entry-server.tsx') as Promise<typeof ServerEntry>,
    manifest: null,
    serveFile(ctx) {
      // Vite's connect stack writes to the raw response; Koa must stand aside once it did, or the request hangs.
      return new Promise<boolean>((resolve, reject) => {
        const onFinish = () => {
          ctx.respond = false;
          resolve(true);
        };
        ctx.res.once('finish', onFinish);
        vite.middlewares(ctx.req, ctx.res, (error?: unknown) => {
          ctx.res.off('finish', onFinish);
          if (error) reject(error);
          else resolve(false);
        });
      });
    },
    fixError: (error) => error instanceof Error && vite.ssrFixStacktrace(error),
    close: () => vite.close(),
  };
}

async function productionRenderer(): Promise<Renderer> {
  const clientDir = path.join(projectRoot, 'dist/client');
  const serverEntry = path.join(projectRoot, 'dist/server/entry-server.js');
  const template = await readFile(path.join(clientDir, 'index.html'), 'utf8').catch(() => {
    throw new Error('Falta dist/client: ejecute "npm run build" antes de iniciar en producción.');
  });
  // A build whose index.html lost a mark fails here, at start, not on every page.
  checkTemplate(template);
  const manifest = JSON.parse(await readFile(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as ViteManifest;
  const entry = (await import(pathToFileURL(serverEntry).href)) as typeof ServerEntry;
  const serveStatic = createStaticFiles(clientDir);
  return {
    template: async () => template,
    entry: async () => entry,
    manifest,
    serveFile: serveStatic,
    fixError: () => {},
    close: async () => {},
  };
}
