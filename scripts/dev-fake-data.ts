// In-memory stand-ins for the database, for working on the website before/without the real API:
// the eight services a new site is seeded with (api/seed-data.ts) and the sample articles
// (scripts/lib/sample-articles.ts). Used only by scripts/dev-web.ts.
import { calendarDayOf, foldText, pictureOf, type NewsArticle, type NewsListQuery, type Service } from '../domain';
import { seedServices } from '../api/seed-data';
import type { PublicQueries } from '../api/web/types';
import { sampleArticles } from './lib/sample-articles';

const services: Service[] = seedServices.map((service, i) => ({ ...service, id: `s${i + 1}` }));

export const fakeNews: NewsArticle[] = [];

export function addFakeArticle(input: Partial<NewsArticle> & Pick<NewsArticle, 'title' | 'slug'>): NewsArticle {
  const article: NewsArticle = {
    id: crypto.randomUUID(),
    excerpt: 'Resumen de la noticia.',
    content: '<p>Contenido.</p>',
    image: null,
    category: 'Noticias',
    author: 'Equipo de Seguridad',
    publishedAt: new Date().toISOString(),
    sourceId: null,
    sourceUrl: null,
    guidHash: null,
    englishTitle: null,
    englishExcerpt: null,
    englishContent: null,
    isImported: false,
    reviewRequired: false,
    reviewNote: null,
    imageAlt: null,
    version: 1,
    ...input,
    picture: pictureOf(input.image),
    status: input.status ?? 'published',
    updatedAt: input.updatedAt ?? input.publishedAt ?? new Date().toISOString(),
  };
  fakeNews.push(article);
  return article;
}

export function seedFakeNews() {
  for (const article of sampleArticles) addFakeArticle(article);
}

export function listFakeNews(query: NewsListQuery) {
  const search = query.search ? foldText(query.search) : '';
  let items = fakeNews.filter(
    (a) =>
      !a.reviewRequired &&
      (!query.category || query.category === 'all' || a.category === query.category) &&
      (!search || foldText(`${a.title} ${a.excerpt} ${a.content}`).includes(search)) &&
      (!query.dateFrom || calendarDayOf(a.publishedAt) >= query.dateFrom) &&
      (!query.dateTo || calendarDayOf(a.publishedAt) <= query.dateTo),
  );
  items = items.sort((a, b) => (query.sort === 'oldest' ? 1 : -1) * (Date.parse(a.publishedAt) - Date.parse(b.publishedAt)));
  return { items: items.slice(query.offset, query.offset + query.limit), total: items.length };
}

export const fakeQueries: PublicQueries = {
  listNews: async (query) => listFakeNews(query),
  newsBySlug: async (slug) => fakeNews.find((a) => a.slug === slug && !a.reviewRequired) ?? null,
  previewArticle: async (_token, slug) => fakeNews.find((a) => a.slug === slug) ?? null,
  listServices: async () => services,
  // Nothing to catch up with: the articles are in memory.
  catchingUp: () => null,
};
