// The queue's smaller faults, each as a person meets it: the toast counts only the forms that were
// sent; the sign-out dialog's count agrees in number and follows the queue; 'Su sesión expiró' only for
// a session that did expire; the public form's 'Cancelar' goes home; toasts never cover the form's
// buttons on a tablet or a phone; a sent form shows as sent in Borradores; and a photo whose upload was
// under way when its form was left is not uploaded again.
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { e2eAdmin, expect, test, unique } from '../fixtures';
import { fillRequired, jpegFixture } from '../advance-form/fill';
import { completeValues, formsOf, jpeg, readDrafts, seedDraft, staffId } from './helpers';

// What works offline is the service worker's: these tests run with it.
test.use({ serviceWorkers: 'allow' });

test.describe.configure({ timeout: 120_000 });

const toasts = (page: Page) => page.getByRole('region', { name: 'Notification' });
const expired = 'Su sesión expiró: inicie sesión para enviar los formularios pendientes';

async function staffContext(browser: Browser, baseURL: string | undefined, viewport?: { width: number; height: number }): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, locale: 'es-CR', timezoneId: 'America/Costa_Rica', serviceWorkers: 'block', viewport });
  expect((await context.request.post('/api/auth/login', { data: e2eAdmin })).status()).toBe(200);
  return context;
}

/** Staff creates get no answer (the office's dead access point); everything else goes through. */
const refuseStaffCreates = (page: Page) =>
  page.route('**/api/advance-forms', (route) => (route.request().method() === 'POST' ? route.abort('connectionreset') : route.continue()));

test('the toast counts the forms actually sent: one of two, while the other still waits for its photo', async ({ browser, baseURL, api }) => {
  const context = await staffContext(browser, baseURL);
  const owner = await staffId(context);
  const page = await context.newPage();
  // The photo's bytes get no answer: that form waits; the other goes. Refused before the forms are
  // queued: the signed-in app on the page sends what it finds waiting at once.
  await page.route('**/api/objects/uploads/**', (route) => route.abort('connectionreset'));
  // So are the forms themselves until the dashboard shows: on a busy machine the app on the login page
  // found the first form before the second was seeded and sent it there, its toast gone with the page.
  // Its refused try sets a retry timer; let go before the dashboard replaced that page, the timer could
  // still send the form there.
  await refuseStaffCreates(page);
  await page.goto('/admin/login');
  const sent = unique('Contado');
  const waiting = unique('En espera');
  await seedDraft(page, { id: randomUUID(), variant: 'admin', ownerId: owner, values: completeValues(sent), state: 'pending', photos: [] });
  const photos = [{ field: 'emergencyExitsPhoto' as const, bytes: await jpeg([40, 40, 200]) }];
  await seedDraft(page, { id: randomUUID(), variant: 'admin', ownerId: owner, values: completeValues(waiting), state: 'pending', photos });
  await page.goto('/admin/dashboard?tab=drafts');
  await expect(page.getByRole('article', { name: sent })).toBeVisible();
  // The dashboard's own queue tries again by itself (its first try was refused too).
  await page.unroute('**/api/advance-forms');
  await expect(toasts(page).getByText('Se envió 1 formulario pendiente', { exact: true })).toBeVisible({ timeout: 30_000 });
  expect(await formsOf(api, sent)).toHaveLength(1);
  expect(await formsOf(api, waiting)).toHaveLength(0);
  await expect(page.getByRole('article', { name: waiting }).getByText('Pendiente de envío')).toBeVisible();
  await context.close();
});

