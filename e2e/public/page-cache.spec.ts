// Visitors' pages are kept once rendered, yet a change made by staff is on the very next page a
// visitor loads: a new article in a search, an edited title on the article and in the list, an
// edited service. Signed-in staff never get a kept page.
import type { Page } from '@playwright/test';
import { test, expect, unique } from '../fixtures';
import { createArticle } from './helpers';

test.use({ serviceWorkers: 'block' });

/** Loads `url` until the server answers it from its kept pages (tests running beside this one write news, which drops them). */
async function expectKept(page: Page, url: string) {
  for (let attempt = 0; attempt < 10; attempt++) {
    if ((await page.goto(url))?.headers()['x-cache'] === 'hit') return;
  }
  throw new Error(`${url} was never answered from the kept pages`);
}

test('a search page kept for visitors shows a new article on the next load', async ({ page, api }) => {
  const token = unique('Ornitorrinco').replace(/\s/g, '');
  const url = `/noticias?q=${encodeURIComponent(token)}`;
  const first = await page.goto(url);
  expect(first?.headers()['x-cache']).toBe('miss');
  await expect(page.getByText('No se encontraron noticias')).toBeVisible();
  await expectKept(page, url);

  const article = await createArticle(api, { title: `${token} en la sala de juntas` });
  const after = await page.goto(url);
  expect(after?.headers()['x-cache']).toBe('miss');
  await expect(page.getByRole('article').getByRole('heading')).toHaveText([`${token} en la sala de juntas`]);
  // Unchanged since: kept again.
  await expectKept(page, url);

  await page.goto(`/noticias/${article.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${token} en la sala de juntas`);
  const edited = await api.patch(`/api/news/${article.id}`, { data: { title: `${token} en el hotel` } });
  expect(edited.status()).toBe(200);
  await page.goto(`/noticias/${article.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${token} en el hotel`);
  await page.goto(url);
  await expect(page.getByRole('article').getByRole('heading')).toHaveText([`${token} en el hotel`]);
});

test('an edited service is on the next services page a visitor loads', async ({ page, api }) => {
  await page.goto('/servicios');
  const services = await (await api.get('/api/services?limit=100')).json();
  const service = services[0];
  const title = unique('Barrido electrónico');
  const edited = await api.patch(`/api/services/${service.id}`, { data: { title } });
  expect(edited.status(), await edited.text()).toBe(200);
  await page.goto('/servicios');
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await api.patch(`/api/services/${service.id}`, { data: { title: service.title } });
});

test('signed-in staff get freshly rendered pages, never a kept one', async ({ page, adminPage }) => {
  await expectKept(page, '/');
  const staff = await adminPage.goto('/');
  expect(staff?.headers()['x-cache']).toBeUndefined();
  await expect(adminPage.getByRole('heading', { level: 1 })).toBeVisible();
});

test("an article's page stays kept while other articles are written, and its own edit drops it", async ({ page, api }) => {
  const token = unique('Quetzal').replace(/\s/g, '');
  const article = await createArticle(api, { title: `${token} en la embajada` });
  const url = `/noticias/${article.slug}`;
  await expectKept(page, url);
  // Another article is a change to the lists, not to this page.
  await createArticle(api, { title: `${token} en otra sala` });
  expect((await page.goto(url))?.headers()['x-cache']).toBe('hit');
  const edited = await api.patch(`/api/news/${article.id}`, { data: { title: `${token} en el consulado` } });
  expect(edited.status()).toBe(200);
  const after = await page.goto(url);
  expect(after?.headers()['x-cache']).toBe('miss');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${token} en el consulado`);
});

test('a kept page answers a revalidation with its ETag by a 304, and a changed page with the new bytes', async ({ page, api, playwright, baseURL }) => {
  const token = unique('Tapir').replace(/\s/g, '');
  const url = `/noticias?q=${encodeURIComponent(token)}`;
  await expectKept(page, url);
  const visitor = await playwright.request.newContext({ baseURL });
  try {
    // Tests running beside this one write news, which drops the page (its next render has new bytes):
    // revalidate right after reading, until nothing came between.
    let etag = '';
    let again = await visitor.get(url);
    for (let attempt = 0; attempt < 10 && again.status() !== 304; attempt++) {
      etag = (await visitor.get(url)).headers()['etag'];
      expect(etag).toMatch(/^W\/".+"$/);
      again = await visitor.get(url, { headers: { 'if-none-match': etag } });
    }
    expect(again.status()).toBe(304);
    expect(await again.body()).toHaveLength(0);
    // What the page shows changed: the whole new page, under another ETag.
    await createArticle(api, { title: `${token} en la bodega` });
    const changed = await visitor.get(url, { headers: { 'if-none-match': etag } });
    expect(changed.status()).toBe(200);
    expect(await changed.text()).toContain(`${token} en la bodega`);
    expect(changed.headers()['etag']).not.toBe(etag);
  } finally {
    await visitor.dispose();
  }
});
