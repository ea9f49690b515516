// Writing the news as editors do: the rich-text editor (a heading, a list, a link), a schedule that
// publishes the article by itself, a preview link for someone without an account (and its revocation),
// a version restored, and an existing article's HTML that the editor reads back unchanged.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, unique } from '../fixtures';
import { sanitizeArticleHtml } from '../../api/article-html';
import { createArticle } from './seed';
import { card, choose, expectToast, field, openTab, searchCard, searchFor, startNewArticle } from './helpers';

/** Costa Rica's wall clock (UTC-6 all year) `ms` from now, as the date-time field takes it. */
const businessClockIn = (ms: number) => new Date(Date.now() + ms - 6 * 3_600_000).toISOString().slice(0, 19);

test('an article written in the editor and scheduled is absent from the site until its time, then published by itself', async ({
  adminPage: page,
  browser,
  api,
}) => {
  test.setTimeout(120_000);
  const title = unique('Programada desde el editor');
  await openTab(page, 'news', 'Noticias');
  const dialog = await startNewArticle(page, title, 'Qué revisar antes de una reunión.');

  const editor = field(dialog, 'Contenido');
  await expect(editor).toBeVisible();
  const toolbar = dialog.getByRole('toolbar', { name: 'Formato del texto' }).first();
  await editor.click();
  await toolbar.getByRole('button', { name: 'Título de sección (Ctrl+Alt+2)' }).click();
  await expect(toolbar.getByRole('button', { name: 'Título de sección (Ctrl+Alt+2)' })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type('Antes de la reunión');
  await page.keyboard.press('Enter');
  await toolbar.getByRole('button', { name: 'Lista con viñetas (Ctrl+Mayús+8)' }).click();
  // The click leaves the caret in the text at once: a word typed straight after it is not lost.
  expect(await page.evaluate(() => document.activeElement?.getAttribute('contenteditable'))).toBe('true');
  await page.keyboard.type('Revise los enchufes');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Revise los detectores de humo');
  // Enter on an empty item leaves the list.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Lea la guía');
  await editor.getByText('Lea la guía').click({ clickCount: 3 });
  await page.keyboard.press('Control+k');
  const address = dialog.getByRole('textbox', { name: 'Dirección del enlace' });
  await address.fill('https://example.com/guia');
  await page.keyboard.press('Enter');
  await expect(address).toBeHidden();
  await expect(editor.getByRole('link', { name: 'Lea la guía' })).toBeVisible();
  await expect(editor).toBeFocused();

  await choose(page, dialog, 'Estado', 'Programada');
  // Far enough ahead that, on a loaded machine, the checks below still find it scheduled.
  await dialog.getByLabel('Fecha y hora de publicación').fill(businessClockIn(10 * 60_000));
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expectToast(page, 'Noticia creada exitosamente');
  await expect(dialog).toBeHidden();
  await expect((await searchCard(page, title)).getByText(/^Programada:/)).toBeVisible();

  const [stored] = await (await api.get(`/api/news?status=scheduled&search=${encodeURIComponent(title)}`)).json();
  expect(stored.status).toBe('scheduled');
  expect(stored.content).toContain('<h2>Antes de la reunión</h2>');
  expect(stored.content).toMatch(/<a href="https:\/\/example\.com\/guia"[^>]*>Lea la guía<\/a>/);
  expect(stored.content).toMatch(/<ul><li><p>Revise los enchufes<\/p><\/li><li><p>Revise los detectores de humo<\/p><\/li><\/ul>/);

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto('/noticias');
  await expect(visitor.getByRole('heading', { name: 'Noticias' }).first()).toBeVisible();
  await expect(visitor.getByText(title)).toHaveCount(0);
  expect((await visitor.request.get(`/noticias/${stored.slug}`)).status()).toBe(404);

  // Staff move the time up to a few seconds from now (the server's timer follows the move); after that
  // nobody touches the article: the server publishes it at its time.
  const publishAt = new Date(Date.now() + 3_000);
  const moved = await api.patch(`/api/news/${stored.id}`, { data: { publishedAt: publishAt.toISOString() } });
  expect(moved.status()).toBe(200);
  await expect.poll(async () => (await visitor.request.get('/noticias')).text(), { timeout: 60_000, intervals: [500] }).toContain(title);
  expect(Date.now()).toBeGreaterThanOrEqual(publishAt.getTime());
  await visitor.goto(`/noticias/${stored.slug}`);
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByRole('heading', { level: 2, name: 'Antes de la reunión' })).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Lea la guía' })).toHaveAttribute('href', 'https://example.com/guia');
  await expect(visitor.getByRole('listitem').filter({ hasText: 'Revise los enchufes' })).toBeVisible();
  await visitorContext.close();
});

