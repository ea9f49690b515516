// The advance form as people use it: a visitor fills every field with four photos and sends it;
// staff read it, open its PDF and delete it; errors move the focus; staff save their own.
import { advanceFormSections, type AdvanceForm } from '../../domain';
import { sectionAnswers } from '../../domain/pdf/answers';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, unique } from '../fixtures';
import { fillEverything, fillRequired, jpegFixture, turnOn } from './fill';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function formByHost(api: import('@playwright/test').APIRequestContext, host: string): Promise<AdvanceForm> {
  const list = await api.get('/api/advance-forms?limit=100');
  expect(list.status()).toBe(200);
  const form = ((await list.json()) as AdvanceForm[]).find((f) => f.hostName === host);
  expect(form, `form of ${host}`).toBeTruthy();
  return form!;
}

test('a visitor sends the whole form with four photos; staff read it, open the PDF and delete it', async ({ page, api, adminPage }) => {
  test.setTimeout(120_000);
  const host = unique('José Núñez');
  await page.goto('/formulario-avanzada');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  for (const section of advanceFormSections) {
    await expect(page.getByRole('heading', { name: `${section.number}. ${section.title}` })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Volver al Inicio' })).toHaveAttribute('href', '/');

  const photos = await fillEverything(page, host);
  expect(photos).toBe(4);
  // The public form sends no cookies: the create goes to the public endpoint.
  const created = page.waitForResponse((r) => r.url().endsWith('/api/advance-forms/public') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Guardar Formulario' }).click();
  expect((await created).status()).toBe(201);
  await expect(page.getByRole('status').filter({ hasText: 'Formulario enviado exitosamente' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  const form = await formByHost(api, host);
  expect(form.submittedBy).toBeNull();
  expect(form.eventDate).toBe('2027-03-05');
  expect(form.numberOfGuards).toBe(4);
  for (const field of ['emergencyExitsPhoto', 'evacuationPlanPhoto', 'evacuationRoutesPhoto', 'safeZonePhoto'] as const) {
    expect(form[field]).toMatch(/^\/objects\/uploads\/[0-9a-f-]{36}$/);
  }

  await adminPage.goto(`/admin/avanzadas/${form.id}`);
  await expect(adminPage.getByRole('heading', { level: 1, name: host })).toBeVisible();
  await expect(adminPage.getByText(/^Creado el \d+ de \w+, \d{4}, \d{2}:\d{2}/)).toBeVisible();
  for (const section of advanceFormSections) {
    const region = adminPage.getByRole('region', { name: `${section.number}. ${section.title}` });
    for (const answer of sectionAnswers(section, form)) {
      // The row whose term is exactly this label ('Salidas de emergencia', not 'Foto de las salidas...').
      const term = adminPage.locator('dt').filter({ hasText: new RegExp(`^${escapeRegExp(answer.label)}$`) });
      const row = region.locator('div', { has: term }).last();
      if (answer.kind === 'text') await expect(row.locator('dd')).toHaveText(answer.value);
      else {
        const image = row.getByRole('img', { name: answer.label });
        await expect(image).toBeVisible();
        // Loaded with the session: a refused photo would have no pixels.
        await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      }
    }
  }
  await expect(adminPage.getByText('Sí [Intermedio]')).toBeVisible();

  const [pdfTab, pdfResponse] = await Promise.all([
    adminPage.context().waitForEvent('page'),
    adminPage.waitForResponse((r) => r.url().endsWith(`/api/advance-forms/${form.id}/pdf`)),
    adminPage.getByRole('button', { name: 'Descargar PDF' }).click(),
  ]);
  expect(pdfResponse.status()).toBe(200);
  expect(pdfResponse.headers()['content-type']).toBe('application/pdf');
  expect(pdfResponse.headers()['content-disposition']).toContain(`-${form.id}.pdf`);
  // The page read the body itself; the same call through the API shows the bytes are a PDF.
  expect((await (await api.get(`/api/advance-forms/${form.id}/pdf`)).body()).subarray(0, 5).toString()).toBe('%PDF-');
  await expect.poll(() => pdfTab.url()).toMatch(/^blob:/);
  await pdfTab.close();

  await adminPage.getByRole('button', { name: 'Eliminar' }).click();
  const dialog = adminPage.getByRole('alertdialog');
  await expect(dialog).toContainText('¿Está seguro que desea eliminar este formulario?');
  await dialog.getByRole('button', { name: 'Eliminar' }).click();
  await expect(adminPage.getByRole('status').filter({ hasText: 'Formulario eliminado exitosamente' })).toBeVisible();
  await expect(adminPage).toHaveURL(/\/admin\/dashboard$/);
  expect((await api.get(`/api/advance-forms/${form.id}`)).status()).toBe(404);
  // The photos went with the form.
  expect((await api.get(form.emergencyExitsPhoto!)).status()).toBe(404);
});

test('sending an empty form shows the Spanish errors and focuses the first invalid field', async ({ page }) => {
  await page.goto('/formulario-avanzada');
  await page.getByRole('button', { name: 'Guardar Formulario' }).click();
  const hostName = page.getByLabel('Nombre del anfitrión *', { exact: true });
  await expect(hostName).toBeFocused();
  await expect(page.getByText('El nombre del anfitrión es requerido')).toBeVisible();
  await expect(page.getByText('La fecha del evento es requerida')).toBeVisible();
  await expect(page.getByText('El contacto de emergencia es requerido')).toBeVisible();

  await hostName.fill('Ana Pérez');
  await page.getByLabel('Cargo del anfitrión *', { exact: true }).fill('Gerente');
  await page.getByRole('button', { name: 'Guardar Formulario' }).click();
  // The next invalid field is the date picker: its first segment takes the focus.
  await expect(page.getByRole('group', { name: 'Fecha del evento *', exact: true }).getByRole('spinbutton').first()).toBeFocused();
});

test('number inputs turn empty or invalid values into 0', async ({ page }) => {
  await page.goto('/formulario-avanzada');
  const attendees = page.getByLabel('Número estimado de asistentes *', { exact: true });
  await attendees.fill('');
  await attendees.blur();
  await expect(attendees).toHaveValue('0');
});

test('a photo slot takes images only, at most 10 MB', async ({ page }) => {
  await page.goto('/formulario-avanzada');
  await turnOn(page, '¿Existe zona segura?');
  const slot = page.getByRole('group', { name: 'Foto de la zona segura', exact: true });
  const choose = async (file: string | { name: string; mimeType: string; buffer: Buffer }) => {
    const chooser = page.waitForEvent('filechooser');
    await slot.getByRole('button', { name: /Seleccionar foto|Cambiar foto/ }).click();
    await (await chooser).setFiles(file);
  };
  await choose({ name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('hola') });
  await expect(slot.getByRole('alert')).toHaveText('Solo se permiten imágenes (JPEG, PNG, WebP, GIF o HEIC).');
  // A byte over the limit, chosen from disk as a phone's gallery hands it over (as bytes through the test's
  // client, its 10 MB cost the page seconds of CPU to decode).
  const huge = test.info().outputPath('enorme.jpg');
  writeFileSync(huge, Buffer.alloc(10_485_761));
  await choose(huge);
  await expect(slot.getByRole('alert')).toHaveText('La foto supera el tamaño máximo de 10 MB.');
  await choose(await jpegFixture(0));
  await expect(slot.getByText('Foto subida', { exact: true })).toBeVisible();
  await expect(slot.getByRole('img')).toBeVisible();
});

test("a phone's HEIC photo, which Chromium cannot reduce, is taken: staff see it upright as a JPEG and the PDF holds it", async ({ page, api, adminPage }) => {
  test.setTimeout(120_000);
  const host = unique('Foto HEIC');
  await page.goto('/formulario-avanzada');
  await fillRequired(page, host);
  await turnOn(page, '¿Existe zona segura?');
  const slot = page.getByRole('group', { name: 'Foto de la zona segura', exact: true });
  // Stored sideways with the rotation that turns it upright, EXIF and GPS (scripts/make-heic-fixture.ts).
  const buffer = readFileSync(path.join(import.meta.dirname, '..', '..', 'tests', 'fixtures', 'photos', 'sideways.heic'));
  await slot.locator('input[type=file]').setInputFiles({ name: 'IMG_0001.HEIC', mimeType: 'image/heic', buffer });
  await expect(slot.getByText('Foto subida', { exact: true })).toBeVisible();
  await expect(slot.getByRole('alert')).toHaveCount(0);
  // The browser cannot show a HEIC: no broken thumbnail stays.
  await expect.poll(() => slot.locator('img').evaluateAll((images) => images.every((img) => (img as HTMLImageElement).naturalWidth > 0))).toBe(true);
  const created = page.waitForResponse((r) => r.url().endsWith('/api/advance-forms/public') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Guardar Formulario' }).click();
  expect((await created).status()).toBe(201);

  const form = await formByHost(api, host);
  const photo = await api.get(form.safeZonePhoto!);
  expect(photo.headers()['content-type']).toBe('image/jpeg');
  expect([...(await photo.body()).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  await adminPage.goto(`/admin/avanzadas/${form.id}`);
  const image = adminPage.getByRole('img', { name: 'Foto de la zona segura', exact: true });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([160, 120]);
  const pdf = await api.get(`/api/advance-forms/${form.id}/pdf`);
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).toString('latin1')).toContain('/Subtype /Image');
  expect((await api.delete(`/api/advance-forms/${form.id}`)).status()).toBe(204);
});

test('the form fits a 390 px phone without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/formulario-avanzada');
  await turnOn(page, '¿Hay guardas de seguridad?');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('staff save a form from the admin panel and land on the dashboard', async ({ adminPage, api }) => {
  const host = unique('Staff Ávila');
  await adminPage.goto('/admin/avanzadas/nuevo');
  // The admin chunk loads on first use; give a busy machine time for it.
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Nuevo Formulario de Avanzada' })).toBeVisible({ timeout: 30_000 });
  await expect(adminPage.getByRole('link', { name: 'Volver al Dashboard' })).toHaveAttribute('href', '/admin/dashboard');
  await fillRequired(adminPage, host);
  await adminPage.getByRole('button', { name: 'Guardar Formulario' }).click();
  await expect(adminPage.getByRole('status').filter({ hasText: 'Formulario guardado' })).toBeVisible();
  await expect(adminPage).toHaveURL(/\/admin\/dashboard$/);
  const form = await formByHost(api, host);
  expect(form.submittedBy).not.toBeNull();
  expect(form.hasSecureParking).toBe(false);
});

test('Cancelar on the public form goes back to the home page, not to the staff panel', async ({ page }) => {
  await page.goto('/formulario-avanzada');
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
});

test('a signed-out visitor asking for a form detail is sent to the login', async ({ page }) => {
  await page.goto('/admin/avanzadas/00000000-0000-4000-8000-000000000000');
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('a detail that does not exist says so', async ({ adminPage }) => {
  await adminPage.goto('/admin/avanzadas/00000000-0000-4000-8000-000000000000');
  await expect(adminPage.getByText('Formulario no encontrado')).toBeVisible();
});
