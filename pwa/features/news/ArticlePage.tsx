// Article (/noticias/:slug): the published article with its HTML content (sanitized by the server
// when it was written), or 'Artículo no encontrado' with the way back. Imported articles link to their
// source and never repeat their summary when the body says the same. On the English pages: the English
// version when staff wrote one, else the Spanish article with a note.
import { useState } from 'react';
import { Link } from 'wouter';
import { ArrowLeft, CalendarDays, ExternalLink, FileQuestion, UserRound } from 'lucide-react';
import { articleImageSizes, type NewsArticle } from '../../../domain';
import type { PageProps } from '../../lib/lazy-page';
import { usePageHead } from '../../lib/head';
import { useSite } from '../../lib/site';
import { useLang, useLocalePath } from '../../i18n/lang';
import { useTexts } from '../../i18n/texts';
import { buttonClass } from '../../ui/button-styles';
import { useArticle } from './api';
import { Picture, useImageFallback } from './NewsCard';
import { categoryName } from './category-names';
import { articlePageHead, articleTexts } from './article-texts';

const useArticleTexts = () => useTexts('article', articleTexts);

export default function ArticlePage({ params }: PageProps) {
  const newsTexts = useArticleTexts();
  const listPath = useLocalePath()('/noticias');
  const { data: article, isPending, isError } = useArticle(params.slug);
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <Link href={listPath} className="inline-flex items-center gap-2 rounded-md text-sm font-semibold text-accent-800 hover:text-accent-700">
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

/** The visible words of some HTML, spaces collapsed: enough to tell whether two texts say the same. */
const plainText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

/** True when the body already starts with the summary (feeds often give one sentence for both). */
function repeatsExcerpt(excerpt: string, content: string): boolean {
  const summary = plainText(excerpt)
    .replace(/(…|\.\.\.)$/, '')
    .trim();
  return summary.length > 0 && plainText(content).startsWith(summary);
}

function ArticleBody({ article }: { article: NewsArticle }) {
  const newsTexts = useArticleTexts();
  usePageHead(articlePageHead(useSite(), newsTexts.page(article)));
  const lang = useLang();
  const english = lang === 'en' && Boolean(article.englishTitle);
  const spanishOnly = lang === 'en' && !english;
  const title = english ? article.englishTitle! : article.title;
  const excerpt = english ? (article.englishExcerpt ?? article.excerpt) : article.excerpt;
  const content = english ? (article.englishContent ?? article.content) : article.content;
  const [imageFailed, setImageFailed] = useState(false);
  const image = useImageFallback(setImageFailed);
  return (
    <article className="mt-8" lang={spanishOnly ? 'es' : undefined}>
      {spanishOnly && (
        <p lang="en" className="mb-6 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700">
          {newsTexts.inSpanishArticle}
        </p>
      )}
      <header>
        {/* Category, date and author read in the page's language, also above a Spanish-only article. */}
        <div lang={spanishOnly ? 'en' : undefined} className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-600">
          <span className="rounded-full bg-accent-400/15 px-2.5 py-1 text-xs font-semibold text-accent-800">{categoryName(lang, article.category)}</span>
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays className="size-4" aria-hidden="true" />
            <time dateTime={article.publishedAt}>{newsTexts.formatDate(article.publishedAt)}</time>
          </span>
          <span className="inline-flex items-center gap-1.5">
            <UserRound className="size-4" aria-hidden="true" />
            {newsTexts.byAuthor} {article.author}
          </span>
        </div>
        <h1 className="mt-5 text-3xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-4xl">{title}</h1>
        {!repeatsExcerpt(excerpt, content) && <p className="mt-4 text-xl leading-relaxed text-slate-600">{excerpt}</p>}
      </header>
      {article.image && !imageFailed && (
        // Above the fold: fetched at once (the server also preloads it), in the size the page needs.
        <Picture
          article={article}
          sizes={articleImageSizes}
          ref={image}
          width={article.picture?.width ?? 1200}
          height={article.picture?.height ?? 675}
          fetchPriority="high"
          onError={() => setImageFailed(true)}
          className="mt-8 aspect-video w-full rounded-xl bg-slate-100 object-cover"
        />
      )}
      <div className="prose-article mt-8" dangerouslySetInnerHTML={{ __html: content }} />
      {article.sourceUrl && (
        <p className="mt-10 border-t border-slate-200 pt-6 text-sm">
          <a
            href={article.sourceUrl}
            target="_blank"
            rel="noopener nofollow"
            className="inline-flex items-center gap-1.5 font-semibold text-accent-800 hover:underline"
            lang={spanishOnly ? 'en' : undefined}
          >
            <ExternalLink className="size-4" aria-hidden="true" />
            {newsTexts.sourceLink}
          </a>
        </p>
      )}
    </article>
  );
}

function NotFound({ slug }: { slug: string }) {
  const newsTexts = useArticleTexts();
  const listPath = useLocalePath()('/noticias');
  usePageHead(newsTexts.notFoundHead(useSite(), slug));
  return (
    <div className="flex flex-col items-center py-16 text-center">
      <FileQuestion className="size-12 text-slate-400" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{newsTexts.notFound}</h1>
      <p className="mt-2 text-slate-600">{newsTexts.notFoundText}</p>
      <Link href={listPath} className={buttonClass('dark', 'md', 'mt-6')}>
        {newsTexts.back}
      </Link>
    </div>
  );
}
