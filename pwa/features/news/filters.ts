// The news list's filters live in the URL (?q=&categoria=&desde=&hasta=&orden=&pagina=) so a filtered
// list can be shared and the back button walks through the filters. The server reads the same URL
// with the same functions, so the data it renders is the data the browser asks for.
import { isNewsCategory, isValidCalendarDay, maxListOffset, type NewsCategory } from '../../../domain';
import type { QueryParams } from '../../lib/api';

type NewsSort = 'newest' | 'oldest';
export type NewsFilters = {
  search: string;
  category: NewsCategory | 'all';
  /** Calendar days 'YYYY-MM-DD' in Costa Rica, both inclusive (docs/rules.md, 'Dates'); '' is no limit. */
  dateFrom: string;
  dateTo: string;
  sort: NewsSort;
  page: number;
};

const newsPageSize = 12;

/** How many pages a list of `total` articles makes (one when it is empty). */
export const pageCount = (total: number) => Math.max(1, Math.ceil(total / newsPageSize));

export const defaultNewsFilters: NewsFilters = { search: '', category: 'all', dateFrom: '', dateTo: '', sort: 'newest', page: 1 };

const day = (value: string | null) => (value && isValidCalendarDay(value) ? value : '');

/** 'Fecha desde' after 'Fecha hasta' is a range typed backwards: the two days are swapped. */
export function orderedDates(filters: NewsFilters): NewsFilters {
  if (filters.dateFrom && filters.dateTo && filters.dateFrom > filters.dateTo) return { ...filters, dateFrom: filters.dateTo, dateTo: filters.dateFrom };
  return filters;
}

export function filtersFromSearch(search: string): NewsFilters {
  const params = new URLSearchParams(search);
  const category = params.get('categoria');
  const page = Number(params.get('pagina'));
  return orderedDates({
    search: (params.get('q') ?? '').slice(0, 200),
    category: isNewsCategory(category) ? category : 'all',
    dateFrom: day(params.get('desde')),
    dateTo: day(params.get('hasta')),
    sort: params.get('orden') === 'antiguas' ? 'oldest' : 'newest',
    // A page past the last one the API can serve is the first page, not an error.
    page: Number.isInteger(page) && page > 1 && (page - 1) * newsPageSize <= maxListOffset ? page : 1,
  });
}

/** The query string of some filters, defaults left out ('' when every filter is at its default). */
export function searchFromFilters(filters: NewsFilters): string {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set('q', filters.search.trim());
  if (filters.category !== 'all') params.set('categoria', filters.category);
  if (filters.dateFrom) params.set('desde', filters.dateFrom);
  if (filters.dateTo) params.set('hasta', filters.dateTo);
  if (filters.sort === 'oldest') params.set('orden', 'antiguas');
  if (filters.page > 1) params.set('pagina', String(filters.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** 'Limpiar filtros' shows when any filter differs from its default (the page number is no filter). */
export function hasActiveFilters(filters: NewsFilters): boolean {
  const { page: _page, ...rest } = filters;
  const { page: _defaultPage, ...defaults } = defaultNewsFilters;
  return (Object.keys(rest) as (keyof typeof rest)[]).some((key) => rest[key] !== defaults[key]);
}

/** GET /api/news's query: category left out for 'all', paging by limit and offset (docs/rules.md, 'Lists and paging'). */
export function newsListParams(filters: NewsFilters): QueryParams {
  return {
    search: filters.search.trim() || undefined,
    category: filters.category === 'all' ? undefined : filters.category,
    dateFrom: filters.dateFrom || undefined,
    dateTo: filters.dateTo || undefined,
    sort: filters.sort,
    limit: newsPageSize,
    offset: (filters.page - 1) * newsPageSize,
  };
}
