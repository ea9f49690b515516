// The shared public layout: header links and their active state, the mobile menu, the footer,
// and the floating WhatsApp button.
import { test, expect, e2eSite } from '../fixtures';
import { waitForHydration } from './helpers';

test.describe('header', () => {
  test('the links of the header take the visitor to each page and mark the current one', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const nav = page.getByRole('navigation', { name: 'Navegación principal' });
    await expect(nav.getByRole('link', { name: 'Inicio' })).toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: 'Servicios' }).click();
    await expect(page).toHaveURL(/\/servicios$/);
    await expect(nav.getByRole('link', { name: 'Servicios' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Inicio' })).not.toHaveAttribute('aria-current', 'page');
  });

  test('home is active only on / while the others are active on the pages below them', async ({ page }) => {
    await page.goto('/noticias/un-articulo-que-no-existe');
    const nav = page.getByRole('navigation', { name: 'Navegación principal' });
    await expect(nav.getByRole('link', { name: 'Noticias' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Inicio' })).not.toHaveAttribute('aria-current', 'page');
    await page.goto('/contacto');
    await expect(nav.getByRole('link', { name: 'Contacto' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Inicio' })).not.toHaveAttribute('aria-current', 'page');
  });

  test('the icon-only admin link has an accessible name and leads to /admin', async ({ page }) => {
    await page.goto('/');
    const admin = page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Administración' });
    await expect(admin).toHaveAttribute('href', '/admin');
    await expect(admin).toHaveText('');
  });
});

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('opens with the toggle and closes when a link is chosen', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const toggle = page.getByRole('button', { name: 'Abrir menú' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('#menu-movil')).toHaveCount(0);
    await toggle.click();
    const menu = page.locator('#menu-movil');
    await expect(menu).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cerrar menú' })).toHaveAttribute('aria-expanded', 'true');
    for (const label of ['Inicio', 'Servicios', 'Noticias', 'Contacto', 'Administración']) await expect(menu.getByRole('link', { name: label })).toBeVisible();
    await menu.getByRole('link', { name: 'Noticias' }).click();
    await expect(page).toHaveURL(/\/noticias$/);
    await expect(page.locator('#menu-movil')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Abrir menú' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('the toggle closes the open menu again', async ({ page }) => {
    await page.goto('/servicios');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page.getByRole('button', { name: 'Cerrar menú' }).click();
    await expect(page.locator('#menu-movil')).toHaveCount(0);
  });
});

test('the footer shows the brand, the links, the four services and the contact details', async ({ page }) => {
  await page.goto('/servicios');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText(e2eSite.siteName);
  for (const service of ['Barridos Electrónicos', 'Detección de Dispositivos', 'Análisis de Redes', 'Asesoría en Seguridad']) await expect(footer).toContainText(service);
  await expect(footer.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute('href', new RegExp(`^https://wa\\.me/${e2eSite.phoneDigits}\\?text=`));
  await expect(footer.getByRole('link', { name: e2eSite.email })).toHaveAttribute('href', `mailto:${e2eSite.email}`);
  await expect(footer).toContainText('Costa Rica e Internacional');
  await expect(footer).toContainText(`© ${new Date().getFullYear()} ${e2eSite.siteName}`);
  for (const label of ['Inicio', 'Servicios', 'Noticias', 'Contacto']) await expect(footer.getByRole('link', { name: label, exact: true })).toBeVisible();
});

test('the floating WhatsApp button opens a prefilled chat in a new tab on every public page', async ({ page }) => {
  for (const path of ['/', '/servicios', '/noticias', '/contacto', '/no-existe']) {
    await page.goto(path);
    const button = page.getByRole('link', { name: 'Escríbanos por WhatsApp' });
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute('target', '_blank');
    const href = await button.getAttribute('href');
    const url = new URL(href!);
    expect(url.origin + url.pathname).toBe(`https://wa.me/${e2eSite.phoneDigits}`);
    expect(url.searchParams.get('text')).toMatch(/más información.*contraespionaje y ciberseguridad/);
  }
  const position = await page.getByRole('link', { name: 'Escríbanos por WhatsApp' }).evaluate((el) => getComputedStyle(el).position);
  expect(position).toBe('fixed');
});

test('admin screens are sent without the public layout', async ({ page }) => {
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { name: 'Panel de Administración' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Escríbanos por WhatsApp' })).toHaveCount(0);
});
