// An article changed by someone else after this tab read its list: nothing refreshes that list by itself,
// so 'Editar' reads the article as the server has it now. Untouched, the dialog shows the current text;
// typed into before that answer came, the dialog says so and offers the current version. Either way the
// other person's change is not undone by a save of the list's copy.
import type { APIRequestContext, Route } from '@playwright/test';
import { expect, test, unique } from '../fixtures';
import { articlesTitled, expectToast, field, openTab, searchCard } from './helpers';

test.describe.configure({ timeout: 120_000 });

/** An article made through the API, published unless said otherwise; answers its id. */
async function publishedArticle(api: APIRequestContext, title: string, status: 'published' | 'draft' = 'published'): Promise<string> {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const response = await api.post('/api/news', {
    data: {
      title,
      slug,
      excerpt: 'Resumen original.',
      content: '<p>Texto original.</p>',
      category: 'Anti-Espionaje',
      author: 'Redacción',
      status,
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Another person's change: the excerpt and the content (and the status, when given). */
async function changeElsewhere(api: APIRequestContext, id: string, extra: { status?: 'published' } = {}) {
  const response = await api.patch(`/api/news/${id}`, { data: { excerpt: 'Resumen de otra persona.', content: '<p>Texto de otra persona.</p>', ...extra } });
  expect(response.status()).toBe(200);
}

test("'Editar' on a list read before another person's change: the dialog shows the article as it is now, and a save keeps that change", async ({
  adminPage: page,
  api,
}) => {
  const title = unique('Cambiada en otra parte');
  const id = await publishedArticle(api, title);
  await openTab(page, 'news', 'Noticias');
  const listed = await searchCard(page, title);
  await changeElsewhere(api, id);

  await listed.getByRole('button', { name: 'Editar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar Noticia' });
  await expect(field(dialog, 'Extracto')).toHaveValue('Resumen de otra persona.');
  await expect(field(dialog, 'Contenido')).toHaveText('Texto de otra persona.');
  await expect(dialog.getByRole('alert')).toHaveCount(0);

  await field(dialog, 'Autor').fill('Equipo Técnico');
  await dialog.getByRole('button', { name: 'Actualizar' }).click();
  await expectToast(page, 'Noticia actualizada exitosamente');
  const [stored] = await articlesTitled(api, title);
  expect(stored).toMatchObject({ content: '<p>Texto de otra persona.</p>', status: 'published' });
  expect((await (await api.get(`/api/news/${id}/current`)).json()) as object).toMatchObject({ excerpt: 'Resumen de otra persona.', author: 'Equipo Técnico' });
});

test("typed into before the current article came: the dialog says it changed elsewhere, and 'Cargar la versión actual' shows it", async ({
  adminPage: page,
  api,
}) => {
  const title = unique('Cambiada mientras se escribía');
  // A draft in the list; published by another person since.
  const id = await publishedArticle(api, title, 'draft');
  await openTab(page, 'news', 'Noticias');
  const listed = await searchCard(page, title);
  await changeElsewhere(api, id, { status: 'published' });
  // The current article's answer is held until something has been typed.
  const held: Route[] = [];
  await page.route(`**/api/news/${id}/current`, (route) => void held.push(route));

  await listed.getByRole('button', { name: 'Editar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar Noticia' });
  await expect(field(dialog, 'Extracto')).toHaveValue('Resumen original.');
  await field(dialog, 'Autor').fill('Equipo Técnico');
  await expect.poll(() => held.length).toBe(1);
  await held[0]!.fallback();

  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText(
    'Esta noticia cambió en el servidor después de cargarse la lista (otra persona u otra ventana). Lo que escribió sigue aquí y no se guardará encima de esos cambios hasta que elija: cargue la versión actual (reemplaza su texto) o conserve la suya.',
  );
  // What was typed stays until the person chooses, and autosave treats the article as what it is now:
  // published, so the typed words wait on this device instead of making it a draft again.
  await expect(field(dialog, 'Autor')).toHaveValue('Equipo Técnico');
  await expect(dialog.getByText(/^Cambios guardados en este equipo hace .+; se publican al pulsar Actualizar$/)).toBeVisible({ timeout: 20_000 });
  expect((await articlesTitled(api, title)).map(({ status, content }) => ({ status, content }))).toEqual([
    { status: 'published', content: '<p>Texto de otra persona.</p>' },
  ]);
  await alert.getByRole('button', { name: 'Cargar la versión actual' }).click();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expect(field(dialog, 'Extracto')).toHaveValue('Resumen de otra persona.');
  await expect(field(dialog, 'Autor')).toHaveValue('Redacción');
  await dialog.getByRole('button', { name: 'Actualizar' }).click();
  await expectToast(page, 'Noticia actualizada exitosamente');
  expect((await articlesTitled(api, title)).map(({ content }) => content)).toEqual(['<p>Texto de otra persona.</p>']);
});
