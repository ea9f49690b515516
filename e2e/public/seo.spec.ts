// What the server sends before any script runs: content, head tags, structured data, status codes,
// /sitemap.xml and /robots.txt.
import { test, expect, unique, e2eSite } from '../fixtures';
import { createArticle } from './helpers';

const meta = (html: string, attribute: string, key: string) => new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html)?.[1];

test('each public page is served with its content, a Spanish title, description and canonical URL', async ({ request, baseURL }) => {
  const expectations: [string, string][] = [
    ['/', 'Protección Profesional Anti-Espía'],
    ['/servicios', 'Solicitar Cotización'],
    ['/noticias', 'Noticias y Actualizaciones'],
    ['/contacto', 'Envíenos un Mensaje'],
  ];
  for (const [path, text] of expectations) {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain(text);
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(meta(html, 'name', 'description')?.length).toBeGreaterThan(40);
    expect(html).toContain(`<link rel="canonical" href="${baseURL}${path}" />`);
    expect(meta(html, 'property', 'og:title')).toBeTruthy();
    expect(meta(html, 'name', 'twitter:card')).toBeTruthy();
  }
});

test("an article's page carries its own title, excerpt and image for link previews", async ({ request, api, baseURL }) => {
  const article = await createArticle(api, { title: unique('Vista previa'), excerpt: 'Extracto para WhatsApp.', image: 'https://example.com/foto.jpg' });
  const html = await (await request.get(`/noticias/${article.slug}`)).text();
  expect(html).toContain(`<h1`);
  expect(html).toContain(article.title);
  expect(meta(html, 'property', 'og:type')).toBe('article');
  expect(meta(html, 'property', 'og:title')).toContain(article.title);
  expect(meta(html, 'property', 'og:description')).toBe('Extracto para WhatsApp.');
  expect(meta(html, 'property', 'og:image')).toBe('https://example.com/foto.jpg');
  expect(meta(html, 'name', 'twitter:image')).toBe('https://example.com/foto.jpg');
  expect(meta(html, 'property', 'og:url')).toBe(`${baseURL}/noticias/${article.slug}`);
});

test('pages without an image of their own share the default preview card, which is served', async ({ request, baseURL }) => {
  for (const path of ['/', '/servicios', '/noticias', '/contacto']) {
    const html = await (await request.get(path)).text();
    expect(meta(html, 'property', 'og:image')).toBe(`${baseURL}/og-image.jpg`);
    expect(meta(html, 'property', 'og:image:width')).toBe('1200');
    expect(meta(html, 'name', 'twitter:card')).toBe('summary_large_image');
  }
  const image = await request.get('/og-image.jpg');
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toContain('image/jpeg');
});

test('the home page describes the business in JSON-LD', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const json = /<script type="application\/ld\+json">(.+?)<\/script>/.exec(html)?.[1];
  const data = JSON.parse(json!);
  expect(data['@context']).toBe('https://schema.org');
  expect(data.name).toBe(e2eSite.siteName);
  expect(data.telephone).toBe(e2eSite.phone);
  expect(data.email).toBe(e2eSite.email);
});

test('the sitemap lists the public routes and every published article; robots.txt keeps /admin and /api out', async ({ request, api, baseURL }) => {
  const article = await createArticle(api, { title: unique('Mapa del sitio') });
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.headers()['content-type']).toContain('xml');
  const xml = await sitemap.text();
  for (const path of ['/', '/servicios', '/noticias', '/contacto']) expect(xml).toContain(`<loc>${baseURL}${path}</loc>`);
  expect(xml).toContain(`<loc>${baseURL}/noticias/${article.slug}</loc>`);
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Disallow: /admin');
  expect(robots).toContain('Disallow: /api');
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test('admin screens are sent as the client-rendered shell (the advance form is rendered: advance-form-rendering.spec.ts)', async ({ request }) => {
  for (const path of ['/admin', '/admin/login', '/admin/dashboard', '/admin/avanzadas/nuevo', '/admin/avanzadas/123']) {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toBe('no-store');
    expect(await response.text()).toContain('<div id="root"></div>');
  }
});

test('hashed assets are cached for a year; /api and unknown pages are not the web’s', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const script = /<script type="module" crossorigin src="([^"]+)"/.exec(html)![1];
  const asset = await request.get(script, { headers: { 'Accept-Encoding': 'br, gzip' } });
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(['br', 'gzip']).toContain(asset.headers()['content-encoding']);
  const api = await request.get('/api/no-existe');
  expect(api.headers()['content-type']).toContain('application/json');
  expect((await request.get('/no-existe')).status()).toBe(404);
});
