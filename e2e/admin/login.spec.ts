// The admin entry: login failure and success with the required toasts, redirects, logout.
import { e2eAdmin, expect, test } from '../fixtures';
import { expectToast, field } from './helpers';

test('a wrong password shows the authentication error toast', async ({ page }) => {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Panel de Administración' })).toBeVisible();
  await field(page, 'Usuario').fill(e2eAdmin.username);
  await field(page, 'Contraseña').fill('no-es-la-clave');
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expectToast(page, 'Error de autenticación', 'Usuario o contraseña incorrectos.');
  await expect(page).toHaveURL(/\/admin$/);
});

test('empty fields show the required messages', async ({ page }) => {
  await page.goto('/admin/login');
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page.getByText('El usuario es requerido')).toBeVisible();
  await expect(page.getByText('La contraseña es requerida')).toBeVisible();
});

test('a correct login toasts and opens the dashboard on the news tab', async ({ page }) => {
  await page.goto('/admin/login');
  await field(page, 'Usuario').fill(e2eAdmin.username);
  await field(page, 'Contraseña').fill(e2eAdmin.password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expectToast(page, 'Inicio de sesión exitoso');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('tab', { name: 'Noticias', selected: true })).toBeVisible();
  const tabs = await page.getByRole('tab').allTextContents();
  // Resumen, then the five main tabs in their fixed order; the added tabs follow.
  expect(tabs.slice(0, 8)).toEqual(['Resumen', 'Noticias', 'Servicios', 'Avanzadas', 'Mensajes', 'RSS', 'Usuarios', 'Actividad']);
});

test('signed out, the dashboard sends to the login', async ({ page }) => {
  await page.goto('/admin/dashboard?tab=services');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole('button', { name: 'Iniciar Sesión' })).toBeVisible();
});

test('signed in, the login goes straight to the dashboard', async ({ adminPage: page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test('the chosen tab survives a reload', async ({ adminPage: page }) => {
  await page.goto('/admin/dashboard');
  await page.getByRole('tab', { name: 'RSS' }).click();
  await expect(page).toHaveURL(/\?tab=rss$/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'RSS', selected: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Fuentes RSS' })).toBeVisible();
});

test('Cerrar Sesión ends the session and returns to the login', async ({ adminPage: page }) => {
  await page.goto('/admin/dashboard');
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/login$/);
});
