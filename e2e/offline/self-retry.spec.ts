// The queue sends by itself on any network, and the form screens say where it stands. A network that
// refuses while the browser says online (a dead access point, a captive portal: no `online` event ever
// comes) heals with nothing touched, and the form reaches the server by the queue's own retries,
// exactly once: from a page's timer, and across a browser killed and started again on its profile.
// The connection, the waiting forms, the last and next try and the photos' bytes are on screen.
import type { BrowserContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test, unique } from '../fixtures';
import { fillRequired, touchForm, turnOn } from '../advance-form/fill';
import { formsOf, readDrafts, waitForOfflineReady } from './helpers';
import { KillableBrowser } from './killable-browser';
import { ResettingProxy } from './resetting-proxy';

// What works offline is the service worker's: these tests run with it.
test.use({ serviceWorkers: 'allow' });

test.describe.configure({ timeout: 180_000 });

const status = (page: Page) => page.getByRole('region', { name: 'Estado de la conexión y de los envíos' });
const toasts = (page: Page) => page.getByRole('region', { name: 'Notification' });
const waitingOne = '1 formulario en espera de envío';

/** Every call to the server fails as a reset connection would; pages and their code still load. */
async function refuseServer(context: BrowserContext) {
  await context.route(/\/(api\/|healthz)/, (route) => route.abort('connectionreset'));
}

