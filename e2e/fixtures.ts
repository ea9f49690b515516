// Shared fixtures: `api` is a request context signed in as the admin (to create data through the API),
// `adminPage` is a page whose browser context is signed in as the admin, and `context` (and so `page`)
// a browser context that starts as a new one would.
import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
  type PlaywrightTestArgs,
  type PlaywrightTestOptions,
  type PlaywrightWorkerArgs,
  type PlaywrightWorkerOptions,
  type TestType,
} from '@playwright/test';
import { e2eAdmin } from './credentials';

export { expect };
export { e2eAdmin, e2eSite } from './credentials';

/**
 * The test's own HTTP client opens a new connection for each request. Kept alive, a connection idle
 * for about the server's keep-alive time (5 s) may be reused just as the server closes it (ECONNRESET),
 * which a loaded machine makes likely; a browser retries such a request by itself, this client does not.
 */
const freshConnections = { Connection: 'close' };

/**
 * Browser contexts kept from one test to the next in a worker, by their options (a test with a visitor's
 * `page` and an `adminPage` holds two of the same options), so a test does not
 * pay for a new context and a cold cache: opening the admin panel in a new context took 3.9 CPU-s on two
 * cores, 1.3 in a kept one. Between tests each is emptied of what a test could
 * leave behind: its pages, cookies, every kind of the site's storage (IndexedDB, localStorage, Cache
 * Storage), routes, permissions and offline mode; only the HTTP cache stays, which the site's pages
 * revalidate (no-cache, ETag) and its API never fills (no-store). A context with the service worker
 * allowed is never kept: a worker and its precache are what the offline tests start from.
 */
class KeptContexts {
  private readonly idle = new Map<string, BrowserContext[]>();
  private readonly keys = new Map<BrowserContext, string>();

  constructor(private readonly browser: Browser) {}

  /** A kept context with these options, or a new one (kept after the test if these options allow it). */
  async take(options: BrowserContextOptions): Promise<BrowserContext> {
    if (options.serviceWorkers !== 'block' || options.storageState) return this.browser.newContext(options);
    const key = JSON.stringify(options);
    const kept = this.idle.get(key)?.pop();
    if (kept) return kept;
    const context = await this.browser.newContext(options);
    this.keys.set(context, key);
    context.once('close', () => this.keys.delete(context));
    return context;
  }

  /** Emptied and kept for the next test; closed if it is not to be kept or cannot be emptied. */
  async give(context: BrowserContext): Promise<void> {
    const key = this.keys.get(context);
    if (!key) return context.close(); // not to be kept, or already closed by the test
    const options = JSON.parse(key) as BrowserContextOptions;
    try {
      const [kept, ...others] = context.pages();
      for (const page of others) await page.close();
      const page = kept ?? (await context.newPage());
      // What the test did to its page and context: listeners, routes, its size, no connection.
      page.removeAllListeners();
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await context.unrouteAll({ behavior: 'ignoreErrors' });
      await context.setOffline(false);
      await context.clearPermissions();
      if (options.viewport) await page.setViewportSize(options.viewport);
      // The page leaves the app for a file of the same site without scripts (nothing of the app runs on
      // to write again what is cleared next), and stays in the same renderer: about:blank instead cost
      // the next test its compiled scripts, 2 CPU-s more to open the admin panel.
      const origin = new URL(options.baseURL ?? '').origin;
      await page.evaluate(() => sessionStorage.clear()).catch(() => {});
      await page.goto(`${origin}/robots.txt`);
      await context.clearCookies();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Storage.clearDataForOrigin', {
        origin,
        storageTypes: 'cookies,file_systems,indexeddb,local_storage,service_workers,cache_storage,websql,storage_buckets,shared_storage',
      });
      await cdp.detach();
      this.idle.set(key, [...(this.idle.get(key) ?? []), context]);
    } catch {
      this.keys.delete(context);
      await context.close().catch(() => {});
    }
  }

  async closeAll() {
    for (const context of [...this.idle.values()].flat()) await context.close().catch(() => {});
    this.idle.clear();
  }
}

/**
 * The options Playwright would give a new context in this test (the project's and the test's `use`),
 * a fixture of its own that its types do not list.
 */
const withContextOptions = base as TestType<
  PlaywrightTestArgs & PlaywrightTestOptions & { _combinedContextOptions: BrowserContextOptions },
  PlaywrightWorkerArgs & PlaywrightWorkerOptions
>;

export const test = withContextOptions.extend<{ api: APIRequestContext; adminPage: Page }, { keptContexts: KeptContexts }>({
  keptContexts: [
    async ({ browser }, use) => {
      const kept = new KeptContexts(browser);
      await use(kept);
      await kept.closeAll();
    },
    { scope: 'worker' },
  ],
  context: async ({ keptContexts, _combinedContextOptions: options }, use) => {
    const context = await keptContexts.take(options);
    await use(context);
    await keptContexts.give(context);
  },
  // The kept context's page, kept with it: a page that showed the site before compiles its scripts no more.
  page: async ({ context }, use) => {
    await use(context.pages()[0] ?? (await context.newPage()));
  },
  request: async ({ playwright, baseURL, userAgent, extraHTTPHeaders }, use) => {
    const request = await playwright.request.newContext({ baseURL, userAgent, extraHTTPHeaders: { ...extraHTTPHeaders, ...freshConnections } });
    await use(request);
    await request.dispose();
  },
  api: async ({ playwright, baseURL }, use) => {
    const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: freshConnections });
    const login = await api.post('/api/auth/login', { data: e2eAdmin });
    expect(login.status()).toBe(200);
    await use(api);
    await api.dispose();
  },
  // Its own context (kept between tests like `context`), with the test's service worker choice, signed in
  // afresh for each test.
  adminPage: async ({ keptContexts, _combinedContextOptions, baseURL, serviceWorkers }, use) => {
    const options = { ..._combinedContextOptions, baseURL, locale: 'es-CR', timezoneId: 'America/Costa_Rica', serviceWorkers };
    const context = await keptContexts.take(options);
    const login = await context.request.post('/api/auth/login', { data: e2eAdmin });
    expect(login.status()).toBe(200);
    const page = context.pages()[0] ?? (await context.newPage());
    await use(page);
    await keptContexts.give(context);
  },
});

/** A name no other test uses, so parallel tests never see each other's records. */
export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * Closes an open list, popover or dialog with Escape, as a person does once it shows: it takes the focus
 * when it opens, and an Escape pressed before that went to what opened it instead, leaving it open over
 * an inert page (a select's list, seen once on a slow machine).
 */
export async function closeWithEscape(page: Page, open: Locator) {
  await expect.poll(() => open.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(open).toBeHidden();
}
