// The English edition (/en...), the language switch and hreflang, the news feeds and the article's
// structured data, and the public-site fixes: phone menu keys, empty filter results, backwards dates,
// broken images, the https-only image rule and the date filters' English reading.
import { parseFeed } from 'feedsmith';
import { expect, test, unique } from '../fixtures';
import { createArticle, deleteArticles, newestDate, waitForHydration } from './helpers';

const englishPages = ['/en', '/en/services', '/en/news', '/en/contact', '/en/advance-form'];

test('every English page is served in English with lang, hreflang twins and the feeds in its head', async ({ request, baseURL }) => {
  for (const path of englishPages) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    expect(html, path).toContain('<html lang="en">');
    expect(html).toContain(`<link rel="alternate" hreflang="en" href="${baseURL}${path}" />`);
    expect(html).toMatch(/hreflang="es-CR" href="[^"]+"/);
    expect(html).toMatch(/hreflang="x-default" href="[^"]+"/);
    expect(html).toContain(`href="${baseURL}/noticias/feed.xml"`);
    expect(html).toContain(`href="${baseURL}/noticias/atom.xml"`);
    // The feeds are Spanish; an English page names them so.
    expect(html).toMatch(/<link rel="alternate" type="application\/rss\+xml" title="[^"]+ — News in Spanish \(RSS\)"/);
    expect(html).toMatch(/<link rel="alternate" type="application\/atom\+xml" title="[^"]+ — News in Spanish \(Atom\)"/);
  }
  const home = await (await request.get('/en')).text();
  expect(home).toContain('Professional Anti-Spy Protection');
  expect(home).toContain(`hreflang="es-CR" href="${baseURL}/"`);
  const spanish = await (await request.get('/servicios')).text();
  expect(spanish).toContain('<html lang="es">');
  expect(spanish).toMatch(/<link rel="alternate" type="application\/rss\+xml" title="[^"]+ — Noticias \(RSS\)"/);
  expect(spanish).toMatch(/<link rel="alternate" type="application\/atom\+xml" title="[^"]+ — Noticias \(Atom\)"/);
  expect(spanish).toContain(`<link rel="alternate" hreflang="en" href="${baseURL}/en/services" />`);
  expect(spanish).toContain(`<link rel="alternate" hreflang="x-default" href="${baseURL}/servicios" />`);
});

test('the language switch in header and footer leads to the same page in the other language', async ({ page }) => {
  await page.goto('/servicios');
  await page.getByRole('banner').getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/en\/services$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Our Services' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Español' }).click();
  await expect(page).toHaveURL(/\/servicios$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Nuestros Servicios' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
});

test('the English news list marks Spanish articles and shows an English version when staff wrote one', async ({ page, api }) => {
  // Dated in the past, found by a word the two share: the list's first page is other tests' newest.
  const tag = unique('Inglés').split(' ')[1];
  const spanishOnly = await createArticle(api, { title: `Solo en español ${tag}`, publishedAt: '2021-01-02T15:00:00Z' });
  const translated = await createArticle(api, {
    title: `Traducida ${tag}`,
    publishedAt: '2021-01-03T15:00:00Z',
    englishTitle: `Translated headline ${tag}`,
    englishExcerpt: 'An English summary.',
    englishContent: '<p>English body of the article.</p>',
  });
  const english = (await (await api.get(`/api/news/${translated.slug}`)).json()) as { englishTitle: string };
  await page.goto(`/en/news?q=${tag}`);
  const spanishCard = page.getByRole('article').filter({ hasText: spanishOnly.title });
  await expect(spanishCard.getByText('In Spanish')).toBeVisible();
  await expect(spanishCard.getByText('January 2, 2021')).toBeVisible();
  // Categories read in English; the filter still sends the category's own value.
  await expect(spanishCard.getByText('Cybersecurity', { exact: true })).toBeVisible();
  await expect(spanishCard.getByText('Ciberseguridad')).toHaveCount(0);
  await expect(page.getByLabel('Category').locator('option')).toHaveText(['All', 'Cybersecurity', 'Counter-espionage', 'Technology', 'News']);
  await expect(page.getByLabel('Category').locator('option', { hasText: 'Cybersecurity' })).toHaveAttribute('value', 'Ciberseguridad');
  const englishCard = page.getByRole('article').filter({ hasText: english.englishTitle });
  await expect(englishCard.getByText('In Spanish')).toHaveCount(0);
  await englishCard.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/en/news/${translated.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: english.englishTitle })).toBeVisible();
  await expect(page.getByText('English body of the article.')).toBeVisible();
  await page.goto(`/en/news/${spanishOnly.slug}`);
  await expect(page.getByText('This article is available in Spanish only.')).toBeVisible();
  // Above the Spanish text, its category, date and author are English, and marked so.
  const meta = page.locator('article header > div').first();
  await expect(meta).toHaveAttribute('lang', 'en');
  await expect(meta.getByText('Cybersecurity', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to News' })).toHaveAttribute('href', '/en/news');
});

