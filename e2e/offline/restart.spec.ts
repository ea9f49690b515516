// A real browser restart, not a page reload: Chromium on a persistent profile, killed with SIGKILL as
// soon as 'Guardar Formulario' with no signal has put the form in IndexedDB, then started again with signal. The form must be
// sent by itself (no button: a visitor has none), once. Also: the public form opens offline for a
// visitor who only ever loaded the home page, and reduces a large photo as the staff form does.
import { statSync } from 'node:fs';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { e2eAdmin, expect, test, unique } from '../fixtures';
import { fillRequired } from '../advance-form/fill';
import { formsOf, readDrafts, waitForOfflineReady, watchFormSends } from './helpers';
import { KillableBrowser } from './killable-browser';

// What works offline is the service worker's: these tests run with it.
test.use({ serviceWorkers: 'allow' });

test.describe.configure({ timeout: 150_000 });

const keptText = 'Foto guardada en este dispositivo: se subirá al enviar el formulario';
const queuedText = 'Sin conexión: el formulario se enviará automáticamente al recuperar la conexión';

/**
 * A 12-megapixel photo of noise, several MB as a phone camera makes them, as a file on disk: chosen by
 * its path, the browser reads it as a phone reads its gallery (handed over as bytes, the test's client
 * and the page spent seconds of CPU encoding and decoding it).
 */
async function cameraPhoto(): Promise<string> {
  const file = test.info().outputPath('camara.jpg');
  await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg({ quality: 92 })
    .toFile(file);
  return file;
}

async function addPhoto(page: Page, label: string, file: string) {
  const slot = page.getByRole('group', { name: label, exact: true });
  await slot.locator('input[type=file]').setInputFiles(file);
  await expect(slot.getByText(keptText, { exact: true })).toBeVisible({ timeout: 30_000 });
}

test('a visitor who saw only the home page fills the form offline; killed right after saving, the browser reopened with signal sends it by itself, once', async ({
  baseURL,
  api,
}) => {
  const chrome = new KillableBrowser();
  try {
    let context = await chrome.start();
    let page = await context.newPage();
    await page.goto(`${baseURL}/`);
    await waitForOfflineReady(page);

    // No signal, and a page this visitor never opened: its code came with the precache.
    await context.setOffline(true);
    await page.goto(`${baseURL}/formulario-avanzada`);
    await expect(page.getByRole('heading', { name: 'Formulario de Avanzada VIP' })).toBeVisible();
    const host = unique('Visitante reiniciado');
    await fillRequired(page, host);
    const original = await cameraPhoto();
    await addPhoto(page, 'Foto de las salidas de emergencia', original);
    // Reduced offline exactly as the staff form does (about 1 MB, at most 1920 px).
    // The slot says the photo is kept as its save to IndexedDB starts: the draft is read once it holds it.
    const keptSize = async () => (await readDrafts(page)).find((d) => d.values.hostName === host)?.photos.emergencyExitsPhoto?.size ?? 0;
    await expect.poll(keptSize).toBeGreaterThan(0);
    expect(statSync(original).size).toBeGreaterThan(2_000_000);
    expect(await keptSize()).toBeLessThan(1_100_000);

    await page.getByRole('button', { name: 'Guardar Formulario' }).click();
    await expect(page.getByRole('region', { name: 'Notification' }).getByText(queuedText)).toBeVisible();
    await expectQueued(page, host);
    await chrome.kill();
    expect(await formsOf(api, host)).toHaveLength(0);

    // Started again, with signal, on the home page: nobody presses anything.
    context = await chrome.start();
    const sends = watchFormSends(context);
    page = await context.newPage();
    const reopened = Date.now();
    await page.goto(`${baseURL}/`);
    await expect.poll(() => formsOf(api, host), { timeout: 30_000 }).toHaveLength(1);
    console.log(`[reinicio] formulario público enviado ${((Date.now() - reopened) / 1000).toFixed(1)} s después de reabrir`);
    const [form] = await formsOf(api, host);
    expect(form.emergencyExitsPhoto).toMatch(/^\/objects\/uploads\//);
    expect(Date.parse(form.completedOnSiteAt!)).toBeLessThan(Date.parse(form.createdAt));
    await expect.poll(async () => (await readDrafts(page)).length).toBe(0);
    await sends.settled();
    expect(await formsOf(api, host)).toHaveLength(1);
  } finally {
    await chrome.dispose();
  }
});

test('staff: killed right after saving a form offline, the tablet reopened with signal sends it, once', async ({ baseURL, api }) => {
  const chrome = new KillableBrowser();
  try {
    let context = await chrome.start();
    let page = await context.newPage();
    await page.goto(`${baseURL}/admin/login`);
    await signIn(page);
    await page.goto(`${baseURL}/admin/avanzadas/nuevo`);
    await waitForOfflineReady(page);

    await context.setOffline(true);
    const host = unique('Tableta reiniciada');
    await fillRequired(page, host);
    // A shift's session is hours old, and Chromium has long written its cookie to disk: it commits new
    // cookies about every 30 s, with no way to ask it sooner, so this waits (up to that) until the
    // profile holds the session's cookie, as the restart of a tablet would find it.
    await expect.poll(() => chrome.cookieOnDisk('sid.sig'), { timeout: 60_000, message: 'the session cookie on disk' }).toBe(true);
    await page.getByRole('button', { name: 'Guardar Formulario' }).click();
    await expect(page.getByRole('region', { name: 'Notification' }).getByText(queuedText)).toBeVisible();
    await expectQueued(page, host);
    await chrome.kill();

    context = await chrome.start();
    const sends = watchFormSends(context);
    page = await context.newPage();
    const reopened = Date.now();
    await page.goto(`${baseURL}/admin/dashboard`);
    await expect(page.getByRole('tab', { name: 'Noticias' })).toBeVisible({ timeout: 20_000 });
    await expect.poll(() => formsOf(api, host), { timeout: 30_000 }).toHaveLength(1);
    console.log(`[reinicio] formulario del personal enviado ${((Date.now() - reopened) / 1000).toFixed(1)} s después de reabrir`);
    await expect.poll(async () => (await readDrafts(page)).find((d) => d.values.hostName === host)?.state, { timeout: 10_000 }).toBe('sent');
    await sends.settled();
    expect(await formsOf(api, host)).toHaveLength(1);
  } finally {
    await chrome.dispose();
  }
});

/** The saved form waits in IndexedDB, pending: what the kill must not lose. */
async function expectQueued(page: Page, host: string) {
  await expect.poll(async () => (await readDrafts(page)).find((d) => d.values.hostName === host)?.state).toBe('pending');
}

async function signIn(page: Page) {
  await page.getByRole('textbox', { name: 'Usuario', exact: true }).fill(e2eAdmin.username);
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(e2eAdmin.password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page.getByRole('tab', { name: 'Noticias' })).toBeVisible();
}
