// The English news pages' <head> as the server writes it (pwa/server-pages.ts), from their texts
// (list-texts.en.ts, article-texts.en.ts).
import type { NewsArticle } from '../../../domain';
import type { PageHead } from '../../lib/head';
import type { SiteInfo } from '../../lib/site';
import { articleTextsEn } from './article-texts.en';
import { newsListTextsEn } from './list-texts.en';
import { articleHeadOf, newsListHead, type NewsHeads } from './texts';

export const newsTextsEn: NewsHeads = {
  listHead: (site, filters, pages) =>
    newsListHead(
      newsListTextsEn,
      'News, alerts and trends in counter-surveillance, electronic security and cybersecurity, in Costa Rica and worldwide. Articles are mostly in Spanish.',
      '/en/news',
      site,
      filters,
      pages,
    ),
  articleHead: (site: SiteInfo, article: NewsArticle): PageHead =>
    articleHeadOf(site, article, {
      ...articleTextsEn.page(article),
      list: { name: newsListTextsEn.title, path: '/en/news' },
      home: { name: 'Home', path: '/en' },
    }),
  articleNotFoundHead: articleTextsEn.notFoundHead,
};
