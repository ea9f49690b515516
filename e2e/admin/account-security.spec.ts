// 'Seguridad de la cuenta' in the browser: the authenticator app set up from its QR screen and then
// asked at sign-in, a passkey in Chromium's virtual authenticator, ending another session, and an admin
// taking away the app of a user who lost it.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../fixtures';
import { e2ePort } from '../../playwright.config';
import { card, expectToast, field, openTab } from './helpers';
import { confirmWithPassword, fillLogin, newStaffUser, setUpAuthenticatorApp, totpCode } from './account-helpers';

test('an authenticator app is set up from the QR screen, then the sign-in asks for its code', async ({ browser, baseURL, api }) => {
  const username = await newStaffUser(api, 'totp');
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await fillLogin(page, username);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.getByRole('link', { name: 'Seguridad de la cuenta' }).click();
  await expect(page.getByRole('heading', { name: 'Seguridad de la cuenta', level: 1 })).toBeVisible();
  const secret = await setUpAuthenticatorApp(page);

  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await fillLogin(page, username);
  const code = page.getByRole('textbox', { name: 'Código de verificación' });
  await expect(code).toBeFocused();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await code.fill('000000' === totpCode(secret, 1) ? '111111' : '000000');
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expectToast(page, 'Error de autenticación', 'Código de verificación incorrecto o ya utilizado');
  await code.fill(totpCode(secret, 1));
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expectToast(page, 'Inicio de sesión exitoso');
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await context.close();
});

test('a passkey registered in the virtual authenticator signs in without password or code', async ({ browser, api }) => {
  const username = await newStaffUser(api, 'llave');
  // Browsers refuse an IP address as a passkey's site: the same server, named localhost.
  const context = await browser.newContext({ baseURL: `http://localhost:${e2ePort}` });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  await fillLogin(page, username);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.goto('/admin/seguridad');
  await expect(page.getByText('No tiene llaves de acceso registradas.')).toBeVisible();
  // A session alone does not add a way in: the password is asked first, and a wrong one adds nothing.
  await confirmWithPassword(page, 'Agregar llave de acceso', 'no-es-la-contraseña');
  await expect(page.getByRole('form', { name: 'Agregar llave de acceso' }).getByText('La contraseña actual no es correcta')).toBeVisible();
  expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(0);
  await page.getByRole('form', { name: 'Agregar llave de acceso' }).getByRole('button', { name: 'Cancelar' }).click();
  await confirmWithPassword(page, 'Agregar llave de acceso');
  await expectToast(page, 'Llave de acceso agregada');
  await expect(page.getByRole('list', { name: 'Llaves de acceso' }).getByRole('listitem')).toHaveCount(1);
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0].isResidentCredential).toBe(true);

  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  // The password alone no longer opens this account: it has a stronger way in.
  await fillLogin(page, username);
  await expectToast(page, 'Error de autenticación', 'Esta cuenta inicia sesión con su llave de acceso');
  await page.getByRole('button', { name: 'Usar una llave de acceso' }).click();
  await expectToast(page, 'Inicio de sesión exitoso');
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await context.close();
});

test('an admin takes away the authenticator app of a user who lost it: the badge changes, and the password alone signs them in', async ({
  browser,
  baseURL,
  api,
  adminPage,
}) => {
  const username = await newStaffUser(api, 'perdida');
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await fillLogin(page, username);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.goto('/admin/seguridad');
  await setUpAuthenticatorApp(page);

  await openTab(adminPage, 'users', 'Usuarios');
  const user = card(adminPage, username);
  await expect(user.getByText('Segundo factor', { exact: true })).toBeVisible();
  await user.getByRole('button', { name: 'Quitar segundo factor' }).click();
  const confirm = adminPage.getByRole('alertdialog', { name: 'Quitar segundo factor' });
  await expect(confirm.getByText(`¿Quitar la aplicación de autenticación y las llaves de acceso de ${username}?`, { exact: false })).toBeVisible();
  await confirm.getByRole('button', { name: 'Quitar segundo factor' }).click();
  await expectToast(adminPage, 'Segundo factor quitado: sus sesiones se cerraron');
  await expect(user.getByText('Sin segundo factor')).toBeVisible();
  await expect(user.getByRole('button', { name: 'Quitar segundo factor' })).toHaveCount(0);

  // The session on the lost phone ended; the password alone signs in again.
  await page.reload();
  await expect(page).toHaveURL(/\/admin\/login/);
  await fillLogin(page, username);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await context.close();
});

test('another session is ended from the list, and that browser is signed out', async ({ browser, baseURL, api }) => {
  const username = await newStaffUser(api, 'sesiones');
  const chrome = 'AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0';
  const laptop = await browser.newContext({ baseURL, userAgent: `Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) ${chrome} Safari/537.36` });
  const phone = await browser.newContext({ baseURL, userAgent: `Mozilla/5.0 (Linux; Android 14; Pixel 8) ${chrome} Mobile Safari/537.36` });
  const phonePage = await phone.newPage();
  await fillLogin(phonePage, username);
  await expect(phonePage).toHaveURL(/\/admin\/dashboard/);
  const page = await laptop.newPage();
  await fillLogin(page, username);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.goto('/admin/seguridad');
  const sessions = page.getByRole('list', { name: 'Sesiones activas' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  const mine = sessions.getByRole('listitem', { name: 'Chrome en macOS' });
  await expect(mine.getByText('Esta sesión')).toBeVisible();
  await expect(mine.getByRole('button')).toHaveCount(0);
  const other = sessions.getByRole('listitem', { name: 'Chrome en Android' });
  await expect(other.getByText('Dirección IP: 127.0.0.1')).toBeVisible();
  await other.getByRole('button', { name: 'Cerrar la sesión de Chrome en Android' }).click();
  await expectToast(page, 'Sesión cerrada');
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  // The phone's next request finds no session: back to the login.
  await phonePage.reload();
  await expect(phonePage).toHaveURL(/\/admin\/login$/);
  await expect(field(phonePage, 'Usuario')).toBeVisible();
  // The end is in the activity log.
  const log = await api.get('/api/history?type=UserSessionEnded');
  const items = (await log.json()).items as { changes: { reason: { to: string } } }[];
  expect(items.some((item) => item.changes.reason.to === 'ended-by-user')).toBe(true);
  await laptop.close();
  await phone.close();
});

test('on a phone, the security screen and its QR step have no serious accessibility problem', async ({ browser, baseURL, api }) => {
  const username = await newStaffUser(api, 'movil');
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await fillLogin(page, username);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.goto('/admin/seguridad');
  await expect(page.getByRole('list', { name: 'Sesiones activas' })).toBeVisible();
  // react-aria's live announcer briefly keeps a 'pending' announcement whose label left with the button.
  const serious = async () =>
    (await new AxeBuilder({ page }).exclude('[data-live-announcer]').analyze()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`);
  expect(await serious()).toEqual([]);
  await confirmWithPassword(page, 'Configurar aplicación de autenticación');
  await expect(page.getByRole('img', { name: /Código QR/ })).toBeVisible();
  expect(await serious()).toEqual([]);
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await context.close();
});
