// `npm run screenshots`: full-page PNGs of every public page at a phone's (390x844) and a desktop's
// (1440x900) size, into screenshots/ (git-ignored), from the real app with sample articles.
// Look at them before calling a change of the public site done.
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { startSite } from './dev-site';

const sizes = [
  { name: 'movil', width: 390, height: 844 },
  { name: 'escritorio', width: 1440, height: 900 },
];

const site = await startSite();
try {
  const pages: [string, string][] = [
    ['inicio', '/'],
    ['servicios', '/servicios'],
    ['noticias', '/noticias'],
    ['noticias-filtradas', '/noticias?categoria=Anti-Espionaje&orden=antiguas'],
    ['articulo', `/noticias/${site.articleSlug}`],
    ['articulo-no-encontrado', '/noticias/no-existe'],
    ['contacto', '/contacto'],
    ['formulario-avanzada', '/formulario-avanzada'],
    ['404', '/esta-pagina-no-existe'],
  ];
  mkdirSync('screenshots', { recursive: true });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  for (const size of sizes) {
    const context = await browser.newContext({
      viewport: { width: size.width, height: size.height },
      locale: 'es-CR',
      timezoneId: 'America/Costa_Rica',
      deviceScaleFactor: 1,
    });
    const page = await context.newPage();
    for (const [name, path] of pages) {
      await page.goto(site.baseURL + path, { waitUntil: 'networkidle' });
      const file = `screenshots/publico-${name}-${size.name}.png`;
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
    }
    // The open mobile menu, and the contact form showing its validation messages.
    if (size.width < 768) {
      await page.goto(site.baseURL + '/');
      await page.getByRole('button', { name: 'Abrir menú' }).click();
      await page.screenshot({ path: 'screenshots/publico-menu-movil.png' });
    }
    await page.goto(site.baseURL + '/contacto', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Enviar Mensaje' }).click();
    await page.screenshot({ path: `screenshots/publico-contacto-errores-${size.name}.png`, fullPage: true });
    await context.close();
  }
  await browser.close();
} finally {
  await site.stop();
}