test('a refusing network while the browser says online: the status says so, and once healed, untouched, the form is sent by the timer, once', async ({
  browser,
  baseURL,
  api,
}) => {
  // No service worker: only the page's own timer can send it.
  const context = await browser.newContext({ baseURL, locale: 'es-CR', timezoneId: 'America/Costa_Rica', serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto('/formulario-avanzada');
  await expect(status(page).getByText('En línea', { exact: true })).toBeVisible();
  const host = unique('Red que rechaza');
  await fillRequired(page, host);

  await refuseServer(context);
  await page.getByRole('button', { name: 'Guardar Formulario' }).click();
  await expect(toasts(page).getByText('Se enviará automáticamente', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);

  // Back on the form (a new load: the queue starts with the app): where the form stands.
  await page.goto('/formulario-avanzada');
  await expect(status(page).getByText('Servidor no disponible', { exact: true })).toBeVisible();
  await expect(status(page).getByText(waitingOne)).toBeVisible();
  await expect(status(page).getByText(/^Último intento: hace \d+ s · Próximo intento en \d+ s$/)).toBeVisible();
  // The queue keeps trying on its own: the last try moves on without anyone pressing anything.
  const lastTry = async () =>
    Number(
      /hace (\d+) s/.exec(
        (await status(page)
          .getByText(/^Último intento/)
          .textContent()) ?? '',
      )?.[1] ?? -1,
    );
  await expect.poll(lastTry, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
  await expect.poll(lastTry, { timeout: 20_000 }).toBeLessThan(2);

  // 'Enviar ahora' is reachable with the keyboard and starts the backoff over.
  const sendNow = status(page).getByRole('button', { name: 'Enviar ahora' });
  await sendNow.focus();
  await expect(sendNow).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(status(page).getByText(/· Próximo intento en [0-3] s$/)).toBeVisible();
  expect(await formsOf(api, host)).toHaveLength(0);

  // Healed; nothing is touched.
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  const healed = Date.now();
  await expect.poll(() => formsOf(api, host), { timeout: 120_000, intervals: [250] }).toHaveLength(1);
  const seconds = (Date.now() - healed) / 1000;
  console.log(`[red que rechaza] enviado ${seconds.toFixed(1)} s después de sanar, sin tocar nada`);
  expect(seconds).toBeLessThan(120);
  await expect(status(page).getByText(waitingOne)).toHaveCount(0);
  await expect(status(page).getByText('En línea', { exact: true })).toBeVisible({ timeout: 35_000 });
  await expect.poll(async () => (await readDrafts(page)).filter((d) => d.values.hostName === host)).toHaveLength(0);
  expect(await formsOf(api, host)).toHaveLength(1);
  await context.close();
});

test('offline: the status says Sin conexión, and En línea again when the signal returns', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: 'es-CR', timezoneId: 'America/Costa_Rica', serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto('/formulario-avanzada');
  await touchForm(page);
  await expect(status(page).getByText('En línea', { exact: true })).toBeVisible();
  await context.setOffline(true);
  await expect(status(page).getByRole('status').filter({ hasText: 'Sin conexión' })).toBeVisible();
  await context.setOffline(false);
  await expect(status(page).getByText('En línea', { exact: true })).toBeVisible();
  // The English edition says it in English.
  await page.goto('/en/advance-form');
  await touchForm(page);
  const english = page.getByRole('region', { name: 'Connection and sending status' });
  await expect(english.getByText('Online', { exact: true })).toBeVisible();
  await context.setOffline(true);
  await expect(english.getByText('Offline', { exact: true })).toBeVisible();
  await context.close();
});

/** A photo of noise that stays a few hundred KB once reduced, so its upload takes a while on a slow link. */
const noisyPhoto = (seed: number) =>
  sharp({ create: { width: 900, height: 700, channels: 3, background: { r: seed, g: 128, b: 128 }, noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .jpeg({ quality: 90 })
    .toBuffer();

test("a slow upload shows its bytes; 'Guardar' pressed meanwhile says why it waits, then sends the form with its photos, once", async ({
  browser,
  baseURL,
  api,
}) => {
  const context = await browser.newContext({ baseURL, locale: 'es-CR', timezoneId: 'America/Costa_Rica', serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto('/formulario-avanzada');
  const host = unique('Subida lenta');
  await fillRequired(page, host);
  await turnOn(page, '¿Existe zona segura?');

  // A weak uplink: about 150 KB/s up, as a tablet on one bar of signal.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 40, downloadThroughput: -1, uploadThroughput: 150 * 1024 });
  const uploads: string[] = [];
  page.on('request', (request) => request.method() === 'POST' && request.url().endsWith('/api/objects/upload') && uploads.push(request.url()));
  // The second photo's upload is held at its start until 'Guardar' has been pressed and seen to wait: on a
  // busy machine the first photo alone may be over before the press lands, and then nothing would wait.
  // The first is held until the second has started, so both are one batch ('1 de 2'): one over before the
  // other starts is a batch of its own, and the screen rightly says 'Subiendo la foto'.
  let releaseSecond = () => {};
  const secondReleased = new Promise<void>((resolve) => (releaseSecond = resolve));
  let secondArrived = () => {};
  const secondStarted = new Promise<void>((resolve) => (secondArrived = resolve));
  let started = 0;
  await context.route(/\/api\/objects\/upload$/, async (route) => {
    if (route.request().method() === 'POST') {
      const order = ++started;
      if (order === 1) await secondStarted;
      if (order === 2) {
        secondArrived();
        await secondReleased;
      }
    }
    await route.continue();
  });

  const slots = ['Foto de las salidas de emergencia', 'Foto de la zona segura'];
  const photos = await Promise.all(slots.map((_, i) => noisyPhoto(i * 90)));
  for (const [i, label] of slots.entries()) {
    await page
      .getByRole('group', { name: label, exact: true })
      .locator('input[type=file]')
      .setInputFiles({ name: `foto-${i}.jpg`, mimeType: 'image/jpeg', buffer: photos[i] });
  }
  const bar = page.getByRole('progressbar', { name: 'Progreso de la subida de fotos' });
  await expect(bar).toBeVisible();
  // Sizes read '340 KB' under a megabyte and '1,2 MB' above: both photos together may be either.
  await expect(page.getByRole('status').filter({ hasText: /^Subiendo fotos \(\d de 2, \d+(,\d)? [KM]B de \d+(,\d)? [KM]B\)…$/ })).toBeVisible();
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 20_000 }).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Guardar Formulario' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Guardar espera a que terminen de subir las fotos\. Subiendo fotos/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Guardando...' })).toBeVisible();
  expect(await formsOf(api, host)).toHaveLength(0);
  releaseSecond();

  await expect(toasts(page).getByText('Formulario enviado exitosamente')).toBeVisible({ timeout: 60_000 });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  const [form] = await formsOf(api, host);
  expect(form.emergencyExitsPhoto).toMatch(/^\/objects\/uploads\//);
  expect(form.safeZonePhoto).toMatch(/^\/objects\/uploads\//);
  expect(uploads).toHaveLength(2);
  expect(await formsOf(api, host)).toHaveLength(1);
  await context.close();
});

test('a tablet killed while its network refuses, started again on its profile with the network still refusing: healed, untouched, the form is sent once', async ({
  baseURL,
  api,
}) => {
  const target = new URL(baseURL!);
  const proxy = new ResettingProxy({ host: target.hostname, port: Number(target.port) });
  const origin = await proxy.start();
  const chrome = new KillableBrowser();
  try {
    let context = await chrome.start();
    let page = await context.newPage();
    await page.goto(`${origin}/formulario-avanzada`);
    await waitForOfflineReady(page);
    const host = unique('Tableta sin servidor');
    await fillRequired(page, host);

    proxy.refuse();
    await page.getByRole('button', { name: 'Guardar Formulario' }).click();
    await expect(toasts(page).getByText('Se enviará automáticamente', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect.poll(async () => (await readDrafts(page)).find((d) => d.values.hostName === host)?.state).toBe('pending');
    await chrome.kill();

    // Started again; the access point is still dead. The page comes from the worker's copy.
    context = await chrome.start();
    page = await context.newPage();
    await page.goto(`${origin}/formulario-avanzada`);
    await expect(status(page).getByText('Servidor no disponible', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(status(page).getByText(waitingOne)).toBeVisible();
    await expect(status(page).getByText(/Próximo intento en \d+ s$/)).toBeVisible();
    expect(await formsOf(api, host)).toHaveLength(0);

    proxy.heal();
    const healed = Date.now();
    await expect.poll(() => formsOf(api, host), { timeout: 120_000, intervals: [250] }).toHaveLength(1);
    console.log(`[reinicio, red que rechaza] enviado ${((Date.now() - healed) / 1000).toFixed(1)} s después de sanar, sin tocar nada`);
    await expect(status(page).getByText(waitingOne)).toHaveCount(0);
    await expect.poll(async () => (await readDrafts(page)).filter((d) => d.values.hostName === host)).toHaveLength(0);
    expect(await formsOf(api, host)).toHaveLength(1);
  } finally {
    await chrome.dispose();
    await proxy.stop();
  }
});
