// A visitor's queued form the server refuses (here a photo whose bytes are no image: a camera JPEG cut
// short) stays in plain sight until the visitor acts: the form screen's status says so, with the server's
// reason and the photo at fault, as an alert; the offer to continue the draft says it too; opening the
// draft keeps the reason, on screen and on the device. Whether the page's queue or the service worker's
// Background Sync met the refusal; in the latter, while a new form is being written, the alert opens the
// refused one without a reload.
import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test, unique } from '../fixtures';
import { touchForm } from '../advance-form/fill';
import { completeValues, jpeg, readDrafts, seedDraft, waitForOfflineReady } from './helpers';

// What works offline is the service worker's: these tests run with it.
test.use({ serviceWorkers: 'allow' });

test.describe.configure({ timeout: 120_000 });

const status = (page: Page) => page.getByRole('region', { name: 'Estado de la conexión y de los envíos' });
const toasts = (page: Page) => page.getByRole('region', { name: 'Notification' });
const reason = 'No se pudo leer la imagen JPEG: el archivo está dañado o incompleto';
const photoLabel = 'Foto de las salidas de emergencia';

async function seedRefusable(page: Page, host: string) {
  // JPEG's first bytes and nothing of the picture: the server cannot read it (422).
  const cut = (await jpeg([200, 40, 40])).subarray(0, 200);
  await seedDraft(page, {
    id: randomUUID(),
    variant: 'public',
    ownerId: null,
    values: completeValues(host),
    state: 'pending',
    photos: [{ field: 'emergencyExitsPhoto', bytes: cut }],
  });
}

async function expectRefusalShown(page: Page) {
  const alert = status(page).getByRole('alert');
  await expect(alert).toContainText('no se pudo enviar', { timeout: 30_000 });
  await expect(alert).toContainText(reason);
  await expect(alert).toContainText(photoLabel);
  await expect(status(page).getByText('1 formulario en espera de envío')).toHaveCount(0);
}

test("the page's queue meets the refusal: the status, the offer and the opened draft keep the server's reason and the photo", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: 'es-CR', timezoneId: 'America/Costa_Rica' });
  const page = await context.newPage();
  await page.goto('/');
  await waitForOfflineReady(page);
  const host = unique('Foto ilegible');
  await seedRefusable(page, host);

  // The form screen: its queue starts with the app and sends the form; the server refuses the photo.
  await page.goto('/formulario-avanzada');
  await expectRefusalShown(page);
  await expect.poll(async () => (await readDrafts(page)).find((d) => d.values.hostName === host)?.state).toBe('error');
  // The visitor comes back to the form: the offer says why, before anything is opened.
  await page.goto('/formulario-avanzada');
  await expectRefusalShown(page);
  const offer = page.getByRole('region', { name: 'Este formulario no se pudo enviar' });
  await expect(offer).toContainText(reason);
  await expect(offer).toContainText(photoLabel);

  // Opened (and an answer changed): the reason stays on screen and on the device until it is saved again.
  await offer.getByRole('button', { name: 'Continuar borrador' }).click();
  await page.getByLabel('Cargo del anfitrión *', { exact: true }).fill('Gerente de eventos');
  await expect.poll(async () => (await readDrafts(page)).find((d) => d.values.hostName === host)?.values.hostPosition).toBe('Gerente de eventos');
  const stored = (await readDrafts(page)).find((d) => d.values.hostName === host);
  expect(stored?.state).toBe('error');
  expect(stored?.error).toContain(reason);
  await expectRefusalShown(page);
  // The refused form is the one on screen: nothing to open from the alert.
  await expect(status(page).getByRole('link', { name: 'Abrir este formulario' })).toHaveCount(0);

  // And after a reload, the same.
  await page.reload();
  await expectRefusalShown(page);
  await context.close();
});

test("the worker's Background Sync meets the refusal: the open form screen hears it and shows the reason", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: 'es-CR', timezoneId: 'America/Costa_Rica' });
  const page = await context.newPage();
  await page.goto('/formulario-avanzada');
  await waitForOfflineReady(page);
  await touchForm(page);
  const writing = unique('Visitante escribiendo');
  await page.getByLabel('Nombre del anfitrión *', { exact: true }).fill(writing);
  await expect.poll(async () => (await readDrafts(page)).length).toBe(1);
  // The connection comes back: this page's queue starts, finds nothing to send and waits.
  await context.setOffline(true);
  await context.setOffline(false);
  await expect(status(page).getByText('En línea', { exact: true })).toBeVisible();

  // A form queued earlier on this phone, sent by the worker with no help from the page.
  const host = unique('Foto ilegible, trabajador');
  await seedRefusable(page, host);
  await fireBackgroundSync(context, page, baseURL!);
  await expect.poll(async () => (await readDrafts(page)).find((d) => d.values.hostName === host)?.state, { timeout: 30_000 }).toBe('error');
  await expect(toasts(page).getByText('No se pudo enviar un formulario pendiente')).toBeVisible();
  await expectRefusalShown(page);

  // The form being written stays on screen; the alert opens the refused one, without a reload.
  await expect(page.getByLabel('Nombre del anfitrión *', { exact: true })).toHaveValue(writing);
  const open = status(page).getByRole('link', { name: 'Abrir este formulario' });
  await open.click();
  await expect(page).toHaveURL(/\/formulario-avanzada\?borrador=/);
  await expect(page.getByLabel('Nombre del anfitrión *', { exact: true })).toHaveValue(host);
  await expectRefusalShown(page);
  await expect(open).toHaveCount(0);
  // What was being written is kept on the device, to be offered later.
  expect((await readDrafts(page)).find((d) => d.values.hostName === writing)?.state).toBe('draft');
  await context.close();
});

/** What Chromium does when the connection returns, asked through the DevTools protocol. */
async function fireBackgroundSync(context: BrowserContext, page: Page, origin: string) {
  const cdp = await context.newCDPSession(page);
  const registration = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.dispatchSyncEvent', { origin, registrationId: await registration, tag: 'advance-form-drafts', lastChance: false });
}
