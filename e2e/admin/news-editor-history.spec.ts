// What the article editor holds when a value comes from outside it: another article opened in the same
// dialog, a version restored, the article as it stands now, a copy recovered from this device. Undo never
// brings back the text of another opening, and HTML the visual editor cannot hold (a table) is shown in
// 'Código HTML' whichever way it came, so the next keystroke does not flatten it.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test, unique } from '../fixtures';
import { card, field, openTab, searchFor } from './helpers';

test.describe.configure({ timeout: 120_000 });

const table = '<table><tbody><tr><td>Servicio</td><td>Precio</td></tr><tr><td>Barrido</td><td>₡450 000</td></tr></tbody></table>';
const unsupportedNote = /elementos que el editor visual no conserva/;

/** An article made through the API; answers its id. */
async function article(api: APIRequestContext, title: string, content: string, status: 'draft' | 'published'): Promise<string> {
  const response = await api.post('/api/news', {
    data: {
      title,
      slug: unique('historial').toLowerCase().replace(/\W+/g, '-'),
      excerpt: 'Resumen.',
      content,
      category: 'Anti-Espionaje',
      author: 'Redacción',
      status,
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const current = async (api: APIRequestContext, id: string) => ((await (await api.get(`/api/news/${id}/current`)).json()) as { content: string }).content;

/** 'Editar' on an article's card; answers the dialog once its editor shows the article's words. */
async function edit(page: Page, title: string, words: string): Promise<Locator> {
  await card(page, title).getByRole('button', { name: 'Editar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar Noticia' });
  await expect(field(dialog, 'Contenido')).toContainText(words);
  return dialog;
}

test('each opening of the dialog starts with an empty undo history: undo never brings back the article opened before', async ({ adminPage: page, api }) => {
  const tag = unique('Deshacer');
  const first = `${tag} A`;
  const second = `${tag} B`;
  await article(api, first, '<p>Informe confidencial del cliente Alfa</p>', 'published');
  const secondId = await article(api, second, '<p>Borrador sobre cámaras ocultas</p>', 'draft');
  await openTab(page, 'news', 'Noticias');
  await searchFor(page, tag);

  let dialog = await edit(page, first, 'Informe confidencial');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();

  dialog = await edit(page, second, 'Borrador sobre cámaras ocultas');
  const editor = field(dialog, 'Contenido');
  const undo = dialog.getByRole('button', { name: 'Deshacer (Ctrl+Z)' });
  await expect(undo).toBeDisabled();
  await editor.click();
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+z');
  await expect(editor).toHaveText('Borrador sobre cámaras ocultas');
  // What is typed in this opening is undone as before.
  await page.keyboard.press('End');
  // One edit (typed key by key on a slow machine, the history would split it at each pause of half a second).
  await page.keyboard.insertText(' y micrófonos');
  await expect(undo).toBeEnabled();
  await undo.click();
  await expect(editor).toHaveText('Borrador sobre cámaras ocultas');
  await expect(undo).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();
  expect(await current(api, secondId)).toBe('<p>Borrador sobre cámaras ocultas</p>');

  // A new article after them starts blank, and stays blank after Ctrl+Z.
  await page.getByRole('button', { name: 'Nueva Noticia' }).click();
  const blank = page.getByRole('dialog', { name: 'Nueva Noticia' });
  const blankEditor = field(blank, 'Contenido');
  await expect(blank.getByRole('button', { name: 'Deshacer (Ctrl+Z)' })).toBeDisabled();
  await blankEditor.click();
  await page.keyboard.press('Control+z');
  await expect(blankEditor).toHaveText('');
  await blank.getByRole('button', { name: 'Cancelar' }).click();
});

test("a version with a table restored from the visual editor is shown in 'Código HTML', and the next keystroke keeps the table", async ({
  adminPage: page,
  api,
}) => {
  const title = unique('Restaurar tabla');
  const id = await article(api, title, '<p>Uno</p>', 'draft');
  expect((await api.patch(`/api/news/${id}`, { data: { content: `<p>Dos</p>${table}` } })).status()).toBe(200);
  expect((await api.patch(`/api/news/${id}`, { data: { content: '<p>Tres</p>' } })).status()).toBe(200);
  await openTab(page, 'news', 'Noticias');
  await searchFor(page, title);
  const dialog = await edit(page, title, 'Tres');
  await expect(dialog.getByText(unsupportedNote)).toHaveCount(0);

  await dialog.getByText('Versiones', { exact: true }).click();
  await dialog.getByRole('button', { name: /Comparar.*Versión 2/ }).click();
  await dialog.getByRole('button', { name: 'Restaurar esta versión' }).click();

  const source = field(dialog, 'Contenido (código HTML)');
  await expect(source).toHaveValue(`<p>Dos</p>${table}`);
  await expect(field(dialog, 'Contenido')).toHaveCount(0);
  await expect(dialog.getByText(unsupportedNote)).toBeVisible();
  await source.press('End');
  await source.pressSequentially('<p>Y algo más</p>');
  // Autosave sends the draft with its table.
  await expect.poll(() => current(api, id), { timeout: 30_000 }).toContain('<p>Y algo más</p>');
  expect(await current(api, id)).toContain('<td>Barrido</td><td>₡450 000</td>');
});

test("the article as it stands now, loaded with 'Cargar la versión actual', opens in 'Código HTML' when it holds a table", async ({ adminPage: page, api }) => {
  const title = unique('Tabla en la versión actual');
  const id = await article(api, title, '<p>Uno</p>', 'draft');
  await openTab(page, 'news', 'Noticias');
  await searchFor(page, title);
  // Another person adds a table; this tab's answer for the current article waits until something is typed.
  expect((await api.patch(`/api/news/${id}`, { data: { content: `<p>Uno</p>${table}` } })).status()).toBe(200);
  let release: () => void = () => {};
  const typed = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/news/${id}/current`, async (route) => {
    await typed;
    await route.continue();
  });
  const dialog = await edit(page, title, 'Uno');
  await field(dialog, 'Autor').fill('Equipo Técnico');
  release();
  await dialog.getByRole('button', { name: 'Cargar la versión actual' }).click();
  await expect(field(dialog, 'Contenido (código HTML)')).toHaveValue(`<p>Uno</p>${table}`);
  await expect(dialog.getByText(unsupportedNote)).toBeVisible();
});

test("a copy kept on this device with a table, taken up with 'Recuperar cambios', opens in 'Código HTML'", async ({ adminPage: page, api }) => {
  const title = unique('Tabla recuperada');
  await article(api, title, '<p>Publicada</p>', 'published');
  await openTab(page, 'news', 'Noticias');
  await searchFor(page, title);
  // A published article's changes stay on this device until 'Actualizar'.
  let dialog = await edit(page, title, 'Publicada');
  await dialog.getByRole('button', { name: 'Código HTML' }).click();
  await field(dialog, 'Contenido (código HTML)').fill(`<p>Publicada</p>${table}`);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();

  dialog = await edit(page, title, 'Publicada');
  await expect(dialog.getByText(unsupportedNote)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Recuperar cambios' }).click();
  await expect(field(dialog, 'Contenido (código HTML)')).toHaveValue(`<p>Publicada</p>${table}`);
  await expect(dialog.getByText(unsupportedNote)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Deshacer (Ctrl+Z)' })).toBeDisabled();
});

test("'Código HTML' holding a table is not switched to the visual editor by hand: a notice says why, and the table stays", async ({ adminPage: page, api }) => {
  const title = unique('Tabla sin editor visual');
  const id = await article(api, title, `<p>Uno</p>${table}`, 'draft');
  await openTab(page, 'news', 'Noticias');
  await searchFor(page, title);
  await card(page, title).getByRole('button', { name: 'Editar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar Noticia' });
  const source = field(dialog, 'Contenido (código HTML)');
  await expect(source).toHaveValue(`<p>Uno</p>${table}`);

  const toggle = dialog.getByRole('button', { name: 'Código HTML' });
  await toggle.click();
  const notice = dialog.getByRole('alert').filter({ hasText: 'El editor visual no tiene tablas' });
  await expect(notice).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(source).toHaveValue(`<p>Uno</p>${table}`);
  await expect(field(dialog, 'Contenido')).toHaveCount(0);
  // From the keyboard too.
  await notice.getByRole('button', { name: 'Cerrar aviso' }).click();
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(notice).toBeVisible();
  await expect(source).toBeVisible();
  await source.press('End');
  await page.keyboard.insertText('<p>Dos</p>');
  await expect.poll(() => current(api, id), { timeout: 30_000 }).toContain('<p>Dos</p>');
  expect(await current(api, id)).toContain('<td>Barrido</td><td>₡450 000</td>');

  // Without the table, the visual editor takes the text.
  await source.fill('<p>Uno</p><p>Dos</p>');
  await expect(notice).toHaveCount(0);
  await toggle.click();
  await expect(field(dialog, 'Contenido')).toContainText('Dos');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
});

test("an image with an http:// address written in 'Código HTML': the editor says it will not be saved and why, until its address is https://", async ({
  adminPage: page,
  api,
}) => {
  const title = unique('Imagen http en código');
  const id = await article(api, title, '<p>Uno</p>', 'draft');
  await openTab(page, 'news', 'Noticias');
  await searchFor(page, title);
  const dialog = await edit(page, title, 'Uno');
  await dialog.getByRole('button', { name: 'Código HTML' }).click();
  const source = field(dialog, 'Contenido (código HTML)');
  await source.fill('<p>Uno</p><p><img src="http://fotos.example/microfono.jpg" alt="Micrófono oculto"></p><p>Dos</p>');
  const notice = dialog.getByRole('status').filter({ hasText: 'Una imagen no se guardará' });
  await expect(notice).toContainText('solo muestra imágenes cuya dirección empieza por https://');
  await expect(notice).toContainText('http://fotos.example/microfono.jpg');
  // Autosave saves the rest; the server leaves the image out, and the notice stays while the text holds it.
  await expect.poll(() => current(api, id), { timeout: 30_000 }).toContain('<p>Dos</p>');
  expect(await current(api, id)).not.toContain('<img');
  await dialog.getByRole('button', { name: 'Código HTML' }).click();
  await expect(field(dialog, 'Contenido')).toContainText('Dos');
  await expect(notice).toBeVisible();

  await dialog.getByRole('button', { name: 'Código HTML' }).click();
  await source.fill('<p>Uno</p><p><img src="https://fotos.example/microfono.jpg" alt="Micrófono oculto"></p><p>Dos</p>');
  await expect(dialog.getByRole('status').filter({ hasText: 'no se guardará' })).toHaveCount(0);
  await expect.poll(() => current(api, id), { timeout: 30_000 }).toContain('src="https://fotos.example/microfono.jpg"');
});

test("'Restaurar esta versión' with changes not saved yet: a draft's become a version first, a published article's stay on this device to recover", async ({
  adminPage: page,
  api,
}) => {
  for (const status of ['draft', 'published'] as const) {
    const title = unique(`Restaurar con cambios ${status}`);
    const id = await article(api, title, '<p>Uno</p>', status);
    expect((await api.patch(`/api/news/${id}`, { data: { content: '<p>Dos</p>' } })).status()).toBe(200);
    await openTab(page, 'news', 'Noticias');
    await searchFor(page, title);
    let dialog = await edit(page, title, 'Dos');
    await field(dialog, 'Extracto').fill('Resumen escrito antes de restaurar.');
    await dialog.getByText('Versiones', { exact: true }).click();
    await dialog.getByRole('button', { name: /Comparar.*Versión 1/ }).click();
    await expect(dialog.getByText(/^Tiene cambios sin guardar/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Restaurar esta versión' }).click();
    await expect(field(dialog, 'Contenido')).toHaveText('Uno');
    expect(await current(api, id)).toBe('<p>Uno</p>');
    const revisions = (await (await api.get(`/api/news/${id}/revisions`)).json()) as { version: number }[];
    const excerpts = await Promise.all(
      revisions.map(async ({ version }) => ((await (await api.get(`/api/news/${id}/revisions/${version}`)).json()) as { excerpt: string }).excerpt),
    );
    if (status === 'draft') {
      expect(excerpts).toContain('Resumen escrito antes de restaurar.');
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
      continue;
    }
    // A published article's changes wait for 'Actualizar': they are on this device, offered at the next opening.
    expect(excerpts).not.toContain('Resumen escrito antes de restaurar.');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toBeHidden();
    dialog = await edit(page, title, 'Uno');
    await dialog.getByRole('button', { name: 'Recuperar cambios' }).click();
    await expect(field(dialog, 'Extracto')).toHaveValue('Resumen escrito antes de restaurar.');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
  }
});

test("'Restaurar esta versión' pressed twice restores once, and is not taken for someone else's save", async ({ adminPage: page, api }) => {
  const title = unique('Restaurar dos veces');
  const id = await article(api, title, '<p>Uno</p>', 'draft');
  expect((await api.patch(`/api/news/${id}`, { data: { content: '<p>Dos</p>' } })).status()).toBe(200);
  await openTab(page, 'news', 'Noticias');
  await searchFor(page, title);
  const dialog = await edit(page, title, 'Dos');
  await dialog.getByText('Versiones', { exact: true }).click();
  await dialog.getByRole('button', { name: /Comparar.*Versión 1/ }).click();
  await dialog.getByRole('button', { name: 'Restaurar esta versión' }).dblclick();
  await expect(field(dialog, 'Contenido')).toHaveText('Uno');
  await expect(page.getByRole('region', { name: 'Notification' }).getByText('Versión restaurada', { exact: true })).toBeVisible();
  const versions = (await (await api.get(`/api/news/${id}/revisions`)).json()) as { version: number }[];
  expect(versions.map((revision) => revision.version)).toEqual([3, 2, 1]);
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expect(page.getByText('No se pudo restaurar la versión')).toHaveCount(0);
});
