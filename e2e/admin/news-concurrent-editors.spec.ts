// Two people with the same article open at once, each in a browser of their own. The first one's save
// goes through; the second one's, based on the version both opened, is refused: the dialog says so, keeps
// what was typed, sends nothing more by itself, and lets the person load the other version or keep theirs.
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { e2eAdmin, expect, test, unique } from '../fixtures';
import { card, expectToast, field, openTab, searchCard } from './helpers';

test.describe.configure({ timeout: 180_000 });

/** A second person's page: a browser context of its own, signed in. */
async function secondEditor(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'es-CR', timezoneId: 'America/Costa_Rica' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  expect((await context.request.post('/api/auth/login', { data: e2eAdmin })).status()).toBe(200);
  return context.newPage();
}

/** An article made through the API; answers its id. */
async function article(api: APIRequestContext, title: string, status: 'draft' | 'published'): Promise<string> {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const response = await api.post('/api/news', {
    data: { title, slug, excerpt: 'Resumen original.', content: '<p>Texto original.</p>', category: 'Anti-Espionaje', author: 'Redacción', status },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** The article's dialog opened from its card. */
async function openArticle(page: Page, title: string) {
  await openTab(page, 'news', 'Noticias');
  await (await searchCard(page, title)).getByRole('button', { name: 'Editar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar Noticia' });
  await expect(field(dialog, 'Extracto')).toHaveValue('Resumen original.');
  return dialog;
}

/** The excerpt of the article's copy kept on this device by autosave (IndexedDB 'news-editor'). */
const keptExcerpt = (page: Page, id: string) =>
  page.evaluate(
    (key) =>
      new Promise<string | null>((resolve, reject) => {
        const open = indexedDB.open('news-editor');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction('drafts').objectStore('drafts').get(key);
          read.onsuccess = () => resolve((read.result as { values?: { excerpt?: string } } | undefined)?.values?.excerpt ?? null);
          read.onerror = () => reject(read.error);
        };
      }),
    id,
  );

const current = async (api: APIRequestContext, id: string) =>
  (await (await api.get(`/api/news/${id}/current`)).json()) as { title: string; excerpt: string; version: number };
const savedElsewhere = 'Otra persona guardó esta noticia mientras usted la editaba';

test("a draft open in two browsers: the second one's autosave is refused, its text stays, nothing more is sent, and 'Conservar la mía' saves it over", async ({
  adminPage: first,
  api,
  browser,
  baseURL,
}) => {
  const title = unique('Editada por dos personas');
  const id = await article(api, title, 'draft');
  const second = await secondEditor(browser, baseURL);
  const firstDialog = await openArticle(first, title);
  const secondDialog = await openArticle(second, title);

  await field(firstDialog, 'Extracto').fill('Resumen de la primera persona.');
  await firstDialog.getByRole('button', { name: 'Actualizar' }).click();
  await expectToast(first, 'Noticia actualizada exitosamente');
  expect(await current(api, id)).toMatchObject({ excerpt: 'Resumen de la primera persona.', version: 2 });

  // The second person, who opened the same version, types: their autosave is refused.
  const patches: string[] = [];
  second.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().includes(`/api/news/${id}`)) patches.push(request.postData() ?? '');
  });
  await field(secondDialog, 'Extracto').fill('Resumen de la segunda persona.');
  const alert = secondDialog.getByRole('alert');
  await expect(alert).toContainText(savedElsewhere, { timeout: 30_000 });
  expect(patches).toHaveLength(1);
  expect(JSON.parse(patches[0]!)).toMatchObject({ expectedVersion: 1 });
  await expect(secondDialog.getByText(/^Guardado en este equipo hace .+, no en el servidor: otra persona guardó esta noticia/)).toBeVisible();
  expect(await current(api, id)).toMatchObject({ excerpt: 'Resumen de la primera persona.', version: 2 });

  // More typing is kept on the device by the next autosave: no save goes out again and again.
  await field(secondDialog, 'Extracto').fill('Resumen de la segunda persona, corregido.');
  await expect.poll(() => keptExcerpt(second, id), { timeout: 30_000 }).toBe('Resumen de la segunda persona, corregido.');
  expect(patches).toHaveLength(1);
  await expect(field(secondDialog, 'Extracto')).toHaveValue('Resumen de la segunda persona, corregido.');

  await alert.getByRole('button', { name: 'Copiar mi texto' }).click();
  await expect(secondDialog.getByRole('status').filter({ hasText: 'quedó copiado en el portapapeles' })).toBeVisible();
  expect(await second.evaluate(() => navigator.clipboard.readText())).toContain('Extracto:\nResumen de la segunda persona, corregido.');

  await alert.getByRole('button', { name: 'Conservar la mía' }).click();
  await expect(secondDialog.getByRole('alert')).toHaveCount(0);
  await secondDialog.getByRole('button', { name: 'Actualizar' }).click();
  await expectToast(second, 'Noticia actualizada exitosamente');
  expect(await current(api, id)).toMatchObject({ excerpt: 'Resumen de la segunda persona, corregido.' });
  // The first person's save is still a version.
  const revisions = (await (await api.get(`/api/news/${id}/revisions`)).json()) as { version: number }[];
  expect(revisions.map((revision) => revision.version)).toContain(2);
  await second.context().close();
});

