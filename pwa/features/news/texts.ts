// The news pages' <head> in Spanish as the server writes it (pwa/server-pages.ts): the list's and the
// article's own, from their texts (list-texts.ts, article-texts.ts), and for an article what search
// engines read besides (canonical URL, image, structured data), which the browser never needs.
import { articleImageSizes, canonicalElsewhere, type NewsArticle } from '../../../domain';
import type { PageHead } from '../../lib/head';
import type { SiteInfo } from '../../lib/site';
import { articlePageHead, articleTexts, type ArticlePageInfo } from './article-texts';
import { newsListTexts } from './list-texts';
import { categoryName } from './category-names';

type Crumb = { name: string; path: string };

/** What an article page tells search engines, in either language. */
export function articleHeadOf(site: SiteInfo, article: NewsArticle, page: ArticlePageInfo & { list: Crumb; home: Crumb }): PageHead {
  const url = (path: string) => `${site.publicUrl}${path}`;
  return {
    ...articlePageHead(site, page),
    // An imported article belongs to its source: search engines should credit (and index) the original.
    canonicalUrl: canonicalElsewhere(article) ?? undefined,
    type: 'article',
    image: article.image,
    preloadImage: article.picture ? { ...article.picture.sources[0], sizes: articleImageSizes } : undefined,
    publishedTime: article.publishedAt,
    modifiedTime: article.updatedAt,
    jsonLd: {
      '@context': 'https://schema.org',
      '@graph': [
        {
          '@type': 'NewsArticle',
          // At most 110 characters, cut between characters (code points), never inside one.
          headline: Array.from(page.title).slice(0, 110).join(''),
          description: page.description,
          datePublished: article.publishedAt,
          dateModified: article.updatedAt,
          author: [{ '@type': 'Person', name: article.author }],
          publisher: { '@type': 'Organization', name: site.siteName, logo: { '@type': 'ImageObject', url: url('/icons/icon-512.png') } },
          // An image of the media library has a site-relative address; structured data wants it whole.
          image: [article.image ? new URL(article.image, site.publicUrl).href : url('/og-image.jpg')],
          mainEntityOfPage: url(page.path),
          // The section in the language the page reads in (the English version of an article: English).
          articleSection: categoryName(page.inLanguage === 'en' ? 'en' : 'es', article.category),
          inLanguage: page.inLanguage,
          ...(article.sourceUrl ? { isBasedOn: article.sourceUrl } : {}),
        },
        {
          '@type': 'BreadcrumbList',
          itemListElement: [page.home, page.list, { name: page.title, path: page.path }].map((item, i) => ({
            '@type': 'ListItem',
            position: i + 1,
            name: item.name,
            item: url(item.path),
          })),
        },
      ],
    },
  };
}

export const articleHead = (site: SiteInfo, article: NewsArticle): PageHead =>
  articleHeadOf(site, article, { ...articleTexts.page(article), list: { name: newsListTexts.title, path: '/noticias' }, home: { name: 'Inicio', path: '/' } });

export type NewsHeads = {
  listHead: (site: SiteInfo) => PageHead;
  articleHead: (site: SiteInfo, article: NewsArticle) => PageHead;
  articleNotFoundHead: (site: SiteInfo, slug: string) => PageHead;
};

export const newsPageTexts: NewsHeads = { listHead: newsListTexts.head, articleHead, articleNotFoundHead: articleTexts.notFoundHead };
