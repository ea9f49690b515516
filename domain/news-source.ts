// Where an article belongs for search engines: an imported article belongs to its source, so its pages
// name the source's address as canonical (search engines credit and index the original) and stay out
// of our sitemaps, which list only addresses that are their own canonical.
import type { NewsArticle } from './schemas/news';

/** The source's address when the article is imported from it; null when the article is ours. */
export const canonicalElsewhere = (article: Pick<NewsArticle, 'isImported' | 'sourceUrl'>): string | null =>
  article.isImported && article.sourceUrl ? article.sourceUrl : null;
