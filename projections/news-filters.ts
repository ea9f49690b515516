// What a news list query filters on, read once for both the SQL query and the in-memory index: a
// category outside the list or a date that is not a calendar day filters nothing, as before.
import { isValidCalendarDay, newsCategories, type NewsListQuery } from '../domain';

export type NewsFilters = {
  status: NewsListQuery['status'];
  category: string | null;
  /** From the start of 'Fecha desde' (inclusive) to the start of the day after 'Fecha hasta' (exclusive), Costa Rica time. */
  from: Date | null;
  to: Date | null;
};

// Costa Rica keeps UTC-6 all year (no daylight saving): a calendar day there starts at 06:00 UTC.
const dayStart = (day: string) => new Date(`${day}T00:00:00-06:00`);
const dayAfter = (day: string) => new Date(new Date(`${day}T00:00:00Z`).getTime() + 86_400_000).toISOString().slice(0, 10);

export function newsFilters(query: NewsListQuery): NewsFilters {
  const from = query.dateFrom?.slice(0, 10);
  const to = query.dateTo?.slice(0, 10);
  return {
    status: query.status,
    category: query.category && query.category !== 'all' && (newsCategories as readonly string[]).includes(query.category) ? query.category : null,
    from: from && isValidCalendarDay(from) ? dayStart(from) : null,
    to: to && isValidCalendarDay(to) ? dayStart(dayAfter(to)) : null,
  };
}
