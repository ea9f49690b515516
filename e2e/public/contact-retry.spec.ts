// A contact message whose answer is lost on the way back: sending again makes no second message,
// because every submission carries its own Idempotency-Key. One sent without a connection says it
// waits, and goes by itself when the connection is back.
import { expect, test, unique } from '../fixtures';
import { waitForHydration } from './helpers';

// What works offline is the service worker's: these tests run with it.
test.use({ serviceWorkers: 'allow' });

test('a retry after a lost answer never makes a second message', async ({ page, api }) => {
  const name = unique('Reintento');
  let lost = false;
  await page.route('**/api/contact', async (route) => {
    if (lost) return route.continue();
    // The server records the message, but its answer never reaches the browser.
    await route.fetch();
    lost = true;
    await route.abort('connectionreset');
  });
  await page.goto('/contacto');
  await waitForHydration(page);
  await page.getByLabel('Nombre Completo *').fill(name);
  await page.getByLabel('Correo Electrónico *').fill('reintento@example.com');
  await page.getByLabel('Mensaje *').fill('Quiero una cotización para un barrido.');
  await page.getByRole('button', { name: 'Enviar Mensaje' }).click();
  await expect(page.getByText('No se pudo enviar el mensaje. Por favor, intente nuevamente.')).toBeVisible();
  await page.getByRole('button', { name: 'Enviar Mensaje' }).click();
  await expect(page.getByRole('heading', { name: '¡Mensaje Enviado!' })).toBeVisible();

  const list = await api.get(`/api/contact/messages?search=${encodeURIComponent(name)}`);
  expect((await list.json()).map((m: { name: string }) => m.name)).toEqual([name]);
});

test('a message sent without a connection says it waits, and goes by itself once the connection is back', async ({ page, context, api }) => {
  const name = unique('Sin señal');
  await page.goto('/contacto');
  await waitForHydration(page);
  await page.getByLabel('Nombre Completo *').fill(name);
  await page.getByLabel('Correo Electrónico *').fill('sin-senal@example.com');
  await page.getByLabel('Mensaje *').fill('Necesito un barrido electrónico en la oficina.');
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Enviar Mensaje' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Sin conexión: su mensaje se enviará en cuanto vuelva la conexión' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enviando...' })).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: '¡Mensaje Enviado!' })).toBeVisible();
  const list = await api.get(`/api/contact/messages?search=${encodeURIComponent(name)}`);
  expect((await list.json()).map((m: { name: string }) => m.name)).toEqual([name]);
});
