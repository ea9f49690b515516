// Server entry (built to dist/server, loaded by api/web): renders one URL to HTML with its data.
import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { LRUCache } from 'lru-cache';
import { dehydrate } from '@tanstack/react-query';
import { App } from './App';
import { appDataScript } from './lib/app-data';
import type { PageHead } from './lib/head';
import { createQueryClient } from './lib/query-client';
import { SiteContext, type SiteInfo } from './lib/site';
import type { FragmentCache, FragmentKind } from './lib/server-fragments';
import type { SearchHook } from './lib/query-string';
import { Router } from 'wouter';
import { matchRoute, preloadRoute, routes, type RouteMatch } from './routes';
import { layoutSources, localeSource, pageSources } from './route-sources';
import { hreflang, LangContext, langOfPath, pathIn, type Lang } from './i18n/lang';
import { serverPages, type PageDataSource } from './server-pages';
import { notFoundTexts } from './features/not-found/texts';
import { notFoundTextsEn } from './features/not-found/texts.en';

export type { PageDataSource } from './server-pages';
export type { PageHead } from './lib/head';

/** The page's language, and the same page in each language (hreflang); null for admin and 404. */
export type PageLanguages = { lang: Lang; htmlLang: string; alternates: { hreflang: string; path: string }[] };

/** A page's markup in pieces, in order: text, or the bytes of a part kept already encoded. */
export type PageMarkup = readonly (string | Buffer)[];

export type RenderResult =
  /** A server-rendered page (or the 404 screen): markup, status, head, and the data script. */
  (
    | {
        kind: 'page';
        status: number;
        head: PageHead;
        /** The markup: text, and the UTF-8 bytes of the parts kept by the server (cards, forms, frames) in their places. */
        html: PageMarkup;
        appData: string;
        pageSources: string[];
        /** The tree suspended and was streamed: React may have written a script of its own, with this response's nonce. */
        streamed: boolean;
        /**
         * What the page's loader and components read of the query string: all of it, or the parameters
         * named (none: the same page for every query).
         */
        readsQuery: 'all' | string[];
      }
    /** A client-only screen (admin, advance form): the empty shell, rendered by the browser. */
    | { kind: 'shell'; status: 200; head: PageHead; appData: string; pageSources: string[]; admin: boolean }
  ) & { languages: PageLanguages };

/** Spanish (es-CR) and English twins of a public page; x-default is the Spanish one. */
function languagesOf(pathname: string, lang: Lang, translated: boolean): PageLanguages {
  const es = translated ? pathIn('es', pathname) : null;
  const en = translated ? pathIn('en', pathname) : null;
  const alternates =
    es && en
      ? [
          { hreflang: hreflang.es, path: es },
          { hreflang: hreflang.en, path: en },
          { hreflang: 'x-default', path: es },
        ]
      : [];
  return { lang, htmlLang: lang, alternates };
}

export type RenderOptions = {
  site: SiteInfo;
  data: PageDataSource;
  /**
   * The Content-Security-Policy nonce of this response, for a script React itself writes: asked for only
   * when it may (a tree that suspended is streamed), so that a page rendered to a string, which carries
   * no inline script, leaves the response's policy without one.
   */
  nonce?: () => string;
  /** false renders every part in place, without the markup kept for cached parts (tests compare both). */
  fragments?: boolean;
};

/**
 * The chunks of a page, of what it loads beside it and of its language's layout: everything the browser
 * runs before the first render, which the server asks it to preload so no module waits to be discovered.
 */
const sourcesOf = (match: RouteMatch | null, layoutLang: Lang | null) =>
  [
    match ? pageSources[match.route.pattern] : undefined,
    match?.route.page.withLocale ? localeSource : undefined,
    layoutLang ? layoutSources[layoutLang] : undefined,
  ].filter((source): source is string => Boolean(source));

/**
 * The path and query of a page's address (`url`: its path, then its query, as the server routed it),
 * read as the renderer reads it: the path as it is, one that begins with '//' included (resolved
 * against a base, '//contacto' would name a host and the home page).
 */
export function pageAddress(url: string): { pathname: string; search: string } {
  const { pathname, search } = new URL(`http://localhost${url.startsWith('/') ? '' : '/'}${url}`);
  return { pathname, search };
}

