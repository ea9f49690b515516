// The filter bar of the news list: search, category, sort, date range, 'Limpiar filtros'.
// Every change becomes a new URL; typing is debounced and replaces the entry so Back skips keystrokes.
import { useEffect, useState, type FormEvent } from 'react';
import { Search, X } from 'lucide-react';
import { newsCategories } from '../../../domain';
import { Button } from '../../ui/Button';
import { DatePicker } from '../../ui/DatePicker';
import { Select, type SelectOption } from '../../ui/Select';
import { defaultNewsFilters, hasActiveFilters, type NewsFilters as Filters } from './filters';
import { newsTexts } from './texts';

const categoryOptions: SelectOption[] = [{ id: 'all', label: newsTexts.allCategories }, ...newsCategories.map((c) => ({ id: c, label: c }))];
const sortOptions: SelectOption[] = [
  { id: 'newest', label: newsTexts.sortNewest },
  { id: 'oldest', label: newsTexts.sortOldest },
];
const searchDelayMs = 350;

type Props = { filters: Filters; onChange: (next: Filters, options?: { replace?: boolean }) => void };

export function NewsFilters({ filters, onChange }: Props) {
  const [searchDraft, setSearchDraft] = useState(filters.search);
  // The URL wins when it changes from outside (Back, 'Limpiar filtros').
  useEffect(() => setSearchDraft(filters.search), [filters.search]);

  useEffect(() => {
    if (searchDraft.trim() === filters.search.trim()) return;
    const timer = setTimeout(() => onChange({ ...filters, search: searchDraft, page: 1 }, { replace: true }), searchDelayMs);
    return () => clearTimeout(timer);
  }, [searchDraft, filters, onChange]);

  const update = (patch: Partial<Filters>) => onChange({ ...filters, ...patch, page: 1 });
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    if (searchDraft.trim() !== filters.search.trim()) update({ search: searchDraft });
  };

  return (
    <form role="search" aria-label={newsTexts.filtersLabel} onSubmit={submitSearch} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-12">
        <label className="flex flex-col gap-1.5 md:col-span-2 lg:col-span-4">
          <span className="text-sm font-medium text-slate-800">{newsTexts.searchLabel}</span>
          <span className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
            <input
              type="search"
              name="q"
              value={searchDraft}
              onChange={(event) => setSearchDraft(event.target.value)}
              placeholder={newsTexts.searchPlaceholder}
              className="w-full rounded-md border border-slate-300 bg-white py-2.5 pr-3 pl-9 text-base text-slate-900 placeholder:text-slate-500 focus:border-accent-500"
            />
          </span>
        </label>
        <Select
          label={newsTexts.categoryLabel}
          options={categoryOptions}
          value={filters.category}
          onChange={(category) => update({ category: category as Filters['category'] })}
          className="lg:col-span-2"
        />
        <Select label={newsTexts.sortLabel} options={sortOptions} value={filters.sort} onChange={(sort) => update({ sort: sort as Filters['sort'] })} className="lg:col-span-2" />
        <DatePicker label={newsTexts.dateFrom} value={filters.dateFrom} onChange={(dateFrom) => update({ dateFrom })} clearLabel={`Borrar ${newsTexts.dateFrom}`} className="lg:col-span-2" />
        <DatePicker label={newsTexts.dateTo} value={filters.dateTo} onChange={(dateTo) => update({ dateTo })} clearLabel={`Borrar ${newsTexts.dateTo}`} className="lg:col-span-2" />
      </div>
      {hasActiveFilters(filters) && (
        <div className="mt-4 flex justify-end">
          <Button variant="ghost" size="sm" onPress={() => onChange(defaultNewsFilters)}>
            <X className="size-4" aria-hidden="true" />
            {newsTexts.clearFilters}
          </Button>
        </div>
      )}
    </form>
  );
}
