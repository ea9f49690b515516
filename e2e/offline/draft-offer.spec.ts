// 'Continuar borrador' on a draft another tab still has open: the screen says it waits (the same words
// as any draft held elsewhere), and opens the draft, with what the other tab wrote last, once that tab
// lets go of it.
import { expect, test, unique } from '../fixtures';
import { touchForm } from '../advance-form/fill';
import { readDrafts, waitForOfflineReady } from './helpers';

// What works offline is the service worker's: these tests run with it.
test.use({ serviceWorkers: 'allow' });

const busyText = 'Este formulario se está enviando o está abierto en otra pestaña. Espere un momento…';

test("'Continuar borrador' on a draft open in another tab says it waits, then opens it once that tab closes", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: 'es-CR', timezoneId: 'America/Costa_Rica' });
  const first = await context.newPage();
  await first.goto('/formulario-avanzada');
  await waitForOfflineReady(first);
  await touchForm(first);
  const host = unique('Dos pestañas');
  await first.getByLabel('Nombre del anfitrión *', { exact: true }).fill(host);
  await expect.poll(async () => (await readDrafts(first)).find((d) => d.values.hostName === host)?.state).toBe('draft');

  const second = await context.newPage();
  await second.goto('/formulario-avanzada');
  // Nothing to touch: a device that holds drafts loads the form's code at once, and the offer takes the
  // place of the empty form the server sent (touching that form races with it, and may find it gone).
  const offer = second.getByRole('button', { name: 'Continuar borrador' });
  await offer.click();
  await expect(second.getByRole('status').filter({ hasText: busyText })).toBeVisible();
  await expect(offer).toHaveCount(0);

  await first.getByLabel('Dirección del lugar *', { exact: true }).fill('Escrita en la primera pestaña');
  await expect.poll(async () => (await readDrafts(first)).find((d) => d.values.hostName === host)?.values.address).toBe('Escrita en la primera pestaña');
  await first.close({ runBeforeUnload: true });
  await expect(second.getByLabel('Dirección del lugar *', { exact: true })).toHaveValue('Escrita en la primera pestaña');
  await expect(second.getByText(busyText)).toHaveCount(0);
  await context.close();
});
