// Helpers of the public-site tests: articles made through the API as admin, console watching, the
// scripts a visit downloads.
import { gzipSync } from 'node:zlib';
import type { APIRequestContext, Page, Response } from '@playwright/test';
import { expect } from '../fixtures';

export type ArticleInput = { title: string; category?: string; publishedAt?: string; excerpt?: string; content?: string; image?: string | null; englishTitle?: string; englishExcerpt?: string; englishContent?: string };
export type CreatedArticle = { id: string; slug: string; title: string };

const slugOf = (title: string) =>
  title.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

export async function createArticle(api: APIRequestContext, input: ArticleInput): Promise<CreatedArticle> {
  const response = await api.post('/api/news', {
    data: {
      slug: slugOf(input.title),
      excerpt: 'Resumen breve de la noticia para la lista.',
      content: '<p>Primer párrafo del artículo con <strong>texto destacado</strong>.</p><h2>Recomendaciones</h2><ul><li>Revise sus espacios.</li></ul>',
      category: 'Ciberseguridad',
      author: 'Equipo de Pruebas',
      ...input,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as CreatedArticle;
}

/**
 * A publication date later than that of any article made before it or while its test runs, for a test
 * whose articles must come first (the home page's latest, the feeds). A published article may be dated
 * at most five minutes ahead of the server's clock (docs/rules.md, 'News statuses'): four minutes ahead,
 * plus a few seconds to order a test's own articles, is later than anything other tests publish "now"
 * meanwhile. Every test runs against one database, so such a test deletes its articles at its end
 * (`deleteArticles`): left there, they would push the articles other tests make off the first page of
 * the lists.
 */
export const newestDate = (laterBySeconds = 0) => {
  if (laterBySeconds > 50) throw new Error('newestDate: at most 50 seconds later');
  return new Date(Date.now() + 4 * 60_000 + laterBySeconds * 1000).toISOString();
};

export async function deleteArticles(api: APIRequestContext, articles: { id: string }[]) {
  for (const article of articles) expect((await api.delete(`/api/news/${article.id}`)).status()).toBe(204);
}

/** Collects console errors and uncaught exceptions (hydration mismatches show up as either). */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Waits until React has taken over the server's HTML (the header's menu button then reacts). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return Boolean(root && Object.keys(root).some((key) => key.startsWith('__reactContainer')));
  });
}

export const publicPages = ['/', '/servicios', '/noticias', '/contacto'] as const;

/** A script the page downloaded: its path, its size gzipped at level 9, and whether it came before the load event. */
export type DownloadedScript = { url: string; gzip: number; beforeLoad: boolean };

/**
 * Watches the scripts `page` downloads from now on, as a first visit's weight is counted: each body
 * gzipped at level 9, whatever encoding the server sent it in. `settled()` stops watching, waits for
 * every body asked for until then and answers the list: a script that arrives later (the page goes on
 * after its network went idle) is not counted, and its body is not asked for, so closing the page then
 * leaves no read of a body under way.
 */
export function watchScripts(page: Page): { settled(): Promise<DownloadedScript[]> } {
  const scripts: DownloadedScript[] = [];
  const pending: Promise<void>[] = [];
  const unreadable: string[] = [];
  let loaded = false;
  const onLoad = () => (loaded = true);
  const onResponse = (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    const beforeLoad = !loaded;
    const url = new URL(response.url()).pathname;
    // Each read has its handler from the start: one that fails is reported by settled(), never left unhandled.
    pending.push(
      response.body().then(
        (body) => void scripts.push({ url, gzip: gzipSync(body, { level: 9 }).length, beforeLoad }),
        (error: Error) => void unreadable.push(`${url}: ${error.message}`),
      ),
    );
  };
  page.on('load', onLoad);
  page.on('response', onResponse);
  return {
    async settled() {
      page.off('response', onResponse);
      page.off('load', onLoad);
      await Promise.all(pending);
      if (unreadable.length > 0) throw new Error(`scripts whose body could not be read: ${unreadable.join('; ')}`);
      return scripts;
    },
  };
}

/** What a first visit may download of JavaScript, gzipped: a phone on a slow network starts every public page with this at most. */
export const firstVisitScriptBudget = 100 * 1024;
