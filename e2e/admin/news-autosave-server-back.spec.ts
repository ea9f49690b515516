// Autosave while the server is down and the browser still says online (no `online` event ever comes):
// the text is kept on the device, and once the server answers again it reaches the server by itself,
// with nothing touched: with the dialog still open, and with the dialog closed and the news tab left.
// The server is one of the test's own, stopped and started again on the same address. In production a
// proxy stands in front and answers 502 while the app is down: that is no answer either.
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, test, unique, e2eAdmin } from '../fixtures';
import { articlesTitled, field, openTab, startNewArticle } from './helpers';
import { startPrivateServer, type PrivateServer } from './private-server';

// Autosave's quiet time twice, the server down for a while, then the retries' waits: up to a minute on
// a busy machine.
test.describe.configure({ timeout: 150_000 });

const savedOnServer = /^Guardado hace \d+ (s|min)$/;
const savedHereOffline = /^Sin conexión: guardado en este equipo hace \d+ (s|min); se enviará al volver la conexión$/;
// The retries wait 2 s, 4 s, 8 s … at most 30 s (±20 %): the text arrives within one such wait of the
// server's return, plus a request on a busy machine.
const backWithin = { timeout: 45_000 };

let server: PrivateServer;
test.beforeAll(async () => {
  server = await startPrivateServer();
});
test.afterAll(async () => {
  await server?.close();
});

async function signedInPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseURL, locale: 'es-CR', timezoneId: 'America/Costa_Rica' });
  expect((await context.request.post('/api/auth/login', { data: e2eAdmin })).status()).toBe(200);
  return context.newPage();
}

/** Counts the page's saves of an article that got no answer (the server down). */
function countFailedSaves(page: Page): () => number {
  let failed = 0;
  page.on('requestfailed', (request) => {
    if (request.method() !== 'GET' && new URL(request.url()).pathname.startsWith('/api/news')) failed += 1;
  });
  return () => failed;
}

/** A new article with its first paragraph saved on the server; answers the dialog. */
async function articleSavedOnServer(page: Page, title: string): Promise<Locator> {
  await openTab(page, 'news', 'Noticias');
  const dialog = await startNewArticle(page, title, 'Lo que conviene revisar antes de una reunión.');
  await field(dialog, 'Contenido').click();
  await page.keyboard.type('Primera parte.');
  await expect(dialog.getByText(savedOnServer)).toBeVisible();
  await expect.poll(async () => (await articlesTitled(page.request, title)).map(({ content }) => content)).toEqual(['<p>Primera parte.</p>']);
  return dialog;
}

/** The server stops; a second paragraph is typed, and autosave keeps it on the device. */
async function typeWhileServerDown(page: Page, dialog: Locator, text: string) {
  await server.stopListening();
  const editor = field(dialog, 'Contenido');
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type(text);
  await expect(dialog.getByText(savedHereOffline)).toBeVisible();
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);
}

test('the server back with the dialog still open: what was kept on the device is sent by itself, untouched', async ({ browser }) => {
  const page = await signedInPage(browser);
  const title = unique('Servidor de vuelta');
  const failedSaves = countFailedSaves(page);
  const dialog = await articleSavedOnServer(page, title);
  const [first] = await articlesTitled(page.request, title);
  await typeWhileServerDown(page, dialog, 'Segunda parte, con el servidor caído.');
  // Nothing is typed any more: the tries go on by themselves while the server is down (autosave's own
  // save, then the retries at about 2 s and 4 s).
  await expect.poll(failedSaves, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
  await server.listenAgain();

  await expect
    .poll(async () => (await articlesTitled(page.request, title)).map(({ id, status, content }) => ({ id, status, content })), backWithin)
    .toEqual([{ id: first.id, status: 'draft', content: '<p>Primera parte.</p><p>Segunda parte, con el servidor caído.</p>' }]);
  await expect(dialog.getByText(savedOnServer)).toBeVisible();
  await page.context().close();
});

test('the server back after the dialog was closed and the news tab left: the copy is sent by itself', async ({ browser }) => {
  const page = await signedInPage(browser);
  const title = unique('Cerrado sin servidor');
  const failedSaves = countFailedSaves(page);
  const dialog = await articleSavedOnServer(page, title);
  const [first] = await articlesTitled(page.request, title);
  await typeWhileServerDown(page, dialog, 'Segunda parte, guardada en el equipo.');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();
  // Another tab of the panel: the news tab (and its dialog) is no longer on the page.
  await page.getByRole('tab', { name: 'Servicios' }).click();
  await expect(page.getByRole('heading', { name: 'Servicios Registrados' })).toBeVisible();
  // The tries go on from there while the server is down.
  const failedBefore = failedSaves();
  await expect.poll(failedSaves, { timeout: 20_000 }).toBeGreaterThanOrEqual(failedBefore + 2);
  await server.listenAgain();

  await expect
    .poll(async () => (await articlesTitled(page.request, title)).map(({ id, status, content }) => ({ id, status, content })), backWithin)
    .toEqual([{ id: first.id, status: 'draft', content: '<p>Primera parte.</p><p>Segunda parte, guardada en el equipo.</p>' }]);
  // Sent, the copy is forgotten: nothing is left on the device to recover.
  await expect.poll(() => newsCopiesOnDevice(page)).toEqual([]);
  await page.context().close();
});

/** The keys of the news editor's copies kept in this browser's IndexedDB. */
function newsCopiesOnDevice(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('news-editor');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const keys = open.result.transaction('drafts').objectStore('drafts').getAllKeys();
          keys.onsuccess = () => {
            open.result.close();
            resolve(keys.result.map(String));
          };
          keys.onerror = () => reject(keys.error);
        };
      }),
  );
}

test('the proxy in front answers 502 while the server restarts: the text is kept on the device and sent by itself once it answers', async ({ browser }) => {
  const page = await signedInPage(browser);
  const title = unique('Proxy sin servidor');
  const dialog = await articleSavedOnServer(page, title);
  const [first] = await articlesTitled(page.request, title);
  // What a proxy such as Caddy answers for the app while it is down: a 502 to every call of the API.
  let badGateways = 0;
  await page.context().route(/\/api\//, async (route) => {
    badGateways += 1;
    await route.fulfill({ status: 502, contentType: 'text/plain', body: 'Bad Gateway' });
  });
  const editor = field(dialog, 'Contenido');
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Segunda parte, con el proxy respondiendo 502.');
  await expect(dialog.getByText(savedHereOffline)).toBeVisible();
  // Tried again by itself, with nothing typed.
  const afterSave = badGateways;
  await expect.poll(() => badGateways, { timeout: 20_000 }).toBeGreaterThanOrEqual(afterSave + 2);
  await page.context().unroute(/\/api\//);

  await expect
    .poll(async () => (await articlesTitled(page.request, title)).map(({ id, status, content }) => ({ id, status, content })), backWithin)
    .toEqual([{ id: first.id, status: 'draft', content: '<p>Primera parte.</p><p>Segunda parte, con el proxy respondiendo 502.</p>' }]);
  await expect(dialog.getByText(savedOnServer)).toBeVisible();
  await page.context().close();
});
