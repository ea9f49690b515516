// axe-core on every public page at a phone's and a desktop's width: no serious or critical violation.
import AxeBuilder from '@axe-core/playwright';
import { test, expect, unique } from '../fixtures';
import { createArticle, waitForHydration } from './helpers';

for (const width of [390, 1440]) {
  test(`no serious or critical accessibility violation at ${width} px`, async ({ page, api }) => {
    test.setTimeout(180_000);
    const article = await createArticle(api, { title: unique('Accesible') });
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    for (const path of ['/', '/servicios', '/noticias', `/noticias/${article.slug}`, '/noticias/no-existe', '/contacto', '/no-existe']) {
      await page.goto(path);
      await waitForHydration(page);
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${path}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
    }
  });
}
