/// <reference lib="webworker" />
// The service worker (/sw.js, built by vite-plugin-pwa's injectManifest). It keeps the site usable with
// no signal without ever standing between a connected visitor and the server (docs/rules.md, 'Screens'):
// - precache: the public shell's js/css, icons, and the client-rendered app shell (/app-shell); never a
//   server-rendered page, which would replace the server's HTML online (hydration error 418);
// - navigations: network first; offline, or with a server that answers 5xx (the reverse proxy's 502
//   while the app is down), the cached copy of that URL, else the app shell, which renders the admin and
//   form screens (and any other route) in the browser;
// - admin and form chunks: cached on first use, so a visitor's phone never fetches admin code;
// - GET /api/news* and /api/services (published data, the same for everyone): network first;
// - everything else (API writes, staff data, photos, the session): straight to the network, never cached.
//   Staff lists offline come from the app's per-user IndexedDB copy (pwa/offline/query-persist.ts);
// - Background Sync: when the browser says the connection is back, the queued advance forms are sent
//   from here too, with no page open (pwa/offline/send.ts, the same code and locks as the pages'). The
//   drafts are sealed: the worker opens them with the same data key in IndexedDB, and asks the server
//   first about that key (pwa/offline/draft-key-sync.ts), so a session ended elsewhere deletes it here too.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import type { RouteHandlerCallbackOptions } from 'workbox-core/types';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { cacheNames, isCacheablePage, isPublicApiRequest, isRuntimeAsset, isServerDown, swMessages, type SwMessage } from './offline/sw-rules';
import { sendPendingDrafts } from './offline/send';
import { refreshDraftKeys } from './offline/draft-key-sync';
import { backgroundSyncTag, queueSentType, type QueueSentMessage } from './offline/sync-rules';
import { judgeRun } from './offline/retry-policy';

declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A new version waits until the person chooses 'Actualizar' (the page saves any open draft first); the
// very first install has nothing to wait for and takes the open page at once, so it can be cached.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const message = event.data as SwMessage | null;
  if (message?.type === swMessages.skipWaiting) void self.skipWaiting();
  if (message?.type === swMessages.cachePage)
    event.waitUntil(Promise.all([cachePage(message.url), cacheAssets(message.assets ?? [])]).then(([cached]) => event.ports[0]?.postMessage({ cached })));
});
clientsClaim();

// Pages cached by the previous version name its hashed files, which the new precache no longer holds:
// offline they would load without scripts. The app shell (plus cached news data) replaces them.
let pagesCleared: Promise<unknown> = Promise.resolve();
self.addEventListener('activate', (event) => {
  pagesCleared = caches.delete(cacheNames.pages);
  event.waitUntil(pagesCleared);
});

const samePageOrigin = (url: URL) => url.origin === self.location.origin;

/** A navigation's 5xx, kept aside in case neither a copy nor the app shell can stand in for it. */
const downAnswers = new WeakMap<Event, Response>();

const pageStrategy = new NetworkFirst({
  cacheName: cacheNames.pages,
  // On a weak signal a copy seen before is better than a blank wait.
  networkTimeoutSeconds: 6,
  // The server varies on Accept-Encoding, which a worker's requests never carry the same way.
  matchOptions: { ignoreVary: true },
  plugins: [
    {
      // A server that cannot give the page (the proxy's 502 while the app restarts) counts as no network:
      // the strategy falls back to the copy of this URL, as with no signal.
      fetchDidSucceed: async ({ event, response }) => {
        if (!isServerDown(response.status)) return response;
        if (event) downAnswers.set(event, response);
        throw new Error(`servidor no disponible (${response.status})`);
      },
      cacheWillUpdate: async ({ response }) => (isCacheablePage(response) ? response : null),
    },
  ],
});

async function handleNavigation(options: RouteHandlerCallbackOptions): Promise<Response> {
  try {
    const response = await pageStrategy.handle(options);
    if (response) return response;
  } catch {
    // No network (or a server that is down) and no copy of this URL: the app shell below.
  }
  const shell = await matchPrecache(cacheNames.appShellUrl);
  return shell ?? (options.event ? downAnswers.get(options.event) : undefined) ?? Response.error();
}

