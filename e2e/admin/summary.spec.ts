// 'Resumen': the first tab of the panel, four charts with their figures in words and their tables, the
// PDF (read back with pdftotext) and a chart's CSV, the response target an admin sets, a collaborator's
// read-only view, and the screen on a tablet, with the system in dark mode too.
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { expect, test, unique } from '../fixtures';
import { createAdvanceForm, createUser, sendContactMessage } from './seed';
import { expectToast, openTab } from './helpers';

const titles = ['Contactos por semana', 'Tiempo hasta la primera respuesta', 'Formularios de avanzada por semana', 'Importación de fuentes RSS'];

test('the Resumen tab comes first and shows each chart with its figures in words and its table', async ({ adminPage: page, api }) => {
  await sendContactMessage(api, unique('Resumen Español'));
  await sendContactMessage(api, unique('Resumen English'), { language: 'en' });
  await createAdvanceForm(api, unique('Resumen Anfitrión'));
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('tab').first()).toHaveText('Resumen');
  await page.getByRole('tab', { name: 'Resumen' }).click();
  await expect(page).toHaveURL(/tab=summary/);
  await expect(page.getByRole('heading', { name: 'Resumen', level: 2 })).toBeVisible();
  await expect(page.getByText(/^Últimas 12 semanas \(del .* al .*\)/)).toBeVisible();

  for (const title of titles) {
    const chart = page.getByRole('article', { name: title });
    await expect(chart.getByRole('heading', { name: title })).toBeVisible();
    // uPlot has drawn its canvas, which is described for screen readers.
    await expect(chart.locator('canvas').first()).toBeVisible();
    await expect(chart.getByRole('img').first()).toHaveAttribute('aria-label', new RegExp(`^Gráfico: ${title}`));
    // The table is there for screen readers before it is shown.
    await expect(chart.getByRole('table', { name: `${title}: cifras por semana` })).toBeAttached();
  }
  const leads = page.getByRole('article', { name: 'Contactos por semana' });
  await expect(leads.getByText(/^\d+ contacto\(s\) en 12 semanas: /)).toBeVisible();
  await expect(leads.getByText(/^Por edición: español \d+, inglés [1-9]\d*\.$/)).toBeVisible();
  await expect(leads.getByRole('img', { name: /Por origen/ })).toBeVisible();
  await expect(leads.getByRole('img', { name: /Por edición/ })).toBeVisible();
  const forms = page.getByRole('article', { name: 'Formularios de avanzada por semana' });
  await expect(forms.getByText(/llegaron tarde desde el campo/)).toBeVisible();
  const times = page.getByRole('article', { name: 'Tiempo hasta la primera respuesta' });
  await expect(times.getByText(/^Mediana hasta la primera respuesta: /)).toBeVisible();
  await expect(page.getByRole('article', { name: 'Importación de fuentes RSS' }).getByText(/rechazado\(s\) por los filtros/)).toBeVisible();

  // The figures in words are the API's, as the domain words them.
  const api12 = (await (await api.get('/api/summary/leads')).json()) as { totals: { current: { total: number } } };
  await expect(leads.getByText(new RegExp(`^${api12.totals.current.total} contacto\\(s\\)`))).toBeVisible();

  const table = leads.getByRole('table', { name: 'Contactos por semana: cifras por semana' });
  await expect(table).not.toBeInViewport();
  await leads.getByRole('button', { name: 'Ver tabla' }).click();
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Formulario de contacto' })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: /^semana del \d{1,2} de [a-z]+\.$/ })).toHaveCount(12);
  await leads.getByRole('button', { name: 'Ocultar tabla' }).click();
  await expect(leads.getByRole('button', { name: 'Ver tabla' })).toHaveAttribute('aria-expanded', 'false');
});

