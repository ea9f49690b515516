// Writing articles in API tests: a new article's fields (each with its own title and slug), its
// creation over HTTP, and every public place a visitor could learn of it from.
import * as assert from 'uvu/assert';
import { publicQueries } from '../../api/app';
import { siteInfo } from '../../api/config';
import { atomXml, rssXml } from '../../api/web/feeds';
import { newsSitemapXml, sitemapXml } from '../../api/web/seo-files';
import { newsListQuery, type NewsArticle } from '../../domain';
import type { Client, TestApp } from './app';

let counter = 0;
export const article = (overrides: Record<string, unknown> = {}) => {
  counter += 1;
  return {
    title: `Artículo de prueba ${counter}`,
    slug: `articulo-de-prueba-${counter}`,
    excerpt: 'Resumen breve',
    content: '<h2>Subtítulo</h2><p>Texto con <a href="https://example.com">enlace</a>.</p><ul><li>Uno</li></ul>',
    category: 'Ciberseguridad',
    author: 'Redacción',
    ...overrides,
  };
};

export async function create(client: Client, overrides: Record<string, unknown> = {}): Promise<NewsArticle> {
  const answer = await client.post('/api/news', article(overrides));
  assert.is(answer.status, 201, answer.text);
  return answer.body;
}

export const inFuture = (ms: number) => new Date(Date.now() + ms).toISOString();

/** Everything a visitor can be answered about an article: the list, its page data, search, feeds, sitemaps. */
export async function publicPlaces(target: TestApp, slug: string, title: string) {
  const queries = publicQueries(target.services);
  const site = siteInfo(target.config);
  const twins = (path: string) => ({ es: path, en: `/en${path}` });
  const client = target.client();
  const list = await client.get('/api/news?limit=100');
  const search = await client.get(`/api/news?search=${encodeURIComponent(title)}`);
  const latest = await queries.listNews(newsListQuery.parse({ limit: 3 }));
  return {
    list: list.body.some((item: NewsArticle) => item.slug === slug),
    search: search.body.some((item: NewsArticle) => item.slug === slug),
    latest: latest.items.some((item) => item.slug === slug),
    page: (await client.get(`/api/news/${slug}`)).status === 200 && (await queries.newsBySlug(slug)) !== null,
    sitemap: (await sitemapXml(site, queries, [], twins)).includes(`/noticias/${slug}<`),
    newsSitemap: (await newsSitemapXml(site, queries)).includes(`/noticias/${slug}<`),
    rss: (await rssXml(site, queries)).includes(`/noticias/${slug}<`),
    atom: (await atomXml(site, queries)).includes(`/noticias/${slug}"`),
  };
}
export const nowhere = { list: false, search: false, latest: false, page: false, sitemap: false, newsSitemap: false, rss: false, atom: false };
export const everywhere = { list: true, search: true, latest: true, page: true, sitemap: true, newsSitemap: true, rss: true, atom: true };

/** How many times the article's stream says it was published. */
export const publishedEvents = async (target: TestApp, id: string) =>
  (await target.services.store.readStream(id)).filter((event) => event.type === 'NewsArticlePublished').length;
