// The news list against real data: texts, every filter (kept in the URL), clearing, Back, paging.
import { test, expect, unique } from '../fixtures';
import { createArticle, waitForHydration } from './helpers';

// page.route() cannot see what the service worker fetches: keep it out of these tests.
test.use({ serviceWorkers: 'block' });

test('news list: hero, filters with their defaults, and cards with their fields', async ({ page, api }) => {
  const title = unique('Tarjeta completa');
  await createArticle(api, { title, category: 'Tecnología', publishedAt: '2023-03-05T18:00:00Z', image: null, excerpt: 'Extracto de la tarjeta.' });
  await page.goto(`/noticias?q=${encodeURIComponent(title)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Noticias y Actualizaciones' })).toBeVisible();
  await expect(page.getByText('Mantente informado sobre las últimas tendencias en seguridad y ciberseguridad')).toBeVisible();
  await expect(page.getByPlaceholder('Buscar noticias...')).toHaveValue(title);
  await expect(page.getByLabel('Categoría').locator('option:checked')).toHaveText('Todas');
  await expect(page.getByLabel('Ordenar').locator('option:checked')).toHaveText('Más recientes');
  await expect(page.getByRole('group', { name: 'Fecha desde' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Fecha hasta' })).toBeVisible();
  const card = page.getByRole('article').filter({ hasText: title });
  await expect(card).toContainText('Tecnología');
  await expect(card).toContainText('5 de marzo, 2023');
  await expect(card).toContainText('Extracto de la tarjeta.');
  await expect(card.getByRole('link', { name: title })).toHaveAttribute('href', /^\/noticias\/tarjeta-completa-/);
});

test('a search with percent signs is read as typed, by the server and by the browser alike', async ({ page, api }) => {
  const token = unique('Porcentaje').replace(/\s/g, '');
  await createArticle(api, { title: `${token} al 75%` });
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/news') fetched.push(request.url());
  });
  // Read as "A", the first would find the article (a stop word dropped); read as a NUL, the second
  // would have the browser ask the API, which refuses it.
  for (const q of [`${token} %41`, `${token} %00`]) {
    await page.goto(`/noticias?q=${encodeURIComponent(q)}`);
    await waitForHydration(page);
    await expect(page.getByPlaceholder('Buscar noticias...')).toHaveValue(q);
    await expect(page.getByText('No se encontraron noticias')).toBeVisible();
  }
  await page.goto(`/noticias?q=${encodeURIComponent(`${token} 75%`)}`);
  await waitForHydration(page);
  await expect(page.getByRole('article').getByRole('heading')).toHaveText([`${token} al 75%`]);
  expect(fetched, 'every list came with its page').toEqual([]);
});

test('search, category and sort filter the list and live in the URL; Back undoes them', async ({ page, api }) => {
  const token = unique('Filtro').replace(/\s/g, '');
  await createArticle(api, { title: `${token} alfa`, category: 'Ciberseguridad', publishedAt: '2022-01-10T15:00:00Z' });
  await createArticle(api, { title: `${token} beta`, category: 'Tecnología', publishedAt: '2022-02-10T15:00:00Z' });
  await createArticle(api, { title: `${token} gamma`, category: 'Tecnología', publishedAt: '2022-03-10T15:00:00Z' });
  await page.goto('/noticias');
  await waitForHydration(page);
  await expect(page.getByRole('button', { name: 'Limpiar filtros' })).toHaveCount(0);

  await page.getByPlaceholder('Buscar noticias...').fill(token);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${token}`));
  const titles = page.getByRole('article').getByRole('heading');
  await expect(titles).toHaveText([`${token} gamma`, `${token} beta`, `${token} alfa`]);
  await expect(page.getByRole('button', { name: 'Limpiar filtros' })).toBeVisible();

  await page.getByLabel('Categoría').selectOption({ label: 'Tecnología' });
  await expect(page).toHaveURL(/categoria=Tecnolog%C3%ADa/);
  await expect(titles).toHaveText([`${token} gamma`, `${token} beta`]);

  await page.getByLabel('Ordenar').selectOption({ label: 'Más antiguas' });
  await expect(page).toHaveURL(/orden=antiguas/);
  await expect(titles).toHaveText([`${token} beta`, `${token} gamma`]);

  // The URL alone reproduces the list (a shared link).
  await page.reload();
  await expect(titles).toHaveText([`${token} beta`, `${token} gamma`]);

  await page.goBack();
  await expect(page).not.toHaveURL(/orden=antiguas/);
  await expect(titles).toHaveText([`${token} gamma`, `${token} beta`]);
  await expect(page.getByLabel('Ordenar').locator('option:checked')).toHaveText('Más recientes');
});