test("'Descargar PDF' saves the page's figures, and 'Descargar CSV' a chart's numbers with a BOM", async ({ adminPage: page }) => {
  await openTab(page, 'summary', 'Resumen');
  const leads = page.getByRole('article', { name: 'Contactos por semana' });
  const sentence = (await leads.getByText(/contacto\(s\) en 12 semanas/).textContent())!;

  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar PDF' }).click();
  const pdf = await pdfDownload;
  await expectToast(page, 'PDF descargado');
  expect(pdf.suggestedFilename()).toMatch(/^resumen-\d{4}-\d{2}-\d{2}\.pdf$/);
  const text = execFileSync('pdftotext', [(await pdf.path())!, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  expect(text).toContain('Resumen');
  for (const title of titles) expect(text).toContain(title);
  expect(text).toContain(sentence.replace(/\s+/g, ' '));
  expect(text).toContain('Mediana hasta la primera respuesta');
  expect(text).toMatch(/semana del \d{1,2} de [a-z]+\./);

  const csvDownload = page.waitForEvent('download');
  await leads.getByRole('button', { name: 'Descargar CSV: Contactos por semana' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toMatch(/^resumen-contactos-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile((await csv.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.toString('utf8').slice(1).trim().split('\r\n');
  expect(lines[0]).toBe('"Semana","Total","Formulario de contacto","Formulario de avanzada público","Español","Inglés","Total 12 semanas antes"');
  expect(lines).toHaveLength(13);
});

test('an admin sets the response target, with Spanish validation; a collaborator only reads it', async ({ adminPage: page, api, browser, baseURL }) => {
  await openTab(page, 'summary', 'Resumen');
  const times = page.getByRole('article', { name: 'Tiempo hasta la primera respuesta' });
  const target = times.getByRole('textbox', { name: 'Objetivo de primera respuesta (horas)' });
  await target.fill('0');
  await times.getByRole('button', { name: 'Guardar objetivo' }).click();
  await expect(times.getByText('El objetivo debe ser de al menos 1 hora')).toBeVisible();
  await target.fill('12');
  await times.getByRole('button', { name: 'Guardar objetivo' }).click();
  await expectToast(page, 'Objetivo de respuesta guardado');
  await expect(times.getByText(/\(objetivo: 12 h\)/)).toBeVisible();

  const username = unique('lectora').replace(/\s/g, '.');
  await createUser(api, username, 'clave-lectora-12345', 'colaborador');
  const context = await browser.newContext({ baseURL, locale: 'es-CR', timezoneId: 'America/Costa_Rica' });
  expect((await context.request.post('/api/auth/login', { data: { username, password: 'clave-lectora-12345' } })).status()).toBe(200);
  const reader = await context.newPage();
  await openTab(reader, 'summary', 'Resumen');
  const readOnly = reader.getByRole('article', { name: 'Tiempo hasta la primera respuesta' });
  await expect(readOnly.getByText('Objetivo de primera respuesta: 12 h (lo fija un administrador).')).toBeVisible();
  await expect(readOnly.getByRole('textbox')).toHaveCount(0);
  await expect(reader.getByRole('article', { name: 'Contactos por semana' }).locator('canvas').first()).toBeVisible();
  await context.close();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`on a tablet (768×1024, system ${colorScheme}), the charts fit the width and stay legible`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      baseURL,
      locale: 'es-CR',
      timezoneId: 'America/Costa_Rica',
      viewport: { width: 768, height: 1024 },
      colorScheme,
    });
    expect((await context.request.post('/api/auth/login', { data: (await import('../credentials')).e2eAdmin })).status()).toBe(200);
    const page = await context.newPage();
    await openTab(page, 'summary', 'Resumen');
    for (const title of titles) await expect(page.getByRole('article', { name: title }).locator('canvas').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
    for (const canvas of await page.locator('article canvas').all()) {
      const box = (await canvas.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(768);
    }
    // The panel has one theme: its cards stay white with dark text whatever the system prefers.
    const card = page.getByRole('article', { name: titles[0] });
    expect(await card.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 255, 255)');
    await context.close();
  });
}
