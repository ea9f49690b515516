// The news pages' <head> in Spanish as the server writes it (pwa/server-pages.ts): the list's and the
// article's own, from their texts (list-texts.ts, article-texts.ts), and for an article what search
// engines read besides (canonical URL, image, structured data), which the browser never needs.
import { articleImageSizes, canonicalElsewhere, type NewsArticle } from '../../../domain';
import type { PageHead } from '../../lib/head';
import type { SiteInfo } from '../../lib/site';
import { articlePageHead, articleTexts, type ArticlePageInfo } from './article-texts';
import { newsListPart, newsListTexts, newsListTitle, type NewsListTexts } from './list-texts';
import type { NewsFilters } from './filters';
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

/**
 * The head of one address of the news list: its title (the browser's too) and a description that names
 * the same search and page. Only the server writes the description: the browser leaves it as it is
 * after a navigation (nobody reads it there, and search engines read each address from the server), so
 * the list's descriptions stay out of the first visit's JavaScript.
 */
export function newsListHead(texts: NewsListTexts, description: string, path: string, site: SiteInfo, filters: NewsFilters, pages: number): PageHead {
  const part = newsListPart(texts, filters, pages);
  return { title: newsListTitle(texts, site, part), description: part ? `${part}. ${description}` : description, path };
}

export type NewsHeads = {
  /** The head of the list's address for `filters`, a list of `pages` pages. */
  listHead: (site: SiteInfo, filters: NewsFilters, pages: number) => PageHead;
  articleHead: (site: SiteInfo, article: NewsArticle) => PageHead;
  articleNotFoundHead: (site: SiteInfo, slug: string) => PageHead;
};

export const newsPageTexts: NewsHeads = {
  listHead: (site, filters, pages) =>
    newsListHead(
      newsListTexts,
      'Noticias, alertas y tendencias en contraespionaje, seguridad electrónica y ciberseguridad, en Costa Rica y el mundo.',
      '/noticias',
      site,
      filters,
      pages,
    ),
  articleHead,
  articleNotFoundHead: articleTexts.notFoundHead,
};