test('the date pickers filter by calendar day in Costa Rica, both days included', async ({ page, api }) => {
  const token = unique('Fechas').replace(/\s/g, '');
  // 23:30 in Costa Rica on 1 June is already 2 June in UTC: the day that counts is the local one.
  await createArticle(api, { title: `${token} mayo`, publishedAt: '2021-05-20T15:00:00Z' });
  await createArticle(api, { title: `${token} junio`, publishedAt: '2021-06-02T05:30:00Z' });
  await createArticle(api, { title: `${token} julio`, publishedAt: '2021-07-15T15:00:00Z' });
  await page.goto(`/noticias?q=${token}`);
  await waitForHydration(page);
  const titles = page.getByRole('article').getByRole('heading');
  await expect(titles).toHaveCount(3);

  // Typed in the field: day, month, year (es-CR). The picker loads when the field is first used.
  await page.getByRole('button', { name: 'Fecha desde dd/mm/aaaa' }).click();
  await expect(page.getByRole('spinbutton', { name: /^día, Fecha desde/ })).toBeFocused();
  await page.keyboard.type('01062021');
  await expect(page).toHaveURL(/desde=2021-06-01/);
  await expect(titles).toHaveText([`${token} julio`, `${token} junio`]);

  await page.goto(`/noticias?q=${token}&desde=2021-06-01&hasta=2021-06-01`);
  await expect(titles).toHaveText([`${token} junio`]);
  await expect(page.getByRole('group', { name: 'Fecha hasta' })).toHaveText('1/6/2021');

  // Chosen in the calendar: Spanish month, weeks from Monday.
  await page.goto(`/noticias?q=${token}`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Calendario Fecha hasta' }).click();
  const grid = page.getByRole('dialog', { name: /Fecha hasta/ }).getByRole('grid');
  await expect(grid).toHaveAccessibleName(/^(enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre) de \d{4}$/);
  // The second week is always whole: it starts on a Monday and ends on a Sunday.
  const secondWeek = grid.locator('tbody tr').nth(1).getByRole('button');
  await expect(secondWeek.first()).toHaveAccessibleName(/^lunes, /);
  await expect(secondWeek.last()).toHaveAccessibleName(/^domingo, /);
  await secondWeek.nth(2).click();
  await expect(page).toHaveURL(/hasta=\d{4}-\d{2}-\d{2}/);
});

test('"Limpiar filtros" resets every filter at once', async ({ page }) => {
  await page.goto('/noticias?q=nada-coincide-con-esto&categoria=Noticias&desde=2020-01-01&hasta=2020-12-31&orden=antiguas');
  await waitForHydration(page);
  // Nothing matches the filters: the list says so (not the empty-site text) and offers to clear them.
  await expect(page.getByRole('heading', { name: 'No se encontraron noticias' })).toBeVisible();
  await expect(page.getByText('Pronto publicaremos contenido nuevo')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Limpiar filtros' })).toHaveCount(2);
  await page.getByRole('button', { name: 'Limpiar filtros' }).first().click();
  await expect(page).toHaveURL(/\/noticias$/);
  await expect(page.getByPlaceholder('Buscar noticias...')).toHaveValue('');
  await expect(page.getByLabel('Categoría').locator('option:checked')).toHaveText('Todas');
  await expect(page.getByLabel('Ordenar').locator('option:checked')).toHaveText('Más recientes');
  await expect(page.getByRole('group', { name: 'Fecha desde' })).toContainText('dd/mm/aaaa');
  await expect(page.getByRole('button', { name: 'Limpiar filtros' })).toHaveCount(0);
});

test('long lists are paged with the total of X-Total-Count', async ({ page, api }) => {
  const token = unique('Pagina').replace(/\s/g, '');
  for (let i = 1; i <= 14; i++) {
    await createArticle(api, { title: `${token} n${String(i).padStart(2, '0')}`, publishedAt: `2020-01-${String(i).padStart(2, '0')}T15:00:00Z` });
  }
  await page.goto(`/noticias?q=${token}`);
  await waitForHydration(page);
  await expect(page.getByText('14 noticias')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(12);
  await expect(page.getByText('Página 1 de 2')).toBeVisible();
  // The title names the search and, past the first, the page: as the server wrote it, and after each navigation.
  await expect(page).toHaveTitle(`Noticias y Actualizaciones — Buscar: ${token} | Contraespionaje CR`);
  await page.getByRole('link', { name: 'Siguiente' }).click();
  await expect(page).toHaveURL(/pagina=2/);
  await expect(page.getByRole('article').getByRole('heading')).toHaveText([`${token} n02`, `${token} n01`]);
  await expect(page).toHaveTitle(`Noticias y Actualizaciones — Buscar: ${token} — Página 2 de 2 | Contraespionaje CR`);
  await page.getByRole('link', { name: 'Anterior' }).click();
  await expect(page.getByRole('article')).toHaveCount(12);
  await expect(page).toHaveTitle(`Noticias y Actualizaciones — Buscar: ${token} | Contraespionaje CR`);
  // A page of the list opened at its address keeps the server's title and description once hydrated.
  for (const [path, title] of [
    ['/noticias?pagina=2', /^Noticias y Actualizaciones — Página 2 de \d+ \| Contraespionaje CR$/],
    ['/en/news?pagina=2', /^News and Updates — Page 2 of \d+ \| Contraespionaje CR$/],
  ] as const) {
    await page.goto(path);
    await waitForHydration(page);
    await expect(page).toHaveTitle(title);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^(Página|Page) 2 (de|of) \d+\. /);
  }
});

test('loading and error states of the list', async ({ page }) => {
  await page.goto('/contacto');
  await waitForHydration(page);
  // The first answer is held until its loading text has been seen (a delay could end before it shows).
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/news?**', async (route) => {
    await held;
    await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Error interno' }) });
  });
  // Opened from another page, the list has nothing to show until its first answer.
  await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Noticias' }).click();
  await expect(page.getByText('Cargando noticias...')).toBeVisible();
  answer();
  // A new filter is a new query: not cached, fetched, and failing.
  await page.getByPlaceholder('Buscar noticias...').fill('consulta que falla');
  await expect(page.getByText('Error al cargar noticias')).toBeVisible();
});
