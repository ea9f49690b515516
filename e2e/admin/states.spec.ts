// Empty and error states, and the error toasts of spec section 8, with the server's answers
// replaced through page.route (the shared database is never empty, and never fails on demand).
import { expect, test, unique } from '../fixtures';
import { createArticle, createAdvanceForm } from './seed';
import { card, deleteThroughDialog, expectToast, openTab, searchFor } from './helpers';

const json = (body: unknown, headers: Record<string, string> = {}) => ({ status: 200, contentType: 'application/json', headers, body: JSON.stringify(body) });

test('empty lists say so in the required words', async ({ adminPage: page }) => {
  await page.route(/\/api\/contact\/messages/, (route) => route.fulfill(json([], { 'X-Total-Count': '0' })));
  await page.route(/\/api\/advance-forms\?/, (route) => route.fulfill(json([], { 'X-Total-Count': '0' })));
  await openTab(page, 'contacts', 'Mensajes');
  await expect(page.getByText('No hay mensajes de contacto')).toBeVisible();
  await expect(page.getByText('0 mensaje(s)')).toBeVisible();
  await openTab(page, 'avanzadas', 'Avanzadas');
  await expect(page.getByText('No hay formularios de avanzada registrados')).toBeVisible();
});

test('a list that fails to load says so and retries', async ({ adminPage: page }) => {
  let fail = true;
  await page.route(/\/api\/news\?/, (route) =>
    fail ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Fallo interno"}' }) : route.fallback(),
  );
  await openTab(page, 'news', 'Noticias');
  await expect(page.getByText('Error al cargar noticias')).toBeVisible();
  fail = false;
  await page.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByText('Error al cargar noticias')).toBeHidden();
});

test('failed writes toast the required errors with the server reason', async ({ adminPage: page, api }) => {
  const title = unique('No se deja borrar');
  await createArticle(api, title);
  await page.route(/\/api\/news\/[0-9a-f-]{36}$/, (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Base de datos no disponible"}' })
      : route.fallback(),
  );
  await openTab(page, 'news', 'Noticias');
  await searchFor(page, title);
  await deleteThroughDialog(page, card(page, title));
  await expectToast(page, 'Error al eliminar noticia', 'Base de datos no disponible');
  await expect(card(page, title)).toBeVisible();
});

test('a PDF that cannot be downloaded toasts the error', async ({ adminPage: page, api }) => {
  const host = unique('Sin PDF');
  await createAdvanceForm(api, host);
  await page.route(/\/pdf$/, (route) => route.fulfill({ status: 500, body: 'error' }));
  await openTab(page, 'avanzadas', 'Avanzadas');
  await card(page, host).getByRole('button', { name: 'Descargar PDF' }).click();
  await expectToast(page, 'Error al descargar PDF');
});

test('a logout the server refuses toasts the error and stays', async ({ adminPage: page }) => {
  await page.route('**/api/auth/logout', (route) => route.fulfill({ status: 500, body: '' }));
  await page.goto('/admin/dashboard');
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expectToast(page, 'Error al cerrar sesión');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});
