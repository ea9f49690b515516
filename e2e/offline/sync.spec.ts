// The draft queue against the real server: a send cut after the server made the record, two tabs at
// once, an expired session. Drafts are written to IndexedDB as the form would have; the service worker
// is blocked here so page.route sees every request (the worker's own behaviour has its own tests).
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext } from '@playwright/test';
import { e2eAdmin, expect, test, unique } from '../fixtures';
import { completeValues, formsOf, jpeg, readDrafts, seedDraft, staffId, watchFormSends } from './helpers';

// What works offline is the service worker's: these tests run with it.
test.use({ serviceWorkers: 'allow' });

const newContext = (browser: Browser, baseURL: string | undefined) =>
  browser.newContext({ baseURL, locale: 'es-CR', timezoneId: 'America/Costa_Rica', serviceWorkers: 'block' });

async function twoPhotos() {
  return [
    { field: 'emergencyExitsPhoto' as const, bytes: await jpeg([200, 30, 30]) },
    { field: 'safeZonePhoto' as const, bytes: await jpeg([30, 30, 200]) },
  ];
}

test('a send cut after the server made the form, then retried, gives one form with both photos', async ({ browser, baseURL, api }) => {
  const context = await newContext(browser, baseURL);
  const sends = watchFormSends(context);
  const page = await context.newPage();
  const host = unique('Corte');
  await page.goto('/');
  await seedDraft(page, { id: randomUUID(), variant: 'public', ownerId: null, values: completeValues(host), state: 'pending', photos: await twoPhotos() });

  // The first create reaches the server (which makes the record), then the answer is lost.
  let creates = 0;
  await page.route('**/api/advance-forms/public', async (route) => {
    creates++;
    if (creates === 1) {
      const answer = await route.fetch();
      expect(answer.status()).toBe(201);
      await route.abort('connectionreset');
    } else await route.continue();
  });
  await page.reload(); // app start: the queue runs

  await expect.poll(() => formsOf(api, host), { timeout: 30_000 }).toHaveLength(1);
  await expect.poll(() => creates, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  // The public draft leaves the phone once sent.
  await expect.poll(async () => (await readDrafts(page)).length).toBe(0);
  const [form] = await formsOf(api, host);
  expect(form.emergencyExitsPhoto).toMatch(/^\/objects\/uploads\//);
  expect(form.safeZonePhoto).toMatch(/^\/objects\/uploads\//);
  expect(form.emergencyExitsPhoto).not.toBe(form.safeZonePhoto);
  // Still one once every try has its answer (the draft is gone: no new try can start).
  await sends.settled();
  expect(await formsOf(api, host)).toHaveLength(1);
  await context.close();
});

test('two tabs sending the same draft at once give one form', async ({ browser, baseURL, api }) => {
  const context = await newContext(browser, baseURL);
  const sends = watchFormSends(context);
  const first = await context.newPage();
  const second = await context.newPage();
  const host = unique('Dos pestañas');
  await first.goto('/');
  await seedDraft(first, { id: randomUUID(), variant: 'public', ownerId: null, values: completeValues(host), state: 'pending', photos: await twoPhotos() });

  // Both tabs start their queue together; the creates are slowed so they would overlap.
  let creates = 0;
  for (const page of [first, second]) {
    await page.route('**/api/advance-forms/public', async (route) => {
      creates++;
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    });
  }
  await Promise.all([first.reload(), second.goto('/servicios')]);

  await expect.poll(() => formsOf(api, host), { timeout: 30_000 }).toHaveLength(1);
  // Neither tab has the draft left to send, and every send either made has its answer: the count is final.
  await expect.poll(async () => (await readDrafts(first)).length).toBe(0);
  await sends.settled();
  expect(await formsOf(api, host)).toHaveLength(1);
  expect(creates).toBeGreaterThanOrEqual(1);
  await context.close();
});

test('the same draft sent by two tabs without the lock is still one form (Idempotency-Key)', async ({ browser, baseURL, api }) => {
  const context = await newContext(browser, baseURL);
  const page = await context.newPage();
  const host = unique('Sin cerrojo');
  await page.goto('/');
  const id = randomUUID();
  const body = { ...completeValues(host), hasSafeZone: false };
  // What two tabs without Web Locks would do: the same key and body, at the same moment.
  const statuses = await page.evaluate(
    ({ id, body }) =>
      Promise.all(
        [0, 1, 2].map(() =>
          fetch('/api/advance-forms/public', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'Idempotency-Key': id },
            body: JSON.stringify(body),
          }).then(async (r) => [r.status, (await r.json()).id]),
        ),
      ),
    { id, body },
  );
  expect(statuses).toEqual([
    [201, id],
    [201, id],
    [201, id],
  ]);
  expect(await formsOf(api, host)).toHaveLength(1);
  await context.close();
});

async function signedInContext(browser: Browser, baseURL: string | undefined): Promise<BrowserContext> {
  const context = await newContext(browser, baseURL);
  expect((await context.request.post('/api/auth/login', { data: e2eAdmin })).status()).toBe(200);
  return context;
}

test('an expired session keeps the draft pending, asks to sign in, and sends it after login', async ({ browser, baseURL, api }) => {
  const context = await signedInContext(browser, baseURL);
  const owner = await staffId(context);
  const page = await context.newPage();
  const host = unique('Sesión vencida');
  const id = randomUUID();
  await page.goto('/admin/login');
  await seedDraft(page, { id, variant: 'admin', ownerId: owner, values: completeValues(host), state: 'pending', photos: await twoPhotos() });

  // The session ends behind the app's back (expiry, or a sign-out elsewhere).
  expect((await context.request.post('/api/auth/logout')).ok()).toBe(true);
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Notification' }).getByText('Su sesión expiró: inicie sesión para enviar los formularios pendientes'),
  ).toBeVisible();
  // The toast comes at the end of the queue's run: what it left is what a person would find.
  expect((await readDrafts(page)).find((d) => d.id === id)?.state).toBe('pending');
  expect(await formsOf(api, host)).toHaveLength(0);

  await page.getByRole('textbox', { name: 'Usuario', exact: true }).fill(e2eAdmin.username);
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(e2eAdmin.password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();

  await expect.poll(() => formsOf(api, host), { timeout: 30_000 }).toHaveLength(1);
  await expect.poll(async () => (await readDrafts(page)).find((d) => d.id === id)?.state).toBe('sent');
  const [form] = await formsOf(api, host);
  expect(form.id).toBe(id);
  expect(form.submittedBy).toBe(owner);
  expect(form.emergencyExitsPhoto && form.safeZonePhoto).toBeTruthy();
  await context.close();
});

test('a form the server refuses ends in Error with its message, shown in Borradores, where deleting it asks first', async ({ browser, baseURL }) => {
  const context = await signedInContext(browser, baseURL);
  const owner = await staffId(context);
  const page = await context.newPage();
  const host = unique('Rechazado');
  const id = randomUUID();
  await page.goto('/admin/login');
  await seedDraft(page, { id, variant: 'admin', ownerId: owner, values: { ...completeValues(host), emergencyContact: '' }, state: 'pending', photos: [] });
  await page.goto('/admin/dashboard?tab=drafts');
  await expect.poll(async () => (await readDrafts(page)).find((d) => d.id === id)?.state, { timeout: 20_000 }).toBe('error');
  const card = page.getByRole('article', { name: host });
  await expect(card.getByText('Error', { exact: true })).toBeVisible();
  await expect(card.getByText(/El contacto de emergencia es requerido/)).toBeVisible();
  // Deleting it asks first.
  await card.getByRole('button', { name: 'Eliminar' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Eliminar borrador' });
  await expect(confirm.getByText(/¿Está seguro que desea eliminar este borrador\?/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByRole('region', { name: 'Notification' }).getByText('Borrador eliminado')).toBeVisible();
  await expect(card).toHaveCount(0);
  expect((await readDrafts(page)).some((d) => d.id === id)).toBe(false);
  await context.close();
});
