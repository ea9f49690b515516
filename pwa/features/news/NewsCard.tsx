// One article in a grid: image if any, category, date, title and excerpt clamped.
import { Link } from 'wouter';
import { CalendarDays } from 'lucide-react';
import type { NewsArticle } from '../../../domain';

type Props = {
  article: Pick<NewsArticle, 'slug' | 'title' | 'excerpt' | 'image' | 'category' | 'publishedAt'>;
  /**
   * The date as shown ('5 de marzo, 2024', from domain's formatLongDate). Passed in rather than
   * formatted here: date-fns and its Spanish locale weigh ~10 KB gzipped, and the home page, whose
   * first load must stay under 100 KB, shows its three latest articles without a date.
   */
  dateLabel?: string;
  headingLevel?: 'h2' | 'h3';
};

export function NewsCard({ article, dateLabel, headingLevel: Heading = 'h2' }: Props) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      {article.image && (
        <div className="aspect-video overflow-hidden bg-slate-100">
          <img src={article.image} alt="" loading="lazy" decoding="async" width={640} height={360} className="size-full object-cover transition-transform duration-300 group-hover:scale-105" />
        </div>
      )}
      <div className="flex flex-1 flex-col p-5">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
          <span className="rounded-full bg-accent-400/15 px-2.5 py-1 font-semibold text-accent-800">{article.category}</span>
          {dateLabel && (
            <span className="inline-flex items-center gap-1 text-slate-600">
              <CalendarDays className="size-3.5" aria-hidden="true" />
              <time dateTime={article.publishedAt}>{dateLabel}</time>
            </span>
          )}
        </div>
        <Heading className="mt-3 line-clamp-2 text-lg font-bold text-slate-900 group-hover:text-accent-800">
          {/* The link covers the whole card (::after) while keeping one focusable element per card. */}
          <Link href={`/noticias/${article.slug}`} className="after:absolute after:inset-0 after:content-['']">
            {article.title}
          </Link>
        </Heading>
        <p className="mt-2 line-clamp-3 text-sm leading-relaxed text-slate-600">{article.excerpt}</p>
      </div>
    </article>
  );
}
