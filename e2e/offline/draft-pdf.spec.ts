// A draft's PDF, made in the browser from the Borradores tab with the server's own document code: an
// arrow typed on site prints as an arrow (the symbol font is fetched for the drafts that need it),
// and a draft written with Helvetica's characters alone fetches no font.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from '@playwright/test';
import { e2eAdmin, expect, test, unique } from '../fixtures';
import { completeValues, seedDraft, staffId } from './helpers';

// What works offline is the service worker's: these tests run with it.
test.use({ serviceWorkers: 'allow' });

const fontFile = /\/assets\/DejaVuSans-[^/]+\.ttf$/;

async function draftsTab(context: BrowserContext, host: string, mainVehicleRoute: string): Promise<Page> {
  expect((await context.request.post('/api/auth/login', { data: e2eAdmin })).status()).toBe(200);
  const page = await context.newPage();
  await page.goto('/admin/dashboard?tab=drafts');
  await expect(page.getByRole('tab', { name: 'Borradores', selected: true })).toBeVisible();
  const values = { ...completeValues(host), mainVehicleRoute };
  await seedDraft(page, { id: randomUUID(), variant: 'admin', ownerId: await staffId(context), values, state: 'draft', photos: [] });
  await page.reload();
  await expect(page.getByRole('article', { name: host })).toBeVisible();
  return page;
}

async function downloadPdf(page: Page, host: string): Promise<string> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('article', { name: host }).getByRole('button', { name: 'Descargar PDF' }).click();
  return (await (await downloading).path())!;
}

test("a draft's PDF prints the arrows and check marks typed on site as themselves", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: 'es-CR', timezoneId: 'America/Costa_Rica' });
  const host = unique('Ruta con flechas');
  const route = 'Ruta 27 → salida a Escazú ≥ 2 carriles ✓ revisada';
  const page = await draftsTab(context, host, route);
  const font = page.waitForResponse((response) => fontFile.test(response.url()));
  const file = await downloadPdf(page, host);
  expect((await font).status()).toBe(200);
  const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  expect(text).toContain(route);
  expect(text).toContain('¿Existe zona segura? Sí Detalles de la zona segura Oficina interna con llave');
  expect(text).toContain('Pasillo principal hacia el salón');
  expect(text).not.toContain('->');
  expect(execFileSync('pdffonts', [file], { encoding: 'utf8' })).toMatch(/DejaVuSans\s+CID TrueType\s+Identity-H\s+yes/);
  await context.close();
});

test('a draft written in Spanish alone makes its PDF without fetching the symbol font', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: 'es-CR', timezoneId: 'America/Costa_Rica' });
  const host = unique('Sin símbolos');
  const page = await draftsTab(context, host, 'Autopista Próspero Fernández, salida a Santa Ana');
  const fonts: string[] = [];
  page.on('request', (request) => void (fontFile.test(request.url()) && fonts.push(request.url())));
  const file = await downloadPdf(page, host);
  expect(execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })).toContain('salida a Santa Ana');
  expect(fonts).toEqual([]);
  await context.close();
});
