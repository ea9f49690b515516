// The queue as a surveyor meets it: a queued form corrected before it goes (the server gets the
// correction), a connection that opens but never answers (the form falls back to the queue within the
// time limit), a visitor's form refused (they stay on it) or met by a server error (queued), signing
// out with forms unsent (asked first, kept, sent for the same user only), 'Descartar' asking first,
// and a backlog of 10 forms with 4 photos each sent in under a minute.
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page, Route } from '@playwright/test';
import type { AdvanceForm } from '../../domain';
import { e2eAdmin, expect, test, unique } from '../fixtures';
import { fillRequired, jpegFixture } from '../advance-form/fill';
import { createUser } from '../admin/seed';
import { completeValues, formsOf, jpeg, readDrafts, seedDraft, staffId, waitForChunksCached, waitForOfflineReady, watchFormSends } from './helpers';

// What works offline is the service worker's: these tests run with it.
test.use({ serviceWorkers: 'allow' });

test.describe.configure({ timeout: 120_000 });

const toasts = (page: Page) => page.getByRole('region', { name: 'Notification' });
const queuedText = 'Sin conexión: el formulario se enviará automáticamente al recuperar la conexión';

type Workers = 'allow' | 'block';

async function staffContext(browser: Browser, baseURL: string | undefined, credentials = e2eAdmin, serviceWorkers: Workers = 'allow'): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, locale: 'es-CR', timezoneId: 'America/Costa_Rica', serviceWorkers });
  expect((await context.request.post('/api/auth/login', { data: credentials })).status()).toBe(200);
  return context;
}

