// A service's features in its dialog, one per line: a feature with a comma stays one feature, a service
// saved untouched keeps exactly the list it had (even a feature holding a line break, sent through the
// API), and the public page shows each feature as stored.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, unique } from '../fixtures';
import { card, expectToast, field, openTab } from './helpers';

type StoredService = { id: string; title: string; features: string[] };

async function serviceTitled(api: APIRequestContext, title: string): Promise<StoredService | undefined> {
  const services = (await (await api.get('/api/services?limit=100')).json()) as StoredService[];
  return services.find((service) => service.title === title);
}

async function createService(api: APIRequestContext, title: string, features: string[]): Promise<StoredService> {
  const response = await api.post('/api/services', { data: { title, description: 'Revisión de salas.', category: 'Barridos', features, order: '90' } });
  expect(response.status()).toBe(201);
  return (await response.json()) as StoredService;
}

async function openEdit(page: Page, title: string) {
  await openTab(page, 'services', 'Servicios');
  await card(page, title).getByRole('button', { name: 'Editar' }).click();
  return page.getByRole('dialog', { name: 'Editar Servicio' });
}

test('a feature with a comma stays one feature through an untouched save, in the panel and on the public page', async ({ adminPage: page, api }) => {
  const title = unique('Análisis continuo');
  const features = ['Análisis 24/7, con informe', 'Informe escrito'];
  const service = await createService(api, title, features);
  try {
    const dialog = await openEdit(page, title);
    await expect(field(dialog, 'Características')).toHaveValue('Análisis 24/7, con informe\nInforme escrito');
    await expect(dialog.getByText('Una característica por línea; cada una puede llevar comas.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Actualizar' }).click();
    await expectToast(page, 'Servicio actualizado exitosamente');
    expect((await serviceTitled(api, title))?.features).toEqual(features);
    await expect(card(page, title).getByRole('listitem')).toHaveText(features);

    await page.goto('/servicios');
    const shown = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(shown.getByRole('listitem')).toHaveText(features);
  } finally {
    await api.delete(`/api/services/${service.id}`);
  }
});

test('saved untouched, a feature holding a line break (sent through the API) is kept as it was', async ({ adminPage: page, api }) => {
  const title = unique('Salto de línea');
  const features = ['Primera línea\nsegunda línea', 'Otra'];
  const service = await createService(api, title, features);
  try {
    const dialog = await openEdit(page, title);
    await field(dialog, 'Orden').fill('91');
    await dialog.getByRole('button', { name: 'Actualizar' }).click();
    await expectToast(page, 'Servicio actualizado exitosamente');
    expect(await serviceTitled(api, title)).toMatchObject({ features, order: '91' });
  } finally {
    await api.delete(`/api/services/${service.id}`);
  }
});

test('features typed one per line: commas kept, blank lines and spaces around dropped; a feature too long is refused beside the field', async ({
  adminPage: page,
  api,
}) => {
  const title = unique('Escritas por línea');
  const service = await createService(api, title, []);
  try {
    const dialog = await openEdit(page, title);
    const features = field(dialog, 'Características');
    await features.fill('  Detección de micrófonos, cámaras y GPS \n\nInforme escrito, firmado\n');
    await dialog.getByRole('button', { name: 'Actualizar' }).click();
    await expectToast(page, 'Servicio actualizado exitosamente');
    expect((await serviceTitled(api, title))?.features).toEqual(['Detección de micrófonos, cámaras y GPS', 'Informe escrito, firmado']);

    const again = await openEdit(page, title);
    await field(again, 'Características').fill(`Corta\n${'x'.repeat(301)}`);
    await again.getByRole('button', { name: 'Actualizar' }).click();
    await expect(again.getByText('Cada característica admite como máximo 300 caracteres')).toBeVisible();
    expect((await serviceTitled(api, title))?.features).toEqual(['Detección de micrófonos, cámaras y GPS', 'Informe escrito, firmado']);
  } finally {
    await api.delete(`/api/services/${service.id}`);
  }
});
