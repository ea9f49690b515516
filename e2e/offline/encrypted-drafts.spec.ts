// Drafts encrypted at rest (docs/offline.md): what a staff member's tablet holds in IndexedDB, read
// straight from it as anyone with the device could, is ciphertext; the form still reopens after a
// reload with no signal and is sent; signing out deletes the key, after which nothing on the device
// opens the record, until the author signs in again; and a tablet killed and started again, with no
// signal, still opens its draft with the key it kept.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { e2eAdmin, expect, test, unique } from '../fixtures';
import { fillRequired, jpegFixture } from '../advance-form/fill';
import { formsOf, readDrafts, staffId, waitForOfflineReady } from './helpers';
import { KillableBrowser } from './killable-browser';

// What works offline is the service worker's: these tests run with it.
test.use({ serviceWorkers: 'allow' });

test.describe.configure({ timeout: 150_000 });

const queuedText = 'Sin conexión: el formulario se enviará automáticamente al recuperar la conexión';
const toasts = (page: Page) => page.getByRole('region', { name: 'Notification' });

/** The owner's key record as IndexedDB holds it: whether a CryptoKey is there, and of what kind. */
function keyState(page: Page, owner: string) {
  return page.evaluate(async (owner) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('contraespionaje-offline');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    if (!db.objectStoreNames.contains('draftKeys')) return { record: false, key: false, extractable: null, wrapped: false };
    const record = await new Promise<{ key: CryptoKey | null; wrapped: unknown } | undefined>((resolve, reject) => {
      const request = db.transaction('draftKeys').objectStore('draftKeys').get(owner);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    db.close();
    return { record: Boolean(record), key: Boolean(record?.key), extractable: record?.key?.extractable ?? null, wrapped: Boolean(record?.wrapped) };
  }, owner);
}

/**
 * The draft's raw record: its fields, which of `needles` (answers in clear) appear anywhere in it (its
 * strings, its sealed bytes, its photos' bytes), and how many keys on the device decrypt it.
 */
function rawRecord(page: Page, id: string, needles: string[]) {
  return page.evaluate(
    async ({ id, needles }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('contraespionaje-offline');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const get = <T>(store: string, key?: string) =>
        new Promise<T>((resolve, reject) => {
          const os = db.transaction(store).objectStore(store);
          const request = key === undefined ? os.getAll() : os.get(key);
          request.onsuccess = () => resolve(request.result as T);
          request.onerror = () => reject(request.error);
        });
      type Sealed = { iv: Uint8Array; data: ArrayBuffer };
      const record = await get<Record<string, unknown> & { version: number; sealed: Sealed }>('drafts', id);
      const keys = await get<{ key: CryptoKey | null }[]>('draftKeys');
      // Each photo's sealed bytes are a record of their own, written once.
      const photos = (await get<{ draftId: string; data: Blob }[]>('draftPhotos')).filter((photo) => photo.draftId === id);
      db.close();
      const chunks: Uint8Array[] = [new TextEncoder().encode(JSON.stringify(record))];
      if (record.sealed) chunks.push(new Uint8Array(record.sealed.data));
      for (const photo of photos) chunks.push(new Uint8Array(await photo.data.arrayBuffer()));
      const contains = (haystack: Uint8Array, needle: Uint8Array) => {
        outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
          for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
          return true;
        }
        return false;
      };
      const found = needles.filter((needle) => chunks.some((chunk) => contains(chunk, new TextEncoder().encode(needle))));
      let opensWith = 0;
      for (const { key } of keys) {
        if (!key || !record.sealed) continue;
        const aad = new TextEncoder().encode(`draft:${id}:${record.version}`);
        const iv = record.sealed.iv as Uint8Array<ArrayBuffer>;
        opensWith += await crypto.subtle.decrypt({ name: 'AES-GCM', iv, additionalData: aad }, key, record.sealed.data).then(
          () => 1,
          () => 0,
        );
      }
      return { fields: Object.keys(record).sort(), found, photos: photos.length, opensWith };
    },
    { id, needles },
  );
}

/** What a person types, as it would be searched for on the disk: the host and every longer answer. */
const clearTexts = (values: Record<string, unknown>) => [
  ...new Set(Object.values(values).filter((value): value is string => typeof value === 'string' && value.length >= 8 && !value.startsWith('/objects/'))),
];

