// Rough edges of the public site, fixed: imported articles (source link, canonical, no repeated text),
// toasts clear of the phone header, one <main> on the public form, 24-hour times of the same height as
// the date, the event type once on the Avanzadas card and a cleared feed interval (the English form: e2e/advance-form/english.spec.ts).
import { serveBody, startFeedServer, type FeedServer } from '../../tests/helpers/feed-server';
import type { AdvanceForm, NewsSummary } from '../../domain';
import { createAdvanceForm, createFeedSource } from '../admin/seed';
import { card, expectToast, openTab } from '../admin/helpers';
import { expect, test, unique } from '../fixtures';
import { waitForHydration } from './helpers';

let feeds: FeedServer;
const sentence = 'Investigadores hallaron un transmisor oculto en una sala de juntas de San José.';
const itemLink = 'https://fuente.example/noticias/transmisor-oculto';

test.beforeAll(async () => {
  const rss = (title: string) => `<?xml version="1.0"?><rss version="2.0"><channel><title>Fuente</title><link>https://fuente.example/</link>
    <item><title>${title}</title><link>${itemLink}</link><guid>${title}</guid><pubDate>Mon, 02 Mar 2026 12:00:00 GMT</pubDate>
    <description>${sentence}</description></item></channel></rss>`;
  feeds = await startFeedServer({ '/una-frase.xml': (req, res) => serveBody(rss(decodeURIComponent(new URL(req.url!, 'http://x').searchParams.get('t') ?? 'x')))(req, res) });
});
test.afterAll(async () => {
  await feeds.close();
});

test('an imported article shows its text once, links to its source and points canonical at it', async ({ page, api }) => {
  const title = unique('Transmisor oculto');
  const source = await createFeedSource(api, unique('Fuente de una frase'), feeds.url(`/una-frase.xml?t=${encodeURIComponent(title)}`), { autoPublish: true });
  expect((await api.post(`/api/rss/sources/${source.id}/fetch`)).status()).toBe(200);
  const [article] = (await (await api.get(`/api/news?search=${encodeURIComponent(title)}`)).json()) as NewsSummary[];
  await page.goto(`/noticias/${article.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(sentence)).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Fuente original' })).toHaveAttribute('href', itemLink);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', itemLink);
});

test('on a phone, a toast appears below the header, not over it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/contacto');
  await waitForHydration(page);
  await page.getByLabel('Nombre Completo').fill('Ana Mora');
  await page.getByLabel('Correo Electrónico').fill('ana@example.com');
  await page.getByRole('textbox', { name: /^Mensaje/ }).fill('Necesito un barrido en mi oficina.');
  await page.getByRole('button', { name: 'Enviar Mensaje' }).click();
  const toast = page.getByRole('region', { name: 'Notification' }).getByText('Mensaje enviado');
  await expect(toast).toBeVisible();
  const header = (await page.getByRole('banner').boundingBox())!;
  const box = (await toast.boundingBox())!;
  expect(box.y).toBeGreaterThan(header.y + header.height);
  expect(box.y + box.height).toBeLessThanOrEqual(844);
});

test('the public form has one <main>, and its time reads 24-hour at the height of the date', async ({ page }) => {
  await page.goto('/formulario-avanzada');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('main')).toHaveCount(1);
  const time = page.getByRole('group', { name: 'Hora del evento *', exact: true });
  await time.getByRole('spinbutton').first().click();
  await page.keyboard.type('1930');
  await expect(time).toContainText('19');
  await expect(time).toContainText('30');
  await expect(time.getByRole('spinbutton')).toHaveCount(2);
  const date = page.getByRole('group', { name: 'Fecha del evento *', exact: true });
  const [dateBox, timeBox] = [(await date.boundingBox())!, (await time.boundingBox())!];
  expect(Math.abs(dateBox.height - timeBox.height)).toBeLessThanOrEqual(1);
});

test('the Avanzadas card names the event type once', async ({ adminPage: page, api }) => {
  const host = unique('Anfitrión de tarjeta');
  await createAdvanceForm(api, host);
  await openTab(page, 'avanzadas', 'Avanzadas');
  const form = card(page, host);
  await expect(form).toBeVisible();
  const nature = (await (await api.get('/api/advance-forms?limit=100')).json() as AdvanceForm[]).find((f) => f.hostName === host)!.eventNature;
  await expect(form.getByText(nature, { exact: true })).toHaveCount(1);
});

test('a cleared interval in the feed dialog saves as 1 hour', async ({ adminPage: page, api }) => {
  const name = unique('Fuente sin intervalo');
  await createFeedSource(api, name, feeds.url('/una-frase.xml?t=intervalo'));
  await openTab(page, 'rss', 'RSS');
  await card(page, name).getByRole('button', { name: 'Editar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar Fuente RSS' });
  await dialog.getByRole('spinbutton', { name: 'Intervalo de actualización (horas)' }).fill('');
  await dialog.getByRole('button', { name: 'Actualizar' }).click();
  await expectToast(page, 'Fuente RSS actualizada exitosamente');
  const sources = (await (await api.get('/api/rss/sources?limit=100')).json()) as { name: string; scheduleIntervalHours: number }[];
  expect(sources.find((source) => source.name === name)?.scheduleIntervalHours).toBe(1);
});

test('on a phone, the floating WhatsApp button covers neither Limpiar filtros nor the last line of the page', async ({ page }) => {
  /** Whether the element's edges (its text's, for a paragraph) are the element itself, not something over it, once scrolled to the bottom edge. */
  const uncoveredAtBottom = (element: HTMLElement | SVGElement, textOnly: boolean) => {
    // At once: the page scrolls smoothly otherwise, and the boxes would be read mid-way.
    element.scrollIntoView({ block: 'end', behavior: 'instant' });
    const range = document.createRange();
    range.selectNodeContents(element);
    const boxes = textOnly ? [...range.getClientRects()] : [element.getBoundingClientRect()];
    // The middle of each edge, just inside (a rounded corner is not the element's to hit).
    return boxes.every((box) =>
      [
        [box.left + 2, (box.top + box.bottom) / 2],
        [box.right - 2, (box.top + box.bottom) / 2],
        [(box.left + box.right) / 2, box.top + 2],
        [(box.left + box.right) / 2, box.bottom - 2],
      ].every(([x, y]) => element.contains(document.elementFromPoint(x, y))),
    );
  };
  for (const height of [844, 740, 667]) {
    await page.setViewportSize({ width: 390, height });
    await page.goto(`/noticias?q=${encodeURIComponent('zzz-nada-coincide-' + Date.now())}`);
    await expect(page.getByRole('heading', { name: 'No se encontraron noticias' })).toBeVisible();
    await expect(page.getByTestId('whatsapp-flotante')).toBeVisible();
    const buttons = page.getByRole('button', { name: 'Limpiar filtros' });
    await expect(buttons).toHaveCount(2);
    for (const button of await buttons.all()) expect(await button.evaluate(uncoveredAtBottom, false), `Limpiar filtros at ${height} px`).toBe(true);
    const lastLine = page.getByRole('contentinfo').getByText(/Todos los derechos reservados/);
    expect(await lastLine.evaluate(uncoveredAtBottom, true), `footer at ${height} px`).toBe(true);
  }
  await page.getByRole('button', { name: 'Limpiar filtros' }).first().click();
  await expect(page).toHaveURL(/\/noticias$/);
});
