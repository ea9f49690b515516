// Autosave without a connection: what is written offline is kept on the device (the dialog says so), the
// server keeps the last text it got, and the copy reaches the server by itself, as a draft and once, when
// the connection returns (with what was typed just before the dialog closed); after a reload without a
// connection, the article opened again offers the copy.
import type { Locator, Page } from '@playwright/test';
import { expect, test, unique } from '../fixtures';
import { waitForChunksCached, waitForOfflineReady, waitForSavedLists } from '../offline/helpers';
import { articlesTitled, card, expectToast, field, openTab, searchFor, startNewArticle } from './helpers';

// What works offline is the service worker's: these tests run with it.
test.use({ serviceWorkers: 'allow' });

// Each test waits out autosave's quiet time more than once and types a good deal: about 15 s on a quiet
// machine, up to 40 s with the suite's other worker and the server on two busy cores.
test.describe.configure({ timeout: 120_000 });

const savedOnServer = /^Guardado hace \d+ (s|min)$/;
const savedHereOffline = /^Sin conexión: guardado en este equipo hace \d+ (s|min); se enviará al volver la conexión$/;

/** Opens 'Nueva Noticia' and fills every required field; the content is one paragraph. */
async function writeNewArticle(page: Page, title: string, text: string): Promise<Locator> {
  const dialog = await startNewArticle(page, title, 'Lo que conviene revisar antes de una reunión.');
  await field(dialog, 'Contenido').click();
  await page.keyboard.type(text);
  return dialog;
}

