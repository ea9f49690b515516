// The phone has signal but the app behind its proxy is down (a deploy, a crash: the proxy answers 502),
// or a photo's bytes reached the server while their answer was lost. A visitor's photo is never lost
// for it: it stays in the draft for the queue; 'Guardar' queues the form, which goes by itself once the
// server is back, once, with its photo; and a spent upload link is replaced by a fresh one.
import type { Browser, Page, Route } from '@playwright/test';
import { expect, test, unique } from '../fixtures';
import { fillRequired, jpegFixture } from '../advance-form/fill';
import { formsOf, readDrafts } from './helpers';

// What works offline is the service worker's: these tests run with it.
test.use({ serviceWorkers: 'allow' });

test.describe.configure({ timeout: 120_000 });

const toasts = (page: Page) => page.getByRole('region', { name: 'Notification' });
const statusRegion = (page: Page) => page.getByRole('region', { name: 'Estado de la conexión y de los envíos' });
const badGateway = (route: Route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body>502 Bad Gateway</body></html>' });
/** A visitor's form opened in a browser of its own (no service worker: the page's own queue sends), its required answers filled for a new host. */
async function publicFormFilled(browser: Browser, baseURL: string, hostPrefix: string) {
  const context = await browser.newContext({ baseURL, locale: 'es-CR', timezoneId: 'America/Costa_Rica', serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto('/formulario-avanzada');
  const host = unique(hostPrefix);
  await fillRequired(page, host);
  return { context, page, host };
}

/** Everything a visitor's form asks of the server while it is down (the page itself is already loaded). */
const downPaths = ['**/api/objects/upload', '**/api/objects/uploads/**', '**/api/advance-forms/public', '**/healthz'];

test("server down (502): the visitor's photo stays in the draft, 'Guardar' queues the form, and it goes by itself once the server is back, with its photo", async ({
  browser,
  baseURL,
  api,
}) => {
  const { context, page, host } = await publicFormFilled(browser, baseURL!, 'Servidor caído');
  await expect(statusRegion(page)).toContainText('En línea');

  for (const path of downPaths) await page.route(path, badGateway);
  const slot = page.getByRole('group', { name: 'Foto de las salidas de emergencia', exact: true });
  await slot.locator('input[type=file]').setInputFiles(await jpegFixture(1));
  await expect(slot.getByText('Foto guardada en este dispositivo: se subirá al enviar el formulario', { exact: true })).toBeVisible();
  await expect(slot.getByText('No se pudo subir la foto. Intente de nuevo.')).toHaveCount(0);
  const draftPhoto = async () => (await readDrafts(page)).find((d) => d.values.hostName === host)?.photos.emergencyExitsPhoto;
  await expect.poll(draftPhoto).toMatchObject({ objectPath: null });
  expect((await draftPhoto())!.size).toBeGreaterThan(0);
  // The connection line says what is going on, not 'En línea'.
  await expect(statusRegion(page)).toContainText('Servidor no disponible');

  await page.getByRole('button', { name: 'Guardar Formulario' }).click();
  await expect(toasts(page).getByText('Se enviará automáticamente', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(toasts(page).getByText('Error al crear formulario')).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
  expect((await readDrafts(page)).find((d) => d.values.hostName === host)?.state).toBe('pending');
  expect(await formsOf(api, host)).toHaveLength(0);

  // The server is back; nothing is pressed: the queue's own retries send the form, once, with its photo.
  for (const path of downPaths) await page.unroute(path, badGateway);
  await expect.poll(() => formsOf(api, host), { timeout: 60_000 }).toHaveLength(1);
  const [form] = await formsOf(api, host);
  expect(form.emergencyExitsPhoto).toMatch(/^\/objects\/uploads\//);
  expect((await api.get(form.emergencyExitsPhoto!)).status()).toBe(200);
  await expect.poll(async () => (await readDrafts(page)).length).toBe(0);
  await context.close();
});

test("a photo's bytes reached the server but their answer was lost and the browser sent them again (409 'ya fue usado'): a fresh link, the photo kept, the form sent once", async ({
  browser,
  baseURL,
  api,
}) => {
  const { context, page, host } = await publicFormFilled(browser, baseURL!, 'Respuesta de foto perdida');

  // The first PUT reaches the server, which keeps the bytes; the answer the page gets is the server's
  // own to the same PUT sent once more, as Chromium does when a connection drops before the answer.
  const answers: number[] = [];
  let first = true;
  await page.route('**/api/objects/uploads/**', async (route) => {
    if (route.request().method() !== 'PUT' || !first) return route.continue();
    first = false;
    answers.push((await route.fetch()).status());
    const again = await route.fetch();
    answers.push(again.status());
    await route.fulfill({ response: again });
  });
  const slot = page.getByRole('group', { name: 'Foto de las salidas de emergencia', exact: true });
  await slot.locator('input[type=file]').setInputFiles(await jpegFixture(2));
  await expect(slot.getByText('Foto subida', { exact: true })).toBeVisible({ timeout: 30_000 });
  expect(answers).toEqual([200, 409]);
  await expect(slot.getByText('El enlace de subida ya fue usado')).toHaveCount(0);
  const link = (await readDrafts(page)).find((d) => d.values.hostName === host)?.photos.emergencyExitsPhoto?.objectPath;
  expect(link).toMatch(/^\/objects\/uploads\//);

  await page.getByRole('button', { name: 'Guardar Formulario' }).click();
  await expect(toasts(page).getByText('Formulario enviado exitosamente')).toBeVisible({ timeout: 30_000 });
  const forms = await formsOf(api, host);
  expect(forms).toHaveLength(1);
  expect(forms[0].emergencyExitsPhoto).toBe(link);
  expect((await api.get(link!)).status()).toBe(200);
  await context.close();
});

test('the server refusing the photo itself (415) takes it out of the draft, with its reason in the slot', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: 'es-CR', timezoneId: 'America/Costa_Rica', serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto('/formulario-avanzada');
  const host = unique('Foto rechazada');
  await page.getByLabel('Nombre del anfitrión *', { exact: true }).fill(host);
  const reason = 'El archivo no es una imagen válida (JPEG, PNG, WebP, GIF o HEIC)';
  await page.route('**/api/objects/uploads/**', (route) =>
    route.fulfill({ status: 415, contentType: 'application/json', body: JSON.stringify({ message: reason }) }),
  );
  const slot = page.getByRole('group', { name: 'Foto de las salidas de emergencia', exact: true });
  await slot.locator('input[type=file]').setInputFiles(await jpegFixture(3));
  await expect(slot.getByRole('alert')).toHaveText(reason);
  await expect(slot.getByText('Foto guardada en este dispositivo', { exact: false })).toHaveCount(0);
  await expect.poll(async () => (await readDrafts(page)).find((d) => d.values.hostName === host)?.photos).toEqual({});
  await context.close();
});
