// Server side of the server-rendered pages: for each one, the data to put in the cache before
// rendering (under the very query keys the page's hooks use) and its <head>. Imported only by
// entry-server.tsx, so none of this reaches the browser.
import type { QueryClient } from '@tanstack/react-query';
import { newsListQuery, newsPreviewParam, type NewsArticle, type NewsListQuery, type NewsSummary, type Service } from '../domain';
import type { PageHead } from './lib/head';
import type { SiteInfo } from './lib/site';
import type { ServerPageId } from './routes';
import type { Lang } from './i18n/lang';
import { homePageTexts } from './features/home/texts';
import { homeTextsEn } from './features/home/texts.en';
import { servicesPageTexts } from './features/services/texts';
import { servicesTextsEn } from './features/services/texts.en';
import { newsPageTexts } from './features/news/texts';
import { newsTextsEn } from './features/news/texts.en';
import { contactPageTexts } from './features/contact/texts';
import { contactTextsEn } from './features/contact/texts.en';
import { advanceFormTexts } from './features/advance-form/texts';
import { advanceFormTextsEn } from './features/advance-form/texts.en';
import { articleKey, latestNewsParams, newsListKey } from './features/news/keys';
import { filtersFromSearch, hasActiveFilters, newsListParams, pageCount, searchFromFilters } from './features/news/filters';
import { servicesKey } from './features/services/api';

/** The published content the server reads straight from the database (api/web's PublicQueries). */
export type PageDataSource = {
  /** The page of summaries as the API sends it: JSON values, read-only (they may be shared between renders). */
  listNews(query: NewsListQuery): Promise<{ items: NewsSummary[]; total: number }>;
  newsBySlug(slug: string): Promise<NewsArticle | null>;
  /** The article a preview link opens whatever its status (or, for signed-in staff, the one with that slug); null when the link does not work. */
  previewArticle(token: string, slug: string): Promise<NewsArticle | null>;
  listServices(): Promise<Service[]>;
};

export type PageLoadContext = {
  queryClient: QueryClient;
  data: PageDataSource;
  site: SiteInfo;
  params: Record<string, string>;
  /** The whole query string (a page that reads it is kept per address). */
  search: string;
  /** One parameter of the query string (a page that reads only some is kept per their values). */
  param(name: string): string | null;
  lang: Lang;
};

// The <head> of each page in each language comes from the same texts the page itself uses.
const texts = {
  es: { home: homePageTexts, services: servicesPageTexts, news: newsPageTexts, contact: contactPageTexts, advanceForm: advanceFormTexts },
  en: { home: homeTextsEn, services: servicesTextsEn, news: newsTextsEn, contact: contactTextsEn, advanceForm: advanceFormTextsEn },
};

export type PageLoadResult = { head: PageHead; notFound?: boolean };

// What the browser would get from the API is what it gets here: JSON, dates as strings.
const asJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

async function loadNewsList(ctx: PageLoadContext, params: ReturnType<typeof newsListParams> | typeof latestNewsParams) {
  // Already JSON, and the page's own (PageDataSource): no copy made here.
  const page = await ctx.data.listNews(newsListQuery.parse(params));
  ctx.queryClient.setQueryData(newsListKey(params), page);
  return page;
}

export const serverPages: Record<ServerPageId, (ctx: PageLoadContext) => Promise<PageLoadResult>> = {
  async home(ctx) {
    await loadNewsList(ctx, latestNewsParams);
    return { head: texts[ctx.lang].home.head(ctx.site) };
  },
  async services(ctx) {
    ctx.queryClient.setQueryData(servicesKey, asJson(await ctx.data.listServices()));
    return { head: texts[ctx.lang].services.head(ctx.site) };
  },
  async news(ctx) {
    const filters = filtersFromSearch(ctx.search);
    const page = await loadNewsList(ctx, newsListParams(filters));
    // Its title and description name the search and the page, as the browser's do after a navigation.
    const list = texts[ctx.lang].news.listHead(ctx.site, filters, pageCount(page.total));
    // Each page of the list names itself as canonical ('?pagina=2'), so search engines index every page
    // and reach every article. A search, filters or another order make a page of results: not indexed,
    // its links followed, named by its address as the filters write it (other parameters left out).
    const head: PageHead = { ...list, path: `${list.path}${searchFromFilters(filters)}`, ...(hasActiveFilters(filters) ? { filtered: true } : {}) };
    // A page past the last one is not a page of the list: a 404, never indexed (its 'previous' link
    // would lead a crawler through every empty page before it).
    return page.items.length === 0 && page.total > 0 ? { head: { ...head, noindex: true }, notFound: true } : { head };
  },
  async article(ctx) {
    // A preview shows the article as visitors will see it, whatever its status, and is never indexed
    // (nor kept by the page cache); a link that no longer works shows what visitors see.
    const preview = ctx.param(newsPreviewParam);
    const previewed = preview === null ? null : await ctx.data.previewArticle(preview, ctx.params.slug);
    const article = previewed ?? (await ctx.data.newsBySlug(ctx.params.slug));
    // null is cached too: the page then shows 'Artículo no encontrado' on both sides, with a 404.
    ctx.queryClient.setQueryData(articleKey(ctx.params.slug), article ? asJson(article) : null);
    const news = texts[ctx.lang].news;
    const noindex = preview === null ? {} : { noindex: true };
    return article
      ? { head: { ...news.articleHead(ctx.site, article), ...noindex } }
      : { head: { ...news.articleNotFoundHead(ctx.site, ctx.params.slug), ...noindex }, notFound: true };
  },
  async contact(ctx) {
    return { head: texts[ctx.lang].contact.head(ctx.site) };
  },
  // Every field, label and help of the form, with no data: what the device keeps (drafts, the queue) is
  // the browser's to show (docs/advance-form-rendering.md).
  async advanceForm(ctx) {
    return { head: texts[ctx.lang].advanceForm.head(ctx.site) };
  },
};
