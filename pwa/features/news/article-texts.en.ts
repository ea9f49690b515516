// An article's page in English (/en/news/{slug}): its English version when staff wrote one, else the
// Spanish article with a note.
import { formatLongDateEnglish, type NewsArticle } from '../../../domain';
import type { PageHead } from '../../lib/head';
import type { SiteInfo } from '../../lib/site';
import type { ArticlePageInfo, ArticleTexts } from './article-texts';

export const articleTextsEn: ArticleTexts = {
  back: 'Back to News',
  loadingArticle: 'Loading article...',
  notFound: 'Article not found',
  notFoundText: 'The article may have been withdrawn, or the link may be incorrect.',
  byAuthor: 'By',
  articleError: 'Could not load the article',
  sourceLink: 'Original source',
  inSpanishArticle: 'This article is available in Spanish only.',
  page: (article: NewsArticle): ArticlePageInfo => ({
    path: `/en/news/${article.slug}`,
    title: article.englishTitle ?? article.title,
    description: article.englishExcerpt ?? article.excerpt,
    inLanguage: article.englishTitle ? 'en' : 'es-CR',
  }),
  notFoundHead: (site: SiteInfo, slug: string): PageHead => ({
    title: `Article not found | ${site.siteName}`,
    description: 'The article may have been withdrawn, or the link may be incorrect.',
    path: `/en/news/${slug}`,
    noindex: true,
  }),
  formatDate: formatLongDateEnglish,
};
