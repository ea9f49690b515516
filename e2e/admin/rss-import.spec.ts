// 'Importar ahora' against a real feed served locally (the e2e server allows private hosts):
// the required toasts, the card's last run, the imported articles waiting for review, and a failure.
import { startFeedServer, serveFixture, type FeedServer } from '../../tests/helpers/feed-server';
import { expect, test, unique } from '../fixtures';
import { createFeedSource } from './seed';
import { card, expectToast, openTab } from './helpers';

let feeds: FeedServer;
test.beforeAll(async () => {
  feeds = await startFeedServer({ '/rss.xml': serveFixture('rss2.xml') });
});
test.afterAll(async () => {
  await feeds.close();
});

test('importing a source toasts the count, shows the run and queues the articles for review', async ({ adminPage: page, api }) => {
  const name = unique('Fuente local');
  await createFeedSource(api, name, feeds.url('/rss.xml'), { defaultCategory: 'Anti-Espionaje' });
  await openTab(page, 'rss', 'RSS');
  const source = card(page, name);
  const button = source.getByRole('button', { name: 'Importar ahora' });
  await button.click();
  await expectToast(page, 'Importación completada', /^Se importaron \d+ artículo\(s\)$/);
  const toastText = await page
    .getByRole('region', { name: 'Notification' })
    .getByText(/Se importaron/)
    .textContent();
  const count = Number(/(\d+)/.exec(toastText ?? '')?.[1]);
  expect(count).toBeGreaterThan(0);
  await expect(source.getByText(new RegExp(`Última importación: \\d+ leído\\(s\\), ${count} nuevo\\(s\\)`))).toBeVisible();
  await expect(source.getByText('Última actualización: nunca')).toBeHidden();

  // A second run adds nothing.
  await source.getByRole('button', { name: 'Importar ahora' }).click();
  await expectToast(page, 'Importación completada', 'Se importaron 0 artículo(s)');

  await openTab(page, 'news', 'Noticias');
  await page.getByRole('button', { name: /Estado$/ }).click();
  await page.getByRole('option', { name: 'Pendientes de revisión' }).click();
  await expect(page.getByRole('article').filter({ hasText: 'Pendiente de revisión' }).first()).toBeVisible();
});

test('a failing source toasts the error with the server reason and shows it on the card', async ({ adminPage: page, api }) => {
  const name = unique('Fuente rota');
  await createFeedSource(api, name, feeds.url('/no-existe.xml'));
  await openTab(page, 'rss', 'RSS');
  const source = card(page, name);
  await source.getByRole('button', { name: 'Importar ahora' }).click();
  const alert = page.getByRole('region', { name: 'Notification' }).getByRole('alert');
  await expect(alert.getByText('Error al importar artículos', { exact: true })).toBeVisible();
  await expect(alert).toContainText(/404|no se encontró|no encontrad/i);
  await expect(source.getByText(/^Error: /)).toBeVisible();
});