test('a message sent from the English contact page records its language, with English validation', async ({ page, api }) => {
  await page.goto('/en/contact');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Please enter your full name')).toBeVisible();
  const name = unique('International Client');
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('E-mail Address').fill('client@example.com');
  await page.getByRole('textbox', { name: /^Message/ }).fill('We need a sweep of our offices in San José.');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('heading', { name: 'Message Sent!' })).toBeVisible();
  const messages = (await (await api.get('/api/contact/messages')).json()) as { name: string; language: string }[];
  expect(messages.find((message) => message.name === name)?.language).toBe('en');
});

test('the news feeds parse as RSS 2.0 and Atom and list the latest article', async ({ request, api }) => {
  const article = await createArticle(api, { title: unique('Noticia del canal'), publishedAt: newestDate() });
  const rss = await request.get('/noticias/feed.xml');
  expect(rss.headers()['content-type']).toContain('application/rss+xml');
  const parsedRss = parseFeed(await rss.text());
  expect(parsedRss.format).toBe('rss');
  expect(JSON.stringify(parsedRss.feed)).toContain(article.title);
  const atom = await request.get('/noticias/atom.xml');
  const parsedAtom = parseFeed(await atom.text());
  expect(parsedAtom.format).toBe('atom');
  expect(JSON.stringify(parsedAtom.feed)).toContain(article.title);
  const newsSitemap = await (await request.get('/sitemap-noticias.xml')).text();
  expect(newsSitemap).toContain('xmlns:news=');
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain(`/en/news/${article.slug}</loc>`);
  expect(sitemap).toContain('hreflang="es-CR"');
  await deleteArticles(api, [article]);
});

test('an article page carries NewsArticle and BreadcrumbList structured data', async ({ request, api }) => {
  const article = await createArticle(api, { title: unique('Datos estructurados'), englishTitle: 'Structured data' });
  type Graph = { '@graph': { '@type': string; articleSection?: string; inLanguage?: string }[] };
  const graphOf = async (path: string) => JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(await (await request.get(path)).text())![1]) as Graph;
  const spanish = await graphOf(`/noticias/${article.slug}`);
  expect(spanish['@graph'].map((node) => node['@type'])).toEqual(['NewsArticle', 'BreadcrumbList']);
  expect(spanish['@graph'][0]).toMatchObject({ articleSection: 'Ciberseguridad', inLanguage: 'es-CR' });
  // The English version: its section in English too.
  const english = await graphOf(`/en/news/${article.slug}`);
  expect(english['@graph'][0]).toMatchObject({ articleSection: 'Cybersecurity', inLanguage: 'en' });
});

test('the phone menu closes with Escape or a tap outside and keeps Tab inside', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Abrir menú' });
  await toggle.click();
  const menu = page.locator('#menu-movil');
  await expect(menu).toBeVisible();
  for (let i = 0; i < 10; i++) await page.keyboard.press('Tab');
  const inside = await page.evaluate(() => Boolean(document.activeElement?.closest('header')));
  expect(inside).toBe(true);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(toggle).toBeFocused();
  await toggle.click();
  await page.mouse.click(200, 700);
  await expect(menu).toBeHidden();
});

