// The filter bar of the news list: search, category, sort, date range, 'Limpiar filtros'.
// Every change becomes a new URL; typing is debounced and replaces the entry so Back skips keystrokes.
import { useEffect, useState, type FormEvent } from 'react';
import { ChevronDown, Search, X } from 'lucide-react';
import { newsCategories } from '../../../domain';
import { buttonClass } from '../../ui/button-styles';
import { DeferredDatePicker } from '../../ui/DeferredDatePicker';
import { defaultNewsFilters, hasActiveFilters, orderedDates, type NewsFilters as Filters } from './filters';
import { useTexts } from '../../i18n/texts';
import { newsListTexts } from './list-texts';
import { categoryName } from './category-names';
import { useLang } from '../../i18n/lang';
import { CachedForm } from '../../lib/server-fragments';

type Option = { id: string; label: string };
const searchDelayMs = 350;

type Props = { filters: Filters; onChange: (next: Filters, options?: { replace?: boolean }) => void };

export function NewsFilters({ filters, onChange }: Props) {
  const newsTexts = useTexts('newsList', newsListTexts);
  const lang = useLang();
  const categoryOptions: Option[] = [{ id: 'all', label: newsTexts.allCategories }, ...newsCategories.map((c) => ({ id: c, label: categoryName(lang, c) }))];
  const sortOptions: Option[] = [
    { id: 'newest', label: newsTexts.sortNewest },
    { id: 'oldest', label: newsTexts.sortOldest },
  ];
  const [searchDraft, setSearchDraft] = useState(filters.search);
  // The URL wins when it changes from outside (Back, 'Limpiar filtros').
  useEffect(() => setSearchDraft(filters.search), [filters.search]);

  useEffect(() => {
    if (searchDraft.trim() === filters.search.trim()) return;
    const timer = setTimeout(() => onChange({ ...filters, search: searchDraft, page: 1 }, { replace: true }), searchDelayMs);
    return () => clearTimeout(timer);
  }, [searchDraft, filters, onChange]);

  const update = (patch: Partial<Filters>) => onChange(orderedDates({ ...filters, ...patch, page: 1 }));
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    if (searchDraft.trim() !== filters.search.trim()) update({ search: searchDraft });
  };

  // The server keeps the form's markup per language and filters but the page (every page of a search
  // shows the same form): its children depend on nothing else, and their ids are given, not numbered by
  // useId. Every filter is in the key, so one added later is too.
  const cacheKey = import.meta.env.SSR ? () => `filtros\u0000${JSON.stringify({ ...filters, page: null })}` : undefined;
  return (
    <CachedForm
      cacheKey={cacheKey}
      role="search"
      aria-label={newsTexts.filtersLabel}
      onSubmit={submitSearch}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <>
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
          <NativeSelect
            label={newsTexts.categoryLabel}
            options={categoryOptions}
            value={filters.category}
            onChange={(category) => update({ category: category as Filters['category'] })}
          />
          <NativeSelect label={newsTexts.sortLabel} options={sortOptions} value={filters.sort} onChange={(sort) => update({ sort: sort as Filters['sort'] })} />
          <DeferredDatePicker
            id="noticias-desde"
            label={newsTexts.dateFrom}
            value={filters.dateFrom}
            onChange={(dateFrom) => update({ dateFrom })}
            clearLabel={newsTexts.clearDate(newsTexts.dateFrom)}
            className="lg:col-span-2"
          />
          <DeferredDatePicker
            id="noticias-hasta"
            label={newsTexts.dateTo}
            value={filters.dateTo}
            onChange={(dateTo) => update({ dateTo })}
            clearLabel={newsTexts.clearDate(newsTexts.dateTo)}
            className="lg:col-span-2"
          />
        </div>
        {hasActiveFilters(filters) && (
          // On the left: at the right it could sit under the floating WhatsApp button, which holds the
          // bottom-right corner of every public page (docs/public-site-and-english.md).
          <div className="mt-4 flex justify-start">
            {/* A plain button: react-aria's would add ~12 KB to this page's first load for nothing. */}
            <button type="button" className={buttonClass('ghost', 'sm')} onClick={() => onChange(defaultNewsFilters)}>
              <X className="size-4" aria-hidden="true" />
              {newsTexts.clearFilters}
            </button>
          </div>
        )}
      </>
    </CachedForm>
  );
}

/**
 * The browser's own <select>: on a phone it opens the system picker, and it weighs nothing, which
 * keeps the news list fast on its first visit (react-aria's Select is ~25 KB gzipped).
 */
function NativeSelect({ label, options, value, onChange }: { label: string; options: Option[]; value: string; onChange: (value: string) => void }) {
  return (
    <label className="flex flex-col gap-1.5 lg:col-span-2">
      <span className="text-sm font-medium text-slate-800">{label}</span>
      <span className="relative">
        <select
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className="w-full appearance-none rounded-md border border-slate-300 bg-white py-2.5 pr-9 pl-3 text-base text-slate-900 focus:border-accent-500"
        >
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
      </span>
    </label>
  );
}
