// The RSS tab: sources created with their filters, edited, toggled and deleted.
import { expect, test, unique } from '../fixtures';
import { createFeedSource } from './seed';
import { card, choose, deleteThroughDialog, expectToast, field, openTab } from './helpers';

test('a feed source is created, edited, toggled and deleted with the required toasts', async ({ adminPage: page, api }) => {
  const name = unique('Boletín de seguridad');
  await openTab(page, 'rss', 'RSS');
  await expect(page.getByRole('heading', { name: 'Fuentes RSS' })).toBeVisible();

  await page.getByRole('button', { name: 'Nueva Fuente RSS' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva Fuente RSS' });
  await expect(dialog.getByRole('spinbutton', { name: 'Intervalo de actualización (horas)' })).toHaveValue('12');
  await expect(dialog.getByRole('switch', { name: 'Habilitado' })).toBeChecked();
  await expect(dialog.getByRole('switch', { name: 'Auto-publicar' })).not.toBeChecked();
  await field(dialog, 'Nombre').fill(name);
  await dialog.getByRole('textbox', { name: 'URL del feed' }).fill('https://example.com/seguridad.xml');
  await choose(page, dialog, 'Categoría por defecto', 'Ciberseguridad');
  await dialog.getByRole('spinbutton', { name: 'Intervalo de actualización (horas)' }).fill('0');
  await field(dialog, 'Incluir solo si contiene (palabras clave)').fill('espionaje, privacidad');
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expect(dialog.getByText('El intervalo mínimo es 1 hora')).toBeVisible();
  await dialog.getByRole('spinbutton', { name: 'Intervalo de actualización (horas)' }).fill('6');
  // The switch's input is visually hidden: a person presses its label.
  await dialog.locator('label').filter({ hasText: 'Auto-publicar' }).click();
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expectToast(page, 'Fuente RSS creada exitosamente');

  const source = card(page, name);
  await expect(source.getByText('Ciberseguridad')).toBeVisible();
  await expect(source.getByText('Habilitado', { exact: true }).first()).toBeVisible();
  await expect(source.getByText('Auto-publicar')).toBeVisible();
  await expect(source.getByText('https://example.com/seguridad.xml')).toBeVisible();
  await expect(source.getByText(/Última actualización: nunca · Cada 6 hora\(s\)/)).toBeVisible();
  await expect(source.getByText('Incluye: espionaje, privacidad')).toBeVisible();

  await source.getByRole('button', { name: 'Editar' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar Fuente RSS' });
  await expect(field(edit, 'Nombre')).toHaveValue(name);
  await expect(field(edit, 'Incluir solo si contiene (palabras clave)')).toHaveValue('espionaje, privacidad');
  await field(edit, 'Excluir si contiene (palabras clave)').fill('publicidad');
  await edit.getByRole('button', { name: 'Actualizar' }).click();
  await expectToast(page, 'Fuente RSS actualizada exitosamente');
  await expect(source.getByText('Excluye: publicidad')).toBeVisible();

  await expect(source.getByRole('switch', { name: `Habilitar ${name}` })).toBeChecked();
  await source
    .locator('label')
    .filter({ has: page.getByRole('switch') })
    .click();
  await expectToast(page, 'Fuente RSS actualizada exitosamente');
  await expect(source.getByText('Deshabilitado')).toBeVisible();
  // The toggle changed nothing else.
  const [saved] = ((await (await api.get('/api/rss/sources?limit=100')).json()) as any[]).filter((s) => s.name === name);
  expect(saved).toMatchObject({
    enabled: false,
    autoPublish: true,
    scheduleIntervalHours: 6,
    includeKeywords: ['espionaje', 'privacidad'],
    excludeKeywords: ['publicidad'],
  });

  await deleteThroughDialog(page, source);
  await expectToast(page, 'Fuente RSS eliminada exitosamente');
  await expect(source).toBeHidden();
});

test('a source with a last run shows its result', async ({ adminPage: page, api }) => {
  const name = unique('Fuente sin importar');
  // Its own address: a repeated run keeps the sources of the runs before.
  await createFeedSource(api, name, `https://example.net/feed?fuente=${encodeURIComponent(name)}`);
  await openTab(page, 'rss', 'RSS');
  await expect(card(page, name).getByText('Última actualización: nunca', { exact: false })).toBeVisible();
});
