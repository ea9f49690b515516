// The English news pages' <head> as the server writes it (pwa/server-pages.ts), from their texts
// (list-texts.en.ts, article-texts.en.ts).
import type { NewsArticle } from '../../../domain';
import type { PageHead } from '../../lib/head';
import type { SiteInfo } from '../../lib/site';
import { articleTextsEn } from './article-texts.en';
import { newsListTextsEn } from './list-texts.en';
import { articleHeadOf, type NewsHeads } from './texts';

export const newsTextsEn: NewsHeads = {
  listHead: newsListTextsEn.head,
  articleHead: (site: SiteInfo, article: NewsArticle): PageHead =>
    articleHeadOf(site, article, {
      ...articleTextsEn.page(article),
      list: { name: newsListTextsEn.title, path: '/en/news' },
      home: { name: 'Home', path: '/en' },
    }),
  articleNotFoundHead: articleTextsEn.notFoundHead,
};
