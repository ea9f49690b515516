// The advance form with no signal, as a person uses it: typed and photographed offline (a photo called
// kept only once the device holds it), the page closed and reopened, sent offline, delivered once when
// the connection returns; and a new version installed in the middle of a draft.
import type { Page } from '@playwright/test';
import { expect, test, unique } from '../fixtures';
import { fillRequired, jpegFixture, turnOn } from '../advance-form/fill';
import { formsOf, holdDraftsStore, readDrafts, waitForOfflineReady, watchFormSends } from './helpers';

// What works offline is the service worker's: these tests run with it.
test.use({ serviceWorkers: 'allow' });

const keptText = 'Foto guardada en este dispositivo: se subirá al enviar el formulario';

async function addPhoto(page: Page, label: string, index: number) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: new RegExp(`^Seleccionar foto\\s*:\\s*${label}$`) }).click();
  await (await chooser).setFiles(await jpegFixture(index));
  await expect(page.getByRole('group', { name: label, exact: true }).getByText(keptText, { exact: true })).toBeVisible();
}

test('a form filled offline with two photos survives closing the page, and is delivered once when online', async ({ browser, baseURL, api }) => {
  const context = await browser.newContext({ baseURL, locale: 'es-CR', timezoneId: 'America/Costa_Rica' });
  // The page's queue and the worker's Background Sync may both try: every try is watched.
  const sends = watchFormSends(context);
  let page = await context.newPage();
  const host = unique('Sin señal');
  await page.goto('/formulario-avanzada');
  await waitForOfflineReady(page);

  await context.setOffline(true);
  await page.reload();
  await fillRequired(page, host);
  await addPhoto(page, 'Foto de las salidas de emergencia', 0);
  await turnOn(page, '¿Existe zona segura?');
  await addPhoto(page, 'Foto de la zona segura', 1);
  await expect
    .poll(async () => (await readDrafts(page)).find((d) => d.values.hostName === host)?.photos, { timeout: 5_000 })
    .toEqual({
      emergencyExitsPhoto: { size: expect.any(Number), objectPath: null },
      safeZonePhoto: { size: expect.any(Number), objectPath: null },
    });

  // The tab is closed (a dead battery would do the same), then the form is opened again.
  await page.close();
  page = await context.newPage();
  await page.goto('/formulario-avanzada');
  await expect(page.getByRole('heading', { name: 'Hay un borrador guardado de este formulario' })).toBeVisible();
  await page.getByRole('button', { name: 'Continuar borrador' }).click();
  await expect(page.getByLabel('Nombre del anfitrión *', { exact: true })).toHaveValue(host);
  for (const label of ['Foto de las salidas de emergencia', 'Foto de la zona segura']) {
    const slot = page.getByRole('group', { name: label, exact: true });
    await expect(slot.getByText(keptText, { exact: true })).toBeVisible();
    await expect(slot.getByRole('img')).toBeVisible();
  }

  await page.getByRole('button', { name: 'Guardar Formulario' }).click();
  await expect(
    page.getByRole('region', { name: 'Notification' }).getByText('Sin conexión: el formulario se enviará automáticamente al recuperar la conexión'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect((await readDrafts(page)).find((d) => d.values.hostName === host)?.state).toBe('pending');
  expect(await formsOf(api, host)).toHaveLength(0);

  await context.setOffline(false);
  await expect.poll(() => formsOf(api, host), { timeout: 30_000 }).toHaveLength(1);
  const [form] = await formsOf(api, host);
  expect(form.emergencyExitsPhoto).toMatch(/^\/objects\/uploads\//);
  expect(form.safeZonePhoto).toMatch(/^\/objects\/uploads\//);
  await expect.poll(async () => (await readDrafts(page)).length).toBe(0);
  await sends.settled();
  expect(await formsOf(api, host)).toHaveLength(1);
  await context.close();
});

test('a photo taken offline is called kept only once the device holds it', async ({ browser, baseURL }) => {
  // No worker: the page's own requests are the ones seen (and refused) below.
  const context = await browser.newContext({ baseURL, locale: 'es-CR', timezoneId: 'America/Costa_Rica', serviceWorkers: 'block' });
  const page = await context.newPage();
  const host = unique('Disco lento');
  await page.goto('/formulario-avanzada');
  await page.getByLabel('Nombre del anfitrión *', { exact: true }).fill(host);
  await expect.poll(async () => (await readDrafts(page)).some((d) => d.values.hostName === host)).toBe(true);

  // The device's store of drafts is busy (a slow disk).
  const release = await holdDraftsStore(page);
  const label = 'Foto de las salidas de emergencia';
  const slot = page.getByRole('group', { name: label, exact: true });
  // The signal is lost as the photo is taken: its upload gets no connection.
  await page.route('**/api/objects/upload', (route) => route.abort('internetdisconnected'));
  await slot.locator('input[type=file]').setInputFiles(await jpegFixture(0));
  // The photo is reduced and handed to the draft, and its upload has begun (it too reads the draft
  // first, so it waits): the device does not hold the photo yet, and the slot does not say it does.
  await expect(page.getByRole('status').filter({ hasText: /^Subiendo la foto/ })).toBeVisible();
  await expect(slot.getByRole('button', { name: /^Subiendo foto/ })).toBeVisible();
  await expect(slot.getByText(keptText, { exact: true })).toHaveCount(0);

  await release();
  await expect(slot.getByText(keptText, { exact: true })).toBeVisible();
  // Read at once, not polled: once the slot says so, the draft on the device holds the photo.
  const draft = (await readDrafts(page)).find((d) => d.values.hostName === host);
  expect(draft?.photos.emergencyExitsPhoto?.size).toBeGreaterThan(0);
  await context.close();
});

test("a new version shows 'Nueva versión disponible', and 'Actualizar' keeps the draft being typed", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: 'es-CR', timezoneId: 'America/Costa_Rica' });
  const page = await context.newPage();
  await page.goto('/formulario-avanzada');
  await waitForOfflineReady(page);

  // A new build: a worker the browser has not seen (another script URL for the same scope is an
  // update, like new bytes would be), installed while the page is open; it waits for 'Actualizar'.
  const host = unique('Actualización');
  await page.getByLabel('Nombre del anfitrión *', { exact: true }).fill(host);
  await page.evaluate(() => navigator.serviceWorker.register('/sw.js?nueva-version=1', { scope: '/' }));

  const prompt = page.getByRole('status').filter({ hasText: 'Nueva versión disponible' });
  await expect(prompt).toBeVisible({ timeout: 20_000 });
  // Typed just now, so the debounced save may not have run: 'Actualizar' saves before reloading.
  await page.getByLabel('Cargo del anfitrión *', { exact: true }).fill('Directora');
  await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Actualizar' }).click()]);

  await expect(page.getByRole('heading', { name: 'Hay un borrador guardado de este formulario' })).toBeVisible();
  await page.getByRole('button', { name: 'Continuar borrador' }).click();
  await expect(page.getByLabel('Nombre del anfitrión *', { exact: true })).toHaveValue(host);
  await expect(page.getByLabel('Cargo del anfitrión *', { exact: true })).toHaveValue('Directora');
  // The page now runs under the new worker.
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toContain('nueva-version=1');
  await context.close();
});
