// Closing the news dialog while autosave is making a new article on the server: what was typed after that
// save began still reaches the same article (not a second one), and a dialog opened again at once, blank,
// is not taken for that article by the save ending behind it.
import type { Route } from '@playwright/test';
import { expect, test, unique } from '../fixtures';
import { articlesTitled, choose, expectToast, field, openTab, startNewArticle } from './helpers';

test.describe.configure({ timeout: 120_000 });

test('a dialog closed while its new article is being made: the rest of the text goes to that article, and the blank dialog opened next stays its own', async ({
  adminPage: page,
  api,
}) => {
  const title = unique('Cerrada al guardar');
  await openTab(page, 'news', 'Noticias');
  // The server takes the first autosave, and its answer is held until the test lets it go.
  const held: Route[] = [];
  await page.route('**/api/news', async (route) => {
    if (route.request().method() !== 'POST' || held.length > 0) return route.fallback();
    held.push(route);
  });

  const dialog = await startNewArticle(page, title, 'Lo que conviene revisar antes de una reunión.');
  const content = field(dialog, 'Contenido');
  await content.click();
  await page.keyboard.type('Primera parte.');
  await expect(dialog.getByText('Guardando...')).toBeVisible({ timeout: 20_000 });
  expect(held).toHaveLength(1);
  await page.keyboard.press('Enter');
  await page.keyboard.type('Escrita mientras se guardaba.');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();

  // Opened again at once, blank; then the first save's answer arrives.
  await page.getByRole('button', { name: 'Nueva Noticia' }).click();
  const again = page.getByRole('dialog', { name: 'Nueva Noticia' });
  await expect(field(again, 'Título')).toHaveValue('');
  await held[0]!.fallback();

  // One article, with the whole text, as a draft.
  await expect
    .poll(async () => (await articlesTitled(api, title)).map(({ status, content }) => ({ status, content })), { timeout: 20_000 })
    .toEqual([{ status: 'draft', content: '<p>Primera parte.</p><p>Escrita mientras se guardaba.</p>' }]);

  // The blank dialog is a new article of its own: what is written there does not change the first one.
  const other = unique('Otra nueva');
  await field(again, 'Título').fill(other);
  await again.getByRole('button', { name: 'Cancelar' }).click();
  await expect(again).toBeHidden();
  // Its close kept it on this device (required fields are missing): offered when a new article is opened.
  await page.getByRole('button', { name: 'Nueva Noticia' }).click();
  await expect(again.getByRole('status').getByText(/^Hay cambios guardados en este equipo \(.+\) que no están en el servidor\.$/)).toBeVisible();
  await again.getByRole('button', { name: 'Recuperar cambios' }).click();
  await expect(field(again, 'Título')).toHaveValue(other);
  expect((await articlesTitled(api, title)).map(({ content }) => content)).toEqual(['<p>Primera parte.</p><p>Escrita mientras se guardaba.</p>']);
  expect(await articlesTitled(api, other)).toEqual([]);

  // Taken up and finished, the copy is saved with the article and no longer offered.
  await choose(page, again, 'Categoría', 'Anti-Espionaje');
  await field(again, 'Autor').fill('Redacción');
  await field(again, 'Extracto').fill('Otra nota.');
  await field(again, 'Contenido').click();
  await page.keyboard.type('Texto de la otra nota.');
  await again.getByRole('button', { name: 'Crear' }).click();
  await expectToast(page, 'Noticia creada exitosamente');
  await expect(again).toBeHidden();
  expect((await articlesTitled(api, other)).map(({ content }) => content)).toEqual(['<p>Texto de la otra nota.</p>']);
  // The dialog closes once the copies are forgotten: none is left on the device.
  const keptCopies = await page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const opened = indexedDB.open('news-editor');
        opened.onerror = () => reject(new Error('IndexedDB'));
        opened.onsuccess = () => {
          const keys = opened.result.transaction('drafts').objectStore('drafts').getAllKeys();
          keys.onsuccess = () => resolve(keys.result.map(String));
        };
      }),
  );
  expect(keptCopies).toEqual([]);
});
