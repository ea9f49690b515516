// 'Exigir segundo factor a todo el personal': a staff member without one is sent to set it up right
// after signing in, and can do nothing else until it is done. Runs on a server of its own: the setting
// is site-wide and would hold up the other tests' admin.
import { expect, test } from '../fixtures';
import { expectToast, openTab } from './helpers';
import { fillLogin, newStaffUser, setUpAuthenticatorApp } from './account-helpers';
import { startPrivateServer } from './private-server';
import { e2eAdmin } from '../credentials';

let server: Awaited<ReturnType<typeof startPrivateServer>>;
test.beforeAll(async () => {
  server = await startPrivateServer();
});
test.afterAll(async () => {
  await server?.close();
});

test('with the setting on, a user without a second factor is sent to set one up before anything else', async ({ browser, playwright }) => {
  // Two accounts set up an authenticator app, with a server of its own: long on a busy machine.
  test.slow();
  const admin = await browser.newContext({ baseURL: server.baseURL });
  const adminPage = await admin.newPage();
  await fillLogin(adminPage, e2eAdmin.username, e2eAdmin.password);
  await expect(adminPage).toHaveURL(/\/admin\/dashboard/);
  // The admin secures their own account first, or the setting would hold them too.
  await adminPage.goto('/admin/seguridad');
  await setUpAuthenticatorApp(adminPage, e2eAdmin.password);
  await openTab(adminPage, 'users', 'Usuarios');
  const setting = adminPage.getByRole('switch', { name: 'Exigir segundo factor a todo el personal' });
  await expect(setting).not.toBeChecked();
  // The switch waits, disabled, for the stored setting; a forced click (its input is hidden) would be lost.
  await expect(setting).toBeEnabled();
  await setting.click({ force: true });
  await expectToast(adminPage, 'Configuración guardada');
  await expect(setting).toBeChecked();

  // From now on the admin's password alone no longer signs in.
  const api = await playwright.request.newContext({ baseURL: server.baseURL });
  expect((await api.post('/api/auth/login', { data: e2eAdmin })).status()).toBe(401);
  await api.dispose();
  const username = await newStaffUser(admin.request, 'obligado');

  const context = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  await fillLogin(page, username);
  await expectToast(page, 'Inicio de sesión exitoso');
  await expect(page).toHaveURL(/\/admin\/seguridad$/);
  await expect(page.getByRole('alert').filter({ hasText: 'exige un segundo factor' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Volver al Dashboard' })).toHaveCount(0);
  // The dashboard sends them back, and the server refuses its calls.
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/seguridad$/);
  const refused = await page.request.get('/api/contact/messages');
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe('Debe configurar un segundo factor antes de continuar. Hágalo en Seguridad de la cuenta.');

  await setUpAuthenticatorApp(page);
  await page.getByRole('link', { name: 'Volver al Dashboard' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await expect(page.getByRole('tab', { name: 'Noticias', selected: true })).toBeVisible();
  expect((await page.request.get('/api/contact/messages')).status()).toBe(200);
  await context.close();
  await admin.close();
});
