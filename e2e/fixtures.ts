// Shared fixtures: `api` is a request context signed in as the admin (to create data through the API),
// `adminPage` is a page whose browser context is signed in as the admin.
import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { e2eAdmin } from './credentials';

export { expect };
export { e2eAdmin, e2eSite } from './credentials';

/**
 * The test's own HTTP client opens a new connection for each request. Kept alive, a connection idle
 * for about the server's keep-alive time (5 s) may be reused just as the server closes it (ECONNRESET),
 * which a loaded machine makes likely; a browser retries such a request by itself, this client does not.
 */
const freshConnections = { Connection: 'close' };

export const test = base.extend<{ api: APIRequestContext; adminPage: Page }>({
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
  // Its own context, with the test's service worker choice (no worker unless the test asks for one).
  adminPage: async ({ browser, baseURL, serviceWorkers }, use) => {
    const context = await browser.newContext({ baseURL, locale: 'es-CR', timezoneId: 'America/Costa_Rica', serviceWorkers });
    const login = await context.request.post('/api/auth/login', { data: e2eAdmin });
    expect(login.status()).toBe(200);
    const page = await context.newPage();
    await use(page);
    await context.close();
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
