// What the admin tests do again and again: open a tab, expect a toast, fill a dialog's fields.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from '../fixtures';

export async function openTab(page: Page, tab: string, name: string) {
  await page.goto(`/admin/dashboard?tab=${tab}`);
  await expect(page.getByRole('tab', { name, selected: true })).toBeVisible();
}

/** The toast region (one toast at a time): its title, and its description when given. */
export async function expectToast(page: Page, title: string, description?: string | RegExp) {
  const region = page.getByRole('region', { name: 'Notification' });
  await expect(region.getByText(title, { exact: true })).toBeVisible();
  if (description) await expect(region.getByText(description)).toBeVisible();
}

export const field = (scope: Page | Locator, label: string) => scope.getByRole('textbox', { name: label, exact: true });

/** Chooses an option of a react-aria Select by its label. */
export async function choose(page: Page, scope: Page | Locator, label: string, option: string) {
  await scope.getByRole('button', { name: new RegExp(`${label}$`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The card (an <article> named after its record). */
/** 'Nueva Noticia' opened and its required fields but the content filled (category 'Anti-Espionaje', author 'Redacción'); answers the dialog. */
export async function startNewArticle(page: Page, title: string, excerpt: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Nueva Noticia' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva Noticia' });
  await field(dialog, 'Título').fill(title);
  await choose(page, dialog, 'Categoría', 'Anti-Espionaje');
  await field(dialog, 'Autor').fill('Redacción');
  await field(dialog, 'Extracto').fill(excerpt);
  return dialog;
}

/** An article as the staff's list answers it (the fields the news tests compare). */
export type StoredArticle = { id: string; title: string; status: string; content: string };

/** Every article with this title, whatever its status, as the server has it now. */
export async function articlesTitled(api: APIRequestContext, title: string): Promise<StoredArticle[]> {
  const response = await api.get(`/api/news?status=all&search=${encodeURIComponent(title)}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as StoredArticle[]).filter((article) => article.title === title);
}

export const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

/**
 * Types `text` in the tab's search box and waits for the list's answer to it. The box asks once typing
 * pauses, and a list without earlier results to keep draws its cards anew: a card found (and clicked)
 * in the list shown before would be replaced under the test's hands.
 */
export async function searchFor(page: Page, text: string) {
  const answered = page.waitForResponse((response) => response.request().method() === 'GET' && new URL(response.url()).searchParams.get('search') === text);
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(text);
  await answered;
}

/**
 * A record's card found through the tab's search box. Other tests' records share the database and
 * may fill the list's first page; the search shows this one wherever it sorts.
 */
export async function searchCard(page: Page, name: string): Promise<Locator> {
  await searchFor(page, name);
  return card(page, name);
}

/** Presses a card's 'Eliminar', then confirms in the dialog. */
export async function deleteThroughDialog(page: Page, cardLocator: Locator) {
  await cardLocator.getByRole('button', { name: 'Eliminar' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByRole('heading', { name: 'Confirmar eliminación' })).toBeVisible();
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
}
