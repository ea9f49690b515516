// 'Actividad': the site's latest events, filtered by type and by person, with 'Cargar más'.
import { expect, test, unique } from '../fixtures';
import { createService } from './seed';
import { openTab } from './helpers';

test('the activity lists recent events and filters them by type and person', async ({ adminPage: page, api }) => {
  const title = unique('Servicio en actividad');
  await createService(api, title);
  await openTab(page, 'activity', 'Actividad');
  const events = page.getByRole('tabpanel').getByRole('listitem');
  await expect(events.filter({ hasText: `Registro: ${title}` })).toHaveCount(1);

  await page.getByRole('button', { name: /Tipo de evento$/ }).click();
  await page.getByRole('option', { name: 'Inicio de sesión', exact: true }).click();
  await expect(events.first()).toContainText('Inicio de sesión');
  await expect(events.filter({ hasText: 'Servicio creado' })).toHaveCount(0);

  await page.getByRole('textbox', { name: 'Persona (usuario)' }).fill('nadie-con-este-nombre');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByText('No hay actividad registrada')).toBeVisible();

  await page.getByRole('button', { name: 'Limpiar' }).click();
  await expect(events.filter({ hasText: `Registro: ${title}` })).toHaveCount(1);
});

test('Cargar más goes further back in the log', async ({ adminPage: page, api }) => {
  for (let i = 0; i < 31; i++) await createService(api, unique(`Relleno ${i}`));
  await openTab(page, 'activity', 'Actividad');
  const events = page.getByRole('tabpanel').locator('ol > li');
  await expect(events).toHaveCount(30);
  await page.getByRole('button', { name: 'Cargar más' }).click();
  await expect(events).not.toHaveCount(30);
});