test("the sign-out dialog agrees in number and follows the queue; signing out on purpose never says 'Su sesión expiró'", async ({ browser, baseURL, api }) => {
  const context = await staffContext(browser, baseURL);
  const owner = await staffId(context);
  const page = await context.newPage();
  // Refused before the form is put in the queue: the signed-in app running on the page sends a waiting
  // form as soon as it finds one, and would otherwise send it before the sign-out asks about it.
  await refuseStaffCreates(page);
  await page.goto('/admin/login');
  const first = unique('Diálogo');
  await seedDraft(page, { id: randomUUID(), variant: 'admin', ownerId: owner, values: completeValues(first), state: 'pending', photos: [] });
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('tab', { name: 'Noticias' })).toBeVisible();

  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(
    'Hay 1 formulario sin enviar en este dispositivo. Se conservará y se enviará cuando vuelva a iniciar sesión con este usuario.',
  );
  // The network heals while the question is open: the queue's own timer sends the form, and the dialog says so.
  await page.unroute('**/api/advance-forms');
  await expect(dialog).toContainText('No hay formularios sin enviar en este dispositivo. ¿Desea cerrar sesión?', { timeout: 40_000 });
  await expect(page.getByRole('alertdialog', { name: 'Cerrar sesión', exact: true })).toBeVisible();
  expect(await formsOf(api, first)).toHaveLength(1);
  await dialog.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page.getByRole('button', { name: 'Iniciar Sesión' })).toBeVisible();
  await expect(toasts(page).getByText(expired)).toHaveCount(0);

  // Signed in again, a form waits, and its author signs out on purpose.
  await signIn(page);
  const second = unique('Salida voluntaria');
  const secondId = randomUUID();
  await refuseStaffCreates(page);
  await seedDraft(page, { id: secondId, variant: 'admin', ownerId: owner, values: completeValues(second), state: 'pending', photos: [] });
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Noticias' })).toBeVisible();
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await dialog.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 formulario sin enviar en este dispositivo' })).toBeVisible();
  // The queue tries again (the connection comes back): it finds nobody signed in, and says nothing.
  const asked = page.waitForResponse((response) => response.url().endsWith('/api/auth/me') && response.status() === 401);
  await context.setOffline(true);
  await context.setOffline(false);
  await asked;
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect(toasts(page).getByText(expired)).toHaveCount(0);
  // Nor after a reload: the queue starts with the page, and still says nothing.
  // Two answers 'nobody signed in': the login screen's own question (/api/auth/session, no error status) and the queue's.
  let refusals = 0;
  page.on('response', (response) => {
    const url = response.url();
    if ((url.endsWith('/api/auth/me') && response.status() === 401) || url.endsWith('/api/auth/session')) refusals++;
  });
  await page.reload();
  await expect.poll(() => refusals).toBeGreaterThanOrEqual(2);
  await expect(page.getByRole('status').filter({ hasText: '1 formulario sin enviar en este dispositivo' })).toBeVisible();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect(toasts(page).getByText(expired)).toHaveCount(0);
  // Signed out, the draft is sealed with a key the device no longer holds: found by its id, not its answers.
  expect((await readDrafts(page)).find((d) => d.id === secondId)?.state).toBe('pending');
  expect(await formsOf(api, second)).toHaveLength(0);
  await context.close();
});

test("a session that does expire under a waiting form is still told: 'Su sesión expiró'", async ({ browser, baseURL }) => {
  const context = await staffContext(browser, baseURL);
  const owner = await staffId(context);
  const page = await context.newPage();
  await refuseStaffCreates(page);
  await page.goto('/admin/login');
  await seedDraft(page, { id: randomUUID(), variant: 'admin', ownerId: owner, values: completeValues(unique('Caducada')), state: 'pending', photos: [] });
  await page.goto('/admin/avanzadas/nuevo');
  await expect(page.getByText('1 formulario en espera de envío')).toBeVisible();
  await context.clearCookies(); // the session is gone on the server's side of things
  await expect(toasts(page).getByText(expired)).toBeVisible({ timeout: 40_000 });
  await context.close();
});

test("'Cancelar' on the public forms goes to that edition's home page", async ({ page }) => {
  await page.goto('/formulario-avanzada');
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await page.goto('/en/advance-form');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/en$/);
});

