// Server side of the server-rendered pages: for each one, the data to put in the cache before
// rendering (under the very query keys the page's hooks use) and its <head>. Imported only by
// entry-server.tsx, so none of this reaches the browser.
import type { QueryClient } from '@tanstack/react-query';
import { newsListQuery, type NewsArticle, type NewsListQuery, type NewsSummary, type Service } from '../domain';
import type { PageHead } from './lib/head';
import type { SiteInfo } from './lib/site';
import type { ServerPageId } from './routes';
import { homeHead } from './features/home/texts';
import { servicesHead } from './features/services/texts';
import { articleHead, articleNotFoundHead, newsListHead } from './features/news/texts';
import { contactHead } from './features/contact/texts';
import { articleKey, latestNewsParams, newsListKey } from './features/news/latest';
import { filtersFromSearch, newsListParams } from './features/news/filters';
import { servicesKey } from './features/services/api';

/** The published content the server reads straight from the database (api/web's PublicQueries). */
export type PageDataSource = {
  listNews(query: NewsListQuery): Promise<{ items: NewsSummary[]; total: number }>;
  newsBySlug(slug: string): Promise<NewsArticle | null>;
  listServices(): Promise<Service[]>;
};

export type PageLoadContext = {
  queryClient: QueryClient;
  data: PageDataSource;
  site: SiteInfo;
  params: Record<string, string>;
  search: string;
};

export type PageLoadResult = { head: PageHead; notFound?: boolean };

// What the browser would get from the API is what it gets here: JSON, dates as strings.
const asJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

async function loadNewsList(ctx: PageLoadContext, params: ReturnType<typeof newsListParams> | typeof latestNewsParams) {
  const page = await ctx.data.listNews(newsListQuery.parse(params));
  ctx.queryClient.setQueryData(newsListKey(params), asJson(page));
}

export const serverPages: Record<ServerPageId, (ctx: PageLoadContext) => Promise<PageLoadResult>> = {
  async home(ctx) {
    await loadNewsList(ctx, latestNewsParams);
    return { head: homeHead(ctx.site) };
  },
  async services(ctx) {
    ctx.queryClient.setQueryData(servicesKey, asJson(await ctx.data.listServices()));
    return { head: servicesHead(ctx.site) };
  },
  async news(ctx) {
    await loadNewsList(ctx, newsListParams(filtersFromSearch(ctx.search)));
    return { head: newsListHead(ctx.site) };
  },
  async article(ctx) {
    const article = await ctx.data.newsBySlug(ctx.params.slug);
    // null is cached too: the page then shows 'Artículo no encontrado' on both sides, with a 404.
    ctx.queryClient.setQueryData(articleKey(ctx.params.slug), article ? asJson(article) : null);
    return article ? { head: articleHead(ctx.site, article) } : { head: articleNotFoundHead(ctx.site, ctx.params.slug), notFound: true };
  },
  async contact(ctx) {
    return { head: contactHead(ctx.site) };
  },
};
