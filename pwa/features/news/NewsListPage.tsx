// News list (/noticias): filters kept in the URL, the cards of one page, paging by limit/offset.
import { useCallback, useMemo } from 'react';
import { Link, useLocation } from 'wouter';
import { useQueryString } from '../../lib/query-string';
import { ChevronLeft, ChevronRight, Newspaper } from 'lucide-react';
import { usePageHead } from '../../lib/head';
import { useSite } from '../../lib/site';
import { buttonClass } from '../../ui/button-styles';
import { PageHero } from '../layout/PageHero';
import { useNewsList } from './list-api';
import { defaultNewsFilters, filtersFromSearch, hasActiveFilters, pageCount, searchFromFilters, type NewsFilters as Filters } from './filters';
import { NewsCard, newsCardKey } from './NewsCard';
import { CachedListItem } from '../../lib/server-fragments';
import { NewsFilters } from './NewsFilters';
import { useLocalePath } from '../../i18n/lang';
import { useTexts } from '../../i18n/texts';
import { newsListPart, newsListTexts, newsListTitle } from './list-texts';

export default function NewsListPage() {
  const newsTexts = useTexts('newsList', newsListTexts);
  const listPath = useLocalePath()('/noticias');
  const site = useSite();
  const search = useQueryString();
  const [, navigate] = useLocation();
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const changeFilters = useCallback(
    (next: Filters, options?: { replace?: boolean }) => navigate(`${listPath}${searchFromFilters(next)}`, options),
    [navigate, listPath],
  );
  const { data, isPending, isError, isPlaceholderData, refetch } = useNewsList(filters);
  const pages = data ? pageCount(data.total) : 1;
  // The title only: the description is the server's (texts.ts).
  usePageHead({ title: newsListTitle(newsTexts, site, newsListPart(newsTexts, filters, pages)) });
  const pageHref = (page: number) => `${listPath}${searchFromFilters({ ...filters, page })}`;

  return (
    <>
      <PageHero title={newsTexts.title} subtitle={newsTexts.subtitle} />
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
        <NewsFilters filters={filters} onChange={changeFilters} />

        <section aria-busy={isPending || isPlaceholderData} aria-live="polite" className="mt-8">
          {isPending && <p className="py-16 text-center text-slate-600">{newsTexts.loading}</p>}
          {isError && (
            <div className="py-16 text-center">
              <p className="font-semibold text-red-700">{newsTexts.error}</p>
              <button type="button" className={buttonClass('outline', 'md', 'mt-4')} onClick={() => void refetch()}>
                {newsTexts.retry}
              </button>
            </div>
          )}
          {data && data.total === 0 && (
            // With filters on, nothing matched them; without, the site has no news yet.
            <div className="flex flex-col items-center py-16 text-center">
              <Newspaper className="size-12 text-slate-400" aria-hidden="true" />
              <h2 className="mt-4 text-xl font-semibold text-slate-900">{hasActiveFilters(filters) ? newsTexts.noMatchTitle : newsTexts.emptyTitle}</h2>
              <p className="mt-2 text-slate-600">{hasActiveFilters(filters) ? newsTexts.noMatchText : newsTexts.emptyText}</p>
              {hasActiveFilters(filters) && (
                <button type="button" className={buttonClass('outline', 'md', 'mt-6')} onClick={() => changeFilters(defaultNewsFilters)}>
                  {newsTexts.clearFilters}
                </button>
              )}
            </div>
          )}
          {data && data.items.length > 0 && (
            <>
              <p className="mb-4 text-sm text-slate-600">{newsTexts.results(data.total)}</p>
              <ul className={`grid gap-6 md:grid-cols-2 lg:grid-cols-3 ${isPlaceholderData ? 'opacity-60' : ''}`}>
                {data.items.map((article) => {
                  const card = { article, dateLabel: newsTexts.formatDate(article.publishedAt), inSpanishLabel: newsTexts.inSpanish };
                  return (
                    <CachedListItem key={article.id} cacheKey={import.meta.env.SSR ? () => newsCardKey(card) : undefined}>
                      <NewsCard {...card} />
                    </CachedListItem>
                  );
                })}
              </ul>
            </>
          )}
          {data && pages > 1 && (
            <nav aria-label={newsTexts.pagination} className="mt-10 flex items-center justify-center gap-3">
              {filters.page > 1 ? (
                // Past the last page (a 404 the server marks noindex), 'Anterior' leads to the last one.
                <Link href={pageHref(Math.min(filters.page - 1, pages))} className={buttonClass('outline', 'md')} rel="prev">
                  <ChevronLeft className="size-4" aria-hidden="true" />
                  {newsTexts.previous}
                </Link>
              ) : null}
              <span className="text-sm text-slate-600">{newsTexts.pageOf(filters.page, pages)}</span>
              {filters.page < pages ? (
                <Link href={pageHref(filters.page + 1)} className={buttonClass('outline', 'md')} rel="next">
                  {newsTexts.next}
                  <ChevronRight className="size-4" aria-hidden="true" />
                </Link>
              ) : null}
            </nav>
          )}
        </section>
      </div>
    </>
  );
}
