// Text typed into the news dialog while 'Crear' saves: the fields stay editable, so what is typed then is
// neither sent with that save nor dropped. The dialog stays open on the article as saved, says so, and
// saves those words the way autosave saves any change (a published article's on this device until
// 'Actualizar', a draft's to the server).
import type { Page, Route } from '@playwright/test';
import { expect, test, unique } from '../fixtures';
import { articlesTitled, choose, expectToast, field, openTab, startNewArticle } from './helpers';

test.describe.configure({ timeout: 120_000 });

/** 'Crear' pressed with the server's answer held; `more` typed at the content's end meanwhile; then answered. */
async function typeWhileCreating(page: Page, title: string, status: 'Publicada' | 'Borrador', more: string) {
  await openTab(page, 'news', 'Noticias');
  // Every save of the dialog; the first is held (it must be the one 'Crear' sends, not an autosave).
  const saves: string[] = [];
  const held: Route[] = [];
  await page.route('**/api/news**', async (route) => {
    const method = route.request().method();
    if (method === 'GET') return route.fallback();
    saves.push(method);
    if (held.length > 0) return route.fallback();
    held.push(route);
  });
  const dialog = await startNewArticle(page, title, 'Antes de una reunión de directorio.');
  await choose(page, dialog, 'Estado', status);
  await field(dialog, 'Contenido').click();
  await page.keyboard.type('Primera parte.');
  expect(saves).toEqual([]);
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expect(dialog.getByRole('button', { name: 'Guardando...' })).toBeVisible();
  await expect.poll(() => saves).toEqual(['POST']);
  const sent = held[0]!.request().postDataJSON() as { content: string; status: string };
  await field(dialog, 'Contenido').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type(more);
  await held[0]!.fallback();
  await expectToast(page, 'Noticia creada exitosamente');
  return { dialog: page.getByRole('dialog', { name: 'Editar Noticia' }), sent };
}

test("published with 'Crear' while more is typed: the dialog stays open on the article, and 'Actualizar' publishes the rest", async ({
  adminPage: page,
  api,
}) => {
  const title = unique('Escrita al publicar');
  const { dialog, sent } = await typeWhileCreating(page, title, 'Publicada', 'Añadida mientras se publicaba.');
  expect(sent).toMatchObject({ status: 'published', content: '<p>Primera parte.</p>' });

  // Still open, now on the article as saved, with the words typed meanwhile and the line that says so.
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Noticia guardada. Lo que escribió mientras se guardaba sigue aquí y aún no está guardado')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Contenido' })).toContainText('Añadida mientras se publicaba.');
  expect((await articlesTitled(api, title)).map(({ status, content }) => ({ status, content }))).toEqual([
    { status: 'published', content: '<p>Primera parte.</p>' },
  ]);
  // Autosave keeps a published article's changes on this device: the live page is not touched.
  await expect(dialog.getByText(/^Cambios guardados en este equipo hace .+; se publican al pulsar Actualizar$/)).toBeVisible({ timeout: 20_000 });
  expect((await articlesTitled(api, title)).map(({ content }) => content)).toEqual(['<p>Primera parte.</p>']);

  await dialog.getByRole('button', { name: 'Actualizar' }).click();
  await expectToast(page, 'Noticia actualizada exitosamente');
  await expect(dialog).toBeHidden();
  expect((await articlesTitled(api, title)).map(({ status, content }) => ({ status, content }))).toEqual([
    { status: 'published', content: '<p>Primera parte.</p><p>Añadida mientras se publicaba.</p>' },
  ]);
});

test("a draft made with 'Crear' while more is typed: autosave sends the rest to the same article", async ({ adminPage: page, api }) => {
  const title = unique('Escrita al crear borrador');
  const { dialog, sent } = await typeWhileCreating(page, title, 'Borrador', 'Añadida mientras se creaba.');
  expect(sent).toMatchObject({ status: 'draft', content: '<p>Primera parte.</p>' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/^Guardado hace /)).toBeVisible({ timeout: 20_000 });
  expect((await articlesTitled(api, title)).map(({ status, content }) => ({ status, content }))).toEqual([
    { status: 'draft', content: '<p>Primera parte.</p><p>Añadida mientras se creaba.</p>' },
  ]);
});
