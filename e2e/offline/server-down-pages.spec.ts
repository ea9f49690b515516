// Production runs behind a reverse proxy: while the app's process is down (a crash, a deploy) the proxy
// answers navigations itself with 502, 503 or 504. For the worker that is no signal: the form pages open
// from its copy (or the app shell), as they do offline. An answer of the app's own, a 4xx included,
// stays as answered.
import type { Page } from '@playwright/test';
import { e2eAdmin, expect, test } from '../fixtures';
import { pageIsCached, waitForOfflineReady } from './helpers';
import { ResettingProxy } from './resetting-proxy';

// What works offline is the service worker's: these tests run with it.
test.use({ serviceWorkers: 'allow' });

test.describe.configure({ timeout: 180_000 });

const proxyPage = (page: Page) => page.getByText(/^\d{3} proxy$/);

test('with the app down behind its proxy (502, 503, 504), the form pages open from the worker, as with no signal; a 404 stays a 404', async ({
  browser,
  baseURL,
}) => {
  const target = new URL(baseURL!);
  const proxy = new ResettingProxy({ host: target.hostname, port: Number(target.port) });
  const origin = await proxy.start();
  const context = await browser.newContext({ locale: 'es-CR', timezoneId: 'America/Costa_Rica' });
  try {
    const page = await context.newPage();
    // A visitor who opened the form once, and a staff member signed in on the same device.
    await page.goto(`${origin}/formulario-avanzada`);
    await waitForOfflineReady(page);
    await expect.poll(() => pageIsCached(page, '/formulario-avanzada')).toBe(true);
    expect((await context.request.post(`${origin}/api/auth/login`, { data: e2eAdmin })).status()).toBe(200);
    await page.goto(`${origin}/admin/avanzadas/nuevo`);
    await expect(page.getByLabel('Nombre del anfitrión *', { exact: true })).toBeVisible({ timeout: 30_000 });
    await page.goto(`${origin}/`);

    for (const status of [502, 503, 504]) {
      proxy.answer(status);
      await page.goto(`${origin}/formulario-avanzada`);
      await expect(page.getByRole('heading', { name: 'Formulario de Avanzada VIP' }), `public form, proxy ${status}`).toBeVisible();
      await expect(proxyPage(page)).toHaveCount(0);
      await page.goto(`${origin}/admin/avanzadas/nuevo`);
      // The app shell: the staff screen renders in the browser (with its session check, which the proxy answers too).
      await expect(page.getByText(/Nuevo Formulario de Avanzada|No se pudo verificar la sesión/).first(), `staff form, proxy ${status}`).toBeVisible({
        timeout: 30_000,
      });
      await expect(proxyPage(page)).toHaveCount(0);
      proxy.heal();
    }

    // A 4xx is an answer about the page itself, never replaced by a copy.
    proxy.answer(404);
    const notFound = await page.goto(`${origin}/formulario-avanzada`);
    expect(notFound?.status()).toBe(404);
    await expect(proxyPage(page)).toHaveText('404 proxy');
    proxy.heal();
  } finally {
    await context.close();
    await proxy.stop();
  }
});
