// The news list in English (/en/news), its filters included. The articles themselves are written in
// Spanish unless staff gave one an English version.
import { formatLongDateEnglish } from '../../../domain';
import type { NewsListTexts } from './list-texts';

const title = 'News and Updates';

export const newsListTextsEn: NewsListTexts = {
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
  inSpanish: 'In Spanish',
  formatDate: formatLongDateEnglish,
};
