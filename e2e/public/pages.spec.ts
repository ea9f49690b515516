// Each public screen with its required texts, rendered without console or hydration errors.
import { test, expect, unique } from '../fixtures';
import { createArticle, deleteArticles, newestDate, publicPages, waitForHydration, watchConsole } from './helpers';

// page.route() cannot see what the service worker fetches: keep it out of these tests.
test.use({ serviceWorkers: 'block' });

test('every public page hydrates without errors', async ({ page }) => {
  const errors = watchConsole(page);
  for (const path of publicPages) {
    await page.goto(path);
    await waitForHydration(page);
  }
  expect(errors).toEqual([]);
});

test('home: hero, three calls to action, services, benefits, threats and closing call', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Protección Profesional Anti-Espía' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Ver Servicios' })).toHaveAttribute('href', '/servicios');
  await expect(main.getByRole('link', { name: 'Contactar Ahora' })).toHaveAttribute('href', '/contacto');
  await expect(main.getByRole('link', { name: 'Formulario de Avanzada VIP' })).toHaveAttribute('href', '/formulario-avanzada');
  for (const service of ['Barridos Electrónicos', 'Detección de Dispositivos', 'Análisis de Redes', 'Asesoría en Seguridad']) {
    await expect(main.getByRole('heading', { name: service })).toBeVisible();
  }
  await expect(main.getByRole('link', { name: 'Ver Todos los Servicios' })).toHaveAttribute('href', '/servicios');
  await expect(main.getByRole('heading', { name: '¿Por Qué Elegirnos?' })).toBeVisible();
  for (const benefit of ['Tecnología de última generación', 'Especialistas certificados', 'Cobertura nacional e internacional', 'Servicio con cita previa', 'Cotizaciones personalizadas', 'Discreción garantizada']) {
    await expect(main.getByRole('heading', { name: benefit })).toBeVisible();
  }
  await expect(main.getByRole('heading', { name: 'Servicios Disponibles' })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Servicios Disponibles' }).locator('xpath=../..').getByRole('listitem')).toHaveCount(4);
  await expect(main.getByRole('link', { name: 'Escribir por WhatsApp' })).toHaveAttribute('href', /^https:\/\/wa\.me\//);
  await expect(main.getByRole('link', { name: 'Enviar un mensaje' })).toHaveAttribute('href', '/contacto');
});

test('home: "Últimas Noticias" lists the three latest articles with links to them', async ({ page, api }) => {
  const token = unique('Portada');
  const articles = [];
  for (const day of [1, 2, 3, 4]) articles.push(await createArticle(api, { title: `${token} ${day}`, publishedAt: newestDate(day) }));
  await page.goto('/');
  const section = page.getByRole('heading', { name: 'Últimas Noticias' }).locator('xpath=ancestor::section');
  await expect(section.getByRole('listitem')).toHaveCount(3);
  for (const [name, shown] of [[`${token} 4`, 1], [`${token} 3`, 1], [`${token} 2`, 1], [`${token} 1`, 0]] as const) {
    await expect(section.getByRole('link', { name, exact: true })).toHaveCount(shown);
  }
  await expect(section.getByRole('link', { name: `${token} 4` })).toHaveAttribute('href', /^\/noticias\//);
  await expect(section.getByRole('link', { name: 'Ver Todas las Noticias' })).toHaveAttribute('href', '/noticias');
  await deleteArticles(api, articles);
});

test('services: the cards of GET /api/services, the features panel and the quote button', async ({ page, request }) => {
  const services = (await (await request.get('/api/services?limit=100')).json()) as { title: string; features: string[] }[];
  await page.goto('/servicios');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const cards = page.getByRole('main').getByRole('list').first().locator(':scope > li');
  await expect(cards).toHaveCount(services.length);
  for (const service of services) {
    const card = cards.filter({ has: page.getByRole('heading', { name: service.title, exact: true }) });
    for (const feature of service.features) await expect(card).toContainText(feature);
  }
  for (const feature of ['Cobertura nacional e internacional', 'Servicio con cita previa', 'Cotización personalizada']) {
    await expect(page.getByRole('heading', { name: feature })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Solicitar Cotización' }).click();
  await expect(page).toHaveURL(/\/contacto$/);
});

test('article: back link, category, date, author, title, excerpt and its HTML content', async ({ page, api }) => {
  const article = await createArticle(api, {
    title: unique('Artículo completo'),
    category: 'Anti-Espionaje',
    publishedAt: '2024-03-05T16:00:00Z',
    excerpt: 'Un extracto que resume el artículo.',
  });
  await page.goto(`/noticias/${article.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: article.title })).toBeVisible();
  const body = page.getByRole('article');
  await expect(body).toContainText('Anti-Espionaje');
  await expect(body).toContainText('5 de marzo, 2024');
  await expect(body).toContainText('Equipo de Pruebas');
  await expect(body).toContainText('Un extracto que resume el artículo.');
  await expect(body.locator('strong', { hasText: 'texto destacado' })).toBeVisible();
  await expect(body.getByRole('heading', { level: 2, name: 'Recomendaciones' })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(article.title));
  await page.getByRole('link', { name: 'Volver a Noticias' }).click();
  await expect(page).toHaveURL(/\/noticias$/);
});

test('article: an unknown slug answers 404 with "Artículo no encontrado" and a link back', async ({ page }) => {
  const response = await page.goto('/noticias/esta-noticia-no-existe');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Artículo no encontrado' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Volver a Noticias' }).last().click();
  await expect(page).toHaveURL(/\/noticias$/);
});

test('article: opened from the list on the client, it shows the loading text, then the article', async ({ page, api }) => {
  const article = await createArticle(api, { title: unique('Navegación cliente'), publishedAt: newestDate() });
  await page.goto('/noticias');
  await waitForHydration(page);
  // The answer is held until the loading text has been seen (a delay could end before it shows).
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route(`**/api/news/${article.slug}`, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('link', { name: article.title }).click();
  await expect(page.getByText('Cargando artículo...')).toBeVisible();
  answer();
  await expect(page.getByRole('heading', { level: 1, name: article.title })).toBeVisible();
  await deleteArticles(api, [article]);
});

test('an unknown path answers 404 with "404 Page Not Found" and a hint in Spanish', async ({ page }) => {
  const response = await page.goto('/esta/ruta/no/existe');
  expect(response?.status()).toBe(404);
  const heading = page.getByRole('heading', { name: '404 Page Not Found' });
  await expect(heading).toBeVisible();
  // English words on a Spanish page: marked, so a screen reader reads them as English.
  await expect(heading).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('main')).toContainText('¿Olvidó agregar la página al enrutador?');
});