test('a queued form opened again from Borradores, corrected and saved: the server holds the correction, once', async ({ browser, baseURL, api }) => {
  const context = await staffContext(browser, baseURL);
  const sends = watchFormSends(context);
  const page = await context.newPage();
  // The panel seen once online (its code and lists kept for offline use), then the form.
  await page.goto('/admin/dashboard?tab=drafts');
  await expect(page.getByRole('tab', { name: 'Borradores', selected: true })).toBeVisible();
  await waitForOfflineReady(page);
  // Offline, the app goes back to this panel (its chunks), where Borradores reads the device, not lists.
  await waitForChunksCached(page);
  await page.goto('/admin/avanzadas/nuevo');
  await waitForOfflineReady(page);
  // The signal goes once the form is on screen (a screen opened while the session check is under way
  // has its own test: shell.spec.ts, 'a session check that never answers').
  await expect(page.getByLabel('Nombre del anfitrión *', { exact: true })).toBeVisible();

  await context.setOffline(true);
  const host = unique('Corrección');
  await fillRequired(page, host);
  await page.getByRole('button', { name: 'Guardar Formulario' }).click();
  await expect(toasts(page).getByText(queuedText)).toBeVisible();

  // Back on the dashboard (in the app, still offline): Borradores.
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.getByRole('tab', { name: 'Borradores' }).click();
  const card = page.getByRole('article', { name: host });
  await expect(card.getByText('Pendiente de envío')).toBeVisible();
  await card.getByRole('button', { name: 'Reanudar' }).click();
  const position = page.getByLabel('Cargo del anfitrión *', { exact: true });
  await expect(page.getByLabel('Nombre del anfitrión *', { exact: true })).toHaveValue(host);
  await position.fill('Directora corregida');
  await page.getByRole('button', { name: 'Guardar Formulario' }).click();
  // The first save's toast may still be on screen: the second save is over when the panel is back.
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await expect(toasts(page).getByText(queuedText).first()).toBeVisible();

  const queued = async () => (await readDrafts(page)).filter((d) => d.values.hostName === host).map((d) => [d.state, d.values.hostPosition]);
  await expect.poll(queued).toEqual([['pending', 'Directora corregida']]);

  await context.setOffline(false);
  await expect.poll(() => formsOf(api, host), { timeout: 30_000 }).toHaveLength(1);
  const [form] = await formsOf(api, host);
  expect(form.hostPosition).toBe('Directora corregida');
  expect(form.completedOnSiteAt).toBeTruthy();

  // On the server now: the draft is read-only on the device, and says so; its detail shows the time on site.
  await expect.poll(async () => (await readDrafts(page)).find((d) => d.id === form.id)?.state, { timeout: 10_000 }).toBe('sent');
  await page.goto(`/admin/avanzadas/nuevo?borrador=${form.id}`);
  await expect(page.getByRole('heading', { name: 'Este formulario ya fue enviado' })).toBeVisible();
  await expect(page.getByLabel('Nombre del anfitrión *', { exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: 'Ver formulario' }).click();
  await expect(page.getByText(/^Completado en sitio: /)).toBeVisible();
  await sends.settled();
  expect(await formsOf(api, host)).toHaveLength(1);
  await context.close();
});

test('a connection that never answers: the photo and then the form fall back to the queue within their time limits, and go once it answers', async ({
  browser,
  baseURL,
  api,
}) => {
  const context = await browser.newContext({ baseURL, locale: 'es-CR', timezoneId: 'America/Costa_Rica', serviceWorkers: 'block' });
  const page = await context.newPage();
  const hung: Route[] = [];
  const hang = (route: Route) => void hung.push(route);
  await page.goto('/formulario-avanzada');
  const host = unique('Red colgada');
  await fillRequired(page, host);

  // The photo's bytes never get an answer.
  await page.route('**/api/objects/uploads/**', hang);
  const slot = page.getByRole('group', { name: 'Foto de las salidas de emergencia', exact: true });
  const started = Date.now();
  await slot.locator('input[type=file]').setInputFiles(await jpegFixture(0));
  await expect(slot.getByRole('button', { name: /^Subiendo foto/ })).toBeVisible();
  // Already in the draft while it uploads: closing the app now would not lose it.
  const keptLink = async () => (await readDrafts(page)).find((d) => d.values.hostName === host)?.photos.emergencyExitsPhoto?.objectPath;
  await expect.poll(keptLink, { timeout: 2_000 }).toBeNull();
  // No 'Subiendo foto...' for minutes: past the limit the photo waits in the draft for the queue.
  await expect(slot.getByRole('button', { name: /^Cambiar foto/ })).toBeVisible({ timeout: 30_000 });
  await expect(slot.getByText('Foto guardada en este dispositivo: se subirá al enviar el formulario', { exact: true })).toBeVisible();
  const photoSeconds = (Date.now() - started) / 1000;

  // Photos go through again, but the form's own send never gets an answer.
  await page.unroute('**/api/objects/uploads/**', hang);
  await page.route('**/api/advance-forms/public', hang);
  const sending = Date.now();
  await page.getByRole('button', { name: 'Guardar Formulario' }).click();
  await expect(page.getByRole('button', { name: 'Guardando...' })).toBeVisible();
  await expect(toasts(page).getByText('Se enviará automáticamente', { exact: true })).toBeVisible({ timeout: 30_000 });
  const formSeconds = (Date.now() - sending) / 1000;
  await expect(page).toHaveURL(/\/$/);
  expect((await readDrafts(page)).find((d) => d.values.hostName === host)?.state).toBe('pending');
  console.log(`[red colgada] foto a la cola en ${photoSeconds.toFixed(1)} s, formulario en ${formSeconds.toFixed(1)} s`);
  expect(photoSeconds).toBeGreaterThan(10); // the limit, not a failure: the upload did hang
  expect(photoSeconds).toBeLessThan(25);
  expect(formSeconds).toBeGreaterThan(10);
  expect(formSeconds).toBeLessThan(25);

  // The connection answers again: the queue's own retries send it, once.
  await page.unroute('**/api/advance-forms/public', hang);
  await Promise.all(hung.map((route) => route.abort().catch(() => undefined)));
  await expect.poll(() => formsOf(api, host), { timeout: 60_000 }).toHaveLength(1);
  const [form] = await formsOf(api, host);
  expect(form.emergencyExitsPhoto).toMatch(/^\/objects\/uploads\//);
  await expect.poll(async () => (await readDrafts(page)).length).toBe(0);
  await context.close();
});

test("the server refusing a visitor's form answers at once (they stay on it); a server error answer queues it like staff's, sent by itself once", async ({
  browser,
  baseURL,
  api,
}) => {
  const context = await browser.newContext({ baseURL, locale: 'es-CR', timezoneId: 'America/Costa_Rica', serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto('/formulario-avanzada');
  const host = unique('Error del servidor');
  await fillRequired(page, host);

  // A refusal of the form itself: 'Error' with the server's message, the visitor keeps the form.
  const refusal = JSON.stringify({ message: 'Revise los datos del formulario' });
  let answer: { status: number; contentType: string; body: string } = { status: 400, contentType: 'application/json', body: refusal };
  await page.route('**/api/advance-forms/public', (route) => route.fulfill(answer));
  await page.getByRole('button', { name: 'Guardar Formulario' }).click();
  const error = toasts(page).getByRole('alert').filter({ hasText: 'Revise los datos del formulario' });
  await expect(error).toBeVisible();
  await expect(error.getByText('Error', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/formulario-avanzada$/);
  await expect(page.getByLabel('Nombre del anfitrión *', { exact: true })).toHaveValue(host);
  await expect.poll(async () => (await readDrafts(page)).find((d) => d.values.hostName === host)?.state).toBe('draft');

  // The server in maintenance (503): no answer about the form, so it waits in the queue.
  answer = { status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Servicio en mantenimiento, intente más tarde' }) };
  await page.getByRole('button', { name: 'Guardar Formulario' }).click();
  await expect(toasts(page).getByText('Se enviará automáticamente', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/$/);
  expect((await readDrafts(page)).find((d) => d.values.hostName === host)?.state).toBe('pending');

  // Back in service: the queue's own retries send it, once, with nothing pressed.
  await page.unroute('**/api/advance-forms/public');
  await expect.poll(() => formsOf(api, host), { timeout: 60_000 }).toHaveLength(1);
  await expect.poll(async () => (await readDrafts(page)).length).toBe(0);
  await context.close();
});

test('signing out with unsent forms asks first; they stay, another user neither sees nor sends them, and the same user sends them at sign-in', async ({
  browser,
  baseURL,
  api,
}) => {
  const context = await staffContext(browser, baseURL, e2eAdmin, 'block');
  const sends = watchFormSends(context);
  const owner = await staffId(context);
  const page = await context.newPage();
  const host = unique('Al cerrar sesión');
  const id = randomUUID();
  // The staff create gets no answer for now (no signal at the office door).
  await page.route('**/api/advance-forms', (route) => (route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue()));
  await page.goto('/admin/dashboard?tab=avanzadas');
  const photos = [{ field: 'emergencyExitsPhoto' as const, bytes: await jpeg([10, 120, 10]) }];
  await seedDraft(page, { id, variant: 'admin', ownerId: owner, values: completeValues(host), state: 'pending', photos });
  await page.reload(); // the app starts with the form in its queue; its sends get no answer

  const onDevice = page.getByRole('region', { name: /En este dispositivo, sin enviar/ });
  await expect(onDevice.getByRole('article', { name: host })).toBeVisible();
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Cerrar sesión con formularios sin enviar' });
  await expect(dialog).toContainText('Hay 1 formulario sin enviar en este dispositivo');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByRole('tab', { name: 'Noticias' })).toBeVisible();
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await dialog.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page.getByRole('button', { name: 'Iniciar Sesión' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '1 formulario sin enviar en este dispositivo' })).toBeVisible();
  expect((await readDrafts(page)).find((d) => d.id === id)?.state).toBe('pending');

  // Another staff member on the same tablet: not listed, not sent (the network is back for everyone).
  await page.unroute('**/api/advance-forms');
  const other = { username: unique('colab').replace(/\s/g, '-').toLowerCase(), password: 'clave-colaborador-123' };
  await createUser(api, other.username, other.password, 'colaborador');
  await sends.settled();
  const sendsBefore = sends.started();
  await signIn(page, other);
  await page.goto('/admin/dashboard?tab=avanzadas');
  await expect(page.getByRole('tab', { name: 'Avanzadas', selected: true })).toBeVisible();
  // The list has loaded beside where the device's unsent forms would be; the queue ran at this load.
  await expect(page.getByText(/^\d+ formulario\(s\)$|^No hay formularios de avanzada registrados$/)).toBeVisible();
  await expect(page.getByRole('region', { name: /En este dispositivo, sin enviar/ })).toHaveCount(0);
  await sends.settled();
  expect(sends.started()).toBe(sendsBefore);
  expect(await formsOf(api, host)).toHaveLength(0);
  // Nothing of theirs is unsent: no question.
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page.getByRole('button', { name: 'Iniciar Sesión' })).toBeVisible();

  // Its author signs in again: sent, and its photo leaves the tablet (a summary stays).
  await signIn(page, e2eAdmin);
  await expect.poll(() => formsOf(api, host), { timeout: 30_000 }).toHaveLength(1);
  // Sent under its author's session, whenever it went: never under the other's.
  expect((await formsOf(api, host))[0].submittedBy).toBe(owner);
  await expect.poll(async () => (await readDrafts(page)).find((d) => d.id === id)?.state, { timeout: 10_000 }).toBe('sent');
  const sent = (await readDrafts(page)).find((d) => d.id === id)!;
  expect(sent.photos).toEqual({});
  await page.goto('/admin/dashboard?tab=drafts');
  const card = page.getByRole('article', { name: host });
  await expect(card.getByText('Enviado', { exact: true })).toBeVisible();
  await expect(card.getByText(/Fotos:\s*1 foto/)).toBeVisible();
  await expect(page.getByText(/^Espacio usado en este dispositivo: [\d.]+ MB · libre: [\d.]+ MB$/)).toBeVisible();
  await context.close();
});

test("'Descartar' asks first and names what is lost", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: 'es-CR', timezoneId: 'America/Costa_Rica' });
  const page = await context.newPage();
  await page.goto('/formulario-avanzada');
  const host = unique('Descartar');
  await page.getByLabel('Nombre del anfitrión *', { exact: true }).fill(host);
  await page.getByLabel('Cargo del anfitrión *', { exact: true }).fill('Gerente');
  const slot = page.getByRole('group', { name: 'Foto de las salidas de emergencia', exact: true });
  await slot.locator('input[type=file]').setInputFiles(await jpegFixture(0));
  await expect(slot.getByText('Foto subida', { exact: true })).toBeVisible();
  // Both answers and the uploaded photo's link are in the draft (saved within 300 ms) before the reload.
  await expect
    .poll(async () => {
      const draft = (await readDrafts(page)).find((d) => d.values.hostName === host);
      return [draft?.values.hostPosition, draft?.photos.emergencyExitsPhoto?.objectPath?.startsWith('/objects/uploads/')];
    })
    .toEqual(['Gerente', true]);
  await page.reload();

  await page.getByRole('button', { name: 'Descartar' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Descartar borrador' });
  await expect(dialog).toContainText('Se perderán 2 respuestas y 1 foto de este borrador');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  expect((await readDrafts(page)).filter((d) => d.values.hostName === host)).toHaveLength(1);

  await page.getByRole('button', { name: 'Descartar' }).click();
  await dialog.getByRole('button', { name: 'Descartar' }).click();
  await expect(toasts(page).getByText('Borrador descartado')).toBeVisible();
  expect((await readDrafts(page)).filter((d) => d.values.hostName === host)).toHaveLength(0);
  await context.close();
});

test('a backlog of 10 forms with 4 photos each is sent in under a minute', async ({ browser, baseURL, api }) => {
  const context = await staffContext(browser, baseURL, e2eAdmin, 'block');
  const owner = await staffId(context);
  const page = await context.newPage();
  await page.goto('/admin/login');
  const prefix = unique('Atraso');
  const colours: [number, number, number][] = [
    [200, 0, 0],
    [0, 200, 0],
    [0, 0, 200],
    [200, 200, 0],
  ];
  const fields = ['emergencyExitsPhoto', 'evacuationPlanPhoto', 'evacuationRoutesPhoto', 'safeZonePhoto'] as const;
  const photos = await Promise.all(fields.map(async (field, i) => ({ field, bytes: await jpeg(colours[i]) })));
  // The tablet writes while the queue cannot run (no page open on it yet): seeded, then the app starts.
  for (let i = 0; i < 10; i++) {
    const values = { ...completeValues(`${prefix} ${i}`), hasEvacuationPlan: true, evacuationPlanDetails: 'Plan en recepción' };
    await seedDraft(page, { id: randomUUID(), variant: 'admin', ownerId: owner, values, state: 'pending', photos });
  }
  const started = Date.now();
  await page.goto('/admin/dashboard?tab=drafts');
  const mine = async () => {
    const response = await api.get('/api/advance-forms?limit=100');
    return ((await response.json()) as AdvanceForm[]).filter((form) => form.hostName.startsWith(prefix));
  };
  await expect.poll(async () => (await mine()).length, { timeout: 60_000, intervals: [500] }).toBe(10);
  const seconds = (Date.now() - started) / 1000;
  console.log(`[atraso] 10 formularios con 4 fotos enviados en ${seconds.toFixed(1)} s`);
  expect(seconds).toBeLessThan(60);
  for (const form of await mine()) {
    const links = [form.emergencyExitsPhoto, form.evacuationPlanPhoto, form.evacuationRoutesPhoto, form.safeZonePhoto];
    expect(links.every((link) => /^\/objects\/uploads\//.test(link ?? ''))).toBe(true);
  }
  await context.close();
});

async function signIn(page: Page, credentials: { username: string; password: string }) {
  await page.goto('/admin/login');
  await page.getByRole('textbox', { name: 'Usuario', exact: true }).fill(credentials.username);
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page.getByRole('tab', { name: 'Noticias' })).toBeVisible();
}
