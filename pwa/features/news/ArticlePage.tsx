// Article (/noticias/:slug): the published article with its HTML content (sanitized by the server
// when it was written), or 'Artículo no encontrado' with the way back.
import { Link } from 'wouter';
import { ArrowLeft, CalendarDays, FileQuestion, UserRound } from 'lucide-react';
import { formatLongDate, type NewsArticle } from '../../../domain';
import type { PageProps } from '../../lib/lazy-page';
import { usePageHead } from '../../lib/head';
import { useSite } from '../../lib/site';
import { buttonClass } from '../../ui/button-styles';
import { useArticle } from './api';
import { articleHead, articleNotFoundHead, newsTexts } from './texts';

export default function ArticlePage({ params }: PageProps) {
  const { data: article, isPending, isError } = useArticle(params.slug);
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <Link href="/noticias" className="inline-flex items-center gap-2 rounded-md text-sm font-semibold text-accent-800 hover:text-accent-700">
        <ArrowLeft className="size-4" aria-hidden="true" />
        {newsTexts.back}
      </Link>
      {isPending && <p className="py-16 text-center text-slate-600">{newsTexts.loadingArticle}</p>}
      {isError && <p className="py-16 text-center font-semibold text-red-700">{newsTexts.articleError}</p>}
      {article === null && <NotFound slug={params.slug} />}
      {article && <ArticleBody article={article} />}
    </div>
  );
}

function ArticleBody({ article }: { article: NewsArticle }) {
  usePageHead(articleHead(useSite(), article));
  return (
    <article className="mt-8">
      <header>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-600">
          <span className="rounded-full bg-accent-400/15 px-2.5 py-1 text-xs font-semibold text-accent-800">{article.category}</span>
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays className="size-4" aria-hidden="true" />
            <time dateTime={article.publishedAt}>{formatLongDate(article.publishedAt)}</time>
          </span>
          <span className="inline-flex items-center gap-1.5">
            <UserRound className="size-4" aria-hidden="true" />
            {newsTexts.byAuthor} {article.author}
          </span>
        </div>
        <h1 className="mt-5 text-3xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-4xl">{article.title}</h1>
        <p className="mt-4 text-xl leading-relaxed text-slate-600">{article.excerpt}</p>
      </header>
      {article.image && <img src={article.image} alt="" width={1200} height={675} className="mt-8 aspect-video w-full rounded-xl bg-slate-100 object-cover" />}
      <div className="prose-article mt-8" dangerouslySetInnerHTML={{ __html: article.content }} />
    </article>
  );
}

function NotFound({ slug }: { slug: string }) {
  usePageHead(articleNotFoundHead(useSite(), slug));
  return (
    <div className="flex flex-col items-center py-16 text-center">
      <FileQuestion className="size-12 text-slate-400" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{newsTexts.notFound}</h1>
      <p className="mt-2 text-slate-600">{newsTexts.notFoundText}</p>
      <Link href="/noticias" className={buttonClass('dark', 'md', 'mt-6')}>
        {newsTexts.back}
      </Link>
    </div>
  );
}
