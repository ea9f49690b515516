// 'Publicada' is public as soon as it is saved: the dialog refuses a date ahead on the date field and the
// article stays off the site; the same date chosen as 'Programada' is saved and waits for its time.
import { expect, test, unique } from '../fixtures';
import { articlesTitled, choose, expectToast, field, openTab, startNewArticle } from './helpers';

/** Costa Rica's wall clock (UTC-6 all year) `ms` from now, as the date-time field takes it. */
const businessClockIn = (ms: number) => new Date(Date.now() + ms - 6 * 3_600_000).toISOString().slice(0, 19);

const refused = "Una noticia publicada no puede tener una fecha futura: para que aparezca en esa fecha, elija el estado 'Programada'";

test("an article marked 'Publicada' with a date ahead is refused on its date field and never public; 'Programada' keeps that date", async ({
  adminPage: page,
  request,
  api,
}) => {
  const title = unique('Anuncio para el próximo año');
  await openTab(page, 'news', 'Noticias');
  const dialog = await startNewArticle(page, title, 'Sale el mes que viene.');
  await field(dialog, 'Contenido').click();
  await page.keyboard.type('Contenido del anuncio.');
  await choose(page, dialog, 'Estado', 'Publicada');
  const date = dialog.getByLabel('Fecha y hora de publicación');
  await date.fill(businessClockIn(30 * 24 * 3_600_000));
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expect(dialog.getByText(refused)).toBeVisible();
  await expect(date).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Visible en el sitio en cuanto la guarde. Para que aparezca más adelante, elija Programada.')).toBeVisible();
  // Autosave may have kept it as a draft meanwhile; it is never published.
  for (const article of await articlesTitled(api, title)) {
    expect(article.status).not.toBe('published');
    expect((await request.get(`/api/news/${(article as { slug?: string }).slug}`)).status()).toBe(404);
  }

  await choose(page, dialog, 'Estado', 'Programada');
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expectToast(page, 'Noticia creada exitosamente');
  await expect(dialog).toBeHidden();
  const [stored] = await articlesTitled(api, title);
  expect(stored.status).toBe('scheduled');
  expect((await request.get('/noticias')).ok()).toBe(true);
  expect(await (await request.get('/noticias')).text()).not.toContain(title);
});