test('a preview link shows a draft to someone signed out, never indexed, and stops once revoked', async ({ adminPage: page, browser, api }) => {
  const title = unique('Borrador con enlace');
  await createArticle(api, title, { status: 'draft' });
  await openTab(page, 'news', 'Noticias');
  await searchFor(page, title);
  await card(page, title).getByRole('button', { name: 'Editar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar Noticia' });
  await dialog.getByText('Enlace de vista previa', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Crear enlace' }).click();
  const linkField = dialog.getByRole('textbox', { name: 'Enlace de vista previa', exact: true });
  await expect(linkField).toHaveValue(/\/noticias\/.+\?vista-previa=/);
  const url = await linkField.inputValue();

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const answer = await visitor.goto(url);
  expect(answer?.status()).toBe(200);
  expect(answer?.headers()['x-robots-tag']).toBe('noindex');
  expect(await answer?.text()).toContain('<meta name="robots" content="noindex" />');
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();

  await dialog.getByRole('button', { name: 'Revocar enlaces' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revocar enlaces' }).click();
  await expectToast(page, 'Enlaces de vista previa revocados');
  const after = await visitor.goto(url);
  expect(after?.status()).toBe(404);
  await expect(visitor.getByRole('heading', { name: 'Artículo no encontrado' })).toBeVisible();
  await visitorContext.close();
});

test('a version is compared with the current text and restored', async ({ adminPage: page, api }) => {
  const title = unique('Con versiones');
  const article = await createArticle(api, title, { content: '<p>El barrido encontró dos micrófonos.</p>' });
  await api.patch(`/api/news/${article.id}`, { data: { title: `${title} corregida`, content: '<p>El barrido encontró tres micrófonos y una cámara.</p>' } });
  await openTab(page, 'news', 'Noticias');
  await searchFor(page, title);
  await card(page, `${title} corregida`).getByRole('button', { name: 'Editar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar Noticia' });
  await dialog.getByText('Versiones', { exact: true }).click();
  const versions = dialog.getByRole('list', { name: 'Versiones' }).getByRole('listitem');
  await expect(versions).toHaveCount(2);
  await expect(versions.nth(0)).toContainText('Versión 2');
  await expect(versions.nth(0)).toContainText('por admin');
  await versions
    .nth(1)
    .getByRole('button', { name: /Comparar/ })
    .click();
  const comparison = dialog.getByRole('region', { name: 'Versión 1 / Texto actual' });
  await expect(comparison.locator('del', { hasText: 'dos' })).toBeVisible();
  await expect(comparison.locator('ins', { hasText: 'tres' })).toBeVisible();
  await comparison.getByRole('button', { name: 'Restaurar esta versión' }).click();
  await expectToast(page, 'Versión restaurada');
  await expect(field(dialog, 'Título')).toHaveValue(title);
  await expect(versions).toHaveCount(3);
  await expect(versions.nth(0)).toContainText('restaura la versión 1');
  const restored = await (await api.get(`/api/news/${article.slug}`)).json();
  expect(restored.content).toBe('<p>El barrido encontró dos micrófonos.</p>');
});

test("an existing article's HTML read by the editor and written back is the same article", async ({ adminPage: page, api }) => {
  const title = unique('Ida y vuelta');
  const html =
    '<h2>Recomendaciones</h2><p>Texto con <strong>negrita</strong>, <em>cursiva</em> y <a href="https://example.com/x">un enlace</a>.</p>' +
    '<ul><li>Uno</li><li>Dos</li></ul><ol><li>Primero</li></ol><blockquote><p>Una cita.</p></blockquote>' +
    '<p><img src="https://example.com/foto.jpg" alt="Sala de reuniones" /></p>' +
    '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="Demostración"></iframe><h3>Cierre</h3><p>Fin.</p>';
  const article = await createArticle(api, title, { content: html });
  const stored = (await (await api.get(`/api/news/${article.slug}`)).json()).content as string;
  await openTab(page, 'news', 'Noticias');
  await searchFor(page, title);
  await card(page, title).getByRole('button', { name: 'Editar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar Noticia' });
  const editor = field(dialog, 'Contenido');
  await expect(editor.getByRole('heading', { name: 'Recomendaciones' })).toBeVisible();
  // What the editor itself writes for this article, as a save would send it.
  const written = await editor.evaluate((element) => (element as HTMLElement & { editor: { getHTML(): string } }).editor.getHTML());
  const text = (value: string) =>
    value
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  // Each tag with its attributes in name order (the order attributes are written in means nothing).
  const tags = (value: string) =>
    [...value.matchAll(/<(h2|h3|strong|em|a|ul|ol|li|blockquote|img|iframe)\b([^>]*)>/g)].map(
      ([, tag, attributes]) =>
        `${tag} ${[...attributes.matchAll(/([\w-]+)(?:="([^"]*)")?/g)]
          .map(([, name, value]) => `${name}=${value ?? ''}`)
          .sort()
          .join(' ')}`,
    );
  const resaved = sanitizeArticleHtml(written);
  expect(text(resaved)).toBe(text(stored));
  expect(tags(resaved)).toEqual(tags(stored));
  // Saved untouched, the HTML is exactly what it was.
  await dialog.getByRole('button', { name: 'Actualizar' }).click();
  await expectToast(page, 'Noticia actualizada exitosamente');
  expect((await (await api.get(`/api/news/${article.slug}`)).json()).content).toBe(stored);
});

test('the news dialog, its editor and its panels have no serious accessibility problem', async ({ adminPage: page, api }) => {
  const title = unique('Accesible en el editor');
  await createArticle(api, title, { status: 'draft' });
  await openTab(page, 'news', 'Noticias');
  await searchFor(page, title);
  await card(page, title).getByRole('button', { name: 'Editar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar Noticia' });
  await expect(field(dialog, 'Contenido')).toBeVisible();
  await dialog.getByText('Enlace de vista previa', { exact: true }).click();
  await dialog.getByText('Versiones', { exact: true }).click();
  await expect(dialog.getByRole('list', { name: 'Versiones' })).toBeVisible();
  await field(dialog, 'Contenido').click();
  await page.keyboard.press('Control+k');
  await expect(dialog.getByRole('textbox', { name: 'Dirección del enlace' })).toBeFocused();
  const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
});