export async function render(url: string, options: RenderOptions): Promise<RenderResult> {
  const { pathname, search } = pageAddress(url);
  const match = matchRoute(pathname);
  const { site } = options;

  const lang = match?.route.lang ?? langOfPath(pathname);
  const languages = languagesOf(pathname, lang, match?.route.layout === 'public');

  if (match?.route.rendering.mode === 'client') {
    const head: PageHead = { title: `${match.route.rendering.title} | ${site.siteName}`, description: site.siteName, path: pathname, noindex: true };
    const pageSources = sourcesOf(match, match.route.layout === 'public' ? lang : null);
    return { kind: 'shell', status: 200, head, appData: appDataScript({ site, queries: null }), pageSources, admin: pathname.startsWith('/admin'), languages };
  }

  const queryClient = createQueryClient();
  let status = 200;
  let head = (lang === 'en' ? notFoundTextsEn : notFoundTexts).head(site);
  // Every read of the query string, by the page's loader or by a component (lib/query-string.ts), is
  // noted: the whole of it, or parameters by name.
  let readsAll = false;
  const readNames = new Set<string>();
  const ssrSearch = search.replace(/^\?/, '');
  const whole = () => ((readsAll = true), ssrSearch);
  const param = (name: string) => (readNames.add(name), new URLSearchParams(ssrSearch).get(name));
  const ssrSearchHook: SearchHook = Object.assign(whole, { param });
  if (match?.route.rendering.mode === 'server') {
    const load = {
      queryClient,
      data: options.data,
      site,
      params: match.params,
      lang,
      get search() {
        whole();
        return search;
      },
      param,
    };
    const result = await serverPages[match.route.rendering.id](load);
    head = result.head;
    if (result.notFound) status = 404;
  } else {
    status = 404;
  }
  await preloadRoute(match, pathname);

  const fragments = options.fragments === false ? undefined : fragmentCache(site);
  const rendered = await renderToHtml(
    <App site={site} queryClient={queryClient} ssrPath={pathname} ssrSearchHook={ssrSearchHook} fragments={fragments?.cache} />,
    options.nonce,
  );
  const html = fragments ? fragments.markupOf(rendered.html) : [rendered.html];
  const { streamed } = rendered;
  const appData = appDataScript({ site, queries: dehydrate(queryClient) });
  queryClient.clear();
  // A 404 has no twin in the other language.
  const pageLanguages = status === 404 ? { lang, htmlLang: lang, alternates: [] } : languages;
  return {
    kind: 'page',
    status,
    head,
    html,
    appData,
    pageSources: sourcesOf(match, lang),
    streamed,
    readsQuery: readsAll ? 'all' : [...readNames],
    languages: pageLanguages,
  };
}

/**
 * The whole tree, lazy parts included. Once a page's lazy parts are loaded (preloadRoute, and every
 * render after the first), nothing suspends and the tree renders synchronously to one string: about a
 * third of the CPU of the stream, which encodes each of its hundreds of chunks to bytes on the way.
 * A tree that does suspend comes out of renderToString with the boundary left to the browser ('<!--$!-->',
 * or an error when the shell itself suspends): the lazy parts it reached have begun to load, so it is
 * rendered again once they may have (a few short waits). Only a tree still suspended after them is
 * streamed, waiting for every part: React's stream runs its work inside an AsyncLocalStorage, and once
 * one has run, Node (20) tracks every promise of the process for good (its promise hooks were 9% of the
 * server's busy time while it answered kept pages).
 */
async function renderToHtml(element: React.ReactNode, nonce: (() => string) | undefined): Promise<{ html: string; streamed: boolean }> {
  for (let attempt = 0; ; attempt += 1) {
    let html: string | null = null;
    try {
      html = renderToString(element);
    } catch {
      // The shell suspended (or failed): tried again, then the stream waits for it or reports the error.
    }
    if (html !== null && !html.includes(clientRenderedBoundary)) return { html, streamed: false };
    if (attempt === suspendedWaits.length) return { html: await streamToHtml(element, nonce?.()), streamed: true };
    await new Promise((resolve) => setTimeout(resolve, suspendedWaits[attempt]));
  }
}

/** The waits (ms) between renders of a tree whose lazy parts are loading: about 0.3 s in all. */
const suspendedWaits = [0, 2, 5, 10, 25, 50, 100, 100];

/**
 * The markup of cached parts (pwa/lib/server-fragments.tsx), per site, each kind bounded, kept as its
 * UTF-8 bytes: cards by language and key (a plain map per language, emptied when full: it is looked up
 * twelve times a render, an LRU in its place measured slower, and no key is joined to the language: a
 * card's key, made once per version of an article (features/news/NewsCard.tsx), is then the same string
 * at each look-up, and V8 keeps its hash with it); forms (the news list's filters, about 4 KB each, one
 * per search asked with its filters) and page frames (header, footer, by language, path and key: each
 * article page has frames of its own, its language link), the most recently used few of each, so that
 * searches and articles nobody asks again push out no card.
 */
type MarkupStore = { get(lang: Lang, id: string): Buffer | undefined; set(lang: Lang, id: string, bytes: Buffer): void };
const cardLimit = 5000;
const fragmentsBySite = new WeakMap<SiteInfo, Record<FragmentKind | 'frame', MarkupStore>>();

function keptMarkup(): Record<FragmentKind | 'frame', MarkupStore> {
  const cards: Record<Lang, Map<string, Buffer>> = { es: new Map(), en: new Map() };
  const recent = (max: number): MarkupStore => {
    const kept = new LRUCache<string, Buffer>({ max });
    return { get: (lang, id) => kept.get(`${lang}\u0000${id}`), set: (lang, id, bytes) => kept.set(`${lang}\u0000${id}`, bytes) };
  };
  return {
    card: {
      get: (lang, id) => cards[lang].get(id),
      set(lang, id, bytes) {
        if (cards.es.size + cards.en.size >= cardLimit) for (const kept of Object.values(cards)) kept.clear();
        cards[lang].set(id, bytes);
      },
    },
    form: recent(256),
    frame: recent(64),
  };
}

