// The services tab: create with features one per line, edit prefilled, delete after confirming.
import { expect, test, unique } from '../fixtures';
import { card, deleteThroughDialog, expectToast, field, openTab } from './helpers';

test('a service is created, edited and deleted with the required toasts', async ({ adminPage: page }) => {
  const title = unique('Barrido vehicular');
  await openTab(page, 'services', 'Servicios');
  await expect(page.getByRole('heading', { name: 'Servicios Registrados' })).toBeVisible();

  await page.getByRole('button', { name: 'Nuevo Servicio' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo Servicio' });
  await expect(field(dialog, 'Orden')).toHaveValue('1');
  await field(dialog, 'Título').fill(title);
  await field(dialog, 'Descripción').fill('Revisión completa de vehículos.');
  await field(dialog, 'Categoría').fill('Barridos');
  await field(dialog, 'Características').fill(' GPS ocultos \n  Micrófonos\n\n Informe ');
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expectToast(page, 'Servicio creado exitosamente');

  const created = card(page, title);
  await expect(created.getByRole('listitem')).toHaveText(['GPS ocultos', 'Micrófonos', 'Informe']);
  await expect(created.getByText('Orden: 1')).toBeVisible();

  await created.getByRole('button', { name: 'Editar' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar Servicio' });
  await expect(field(edit, 'Características')).toHaveValue('GPS ocultos\nMicrófonos\nInforme');
  await field(edit, 'Orden').fill('3');
  await edit.getByRole('button', { name: 'Actualizar' }).click();
  await expectToast(page, 'Servicio actualizado exitosamente');
  await expect(created.getByText('Orden: 3')).toBeVisible();

  await deleteThroughDialog(page, created);
  await expectToast(page, 'Servicio eliminado exitosamente');
  await expect(created).toBeHidden();
});

test('a service with missing fields is not sent', async ({ adminPage: page }) => {
  await openTab(page, 'services', 'Servicios');
  await page.getByRole('button', { name: 'Nuevo Servicio' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo Servicio' });
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expect(dialog.getByText('El título es requerido')).toBeVisible();
  await expect(dialog.getByText('La descripción es requerida')).toBeVisible();
});
