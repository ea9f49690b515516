// One article in a grid: image if any (a plain neutral panel when it fails to load), category, date, title
// and excerpt clamped. On the English pages: the English version when staff wrote one, else the
// Spanish text marked as such. An image of the media library is a <picture> (AVIF, then WebP, at each
// width the server made: docs/media.md); an older article's https image is its <img> alone.
import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { Link } from 'wouter';
import { CalendarDays } from 'lucide-react';
import type { NewsArticle } from '../../../domain';
import { useLang, useLocalePath } from '../../i18n/lang';
import { categoryName } from './category-names';

type Props = {
  article: Pick<NewsArticle, 'slug' | 'title' | 'excerpt' | 'image' | 'imageAlt' | 'picture' | 'category' | 'publishedAt'> &
    Partial<Pick<NewsArticle, 'englishTitle' | 'englishExcerpt'>>;
  /**
   * The date as shown ('5 de marzo, 2024', from domain's formatLongDate). Passed in rather than
   * formatted here: date-fns and its Spanish locale weigh ~10 KB gzipped, and the home page, whose
   * first load must stay under 100 KB, shows its three latest articles without a date.
   */
  dateLabel?: string;
  headingLevel?: 'h2' | 'h3';
  /** English pages: the badge of an article that has no English version ('In Spanish'). */
  inSpanishLabel?: string;
};

/**
 * Everything a card's markup depends on besides the language, for the server's cache of card markup
 * (lib/server-fragments.tsx): the fields it reads and its labels. A field the card starts to read
 * belongs here too.
 */
export function newsCardKey({ article, dateLabel, headingLevel, inSpanishLabel }: Props): string {
  // The server's summaries are read-only and shared by the renders that show the same version of an
  // article, so a key made from one is kept with it, for each language's labels (the same string again,
  // whose hash the cache's map has already computed). Made here on first use: the browser's bundle
  // leaves this function out.
  const made = (keysMade ??= new WeakMap()).get(article) ?? [];
  const same = made.find((kept) => kept.dateLabel === dateLabel && kept.headingLevel === headingLevel && kept.inSpanishLabel === inSpanishLabel);
  if (same) return same.key;
  const key = cardKeyOf(article, dateLabel, headingLevel, inSpanishLabel);
  if (Object.isFrozen(article)) keysMade.set(article, [...made.slice(-1), { dateLabel, headingLevel, inSpanishLabel, key }]);
  return key;
}

/** The last two keys made from each read-only summary (a Spanish page's and an English one's, as a rule). */
let keysMade: WeakMap<Props['article'], (Omit<Props, 'article'> & { key: string })[]> | undefined;

function cardKeyOf(article: Props['article'], dateLabel: Props['dateLabel'], headingLevel: Props['headingLevel'], inSpanishLabel: Props['inSpanishLabel']) {
  const { slug, title, excerpt, image, imageAlt, picture, category, publishedAt, englishTitle, englishExcerpt } = article;
  return JSON.stringify([
    slug,
    title,
    excerpt,
    image,
    imageAlt,
    picture,
    category,
    publishedAt,
    englishTitle,
    englishExcerpt,
    dateLabel,
    headingLevel,
    inSpanishLabel,
  ]);
}

export function NewsCard({ article, dateLabel, headingLevel: Heading = 'h2', inSpanishLabel }: Props) {
  const to = useLocalePath();
  const lang = useLang();
  const english = lang === 'en' && Boolean(article.englishTitle);
  const spanishOnly = lang === 'en' && !english;
  const [imageFailed, setImageFailed] = useState(false);
  const image = useImageFallback(setImageFailed);
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      {article.image && (
        <div className="aspect-video overflow-hidden bg-slate-100">
          {imageFailed ? (
            <div data-testid="imagen-no-disponible" className="size-full bg-gradient-to-br from-slate-100 to-slate-200" />
          ) : (
            <Picture
              article={article}
              sizes={cardImageSizes}
              loading="lazy"
              decoding="async"
              width={640}
              height={360}
              ref={image}
              onError={() => setImageFailed(true)}
              className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
            />
          )}
        </div>
      )}
      <div className="flex flex-1 flex-col p-5">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
          <span className="rounded-full bg-accent-400/15 px-2.5 py-1 font-semibold text-accent-800">{categoryName(lang, article.category)}</span>
          {dateLabel && (
            <span className="inline-flex items-center gap-1 text-slate-600">
              <CalendarDays className="size-3.5" aria-hidden="true" />
              <time dateTime={article.publishedAt}>{dateLabel}</time>
            </span>
          )}
          {spanishOnly && inSpanishLabel && <span className="rounded-full bg-slate-100 px-2.5 py-1 font-medium text-slate-700">{inSpanishLabel}</span>}
        </div>
        <Heading lang={spanishOnly ? 'es' : undefined} className="mt-3 line-clamp-2 text-lg font-bold text-slate-900 group-hover:text-accent-800">
          {/* The link covers the whole card (::after) while keeping one focusable element per card. */}
          <Link href={to(`/noticias/${article.slug}`)} className="after:absolute after:inset-0 after:content-['']">
            {english ? article.englishTitle : article.title}
          </Link>
        </Heading>
        <p lang={spanishOnly ? 'es' : undefined} className="mt-2 line-clamp-3 text-sm leading-relaxed text-slate-600">
          {english ? (article.englishExcerpt ?? article.excerpt) : article.excerpt}
        </p>
      </div>
    </article>
  );
}

/** A card's width: half the row from md, a third from lg (max-w-7xl); the whole column otherwise (the default). */
const cardImageSizes = '(min-width:1024px) 400px,(min-width:768px) 50vw';

type PictureProps = { article: Pick<NewsArticle, 'image' | 'imageAlt' | 'picture'>; sizes: string } & ComponentProps<'img'>;

/**
 * The article's image: its <img>, after the AVIF and WebP sources of the library's copies when it is one
 * of them. An https address has no sources, and its <img> loads it as before; the <picture> around it is
 * kept rather than branched on, because this card is in the home page's first-visit JavaScript.
 */
export function Picture({ article: { image, imageAlt, picture }, sizes, ...img }: PictureProps) {
  return (
    <picture>
      {picture?.sources.map((source) => (
        <source key={source.type} {...source} sizes={sizes} />
      ))}
      <img src={image!} alt={imageAlt ?? ''} {...img} />
    </picture>
  );
}

/** An image that failed before the page was hydrated fired its error event unheard: check once. */
export function useImageFallback(setFailed: (failed: boolean) => void) {
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0) setFailed(true);
  }, [setFailed]);
  return ref;
}
