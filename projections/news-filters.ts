// What a news list query filters on, read once for both the SQL query and the in-memory index: a
// category outside the list or a date that is not a calendar day filters nothing, as before.
import { addDaysToDay, businessTimeOn, isValidCalendarDay, newsCategories, type NewsListQuery } from '../domain';

export type NewsFilters = {
  status: NewsListQuery['status'];
  category: string | null;
  /** From the start of 'Fecha desde' (inclusive) to the start of the day after 'Fecha hasta' (exclusive), Costa Rica time. */
  from: Date | null;
  to: Date | null;
};

export function newsFilters(query: NewsListQuery): NewsFilters {
  const from = query.dateFrom?.slice(0, 10);
  const to = query.dateTo?.slice(0, 10);
  return {
    status: query.status,
    category: query.category && query.category !== 'all' && (newsCategories as readonly string[]).includes(query.category) ? query.category : null,
    from: from && isValidCalendarDay(from) ? businessTimeOn(from, 0) : null,
    to: to && isValidCalendarDay(to) ? businessTimeOn(addDaysToDay(to, 1), 0) : null,
  };
}
