// The inbox as staff work it: accent-blind search and status filter, response-time figures, internal
// notes (in the history too), replies by e-mail and WhatsApp, the CSV export and the notice line.
import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { expect, test, unique } from '../fixtures';
import { card, choose, expectToast, openTab, searchFor } from './helpers';
import { createAdvanceForm } from './seed';

const message = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  email: 'lead@example.com',
  message: 'Necesito una revisión de cámaras ocultas',
  ...extra,
});

/**
 * The notice of a new message is mailed in the background, and its line ('Aviso enviado') joins the
 * card when the list is next read: waited for first, so the card does not change under a click.
 */
async function noticeSent(api: APIRequestContext, name: string) {
  const status = async () => (await (await api.get(`/api/contact/messages?search=${encodeURIComponent(name)}`)).json())[0]?.notice?.status;
  await expect.poll(status, { timeout: 30_000 }).toBe('sent');
}

test('search ignores accents, the status filter narrows, and each card offers the right replies', async ({ adminPage: page, api }) => {
  const tag = unique('Ñandú').split(' ')[1];
  const withPhone = `José Pérez ${tag}`;
  const withoutPhone = `María López ${tag}`;
  await api.post('/api/contact', { data: message(withPhone, { phone: '8888 1234' }) });
  const second = await (await api.post('/api/contact', { data: message(withoutPhone) })).json();
  await api.patch(`/api/contact/${second.id}/status`, { data: { status: 'read' } });
  await noticeSent(api, withPhone);

  await openTab(page, 'contacts', 'Mensajes');
  await searchFor(page, `jose perez ${tag}`);
  await expect(card(page, withPhone)).toBeVisible();
  await expect(card(page, withoutPhone)).toBeHidden();
  await expect(page.getByText('1 mensaje(s)')).toBeVisible();

  const jose = card(page, withPhone);
  const mail = jose.getByRole('link', { name: 'Responder por correo' });
  await expect(mail).toHaveAttribute('href', `mailto:lead@example.com?subject=${encodeURIComponent('Respuesta a su mensaje - Contraespionaje CR')}`);
  const whatsapp = jose.getByRole('link', { name: 'Responder por WhatsApp' });
  const href = (await whatsapp.getAttribute('href'))!;
  expect(href.startsWith('https://wa.me/50688881234?text=')).toBe(true);
  expect(decodeURIComponent(href.split('text=')[1])).toBe('Hola José, le saludamos de Contraespionaje CR en respuesta a su mensaje.');
  await expect(jose.getByText('Aviso enviado')).toBeVisible();

  await searchFor(page, tag);
  await expect(card(page, withoutPhone)).toBeVisible();
  await expect(card(page, withoutPhone).getByRole('link', { name: 'Responder por WhatsApp' })).toHaveCount(0);
  await choose(page, page, 'Estado', 'Leído');
  await expect(card(page, withoutPhone)).toBeVisible();
  await expect(card(page, withPhone)).toBeHidden();
  await searchFor(page, 'nadie-coincide-con-esto');
  await expect(page.getByText('Ningún mensaje coincide con la búsqueda')).toBeVisible();
});

test('an internal note is added from the card and shows in its history', async ({ adminPage: page, api }) => {
  const name = unique('Con nota');
  await api.post('/api/contact', { data: message(name) });
  await noticeSent(api, name);
  await openTab(page, 'contacts', 'Mensajes');
  await searchFor(page, name);
  await expect(page.getByText('1 mensaje(s)')).toBeVisible();
  const lead = card(page, name);
  await lead.getByText('Notas internas (0)').click();
  await lead.getByRole('textbox', { name: 'Nueva nota interna' }).fill('Llamar el lunes a primera hora');
  await lead.getByRole('button', { name: 'Agregar nota' }).click();
  await expectToast(page, 'Nota agregada');
  await expect(lead.getByText('Notas internas (1)')).toBeVisible();
  await expect(lead.getByText('Llamar el lunes a primera hora')).toBeVisible();
  await lead.getByRole('button', { name: 'Historial' }).click();
  const history = page.getByRole('dialog', { name: 'Historial de cambios' });
  await expect(history.getByText('Nota interna agregada')).toBeVisible();
  await expect(history.getByText('Llamar el lunes a primera hora')).toBeVisible();
});

test('the CSV export downloads the filtered list with a BOM, and the figures show response times', async ({ adminPage: page, api }) => {
  const name = unique('Exportación Ñ');
  await api.post('/api/contact', { data: message(name) });
  await openTab(page, 'contacts', 'Mensajes');
  const figures = page.getByRole('region', { name: 'Tiempos de respuesta (últimas 4 semanas)' });
  await expect(figures.getByText('Mediana hasta la lectura')).toBeVisible();
  await expect(figures.getByText('Sin leer hace más de 24 h')).toBeVisible();
  await searchFor(page, name);
  await expect(page.getByText('1 mensaje(s)')).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^mensajes-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile((await file.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.toString('utf8').trim().split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`"${name}"`);
});

test("an advance form's card says its notice was sent", async ({ adminPage: page, api }) => {
  const form = await createAdvanceForm(api, unique('Anfitrión avisado'));
  const noticeOf = async () =>
    ((await (await api.get('/api/advance-forms')).json()) as { id: string; notice?: { status: string } }[]).find((f) => f.id === form.id)?.notice?.status;
  await expect.poll(noticeOf, { timeout: 30_000 }).toBe('sent');
  await openTab(page, 'avanzadas', 'Avanzadas');
  await expect(card(page, form.hostName).getByText('Aviso enviado')).toBeVisible();
});