/** `element` rendered alone, with the site and language of the page around it, under a router at `path`. */
function renderApart(site: SiteInfo, lang: Lang, path: string, element: React.ReactElement): string {
  return renderToString(
    <SiteContext value={site}>
      <Router ssrPath={path} ssrSearch="">
        <LangContext value={lang}>{element}</LangContext>
      </Router>
    </SiteContext>,
  );
}

/**
 * `text` as UTF-8 in memory of its own: Buffer.from takes a text under 4 KB (a card) from a shared 8 KB
 * slab, which a kept card would then hold whole.
 */
function ownBytesOf(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text, 'utf8'));
  bytes.write(text, 'utf8');
  return bytes;
}

/**
 * What stands in React's markup for a kept part's bytes, numbered in the render (`<!--token:n-->`): a
 * comment React never writes, and this process's own random token, which no text of a page holds.
 */
const placeholderStart = `<!--${randomUUID()}:`;
const placeholderEnd = '-->';

/**
 * The kept parts' markup for one render. React is given a placeholder for each kept part and the page's
 * markup is then cut at them (`markupOf`): a news list's cards, form and frame are nearly all of its 50
 * KB, and each render made React's string of them one piece and encoded it to UTF-8 again
 * (docs/search-and-page-cache.md, "A page's bytes written once").
 * A part whose markup holds a boundary React left to the browser is written in place, not kept, so that
 * the page's test for one still sees it.
 */
function fragmentCache(site: SiteInfo): { cache: FragmentCache; markupOf(html: string): PageMarkup } {
  let kept = fragmentsBySite.get(site);
  if (!kept) fragmentsBySite.set(site, (kept = keptMarkup()));
  const stores = kept;
  const used: Buffer[] = [];
  const keptOrRendered = (kind: FragmentKind | 'frame', id: string, lang: Lang, path: string, element: React.ReactElement) => {
    let bytes = stores[kind].get(lang, id);
    if (bytes === undefined) {
      const html = renderApart(site, lang, path, element);
      if (html.includes(clientRenderedBoundary)) return html;
      stores[kind].set(lang, id, (bytes = ownBytesOf(html)));
    }
    used.push(bytes);
    return `${placeholderStart}${used.length - 1}${placeholderEnd}`;
  };
  return {
    cache: {
      // A router at no page in particular: a card's or form's markup is kept for every page, so it must
      // not depend on where it is shown.
      html: (kind, key, lang, element) => keptOrRendered(kind, key, lang, '/', element),
      part: (key, lang, path, element) => keptOrRendered('frame', `${path}\u0000${key}`, lang, path, element),
    },
    markupOf(html) {
      const pieces: (string | Buffer)[] = [];
      let from = 0;
      for (let at = html.indexOf(placeholderStart); at >= 0; at = html.indexOf(placeholderStart, from)) {
        const end = html.indexOf(placeholderEnd, at + placeholderStart.length);
        pieces.push(html.slice(from, at), used[Number(html.slice(at + placeholderStart.length, end))]);
        from = end + placeholderEnd.length;
      }
      pieces.push(html.slice(from));
      return pieces;
    },
  };
}

/** React's marker of a Suspense boundary the server could not finish (the browser renders it). */
const clientRenderedBoundary = '<!--$!-->';

/**
 * How long a streamed page may take before it fails. In development Vite first transforms every module
 * a page loads (a form's widgets are hundreds), which on a slow machine took longer than the limit.
 */
const streamLimitMs = import.meta.env.DEV ? 120_000 : 10_000;

/** Waits for onAllReady, so every lazy part is in the markup. */
function streamToHtml(element: React.ReactNode, nonce: string | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    let failed: unknown = null;
    const { pipe, abort } = renderToPipeableStream(element, {
      nonce,
      // React 19 "outlines" any Suspense boundary over 12.8 KB: it sends it after a placeholder and
      // swaps it in with an inline script, which the CSP blocks (React error 419). The page is
      // complete when we send it, so let it flow in place.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        if (failed) return reject(failed);
        const sink = new PassThrough();
        const chunks: Buffer[] = [];
        sink.on('data', (chunk: Buffer) => chunks.push(chunk));
        sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        sink.on('error', reject);
        pipe(sink);
      },
      onShellError: reject,
      onError(error) {
        failed = error;
      },
    });
    setTimeout(() => abort(new Error('La página tardó demasiado en generarse')), streamLimitMs).unref();
  });
}

/** The public pages without parameters, for the sitemap (articles are added by the server). */
export const publicPaths: string[] = routes
  .filter((route) => route.layout === 'public' && !route.pattern.includes(':') && !route.lang)
  .map((route) => route.pattern);

export { pathIn } from './i18n/lang';