for (const viewport of [
  { width: 768, height: 1024 },
  { width: 390, height: 844 },
]) {
  test(`an error toast never covers the form's buttons (${viewport.width}×${viewport.height})`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, locale: 'es-CR', timezoneId: 'America/Costa_Rica', serviceWorkers: 'block', viewport });
    const page = await context.newPage();
    await page.goto('/formulario-avanzada');
    await fillRequired(page, unique('Aviso sobre botones'));
    // A refusal of the form itself: the visitor stays on it with an error toast (a server error would queue it).
    const body = JSON.stringify({ message: 'Revise los datos del formulario' });
    await page.route('**/api/advance-forms/public', (route) => route.fulfill({ status: 400, contentType: 'application/json', body }));
    const save = page.getByRole('button', { name: 'Guardar Formulario' });
    const cancel = page.getByRole('button', { name: 'Cancelar' });
    // Scrolled down just until the buttons show at the bottom of the screen, as a person reaches them.
    await page.evaluate(() => {
      const bottom = Math.max(...[...document.querySelectorAll('form button')].map((b) => b.getBoundingClientRect().bottom));
      window.scrollBy({ top: bottom - window.innerHeight + 12, behavior: 'instant' });
    });
    await save.click();
    const alert = toasts(page).getByRole('alert').filter({ hasText: 'Revise los datos del formulario' });
    // The draft is written to IndexedDB (a durable write, synced to disk) before it is sent: seconds when the disk is busy.
    await expect(alert).toBeVisible({ timeout: 30_000 });
    for (const button of [save, cancel]) {
      await expect(button).toBeInViewport();
      const overlaps = async () => {
        const a = (await alert.boundingBox())!;
        const b = (await button.boundingBox())!;
        return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      };
      await expect.poll(overlaps, { message: 'the toast covers a button', timeout: 2_000 }).toBe(false);
      await button.click({ trial: true, timeout: 2_000 }); // the pointer reaches it
    }
    const box = (await alert.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    await context.close();
  });
}

test("a form sent from the staff screen shows in Borradores as 'Enviado', read-only", async ({ browser, baseURL, api }) => {
  const context = await staffContext(browser, baseURL);
  const page = await context.newPage();
  await page.goto('/admin/avanzadas/nuevo');
  const host = unique('Enviado en línea');
  await fillRequired(page, host);
  await page.getByRole('button', { name: 'Guardar Formulario' }).click();
  await expect(toasts(page).getByText('Formulario guardado')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  expect(await formsOf(api, host)).toHaveLength(1);
  await page.goto('/admin/dashboard?tab=drafts');
  const card = page.getByRole('article', { name: host });
  await expect(card.getByText('Enviado', { exact: true })).toBeVisible();
  await expect(card.getByRole('link', { name: 'Ver formulario' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Reanudar' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Enviar ahora' })).toHaveCount(0);
  expect((await readDrafts(page)).filter((d) => d.values.hostName === host).map((d) => d.state)).toEqual(['sent']);
  await context.close();
});

test('a photo still uploading when its form is left is written into the draft, and the form sent later reuses it: one upload', async ({
  browser,
  baseURL,
  api,
}) => {
  const context = await staffContext(browser, baseURL);
  const page = await context.newPage();
  const uploads: string[] = [];
  page.on('request', (request) => request.method() === 'POST' && request.url().endsWith('/api/objects/upload') && uploads.push(request.url()));
  await page.goto('/admin/avanzadas/nuevo');
  const host = unique('Foto una vez');
  await fillRequired(page, host);

  // The photo's bytes are on their way, slowly: held until the form is left.
  const held: { continue: () => Promise<void> }[] = [];
  await page.route('**/api/objects/uploads/**', (route) => void held.push(route));
  const slot = page.getByRole('group', { name: 'Foto de las salidas de emergencia', exact: true });
  await slot.locator('input[type=file]').setInputFiles(await jpegFixture(2));
  await expect.poll(() => held.length).toBe(1);
  await page.getByRole('link', { name: 'Volver al Dashboard' }).click();
  await expect(page.getByRole('tab', { name: 'Noticias' })).toBeVisible();
  await held[0].continue();
  await page.unroute('**/api/objects/uploads/**');
  const keptLink = async () => (await readDrafts(page)).find((d) => d.values.hostName === host)?.photos.emergencyExitsPhoto?.objectPath ?? null;
  await expect.poll(keptLink).toMatch(/^\/objects\/uploads\//);
  const link = await keptLink();

  await page.goto('/admin/avanzadas/nuevo');
  await page.getByRole('button', { name: 'Continuar borrador' }).click();
  await expect(page.getByLabel('Nombre del anfitrión *', { exact: true })).toHaveValue(host);
  await page.getByRole('button', { name: 'Guardar Formulario' }).click();
  await expect(toasts(page).getByText('Formulario guardado')).toBeVisible();
  const [form] = await formsOf(api, host);
  expect(form.emergencyExitsPhoto).toBe(link);
  expect(uploads).toHaveLength(1);
  await context.close();
});

async function signIn(page: Page) {
  await page.goto('/admin/login');
  await page.getByRole('textbox', { name: 'Usuario', exact: true }).fill(e2eAdmin.username);
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(e2eAdmin.password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page.getByRole('tab', { name: 'Noticias' })).toBeVisible();
}
