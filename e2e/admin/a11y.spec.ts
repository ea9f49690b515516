// Screen-reader and keyboard basics: axe finds no serious or critical problem on the login and on
// every tab, and the tabs are reachable with the keyboard.
import AxeBuilder from '@axe-core/playwright';
import { closeWithEscape, expect, test } from '../fixtures';
import { createArticle, sendContactMessage } from './seed';

const tabs = ['Resumen', 'Noticias', 'Servicios', 'Avanzadas', 'Mensajes', 'RSS', 'Usuarios', 'Actividad'];

async function seriousViolations(page: import('@playwright/test').Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('the login has no serious accessibility problem', async ({ page }) => {
  await page.goto('/admin/login');
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page.getByText('El usuario es requerido')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('no tab of the dashboard has a serious accessibility problem', async ({ adminPage: page, api }) => {
  // Eight axe runs, the Usuarios tab with every user other tests made: over a minute on a busy machine.
  test.slow();
  await createArticle(api, `Accesible ${Date.now()}`, { reviewRequired: true });
  await sendContactMessage(api, 'Persona Accesible');
  await page.goto('/admin/dashboard');
  // Tab after tab as staff go through them, in the page opened once (the panel loaded again for each
  // tab cost the test about 4 CPU-s more).
  for (const tab of tabs) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await expect(page.getByRole('tab', { name: tab, exact: true, selected: true })).toBeVisible();
    await expect(page.getByRole('tabpanel').getByRole('heading', { level: 2 })).toBeVisible();
    await expect(page.getByText('Cargando...')).toHaveCount(0);
    expect(await seriousViolations(page), tab).toEqual([]);
  }
});

test('the arrow keys move between tabs and Enter opens a dialog that Escape closes', async ({ adminPage: page }) => {
  await page.goto('/admin/dashboard');
  await page.getByRole('tab', { name: 'Noticias' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Servicios', selected: true })).toBeFocused();
  await page.getByRole('button', { name: 'Nuevo Servicio' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Nuevo Servicio' });
  await expect(dialog).toBeVisible();
  await closeWithEscape(page, dialog);
  await expect(page.getByRole('button', { name: 'Nuevo Servicio' })).toBeFocused();
});
