// What the service worker may keep, as pure functions (shared by pwa/sw.ts, the page, and the tests).
// The rule of thumb: only what is the same for every visitor is cached; nothing personal, no writes.

export const cacheNames = {
  /** Server-rendered public pages seen online, by full URL. Cleared when a new version activates. */
  pages: 'pages',
  /** Published news and services as the API answered them. */
  publicApi: 'public-api',
  /** Hashed js/css chunks outside the precache (admin and form screens), cached on first use. */
  assets: 'assets',
  /** The precached client-rendered shell (served by the server at this path, api/web/manifest.ts). */
  appShellUrl: '/app-shell',
} as const;

export const swMessages = { skipWaiting: 'SKIP_WAITING', cachePage: 'CACHE_PAGE' } as const;

/** cachePage: the page's URL, and the chunks it loaded before the worker could see them. */
export type SwMessage = { type: typeof swMessages.skipWaiting } | { type: typeof swMessages.cachePage; url: string; assets?: string[] };

/** A page the server meant to be kept: a 200 HTML answer without no-store/private (admin screens are no-store). */
export function isCacheablePage(response: Pick<Response, 'status' | 'headers'>): boolean {
  if (response.status !== 200) return false;
  const cacheControl = response.headers.get('Cache-Control') ?? '';
  if (/no-store|private/i.test(cacheControl)) return false;
  return (response.headers.get('Content-Type') ?? '').includes('text/html');
}

/**
 * An answer that says the server could not give the page at all (the reverse proxy's 502, 503 or 504
 * while the app is down, an overloaded server): for a page, no better than no signal, so the kept copy
 * or the app shell is shown instead. A 4xx, or any other answer, is the page as the server means it.
 */
export function isServerDown(status: number): boolean {
  return status >= 500 && status <= 599;
}

/**
 * GET /api/news, /api/news/{slug} and /api/services: published content. Staff asking for the review
 * queue (`status=pending|all`) get unpublished articles: those are never cached.
 */
export function isPublicApiRequest(method: string, url: URL): boolean {
  if (method !== 'GET') return false;
  const path = url.pathname.replace(/\/$/, '');
  const isNews = path === '/api/news' || /^\/api\/news\/[^/]+$/.test(path);
  if (!isNews && path !== '/api/services') return false;
  const status = url.searchParams.get('status');
  return status === null || status === 'published';
}

/** Built js/css chunks (hashed names under /assets/), the PDF's symbol font (a draft's PDF offline) and the icons. */
export function isRuntimeAsset(pathname: string): boolean {
  return /^\/assets\/[^/]+\.(js|css|woff2?|ttf|png|svg|jpg|webp)$/.test(pathname) || /^\/icons\/[^/]+\.png$/.test(pathname);
}