/** The panel's last lists (and so the session) kept on the device, as after any shift: the panel then opens offline. */
async function staffListsSaved(page: Page, owner: string, base = '') {
  await page.goto(`${base}/admin/dashboard`);
  await expect(page.getByRole('tab', { name: 'Noticias' })).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(
        (owner) =>
          new Promise<boolean>((resolve) => {
            const request = indexedDB.open('contraespionaje-offline');
            request.onsuccess = () => {
              const get = request.result.transaction('queryCache').objectStore('queryCache').get(owner);
              get.onsuccess = () => resolve(Boolean(get.result) && localStorage.getItem('offline-staff:last-user') === owner);
              get.onerror = () => resolve(false);
            };
            request.onerror = () => resolve(false);
          }),
        owner,
      ),
    )
    .toBe(true);
}

/** A photo of the emergency exits: kept in the draft (sealed) whatever becomes of its upload. */
async function addPhoto(page: Page) {
  const slot = page.getByRole('group', { name: 'Foto de las salidas de emergencia', exact: true });
  await slot.locator('input[type=file]').setInputFiles(await jpegFixture(0));
  await expect(slot.getByRole('img')).toBeVisible();
}

/** Whether Chromium has written a localStorage key to the profile's files yet. */
function localStorageOnDisk(profile: string, key: string): boolean {
  const dir = path.join(profile, 'Default', 'Local Storage', 'leveldb');
  try {
    return readdirSync(dir).some((file) => readFileSync(path.join(dir, file)).includes(Buffer.from(key)));
  } catch {
    return false;
  }
}

async function signIn(page: Page) {
  await page.getByRole('textbox', { name: 'Usuario', exact: true }).fill(e2eAdmin.username);
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(e2eAdmin.password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page.getByRole('tab', { name: 'Noticias' })).toBeVisible();
}

async function signedInContext(context: BrowserContext) {
  expect((await context.request.post('/api/auth/login', { data: e2eAdmin })).status()).toBe(200);
  return staffId(context);
}

test('a staff draft is ciphertext in IndexedDB, reopens after a reload offline and is sent; signed out, its key is gone and nothing opens it until the author signs in again', async ({
  browser,
  baseURL,
  api,
}) => {
  const context = await browser.newContext({ baseURL, locale: 'es-CR', timezoneId: 'America/Costa_Rica' });
  const owner = await signedInContext(context);
  const page = await context.newPage();
  await page.goto('/admin/avanzadas/nuevo');
  await waitForOfflineReady(page);
  // The key came with the session: non-extractable, and wrapped for this sign-in.
  await expect.poll(() => keyState(page, owner)).toEqual({ record: true, key: true, extractable: false, wrapped: true });

  const host = unique('Cifrado en reposo');
  await fillRequired(page, host);
  await addPhoto(page);
  await expect.poll(async () => (await readDrafts(page)).find((d) => d.values.hostName === host)?.photos.emergencyExitsPhoto?.size ?? 0).toBeGreaterThan(0);
  const draft = (await readDrafts(page)).find((d) => d.values.hostName === host)!;
  expect(draft.sealed).toBe(true);
  const needles = clearTexts(draft.values as unknown as Record<string, unknown>);
  expect(needles).toContain(host);
  expect(needles.length).toBeGreaterThan(5);
  const raw = await rawRecord(page, draft.id, needles);
  expect(raw.fields).toEqual(['formId', 'id', 'keyId', 'ownerId', 'photoData', 'sealed', 'state', 'updatedAt', 'variant', 'version']);
  expect(raw.found).toEqual([]);
  expect(raw.photos).toBeGreaterThan(0);
  expect(raw.opensWith).toBe(1);
  // Nothing of the key or its secret in localStorage either.
  expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => /key|llave|secret/i.test(key)))).toEqual([]);

  // No signal, and the form opened again: the panel and the draft come from the device.
  await staffListsSaved(page, owner);
  await page.goto('/admin/avanzadas/nuevo');
  await expect(page.getByRole('heading', { name: 'Hay un borrador guardado de este formulario' })).toBeVisible();
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Hay un borrador guardado de este formulario' })).toBeVisible();
  await page.getByRole('button', { name: 'Continuar borrador' }).click();
  await expect(page.getByLabel('Nombre del anfitrión *', { exact: true })).toHaveValue(host);
  await page.getByRole('button', { name: 'Guardar Formulario' }).click();
  await expect(toasts(page).getByText(queuedText)).toBeVisible();
  expect((await rawRecord(page, draft.id, needles)).found).toEqual([]);
  await context.setOffline(false);
  await expect.poll(() => formsOf(api, host), { timeout: 30_000 }).toHaveLength(1);
  const [form] = await formsOf(api, host);
  expect(form.emergencyExitsPhoto).toMatch(/^\/objects\/uploads\//);
  await expect.poll(async () => (await readDrafts(page)).find((d) => d.id === draft.id)?.state, { timeout: 10_000 }).toBe('sent');

  // 'Cerrar Sesión': the key leaves the device; the record kept (the sent summary) opens with nothing here.
  await page.goto('/admin/dashboard');
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page.getByRole('button', { name: 'Iniciar Sesión' })).toBeVisible();
  await expect.poll(() => keyState(page, owner)).toEqual({ record: true, key: false, extractable: null, wrapped: true });
  const afterSignOut = await rawRecord(page, draft.id, needles);
  expect(afterSignOut.found).toEqual([]);
  expect(afterSignOut.opensWith).toBe(0);
  expect((await readDrafts(page)).find((d) => d.id === draft.id)).toMatchObject({ sealed: true, opened: false, state: 'sent' });

  // The author signs in again: the server's secret for the earlier sign-in brings the key back, wrapped anew.
  await signIn(page);
  await expect.poll(async () => (await readDrafts(page)).find((d) => d.id === draft.id)?.opened, { timeout: 10_000 }).toBe(true);
  expect((await rawRecord(page, draft.id, needles)).opensWith).toBe(1);
  await context.close();
});