test("a published article open in two browsers: the second 'Actualizar' is refused with the text kept, and 'Cargar la versión actual' shows the first one's", async ({
  adminPage: first,
  api,
  browser,
  baseURL,
}) => {
  const title = unique('Publicada editada por dos');
  const id = await article(api, title, 'published');
  const second = await secondEditor(browser, baseURL);
  const firstDialog = await openArticle(first, title);
  const secondDialog = await openArticle(second, title);

  await field(firstDialog, 'Extracto').fill('Resumen publicado por la primera persona.');
  await firstDialog.getByRole('button', { name: 'Actualizar' }).click();
  await expectToast(first, 'Noticia actualizada exitosamente');

  await field(secondDialog, 'Extracto').fill('Resumen de la segunda persona.');
  await secondDialog.getByRole('button', { name: 'Actualizar' }).click();
  const alert = secondDialog.getByRole('alert');
  await expect(alert).toContainText(savedElsewhere);
  await expect(secondDialog).toBeVisible();
  await expect(field(secondDialog, 'Extracto')).toHaveValue('Resumen de la segunda persona.');
  expect(await current(api, id)).toMatchObject({ excerpt: 'Resumen publicado por la primera persona.' });

  await alert.getByRole('button', { name: 'Cargar la versión actual' }).click();
  await expect(secondDialog.getByRole('alert')).toHaveCount(0);
  await expect(field(secondDialog, 'Extracto')).toHaveValue('Resumen publicado por la primera persona.');
  await field(secondDialog, 'Autor').fill('Equipo Técnico');
  await secondDialog.getByRole('button', { name: 'Actualizar' }).click();
  await expectToast(second, 'Noticia actualizada exitosamente');
  expect(await current(api, id)).toMatchObject({ excerpt: 'Resumen publicado por la primera persona.', author: 'Equipo Técnico' });
  await second.context().close();
});

test("a copy kept on this device before someone else's save, taken up with 'Recuperar cambios': the dialog says so, and 'Actualizar' does not save over that save", async ({
  adminPage: page,
  api,
}) => {
  const title = unique('Copia anterior recuperada');
  const id = await article(api, title, 'published');
  // A published article's changes stay on this device until 'Actualizar'.
  let dialog = await openArticle(page, title);
  await field(dialog, 'Extracto').fill('Resumen guardado en este equipo.');
  await expect.poll(() => keptExcerpt(page, id), { timeout: 30_000 }).toBe('Resumen guardado en este equipo.');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();

  // Someone else saves the article meanwhile.
  expect((await api.patch(`/api/news/${id}`, { data: { excerpt: 'Resumen de la otra persona.', expectedVersion: 1 } })).status()).toBe(200);

  // The list still shows the card: the dialog reads the article as it stands now.
  await card(page, title).getByRole('button', { name: 'Editar' }).click();
  dialog = page.getByRole('dialog', { name: 'Editar Noticia' });
  await expect(field(dialog, 'Extracto')).toHaveValue('Resumen de la otra persona.');
  await dialog.getByRole('button', { name: 'Recuperar cambios' }).click();
  await expect(field(dialog, 'Extracto')).toHaveValue('Resumen guardado en este equipo.');
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('Los cambios recuperados de este equipo se escribieron sobre una versión anterior de esta noticia');

  await dialog.getByRole('button', { name: 'Actualizar' }).click();
  await expect(alert).toContainText(savedElsewhere);
  expect(await current(api, id)).toMatchObject({ excerpt: 'Resumen de la otra persona.', version: 2 });
  await expect(field(dialog, 'Extracto')).toHaveValue('Resumen guardado en este equipo.');

  // Kept on purpose, it is saved over the other one (which stays a version).
  await alert.getByRole('button', { name: 'Conservar la mía' }).click();
  await dialog.getByRole('button', { name: 'Actualizar' }).click();
  await expectToast(page, 'Noticia actualizada exitosamente');
  expect(await current(api, id)).toMatchObject({ excerpt: 'Resumen guardado en este equipo.', version: 3 });
});

test("'Restaurar esta versión' after someone else saved the article: nothing is restored, the dialog says so and offers the current version", async ({
  adminPage: page,
  api,
}) => {
  const title = unique('Restaurada tras otro guardado');
  const id = await article(api, title, 'draft');
  expect((await api.patch(`/api/news/${id}`, { data: { title: `${title} corregida`, expectedVersion: 1 } })).status()).toBe(200);
  const dialog = await openArticle(page, `${title} corregida`);
  await dialog.getByText('Versiones', { exact: true }).click();
  await dialog.getByRole('button', { name: /Comparar.*Versión 1/ }).click();
  await expect(dialog.getByRole('button', { name: 'Restaurar esta versión' })).toBeVisible();

  // Someone else saves the article while the versions are on screen.
  expect((await api.patch(`/api/news/${id}`, { data: { excerpt: 'Resumen de la otra persona.', expectedVersion: 2 } })).status()).toBe(200);
  await dialog.getByRole('button', { name: 'Restaurar esta versión' }).click();
  await expectToast(page, 'No se pudo restaurar la versión', 'Otra persona guardó esta noticia mientras usted veía sus versiones. No se restauró nada');
  await expect(dialog.getByRole('alert')).toContainText(savedElsewhere);
  expect(await current(api, id)).toMatchObject({ title: `${title} corregida`, excerpt: 'Resumen de la otra persona.', version: 3 });

  await dialog.getByRole('alert').getByRole('button', { name: 'Cargar la versión actual' }).click();
  await expect(field(dialog, 'Extracto')).toHaveValue('Resumen de la otra persona.');
  // Based on the current version now, the restore (version 1 is still the one chosen) goes through.
  await dialog.getByRole('button', { name: 'Restaurar esta versión' }).click();
  await expectToast(page, 'Versión restaurada');
  expect(await current(api, id)).toMatchObject({ title, version: 4 });
});
