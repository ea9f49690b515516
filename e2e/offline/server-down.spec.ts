// A photo's bytes reached the server while their answer was lost, and the browser sent them again:
// the spent upload link is replaced by a fresh one, and the form goes once, with its photo.
import type { Page } from '@playwright/test';
import { expect, test, unique } from '../fixtures';
import { fillRequired, jpegFixture } from '../advance-form/fill';
import { formsOf, readDrafts } from './helpers';

test.describe.configure({ timeout: 120_000 });

const toasts = (page: Page) => page.getByRole('region', { name: 'Notification' });

test("a photo's bytes reached the server but their answer was lost and the browser sent them again (409 'ya fue usado'): a fresh link, the photo kept, the form sent once", async ({
  browser,
  baseURL,
  api,
}) => {
  const context = await browser.newContext({ baseURL, locale: 'es-CR', timezoneId: 'America/Costa_Rica', serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto('/formulario-avanzada');
  const host = unique('Respuesta de foto perdida');
  await fillRequired(page, host);

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
