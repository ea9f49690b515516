// The news tab: create (slug suggested from the title), edit, delete, publish, search, history.
import { closeWithEscape, expect, test, unique } from '../fixtures';
import { createArticle } from './seed';
import { card, choose, deleteThroughDialog, expectToast, field, openTab, searchCard, searchFor } from './helpers';

test('a news article is created, edited and deleted with the required toasts', async ({ adminPage: page }) => {
  const title = unique('Alerta de Ciberseguridad: ¿Micrófonos ocultos?');
  await openTab(page, 'news', 'Noticias');
  await expect(page.getByRole('heading', { name: 'Gestión de Noticias' })).toBeVisible();

  await page.getByRole('button', { name: 'Nueva Noticia' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva Noticia' });
  await expect(field(dialog, 'Slug')).toHaveAttribute('placeholder', 'titulo-de-la-noticia');
  await expect(dialog.getByText('HTML permitido')).toBeVisible();
  await field(dialog, 'Título').fill(title);
  // Accents and punctuation removed, while the slug has not been typed by hand.
  await expect(field(dialog, 'Slug')).toHaveValue(/^alerta-de-ciberseguridad-microfonos-ocultos-[a-z0-9]+$/);
  await choose(page, dialog, 'Categoría', 'Anti-Espionaje');
  await field(dialog, 'Autor').fill('Equipo Técnico');
  await field(dialog, 'Extracto').fill('Resumen de la alerta.');
  await field(dialog, 'Contenido').fill('<p>Texto <strong>importante</strong></p>');
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expectToast(page, 'Noticia creada exitosamente');
  await expect(dialog).toBeHidden();

  const created = await searchCard(page, title);
  await expect(created.getByText('Anti-Espionaje')).toBeVisible();
  await expect(created.getByText('Por Equipo Técnico')).toBeVisible();

  await created.getByRole('button', { name: 'Editar' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar Noticia' });
  await expect(field(edit, 'Título')).toHaveValue(title);
  await expect(field(edit, 'Autor')).toHaveValue('Equipo Técnico');
  await field(edit, 'Autor').fill('Redacción');
  await edit.getByRole('button', { name: 'Actualizar' }).click();
  await expectToast(page, 'Noticia actualizada exitosamente');
  await expect(created.getByText('Por Redacción')).toBeVisible();

  // Create mode again: the form is reset.
  await page.getByRole('button', { name: 'Nueva Noticia' }).click();
  await expect(field(page.getByRole('dialog', { name: 'Nueva Noticia' }), 'Título')).toHaveValue('');
  await closeWithEscape(page, page.getByRole('dialog', { name: 'Nueva Noticia' }));

  await deleteThroughDialog(page, created);
  await expectToast(page, 'Noticia eliminada exitosamente');
  await expect(created).toBeHidden();
});

test('an article waiting for review is marked and published', async ({ adminPage: page, api }) => {
  const title = unique('Importada pendiente');
  await createArticle(api, title, { reviewRequired: true });
  await openTab(page, 'news', 'Noticias');
  await searchFor(page, title);
  const pending = card(page, title);
  await expect(pending.getByText('Pendiente de revisión')).toBeVisible();
  await pending.getByRole('button', { name: 'Publicar' }).click();
  await expectToast(page, 'Noticia publicada exitosamente');
  await expect(pending.getByText('Pendiente de revisión')).toBeHidden();
  await expect(pending.getByRole('button', { name: 'Publicar' })).toBeHidden();
  const publicList = await (await api.get(`/api/news?search=${encodeURIComponent(title)}`)).json();
  expect(publicList).toHaveLength(1);
});

test("'Publicar' on a card whose article someone changed since the list was read: nothing is made public, and the card shows the change", async ({
  adminPage: page,
  api,
}) => {
  const title = unique('Importada cambiada');
  const { id } = await createArticle(api, title, { reviewRequired: true });
  await openTab(page, 'news', 'Noticias');
  await searchFor(page, title);
  const pending = card(page, title);
  await expect(pending.getByText('Un resumen breve de la noticia para la lista.')).toBeVisible();
  // Someone else corrects the summary while the card is on screen.
  expect((await api.patch(`/api/news/${id}`, { data: { excerpt: 'Resumen corregido por otra persona.' } })).status()).toBe(200);

  await pending.getByRole('button', { name: 'Publicar' }).click();
  await expectToast(page, 'Error al actualizar noticia', 'Otra persona cambió esta noticia después de que usted la viera, y no se publicó');
  await expect(pending.getByText('Resumen corregido por otra persona.')).toBeVisible();
  await expect(pending.getByText('Pendiente de revisión')).toBeVisible();
  expect(await (await api.get(`/api/news?search=${encodeURIComponent(title)}`)).json()).toHaveLength(0);

  // Seen now, it is published.
  await pending.getByRole('button', { name: 'Publicar' }).click();
  await expectToast(page, 'Noticia publicada exitosamente');
  await expect(pending.getByText('Pendiente de revisión')).toBeHidden();
});

test('the list is searchable and paged', async ({ adminPage: page, api }) => {
  const tag = unique('Paginada').replace(/\s/g, '');
  for (let i = 1; i <= 11; i++) await createArticle(api, `${tag} número ${i}`);
  await openTab(page, 'news', 'Noticias');
  await searchFor(page, tag);
  await expect(page.getByText('11 noticia(s)')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(10);
  await expect(page.getByText('Página 1 de 2')).toBeVisible();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByText('Página 2 de 2')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);
  await searchFor(page, `${tag} sin resultados`);
  await expect(page.getByText('Ninguna noticia coincide con la búsqueda')).toBeVisible();
});

test('the history of an article lists two edits with who and what changed', async ({ adminPage: page, api }) => {
  const title = unique('Con historial');
  const article = await createArticle(api, title);
  await api.patch(`/api/news/${article.id}`, { data: { author: 'Primera Autora' } });
  await api.patch(`/api/news/${article.id}`, { data: { author: 'Segunda Autora' } });
  await openTab(page, 'news', 'Noticias');
  await searchFor(page, title);
  await card(page, title).getByRole('button', { name: 'Historial' }).click();
  const history = page.getByRole('dialog', { name: 'Historial de cambios' });
  const events = history.getByRole('listitem');
  await expect(events).toHaveCount(3);
  await expect(events.nth(0)).toContainText('Actualizado');
  await expect(events.nth(0)).toContainText('por admin');
  await expect(events.nth(0)).toContainText('Autor');
  await expect(events.nth(0)).toContainText('Primera Autora');
  await expect(events.nth(0)).toContainText('Segunda Autora');
  await expect(events.nth(1)).toContainText('Actualizado');
  await expect(events.nth(1)).toContainText('Equipo de Seguridad');
  await expect(events.nth(2)).toContainText('Creado');
});
