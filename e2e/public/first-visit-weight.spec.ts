// What a phone downloads of JavaScript on its first visit to each public page, in both languages: at
// most 100 KB gzipped, so that a visitor on a slow network can use any page soon (the form libraries,
// the admin and the advance form's fields load only where and when they are needed). `npm run
// bench:web` reports the same figure beside Lighthouse's scores; this keeps it from creeping past the
// budget unnoticed.
import { expect, test, unique } from '../fixtures';
import { createArticle, deleteArticles, firstVisitScriptBudget, watchScripts } from './helpers';

test('every public page, Spanish and English, starts with at most 100 KB of gzipped JavaScript', async ({ browser, baseURL, api }) => {
  const article = await createArticle(api, {
    title: unique('Peso de la primera visita'),
    englishTitle: 'First visit weight',
    englishExcerpt: 'A short summary for the list.',
    englishContent: '<p>First paragraph of the article.</p>',
  });
  const spanish = ['/', '/servicios', '/noticias', `/noticias/${article.slug}`, '/contacto', '/formulario-avanzada'];
  const english = ['/en', '/en/services', '/en/news', `/en/news/${article.slug}`, '/en/contact', '/en/advance-form'];
  const weights: string[] = [];
  // A first visit, on a phone: nothing cached, without the service worker's own downloads. One page per
  // language, with the browser's cache turned off and the site's cookies and storage cleared before each
  // page, so that each starts as on a new profile; a new profile for each page cost the test twice the CPU.
  const visits = async (paths: string[]) => {
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      for (const path of paths) {
        await cdp.send('Storage.clearDataForOrigin', { origin: new URL(baseURL!).origin, storageTypes: 'all' });
        const downloads = watchScripts(page);
        const response = await page.goto(path, { waitUntil: 'networkidle' });
        expect(response?.status(), path).toBe(200);
        const scripts = await downloads.settled();
        const total = scripts.reduce((sum, script) => sum + script.gzip, 0);
        weights.push(`${path} ${total}`);
        expect(scripts.length, `${path}: no script downloaded`).toBeGreaterThan(0);
        // Every page is measured, and each one over the budget named with its files.
        expect.soft(total, `${path}: ${scripts.map((script) => `${script.url} ${script.gzip}`).join(', ')}`).toBeLessThanOrEqual(firstVisitScriptBudget);
      }
    } finally {
      await context.close();
    }
  };
  // The two languages side by side: each visit waits for half a second of an idle network, most of its time.
  await Promise.all([visits(spanish), visits(english)]);
  test.info().annotations.push({ type: 'first-visit JavaScript (bytes gzipped)', description: weights.join('; ') });
  await deleteArticles(api, [article]);
});
