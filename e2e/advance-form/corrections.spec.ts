// A form sent from a tablet whose clock ran two days fast, then corrected from the same draft after the
// first answer was lost (same Idempotency-Key, a later save): staff read the correction, the clock note
// beside the device's time, and both versions in the form's history.
import { randomUUID } from 'node:crypto';
import { advanceForm } from '../../tests/helpers/forms';
import { expect, test, unique } from '../fixtures';

const minute = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

test('the detail screen notes a device clock two days fast and shows the corrected form with both versions in its history', async ({ api, adminPage }) => {
  const key = randomUUID();
  const host = unique('Reloj adelantado');
  const fast = Date.now() + 2 * 24 * 60 * minute;
  // What the tablet sends: its draft's uuid as the key, its clock at sending, its time of saving in the body.
  const send = (address: string, savedAt: number) =>
    api.post('/api/advance-forms', {
      data: advanceForm({ hostName: host, address, completedOnSiteAt: iso(savedAt) }),
      headers: { 'Idempotency-Key': key, 'Device-Time': iso(savedAt + minute) },
    });
  expect((await send('Escazú', fast - 5 * minute)).status()).toBe(201);
  // That answer never reached the tablet; the surveyor corrected the address and saved again.
  const corrected = await send('Escazú, frente al parque', fast);
  expect(corrected.status()).toBe(201);

  await adminPage.goto(`/admin/avanzadas/${key}`);
  await expect(adminPage.getByRole('heading', { level: 1, name: host })).toBeVisible();
  await expect(adminPage.getByText('El reloj del dispositivo difería 2 días del servidor (adelantado).', { exact: true })).toBeVisible();
  await expect(adminPage.getByText(/^Completado en sitio: /)).toBeVisible();
  await expect(adminPage.getByText(/^Corregido el \d+ de \w+, \d{4}, \d{2}:\d{2}/)).toBeVisible();
  await expect(adminPage.getByText('Escazú, frente al parque', { exact: true })).toBeVisible();
  await expect(adminPage.getByText('Escazú', { exact: true })).toHaveCount(0);

  await adminPage.getByRole('button', { name: 'Historial' }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Historial de cambios' });
  const versions = dialog.locator('ol > li');
  await expect(versions).toHaveCount(2);
  const [correction, submission] = [versions.nth(0), versions.nth(1)];
  await expect(correction.getByText('Corregido', { exact: true })).toBeVisible();
  const address = correction.locator('div', { has: adminPage.locator('dt', { hasText: /^Dirección$/ }) });
  await expect(address.locator('dd')).toHaveText(/^Escazú\s*→\s*cambió a\s*Escazú, frente al parque$/);
  await expect(correction.locator('dt', { hasText: /^Completado en sitio$/ })).toBeVisible();
  await expect(submission.getByText('Creado', { exact: true })).toBeVisible();
  const firstAddress = submission.locator('div', { has: adminPage.locator('dt', { hasText: /^Dirección$/ }) });
  await expect(firstAddress.locator('dd')).toHaveText('Escazú');
});
