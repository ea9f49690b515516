// An article on a 375 px phone: a long web address in its text wraps, and a wide table scrolls inside its
// own box, so the page itself never scrolls sideways; on a wide screen the text looks as it did.
import { test, expect, unique } from '../fixtures';

const address = 'https://www.micitt.go.cr/sites/default/files/2023-10/estrategia-nacional-de-ciberseguridad-2023-2027-version-final.pdf';
const table =
  '<table><thead><tr><th>Servicio</th><th>Duración estimada</th><th>Frecuencia recomendada</th><th>Precio de referencia</th><th>Observaciones</th></tr></thead>' +
  '<tbody><tr><td>Barrido de oficina</td><td>2 horas</td><td>Trimestral</td><td>₡450 000</td><td>Incluye informe escrito y recomendaciones</td></tr></tbody></table>';

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('a long address and a wide table in an article never make the page scroll sideways', async ({ page, api }) => {
    const slug = unique('movil-largo').replace(/\s+/g, '-');
    const created = await api.post('/api/news', {
      data: {
        title: 'Estrategia Nacional de Ciberseguridad',
        slug,
        excerpt: `El documento está en ${address}`,
        content: `<p>Descargue el documento en <a href="${address}">${address}</a>.</p><p>${address}</p>${table}`,
        category: 'Ciberseguridad',
        author: 'Redacción',
      },
    });
    expect(created.status()).toBe(201);
    for (const path of ['/', '/noticias', `/noticias/${slug}`, `/en/news/${slug}`]) {
      await page.goto(path);
      const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth }));
      expect(widths.page, path).toBeLessThanOrEqual(widths.screen);
      if (!path.includes(slug)) continue;
      // The table keeps its columns and scrolls within its own box.
      const box = await page.locator('.prose-article table').evaluate((element) => ({
        scroll: element.scrollWidth,
        width: element.clientWidth,
        overflow: getComputedStyle(element).overflowX,
        right: element.getBoundingClientRect().right,
      }));
      expect(box.overflow, path).toBe('auto');
      expect(box.scroll, path).toBeGreaterThan(box.width);
      expect(box.right, path).toBeLessThanOrEqual(widths.screen);
    }
  });
});

test('on a wide screen, the words of an article are not broken and a narrow table keeps its own width', async ({ page, api }) => {
  const slug = unique('ancho').replace(/\s+/g, '-');
  const created = await api.post('/api/news', {
    data: {
      title: 'Tabla corta',
      slug,
      excerpt: 'Resumen',
      content: '<p>Una palabra: contraespionaje.</p><table><tbody><tr><td>Uno</td><td>Dos</td></tr></tbody></table>',
      category: 'Ciberseguridad',
      author: 'Redacción',
    },
  });
  expect(created.status()).toBe(201);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/noticias/${slug}`);
  const text = page.locator('.prose-article');
  const paragraph = await text.locator('p').first().evaluate((element) => element.getClientRects().length);
  expect(paragraph).toBe(1);
  const [tableWidth, textWidth] = await Promise.all([
    text.locator('table').evaluate((element) => element.getBoundingClientRect().width),
    text.evaluate((element) => element.getBoundingClientRect().width),
  ]);
  expect(tableWidth).toBeLessThan(textWidth / 2);
});