registerRoute(({ request, url }) => request.mode === 'navigate' && samePageOrigin(url) && !/^\/(api|objects)\//.test(url.pathname), handleNavigation);

registerRoute(
  ({ request, url }) => samePageOrigin(url) && isPublicApiRequest(request.method, url),
  new NetworkFirst({
    cacheName: cacheNames.publicApi,
    networkTimeoutSeconds: 6,
    matchOptions: { ignoreVary: true },
    plugins: [
      { cacheWillUpdate: async ({ response }) => ((await isPublishedAnswer(response)) ? response : null) },
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 60 * 60 * 24 * 30 }),
    ],
  }),
);

// Hashed file names never change content, so the first copy is good for ever (until expiry).
registerRoute(
  ({ request, url }) => request.method === 'GET' && samePageOrigin(url) && isRuntimeAsset(url.pathname),
  new CacheFirst({
    cacheName: cacheNames.assets,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: 60 * 60 * 24 * 90 })],
  }),
);

/** Staff may read unpublished articles through the same URLs: only a published answer is kept. */
async function isPublishedAnswer(response: Response): Promise<boolean> {
  if (response.status !== 200) return false;
  // What the server answered a signed-in person is theirs alone, even when it is published news.
  if (/private|no-store/i.test(response.headers.get('Cache-Control') ?? '')) return false;
  try {
    const body = (await response.clone().json()) as unknown;
    const items = Array.isArray(body) ? body : [body];
    // A draft, a scheduled article or one waiting for review is never kept (answers before statuses carried no status).
    return items.every(
      (item) =>
        !item ||
        typeof item !== 'object' ||
        !('reviewRequired' in item) ||
        (item.reviewRequired === false && (!('status' in item) || item.status === 'published')),
    );
  } catch {
    return false;
  }
}

/**
 * The page asks for this once the worker is active: the first visit's own page was loaded before any
 * worker existed, so without it that very page would not open offline.
 */
async function cachePage(href: string): Promise<boolean> {
  const url = new URL(href, self.location.origin);
  if (!samePageOrigin(url)) return false;
  url.hash = '';
  await pagesCleared;
  try {
    const response = await fetch(url.href, { credentials: 'same-origin', headers: { Accept: 'text/html' } });
    if (!isCacheablePage(response)) return false;
    const cache = await caches.open(cacheNames.pages);
    await cache.put(url.href, response);
    return true;
  } catch {
    return false;
  }
}

/** Chunks the first visit loaded before the worker existed (an admin screen's, say): kept like later ones. */
async function cacheAssets(urls: string[]): Promise<void> {
  const cache = await caches.open(cacheNames.assets);
  await Promise.all(
    urls.map(async (href) => {
      const url = new URL(href, self.location.origin);
      if (!samePageOrigin(url) || !isRuntimeAsset(url.pathname) || (await matchPrecache(url.pathname)) || (await cache.match(url.href))) return;
      await cache.add(url.href).catch(() => undefined);
    }),
  );
}

type SyncEvent = ExtendableEvent & { tag: string };

// A failed run (something still waits for the network) rejects, so the browser tries again later with
// its own backoff; drafts waiting for a sign-in or refused need a person, not another run. The open
// pages hear how many forms this run sent (and count only those) and how many the server refused (the
// reason is in the draft, which the form screens show), and their own timers keep trying.
self.addEventListener('sync' as keyof ServiceWorkerGlobalScopeEventMap, (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== backgroundSyncTag) return;
  sync.waitUntil(
    refreshDraftKeys()
      .catch(() => 'offline')
      .then(() => sendPendingDrafts())
      .then(async (outcomes) => {
        const sent = outcomes.filter((outcome) => outcome === 'sent').length;
        const refused = outcomes.filter((outcome) => outcome === 'refused').length;
        if (sent > 0 || refused > 0) {
          const message: QueueSentMessage = { type: queueSentType, sent, refused };
          for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage(message);
        }
        if (judgeRun(outcomes).retry) throw new Error('pendiente');
      }),
  );
});