test('a filter that matches nothing says so and offers to clear; backwards dates are swapped', async ({ page, api }) => {
  const article = await createArticle(api, { title: unique('Entre fechas'), publishedAt: '2019-06-15T15:00:00Z' });
  await page.goto(`/noticias?q=${encodeURIComponent('zzz-nada-coincide-' + Date.now())}`);
  await expect(page.getByRole('heading', { name: 'No se encontraron noticias' })).toBeVisible();
  await expect(page.getByText('No hay noticias disponibles')).toHaveCount(0);
  // A button of the page's script: on a busy machine the first click could come before it is hydrated.
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Limpiar filtros' }).last().click();
  await expect(page).toHaveURL(/\/noticias$/);
  // 'From' after 'to': read as the range between them, which holds the article.
  await page.goto(`/noticias?q=${encodeURIComponent(article.title)}&desde=2019-12-31&hasta=2019-01-01`);
  await expect(page.getByRole('article').filter({ hasText: article.title })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No se encontraron noticias' })).toHaveCount(0);
});

test('the English services page marks the Spanish service descriptions as Spanish', async ({ page }) => {
  await page.goto('/en/services');
  await expect(page.getByText('Our service descriptions below are written in Spanish.')).toBeVisible();
  const cards = page.getByRole('main').getByRole('list').first().locator(':scope > li');
  await expect(cards.first()).toBeVisible();
  for (const card of await cards.all()) await expect(card).toHaveAttribute('lang', 'es');
  // Only the cards: the page's own texts stay English.
  const main = page.getByRole('main');
  await expect(main.locator('[lang="es"]')).toHaveCount(await cards.count());
  await expect(main.locator('[lang="es"]').getByRole('heading', { name: 'How we work' })).toHaveCount(0);
  await page.goto('/servicios');
  await expect(page.getByRole('main').getByRole('list').first().locator(':scope > li').first()).not.toHaveAttribute('lang');
});

test('the English date filters read month first, in English, before and after the picker loads', async ({ page }) => {
  await page.goto('/en/news?desde=2021-06-01');
  await waitForHydration(page);
  const from = page.getByRole('group', { name: 'From date' });
  const to = page.getByRole('group', { name: 'To date' });
  // The light look-alike field, before the date picker is loaded.
  await expect(from).toHaveText('6/1/2021');
  await expect(to).toHaveText('mm/dd/yyyy');
  await expect(to.getByRole('button', { name: 'Calendar To date' })).toBeVisible();
  await expect(page.getByText('dd/mm/aaaa')).toHaveCount(0);
  // The real field, once used: the same day, month first, and the same buttons.
  await from.getByRole('button', { name: 'From date 6/1/2021' }).click();
  await expect(page.getByRole('spinbutton', { name: /^month, From date/ })).toHaveText('6');
  await expect(page.getByRole('spinbutton', { name: /^day, From date/ })).toHaveText('1');
  await expect(from.getByRole('button', { name: 'Calendar From date' })).toBeVisible();
  // A set day can be cleared from the look-alike field too, without loading the picker.
  await page.goto('/en/news?hasta=2021-06-30');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Clear to date' }).click();
  await expect(page).toHaveURL(/\/en\/news$/);
  await expect(page.getByRole('group', { name: 'To date' })).toHaveText('mm/dd/yyyy');
  await expect(page.getByRole('spinbutton')).toHaveCount(0);
  // The clear button is gone with the day: the focus is on the calendar button beside it.
  await expect(page.getByRole('button', { name: 'Calendar To date' })).toBeFocused();

  // The same in the real field, once loaded.
  await page.goto('/en/news?hasta=2021-06-30');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'To date 6/30/2021' }).click();
  await expect(page.getByRole('spinbutton', { name: /^month, To date/ })).toBeFocused();
  await page.getByRole('button', { name: 'Clear to date' }).click();
  await expect(page).toHaveURL(/\/en\/news$/);
  await expect(page.getByRole('button', { name: 'Calendar To date' })).toBeFocused();
});

test('a broken news image falls back to a neutral panel; http images are refused when saved', async ({ page, api }) => {
  const refused = await api.post('/api/news', {
    data: { title: 'x', slug: unique('http').toLowerCase().replace(/\s+/g, '-'), excerpt: 'x', content: '<p>x</p>', category: 'Noticias', author: 'x', image: 'http://example.com/a.jpg' },
  });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { errors: Record<string, string> }).errors.image).toContain('https://');
  const article = await createArticle(api, { title: unique('Imagen rota'), image: 'https://127.0.0.1:1/no-existe.jpg', publishedAt: '2023-01-01T12:00:00Z' });
  await page.goto(`/noticias?q=${encodeURIComponent(article.title)}`);
  await expect(page.getByRole('article').filter({ hasText: article.title }).getByTestId('imagen-no-disponible')).toBeVisible();
});