/** Opens the news tab and loads the editor's chunk while online; then the connection goes. */
async function openNewsTabThenGoOffline(page: Page) {
  await openTab(page, 'news', 'Noticias');
  const dialog = page.getByRole('dialog', { name: 'Nueva Noticia' });
  await page.getByRole('button', { name: 'Nueva Noticia' }).click();
  await expect(field(dialog, 'Contenido')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await page.context().setOffline(true);
}

/** A new paragraph at the end of the content. */
async function addParagraph(page: Page, dialog: Locator, text: string) {
  const editor = field(dialog, 'Contenido');
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type(text);
  await expect(editor.getByText(text)).toBeVisible();
}

test('an article changed without a connection is kept on the device, then reaches the server by itself as a draft', async ({ adminPage: page, api }) => {
  const title = unique('Sin conexión');
  await openTab(page, 'news', 'Noticias');
  const dialog = await writeNewArticle(page, title, 'Primera versión del texto.');
  await expect(dialog.getByText(savedOnServer)).toBeVisible();
  // A slow keyboard may have been saved halfway through first; the whole text follows by itself.
  await expect
    .poll(async () => (await articlesTitled(api, title)).map(({ status, content }) => ({ status, content })))
    .toEqual([{ status: 'draft', content: '<p>Primera versión del texto.</p>' }]);
  const [first] = await articlesTitled(api, title);

  await page.context().setOffline(true);
  await addParagraph(page, dialog, 'Segunda parte, escrita sin conexión.');
  await expect(dialog.getByText(savedHereOffline)).toBeVisible();
  // The server still has the text it got before.
  expect((await articlesTitled(api, title)).map((article) => article.content)).toEqual(['<p>Primera versión del texto.</p>']);

  // What is typed just before the dialog closes, before autosave's quiet time is up, is kept with the rest.
  await addParagraph(page, dialog, 'Tercera parte, escrita justo antes de cerrar.');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();
  await page.context().setOffline(false);
  // Nobody presses anything: the copy kept here goes to the server, as a draft of the same article.
  await expect
    .poll(async () => (await articlesTitled(api, title)).map(({ id, status, content }) => ({ id, status, content })))
    .toEqual([
      {
        id: first.id,
        status: 'draft',
        content: '<p>Primera versión del texto.</p><p>Segunda parte, escrita sin conexión.</p><p>Tercera parte, escrita justo antes de cerrar.</p>',
      },
    ]);

  // Sent, the copy is forgotten: the article opens with the text from the server and nothing to recover.
  await openTab(page, 'news', 'Noticias');
  await searchFor(page, title);
  await card(page, title).getByRole('button', { name: 'Editar' }).click();
  const again = page.getByRole('dialog', { name: 'Editar Noticia' });
  await expect(field(again, 'Contenido').getByText('Tercera parte, escrita justo antes de cerrar.')).toBeVisible();
  await expect(again.getByRole('button', { name: 'Recuperar cambios' })).toHaveCount(0);
});

test('an article written entirely without a connection is created once when the connection returns, and editing goes on in it', async ({
  adminPage: page,
  api,
}) => {
  const title = unique('Escrita sin conexión');
  await openNewsTabThenGoOffline(page);
  const dialog = await writeNewArticle(page, title, 'Escrita en el avión.');
  await expect(dialog.getByText(savedHereOffline)).toBeVisible();
  expect(await articlesTitled(api, title)).toEqual([]);

  // Back online with the dialog still open: the copy becomes a draft on the server...
  await page.context().setOffline(false);
  await expect
    .poll(async () => (await articlesTitled(api, title)).map(({ status, content }) => ({ status, content })))
    .toEqual([{ status: 'draft', content: '<p>Escrita en el avión.</p>' }]);
  // ...and what is written next goes to that same article, as does 'Crear'.
  await addParagraph(page, dialog, 'Escrita ya en tierra.');
  await expect(dialog.getByText(savedOnServer)).toBeVisible();
  await expect
    .poll(async () => (await articlesTitled(api, title)).map(({ content }) => content))
    .toEqual(['<p>Escrita en el avión.</p><p>Escrita ya en tierra.</p>']);
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expectToast(page, 'Noticia creada exitosamente');
  await expect(dialog).toBeHidden();
  const stored = await articlesTitled(api, title);
  expect(stored.map(({ status, content }) => ({ status, content }))).toEqual([
    { status: 'draft', content: '<p>Escrita en el avión.</p><p>Escrita ya en tierra.</p>' },
  ]);
});

test('after a reload without a connection, the article opened again offers the copy kept on the device', async ({ adminPage: page, api }) => {
  const title = unique('Recuperada sin conexión');
  await page.goto('/admin/dashboard?tab=news');
  await waitForOfflineReady(page);
  await expect(page.getByRole('tab', { name: 'Noticias', selected: true })).toBeVisible();
  const dialog = await writeNewArticle(page, title, 'Texto guardado en el servidor.');
  await expect(dialog.getByText(savedOnServer)).toBeVisible();
  await expect.poll(async () => (await articlesTitled(api, title)).map(({ content }) => content)).toEqual(['<p>Texto guardado en el servidor.</p>']);
  const [first] = await articlesTitled(api, title);
  // Offline, the panel needs its chunks (the editor's too) and the lists' copy, with this article in it.
  await waitForChunksCached(page);
  await waitForSavedLists(page, title);

  await page.context().setOffline(true);
  await addParagraph(page, dialog, 'Cambio hecho sin conexión.');
  await expect(dialog.getByText(savedHereOffline)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Sin conexión' }).first()).toBeVisible();
  await card(page, title).getByRole('button', { name: 'Editar' }).click();
  const again = page.getByRole('dialog', { name: 'Editar Noticia' });
  const editor = field(again, 'Contenido');
  await expect(editor.getByText('Texto guardado en el servidor.')).toBeVisible();
  await expect(again.getByRole('status').getByText(/^Hay cambios guardados en este equipo \(.+\) que no están en el servidor\.$/)).toBeVisible();
  await again.getByRole('button', { name: 'Recuperar cambios' }).click();
  await expect(editor.getByText('Cambio hecho sin conexión.')).toBeVisible();
  await expect(again.getByRole('button', { name: 'Recuperar cambios' })).toHaveCount(0);
  expect((await articlesTitled(api, title)).map((article) => article.content)).toEqual(['<p>Texto guardado en el servidor.</p>']);

  // The connection returns: the copy reaches the same article on the server, as a draft.
  await page.context().setOffline(false);
  await expect
    .poll(async () => (await articlesTitled(api, title)).map(({ id, status, content }) => ({ id, status, content })))
    .toEqual([{ id: first.id, status: 'draft', content: '<p>Texto guardado en el servidor.</p><p>Cambio hecho sin conexión.</p>' }]);
});

test("'Crear' without a connection fails at once and says so; the text is then kept on the device", async ({ adminPage: page, api }) => {
  const title = unique('Crear sin conexión');
  await openNewsTabThenGoOffline(page);
  const dialog = await writeNewArticle(page, title, 'Escrita sin señal.');
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expectToast(page, 'Error al actualizar noticia', 'Sin conexión con el servidor');
  // The dialog stays, ready to try again, and autosave goes on: the text is kept here.
  await expect(dialog.getByRole('button', { name: 'Crear' })).toBeEnabled();
  await expect(dialog.getByText(savedHereOffline)).toBeVisible();
  expect(await articlesTitled(api, title)).toEqual([]);
});
