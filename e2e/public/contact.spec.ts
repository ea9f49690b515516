// The contact page: its texts, validation, sending, the confirmation panel and a server failure.
import { test, expect, e2eSite } from '../fixtures';
import { waitForHydration } from './helpers';

// page.route() cannot see what the service worker fetches: keep it out of these tests.
test.use({ serviceWorkers: 'block' });

test('contact: hero, the four contact cards and the form fields', async ({ page }) => {
  await page.goto('/contacto');
  await expect(page.getByRole('heading', { level: 1, name: 'Contáctenos' })).toBeVisible();
  const cards = page.getByRole('region', { name: 'Medios de contacto' });
  await expect(cards.getByRole('link', { name: /\+506/ })).toHaveAttribute('href', new RegExp(`^https://wa\\.me/${e2eSite.phoneDigits}\\?text=`));
  await expect(cards.getByRole('link', { name: e2eSite.email })).toHaveAttribute('href', `mailto:${e2eSite.email}`);
  await expect(cards).toContainText('Costa Rica e Internacional');
  await expect(cards).toContainText('Modalidad de servicio');
  await expect(page.getByRole('heading', { name: 'Envíenos un Mensaje' })).toBeVisible();
  for (const label of ['Nombre Completo *', 'Correo Electrónico *', 'Teléfono (Opcional)', 'Mensaje *']) await expect(page.getByLabel(label, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enviar Mensaje' })).toBeVisible();
});

test('contact: required fields and a malformed e-mail are refused before sending', async ({ page }) => {
  await page.goto('/contacto');
  await waitForHydration(page);
  let sent = false;
  await page.route('**/api/contact', (route) => ((sent = true), route.continue()));
  await page.getByRole('button', { name: 'Enviar Mensaje' }).click();
  await expect(page.getByText('El nombre es requerido')).toBeVisible();
  await expect(page.getByText('El correo electrónico es requerido')).toBeVisible();
  await expect(page.getByText('El mensaje es requerido')).toBeVisible();
  await expect(page.getByLabel('Nombre Completo *')).toBeFocused();
  await page.getByLabel('Correo Electrónico *').fill('no-es-un-correo');
  await page.getByRole('button', { name: 'Enviar Mensaje' }).click();
  await expect(page.getByText('Ingrese un correo electrónico válido')).toBeVisible();
  expect(sent).toBe(false);
});

test('contact: a sent message shows "¡Mensaje Enviado!", a toast, and "Enviar otro mensaje" brings the form back', async ({ page }) => {
  await page.goto('/contacto');
  await waitForHydration(page);
  await page.getByLabel('Nombre Completo *').fill('Ana Pérez');
  await page.getByLabel('Correo Electrónico *').fill('ana@example.com');
  await page.getByLabel('Teléfono (Opcional)').fill('+506 8888 0000');
  await page.getByLabel('Mensaje *').fill('Necesito un barrido electrónico de mi oficina.');
  const request = page.waitForRequest('**/api/contact');
  // The message is held until 'Enviando...' has been seen (a delay could end before it shows).
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/contact', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Enviar Mensaje' }).click();
  await expect(page.getByRole('button', { name: 'Enviando...' })).toBeDisabled();
  answer();
  const body = (await request).postDataJSON();
  expect(body).toMatchObject({ name: 'Ana Pérez', email: 'ana@example.com', message: 'Necesito un barrido electrónico de mi oficina.' });
  await expect(page.getByRole('heading', { name: '¡Mensaje Enviado!' })).toBeVisible();
  const toast = page.getByRole('region', { name: 'Notification' });
  await expect(toast).toContainText('Mensaje enviado');
  await expect(toast).toContainText('Nos pondremos en contacto con usted pronto.');
  await page.getByRole('button', { name: 'Enviar otro mensaje' }).click();
  await expect(page.getByLabel('Nombre Completo *')).toHaveValue('');
});

test('contact: a server failure keeps the form and shows the error toast', async ({ page }) => {
  await page.goto('/contacto');
  await waitForHydration(page);
  await page.route('**/api/contact', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Error interno' }) }));
  await page.getByLabel('Nombre Completo *').fill('Luis Mora');
  await page.getByLabel('Correo Electrónico *').fill('luis@example.com');
  await page.getByLabel('Mensaje *').fill('Hola');
  await page.getByRole('button', { name: 'Enviar Mensaje' }).click();
  const toast = page.getByRole('region', { name: 'Notification' });
  await expect(toast).toContainText('Error');
  await expect(toast).toContainText('No se pudo enviar el mensaje. Por favor, intente nuevamente.');
  await expect(toast.getByRole('alert')).toHaveAttribute('data-variant', 'destructive');
  await expect(page.getByLabel('Nombre Completo *')).toHaveValue('Luis Mora');
  await expect(page.getByRole('heading', { name: '¡Mensaje Enviado!' })).toHaveCount(0);
});

test('toasts: F8 focuses the notification region and a swipe to the right dismisses the toast', async ({ page }) => {
  await page.goto('/contacto');
  await waitForHydration(page);
  await page.route('**/api/contact', (route) => route.fulfill({ status: 500, body: '' }));
  await page.getByLabel('Nombre Completo *').fill('Luis Mora');
  await page.getByLabel('Correo Electrónico *').fill('luis@example.com');
  await page.getByLabel('Mensaje *').fill('Hola');
  await page.getByRole('button', { name: 'Enviar Mensaje' }).click();
  const region = page.getByRole('region', { name: 'Notification' });
  const toast = region.getByRole('alert');
  await expect(toast).toBeVisible();
  await page.keyboard.press('F8');
  await expect(region).toBeFocused();
  const box = (await toast.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 60, box.y + box.height / 2, { steps: 4 });
  await page.mouse.move(box.x + 100, box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
  await expect(toast).toHaveCount(0);
});
