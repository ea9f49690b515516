// The advance-forms tab: the card's fields and language, 'Ver detalles', 'Nuevo Formulario', the PDF download
// (named Avanzada-{host}-{id}.pdf) and deletion.
import { expect, test, unique } from '../fixtures';
import { createAdvanceForm } from './seed';
import { card, deleteThroughDialog, expectToast, openTab } from './helpers';

test('an advance form card shows its event, downloads its PDF and is deleted', async ({ adminPage: page, api }) => {
  const host = unique('Ana Solís');
  const form = await createAdvanceForm(api, host);
  await openTab(page, 'avanzadas', 'Avanzadas');
  await expect(page.getByRole('heading', { name: 'Formularios de Avanzada' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Nuevo Formulario' })).toHaveAttribute('href', '/admin/avanzadas/nuevo');

  const formCard = card(page, host);
  await expect(formCard.getByText('Cena privada').first()).toBeVisible();
  await expect(formCard.getByText('15 de diciembre, 2026')).toBeVisible();
  await expect(formCard.getByText('19:00')).toBeVisible();
  await expect(formCard.getByText('San José, Escazú, Hotel Central')).toBeVisible();
  await expect(formCard.getByRole('link', { name: 'Ver detalles' })).toHaveAttribute('href', `/admin/avanzadas/${form.id}`);

  const downloading = page.waitForEvent('download');
  await formCard.getByRole('button', { name: 'Descargar PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`Avanzada-${host.trim().replace(/\s+/g, '-')}-${form.id}.pdf`);
  await expectToast(page, 'PDF descargado exitosamente');

  await deleteThroughDialog(page, formCard);
  await expectToast(page, 'Formulario eliminado exitosamente');
  await expect(formCard).toBeHidden();
});

test('a form sent from the English page says Inglés on its card and Idioma: Inglés on its detail', async ({ adminPage: page, api }) => {
  const english = unique('International Host');
  const spanish = unique('Anfitrión local');
  const form = await createAdvanceForm(api, english, { language: 'en' });
  await createAdvanceForm(api, spanish);
  await openTab(page, 'avanzadas', 'Avanzadas');
  await expect(card(page, english).getByText('Idioma: Inglés', { exact: true })).toBeVisible();
  await expect(card(page, spanish)).toBeVisible();
  await expect(card(page, spanish).getByText(/Inglés|Español/)).toHaveCount(0);
  await card(page, english).getByRole('link', { name: 'Ver detalles' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/avanzadas/${form.id}$`));
  // The address changes before the detail replaces the list (whose cards say the same words).
  await expect(page.getByRole('heading', { level: 1, name: english })).toBeVisible();
  await expect(page.getByText('Idioma: Inglés', { exact: true })).toBeVisible();
  const forms = (await (await api.get('/api/advance-forms?limit=100')).json()) as { id: string; hostName: string }[];
  await page.goto(`/admin/avanzadas/${forms.find((f) => f.hostName === spanish)!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: spanish })).toBeVisible();
  await expect(page.getByText(/^Idioma:/)).toHaveCount(0);
});
