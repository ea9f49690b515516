// Users (admin only) and what a colaborador may do: no Usuarios tab and no delete buttons.
import { expect, test, unique } from '../fixtures';
import { createService, createUser } from './seed';
import { card, choose, expectToast, field, openTab } from './helpers';
import { fillLogin } from './account-helpers';
import { startPrivateServer } from './private-server';
import { e2eAdmin } from '../credentials';

const password = 'clave-colaborador-123';

// On a server of its own, where the seeded admin is the only admin whatever other tests leave behind
// (one of them makes a colaborador an admin on the shared server).
test.describe('with one admin', () => {
  let server: Awaited<ReturnType<typeof startPrivateServer>>;
  test.beforeAll(async () => {
    server = await startPrivateServer();
  });
  test.afterAll(async () => {
    await server?.close();
  });

  test('the last active admin cannot be demoted, and the toast says why', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: server.baseURL });
    const page = await context.newPage();
    await fillLogin(page, e2eAdmin.username, e2eAdmin.password);
    await expect(page).toHaveURL(/\/admin\/dashboard/);
    await openTab(page, 'users', 'Usuarios');
    await card(page, e2eAdmin.username).getByRole('button', { name: 'Cambiar rol' }).click();
    const roleDialog = page.getByRole('dialog', { name: `Cambiar rol de ${e2eAdmin.username}` });
    await choose(page, roleDialog, 'Rol', 'Colaborador');
    await roleDialog.getByRole('button', { name: 'Actualizar' }).click();
    await expectToast(page, 'Error al actualizar usuario');
    await expect(page.getByRole('region', { name: 'Notification' }).getByRole('alert')).toContainText(/administrador/i);
    await context.close();
  });
});

test('an admin creates a colaborador, resets the password, changes the role and the notice e-mail, ends its sessions and disables it', async ({
  adminPage: page,
  playwright,
  baseURL,
}) => {
  const username = unique('colab').replace(/\s/g, '.');
  await openTab(page, 'users', 'Usuarios');
  await page.getByRole('button', { name: 'Nuevo Usuario' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo Usuario' });
  await field(dialog, 'Usuario').fill(username);
  await dialog.getByLabel('Contraseña', { exact: true }).fill('corta');
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expect(dialog.getByText('La contraseña debe tener al menos 12 caracteres')).toBeVisible();
  await dialog.getByLabel('Contraseña', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expectToast(page, 'Usuario creado exitosamente');
  const user = card(page, username);
  await expect(user.getByText('Colaborador')).toBeVisible();
  await expect(user.getByText('Activo')).toBeVisible();

  await user.getByRole('button', { name: 'Restablecer contraseña' }).click();
  const reset = page.getByRole('dialog', { name: `Restablecer contraseña de ${username}` });
  await reset.getByLabel('Nueva contraseña').fill('otra-clave-segura-456');
  await reset.getByRole('button', { name: 'Actualizar' }).click();
  await expectToast(page, 'Contraseña restablecida exitosamente');
  const fresh = await playwright.request.newContext({ baseURL });
  expect((await fresh.post('/api/auth/login', { data: { username, password: 'otra-clave-segura-456' } })).status()).toBe(200);

  await user.getByRole('button', { name: 'Cambiar rol' }).click();
  const roleDialog = page.getByRole('dialog', { name: `Cambiar rol de ${username}` });
  await choose(page, roleDialog, 'Rol', 'Administrador');
  await roleDialog.getByRole('button', { name: 'Actualizar' }).click();
  await expectToast(page, 'Usuario actualizado exitosamente');
  await expect(user.getByText('Administrador')).toBeVisible();

  await user.getByRole('button', { name: 'Correo de avisos' }).click();
  const noticeDialog = page.getByRole('dialog', { name: `Correo de avisos de ${username}` });
  await field(noticeDialog, 'Correo de avisos').fill('no-es-correo');
  await noticeDialog.getByRole('button', { name: 'Actualizar' }).click();
  await expect(noticeDialog.getByText('Correo electrónico inválido')).toBeVisible();
  await field(noticeDialog, 'Correo de avisos').fill('avisos@example.com');
  await noticeDialog.getByRole('button', { name: 'Actualizar' }).click();
  await expectToast(page, 'Usuario actualizado exitosamente');
  await user.getByRole('button', { name: 'Correo de avisos' }).click();
  await expect(field(noticeDialog, 'Correo de avisos')).toHaveValue('avisos@example.com');
  await noticeDialog.getByRole('button', { name: 'Cancelar' }).click();

  // 'Cerrar sesiones' asks first, then ends the sessions of that user: the fresh sign-in's among them.
  await user.getByRole('button', { name: 'Cerrar sesiones' }).click();
  await page.getByRole('alertdialog', { name: 'Cerrar sesiones' }).getByRole('button', { name: 'Cerrar sesiones' }).click();
  await expectToast(page, 'Se cerraron 1 sesión(es)');
  expect((await fresh.get('/api/auth/me')).status()).toBe(401);
  expect((await fresh.post('/api/auth/login', { data: { username, password: 'otra-clave-segura-456' } })).status()).toBe(200);

  await user.getByRole('button', { name: 'Deshabilitar' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Deshabilitar' }).click();
  await expectToast(page, 'Usuario actualizado exitosamente');
  await expect(user.getByText('Deshabilitado')).toBeVisible();
  // Its session ended, and it cannot sign in again.
  expect((await fresh.get('/api/auth/me')).status()).toBe(401);
  expect((await fresh.post('/api/auth/login', { data: { username, password: 'otra-clave-segura-456' } })).status()).toBe(401);
  await fresh.dispose();

  await user.getByRole('button', { name: 'Habilitar' }).click();
  await expectToast(page, 'Usuario actualizado exitosamente');
  await expect(user.getByText('Activo')).toBeVisible();
});

test('a colaborador sees no Usuarios tab and no delete buttons', async ({ browser, baseURL, api }) => {
  const username = unique('colab').replace(/\s/g, '.');
  await createUser(api, username, password, 'colaborador');
  const title = unique('Servicio visible');
  await createService(api, title);

  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/admin/login');
  await field(page, 'Usuario').fill(username);
  await field(page, 'Contraseña').fill(password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expectToast(page, 'Inicio de sesión exitoso');
  await expect(page.getByRole('tab', { name: 'Actividad' })).toBeVisible();
  const tabs = await page.getByRole('tab').allTextContents();
  expect(tabs.slice(0, 7)).toEqual(['Resumen', 'Noticias', 'Servicios', 'Avanzadas', 'Mensajes', 'RSS', 'Actividad']);
  expect(tabs).not.toContain('Usuarios');

  await openTab(page, 'services', 'Servicios');
  const service = card(page, title);
  await expect(service.getByRole('button', { name: 'Editar' })).toBeVisible();
  await expect(service.getByRole('button', { name: 'Historial' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Eliminar' })).toHaveCount(0);

  // ?tab=users is not theirs: they land on the default tab.
  await page.goto('/admin/dashboard?tab=users');
  await expect(page.getByRole('tab', { name: 'Noticias', selected: true })).toBeVisible();
  // And the server refuses anyway.
  expect((await page.request.get('/api/users')).status()).toBe(403);
  await context.close();
});