test('a signed-in tablet killed and started again with no signal still opens its draft, with the key it kept', async ({ baseURL }) => {
  const chrome = new KillableBrowser();
  try {
    let context = await chrome.start();
    let page = await context.newPage();
    await page.goto(`${baseURL}/admin/login`);
    await signIn(page);
    const owner = await page.evaluate(() =>
      fetch('/api/auth/me')
        .then((r) => r.json() as Promise<{ id: string }>)
        .then((me) => me.id),
    );
    await page.goto(`${baseURL}/admin/avanzadas/nuevo`);
    await waitForOfflineReady(page);
    await expect.poll(() => keyState(page, owner)).toMatchObject({ key: true, extractable: false });
    const host = unique('Tableta cifrada');
    await fillRequired(page, host);
    await addPhoto(page);
    // The draft is saved again once the photo is in: the kill must come after that save, not the first.
    const saved = async () => {
      const draft = (await readDrafts(page)).find((d) => d.values.hostName === host);
      return { sealed: draft?.sealed, photo: Boolean(draft?.photos.emergencyExitsPhoto?.size) };
    };
    await expect.poll(saved).toEqual({ sealed: true, photo: true });
    await staffListsSaved(page, owner, baseURL);
    // Chromium writes localStorage (whose staff member's lists to put back) to disk a few seconds after
    // a change, and a SIGKILL loses what it has not written: a tablet's shift is far longer, so wait
    // until the profile's files hold it.
    await expect.poll(() => localStorageOnDisk(chrome.profile, 'offline-staff:last-user'), { timeout: 20_000 }).toBe(true);
    await chrome.kill();

    context = await chrome.start({ offline: true });
    page = await context.newPage();
    await page.goto(`${baseURL}/admin/avanzadas/nuevo`);
    await expect(page.getByRole('heading', { name: 'Hay un borrador guardado de este formulario' })).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Continuar borrador' }).click();
    await expect(page.getByLabel('Nombre del anfitrión *', { exact: true })).toHaveValue(host);
    await expect(page.getByRole('group', { name: 'Foto de las salidas de emergencia', exact: true }).getByRole('img')).toBeVisible();
    expect(await keyState(page, owner)).toMatchObject({ key: true, extractable: false, wrapped: true });
  } finally {
    await chrome.dispose();
  }
});
