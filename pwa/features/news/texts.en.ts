// The news list and article pages in English (/en/news). The articles themselves are written in
// Spanish unless staff gave one an English version.
import { formatLongDateEnglish, type NewsArticle } from '../../../domain';
import type { PageHead } from '../../lib/head';
import type { SiteInfo } from '../../lib/site';
import { articleHeadOf, type NewsTexts } from './texts';

const title = 'News and Updates';

export const newsTextsEn: NewsTexts = {
  title,
  subtitle: 'Stay informed about the latest trends in security and cybersecurity',
  filtersLabel: 'Filter news',
  searchLabel: 'Search',
  searchPlaceholder: 'Search news...',
  categoryLabel: 'Category',
  allCategories: 'All',
  sortLabel: 'Sort by',
  sortNewest: 'Newest first',
  sortOldest: 'Oldest first',
  dateFrom: 'From date',
  dateTo: 'To date',
  clearFilters: 'Clear filters',
  loading: 'Loading news...',
  error: 'Could not load the news',
  retry: 'Try again',
  emptyTitle: 'No news available',
  emptyText: 'New content will be published soon',
  noMatchTitle: 'No news found',
  noMatchText: 'No article matches your search or the selected filters.',
  clearDate: (label) => `Clear ${label.toLowerCase()}`,
  results: (total) => (total === 1 ? '1 article' : `${total} articles`),
  pagination: 'Pagination',
  previous: 'Previous',
  next: 'Next',
  pageOf: (page, pages) => `Page ${page} of ${pages}`,
  back: 'Back to News',
  loadingArticle: 'Loading article...',
  notFound: 'Article not found',
  notFoundText: 'The article may have been withdrawn, or the link may be incorrect.',
  byAuthor: 'By',
  articleError: 'Could not load the article',
  sourceLink: 'Original source',
  inSpanish: 'In Spanish',
  inSpanishArticle: 'This article is available in Spanish only.',
  homeLabel: 'Home',
  listHead: (site: SiteInfo): PageHead => ({
    title: `${title} | ${site.siteName}`,
    description:
      'News, alerts and trends in counter-surveillance, electronic security and cybersecurity, in Costa Rica and worldwide. Articles are mostly in Spanish.',
    path: '/en/news',
  }),
  articleHead: (site: SiteInfo, article: NewsArticle): PageHead =>
    articleHeadOf(site, article, {
      path: `/en/news/${article.slug}`,
      title: article.englishTitle ?? article.title,
      description: article.englishExcerpt ?? article.excerpt,
      list: { name: title, path: '/en/news' },
      home: { name: 'Home', path: '/en' },
      inLanguage: article.englishTitle ? 'en' : 'es-CR',
    }),
  articleNotFoundHead: (site: SiteInfo, slug: string): PageHead => ({
    title: `Article not found | ${site.siteName}`,
    description: 'The article may have been withdrawn, or the link may be incorrect.',
    path: `/en/news/${slug}`,
    noindex: true,
  }),
  formatDate: formatLongDateEnglish,
};
