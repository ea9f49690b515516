// The messages tab: count, badges (the language's too), the status flow (unread → read → resolved) and deletion.
import { closeWithEscape, expect, test, unique } from '../fixtures';
import { sendContactMessage } from './seed';
import { card, deleteThroughDialog, expectToast, openTab } from './helpers';

test('a message goes from Sin leer to Leído to Resuelto, then is deleted', async ({ adminPage: page, playwright, baseURL }) => {
  const visitor = await playwright.request.newContext({ baseURL });
  const name = unique('Visitante');
  await sendContactMessage(visitor, name);
  await visitor.dispose();

  await openTab(page, 'contacts', 'Mensajes');
  await expect(page.getByRole('heading', { name: 'Mensajes de Contacto' })).toBeVisible();
  await expect(page.getByText(/^\d+ mensaje\(s\)$/)).toBeVisible();
  const message = card(page, name);
  await expect(message.getByText('Sin leer')).toBeVisible();
  await expect(message.getByText('cliente@example.com')).toBeVisible();
  await expect(message.getByText('+506 8888 0000')).toBeVisible();

  await message.getByRole('button', { name: 'Marcar como leído' }).click();
  await expectToast(page, 'Estado actualizado exitosamente');
  await expect(message.getByText('Leído', { exact: true })).toBeVisible();
  await expect(message.getByRole('button', { name: 'Marcar como leído' })).toBeHidden();

  await message.getByRole('button', { name: 'Marcar como resuelto' }).click();
  await expectToast(page, 'Estado actualizado exitosamente');
  await expect(message.getByText('Resuelto', { exact: true })).toBeVisible();
  await expect(message.getByRole('button', { name: 'Marcar como resuelto' })).toBeHidden();

  await message.getByRole('button', { name: 'Historial' }).click();
  const history = page.getByRole('dialog', { name: 'Historial de cambios' });
  await expect(history.getByText('Estado cambiado')).toHaveCount(2);
  await expect(history.getByText('Recibido')).toBeVisible();
  await closeWithEscape(page, history);

  await deleteThroughDialog(page, message);
  await expectToast(page, 'Mensaje eliminado exitosamente');
  await expect(message).toBeHidden();
});

test('the count matches the server total', async ({ adminPage: page, api }) => {
  await sendContactMessage(api, unique('Conteo'));
  const serverTotal = async () => Number((await api.get('/api/contact/messages?limit=1')).headers()['x-total-count']);
  // Tests running beside this one send messages too: the count shown is the server's total at some
  // moment between the two reads around the screen's own.
  const before = await serverTotal();
  await openTab(page, 'contacts', 'Mensajes');
  const count = page.getByText(/^\d+ mensaje\(s\)$/);
  await expect(count).toBeVisible();
  const shown = Number(/^\d+/.exec((await count.textContent()) ?? '')?.[0]);
  const after = await serverTotal();
  expect(shown).toBeGreaterThanOrEqual(before);
  expect(shown).toBeLessThanOrEqual(after);
});

test('a message sent from the English pages says Inglés on its card; a Spanish one has no language badge', async ({ adminPage: page, api }) => {
  const english = unique('International Visitor');
  const spanish = unique('Visitante local');
  await sendContactMessage(api, english, { language: 'en', message: 'We would like a quote for an office sweep.' });
  await sendContactMessage(api, spanish);
  await openTab(page, 'contacts', 'Mensajes');
  // The badge reads 'Inglés'; screen readers hear 'Idioma: Inglés'.
  await expect(card(page, english).getByText('Idioma: Inglés', { exact: true })).toBeVisible();
  await expect(card(page, spanish)).toBeVisible();
  await expect(card(page, spanish).getByText(/Inglés|Español/)).toHaveCount(0);
});
