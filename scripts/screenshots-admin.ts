// `node --import tsx scripts/screenshots-admin.ts`: PNGs of the admin login and every dashboard tab
// (and a dialog or two) at 768x1024 and 390x844, into screenshots/. Needs `npm run build` first; it
// starts its own e2e server (fresh database) on SCREENSHOT_PORT (default 4391).
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { chromium, request } from 'playwright-core';
import { e2eAdmin } from '../e2e/credentials';
import { serveFixture, startFeedServer } from '../tests/helpers/feed-server';
import { createAdvanceForm, createArticle, createFeedSource, createService, createUser, sendContactMessage } from '../e2e/admin/seed';

const port = Number(process.env.SCREENSHOT_PORT ?? 4391);
const baseURL = `http://127.0.0.1:${port}`;
const outDir = 'screenshots';
const viewports = [
  { name: 'tablet', width: 768, height: 1024 },
  { name: 'phone', width: 390, height: 844 },
];
const tabs = ['news', 'services', 'avanzadas', 'contacts', 'rss', 'users', 'activity'];

async function waitForServer() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${baseURL}/api/services`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not start');
}

async function seed() {
  const api = await request.newContext({ baseURL });
  await api.post('/api/auth/login', { data: e2eAdmin });
  await createService(api, 'Barrido de oficinas');
  await createService(api, 'Detección de cámaras ocultas');
  await createArticle(api, 'Nuevas técnicas de espionaje corporativo');
  await createArticle(api, 'Artículo importado en revisión', { reviewRequired: true });
  const source = await createFeedSource(api, 'Boletín de Ciberseguridad', 'https://example.com/feed.xml', { includeKeywords: ['espionaje', 'privacidad'] });
  await api.patch(`/api/rss/sources/${source.id}`, { data: { autoPublish: true } });
  await createFeedSource(api, 'Fuente deshabilitada', 'https://example.org/rss', { enabled: false });
  // Two runs against a local feed server, so the cards show a last run and a last error.
  const feeds = await startFeedServer({ '/rss.xml': serveFixture('rss2.xml') });
  const local = await createFeedSource(api, 'Seguridad al Día (local)', feeds.url('/rss.xml'), { defaultCategory: 'Anti-Espionaje' });
  await api.post(`/api/rss/sources/${local.id}/fetch`);
  const broken = await createFeedSource(api, 'Fuente rota', feeds.url('/no-existe.xml'));
  await api.post(`/api/rss/sources/${broken.id}/fetch`);
  await feeds.close();
  const message = await sendContactMessage(api, 'María Rodríguez');
  await sendContactMessage(api, 'Carlos Jiménez');
  await api.patch(`/api/contact/${message.id}/status`, { data: { status: 'read' } });
  await createAdvanceForm(api, 'Ana Solís');
  await createUser(api, 'colaborador.uno', 'clave-segura-12345', 'colaborador');
  await api.dispose();
}

const server = spawn(process.execPath, ['--import', 'tsx', 'e2e/serve.ts'], { env: { ...process.env, E2E_PORT: String(port) }, stdio: 'inherit' });
try {
  await waitForServer();
  await seed();
  mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  for (const viewport of viewports) {
    const context = await browser.newContext({ baseURL, viewport, locale: 'es-CR', timezoneId: 'America/Costa_Rica' });
    const page = await context.newPage();
    await page.goto('/admin/login');
    await page.getByRole('button', { name: 'Iniciar Sesión' }).waitFor();
    await page.screenshot({ path: `${outDir}/admin-login-${viewport.name}.png` });
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await page.getByText('El usuario es requerido').waitFor();
    await page.screenshot({ path: `${outDir}/admin-login-errors-${viewport.name}.png` });

    await context.request.post('/api/auth/login', { data: e2eAdmin });
    for (const tab of tabs) {
      await page.goto(`/admin/dashboard?tab=${tab}`);
      await page.getByRole('tabpanel').locator('article, p').first().waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${outDir}/admin-${tab}-${viewport.name}.png`, fullPage: true });
    }
    await page.goto('/admin/dashboard');
    await page.getByRole('button', { name: 'Nueva Noticia' }).click();
    await page.getByRole('dialog').waitFor();
    await page.screenshot({ path: `${outDir}/admin-news-dialog-${viewport.name}.png` });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Historial' }).first().click();
    await page.getByRole('dialog').getByRole('listitem').first().waitFor();
    await page.screenshot({ path: `${outDir}/admin-history-dialog-${viewport.name}.png` });
    await context.close();
  }
  await browser.close();
  console.log(`screenshots written to ${outDir}/`);
} finally {
  server.kill('SIGTERM');
}
