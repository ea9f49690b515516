import { z } from 'zod';
import { newsStatuses, type NewsStatus } from '../enums';
import { newsCategories } from '../news-categories';
import { slugPattern } from '../slug';
import { optionalText, patchOf, requiredText } from './common';
import { pagingFields } from './paging';
import { isArticleImage, imageUrlMessage } from '../images';
import { isValidCalendarDay, startOfCalendarDay } from '../dates';
import { instantOfIsoDateTime } from '../iso-date-time';
import type { Picture } from '../media';

const imageField = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  z
    .string({ error: imageUrlMessage })
    .trim()
    .max(2000, { error: 'La URL es demasiado larga' })
    .refine(isArticleImage, { error: imageUrlMessage })
    .nullish()
    .transform((v) => v ?? null),
);

/**
 * The publication date as sent: a number of milliseconds, or a text. A day ('2026-03-05', its midnight in
 * Costa Rica) or an ISO
 * date-time must name a real day and time (30 February or 24:00 is invalid, never rolled over to the
 * next day); a date-time without a zone is read in the server's time, as before. Any other text is read
 * as JavaScript reads a date.
 */
function publicationDateOf(value: unknown): unknown {
  if (typeof value === 'number') return new Date(value);
  if (typeof value !== 'string') return value;
  const text = value.trim();
  // A day alone is that day's midnight in Costa Rica, as every calendar day of the site.
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return isValidCalendarDay(text) ? startOfCalendarDay(text) : new Date(Number.NaN);
  if (/^\d{4}-\d{2}-\d{2}T/.test(text)) {
    const zoned = /(?:Z|[+-]\d{2}:\d{2})$/.test(text);
    // Without a zone, its parts are checked as if in UTC; the instant is still the server's reading.
    const instant = instantOfIsoDateTime(zoned ? text : `${text}Z`);
    return instant === null ? new Date(Number.NaN) : zoned ? new Date(instant) : new Date(text);
  }
  return new Date(text);
}

/**
 * A published article is public from the moment it is saved, so it cannot carry a date ahead of that
 * moment: an article meant for later is scheduled ('Programada'), and the scheduler publishes it then.
 * Five minutes are allowed for a device whose clock runs a little fast (the dialog dates an article
 * "now" by the browser's clock).
 */
const publicationClockSlackMs = 5 * 60_000;
export const publishedAheadMessage = "Una noticia publicada no puede tener una fecha futura: para que aparezca en esa fecha, elija el estado 'Programada'";
/** Whether a published article dated `publishedAt` would say it was published later than `now`. */
export const isDatedAhead = (publishedAt: string | Date, now: string | number | Date): boolean =>
  new Date(publishedAt).getTime() > new Date(now).getTime() + publicationClockSlackMs;

/**
 * The longest an article's content may be, in each language, as stored. What is sent is held to it
 * before it is parsed, and what the server's cleaning makes of it (links gain rel and target, library
 * images their srcset) again: a text stored longer could never be saved again, not even to fix its title.
 */
export const maxArticleContent = 200_000;

export const newsArticleInput = z.object({
  title: requiredText('El título es requerido', 300),
  slug: z
    .string({ error: 'El slug es requerido' })
    .trim()
    .min(1, { error: 'El slug es requerido' })
    .max(120, { error: 'Máximo 120 caracteres' })
    .regex(slugPattern, { error: 'Use solo minúsculas, números y guiones (ej. titulo-de-la-noticia)' }),
  excerpt: requiredText('El extracto es requerido', 1000),
  content: requiredText('El contenido es requerido', maxArticleContent),
  image: imageField.optional().transform((v) => v ?? null),
  /** What the image shows, for people who cannot see it (the dialog asks for it with an image). */
  imageAlt: optionalText(300),
  category: z.enum(newsCategories, { error: 'Seleccione una categoría válida' }),
  author: requiredText('El autor es requerido', 200),
  publishedAt: z
    .preprocess(publicationDateOf, z.date({ error: 'Fecha de publicación inválida' }))
    .refine((d) => d.getUTCFullYear() >= 1900 && d.getUTCFullYear() <= 2999, { error: 'Fecha de publicación inválida' })
    .optional(),
  reviewRequired: z.boolean().optional(),
  /** Left out: published (an article under review is a draft whatever is sent). */
  status: z.enum(newsStatuses, { error: 'Estado inválido (borrador, programada o publicada)' }).optional(),
  /** The optional English version shown on the English pages; without it they show the Spanish text. */
  englishTitle: optionalText(300),
  englishExcerpt: optionalText(1000),
  englishContent: optionalText(maxArticleContent),
});
export type NewsArticleInput = z.infer<typeof newsArticleInput>;

const imageAltMessage = 'Describa la imagen: el texto alternativo es obligatorio';
/** What the news dialog checks before saving: an image comes with its description, for people who cannot see it. */
export const newsArticleForm = newsArticleInput.refine((article) => !article.image || Boolean(article.imageAlt), {
  error: imageAltMessage,
  path: ['imageAlt'],
});
export type NewsArticleFormValues = z.input<typeof newsArticleInput>;

const versionMessage = 'La versión de la noticia debe ser un número entero positivo';
/**
 * A save of an existing article. `expectedVersion`: the article's version the text was based on (the
 * `version` of the article as it was read); if someone saved it since, the save is refused (409) and
 * nothing is written. Left out, the save is taken whatever came before it (API clients from before
 * versions; the editor always sends it).
 */
const expectedVersion = z.number({ error: versionMessage }).int({ error: versionMessage }).min(1, { error: versionMessage });
export const newsArticlePatch = patchOf(newsArticleInput.extend({ expectedVersion }));

/**
 * Restoring one of an article's versions. `expectedVersion`: the article's version the person was
 * looking at; if someone saved it since, nothing is restored (409). Left out (API clients from before
 * versions), the restore is taken whatever came before it; the editor always sends it.
 */
export const newsRestoreInput = z.object({ expectedVersion: expectedVersion.optional() });

export type NewsArticle = {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  image: string | null;
  imageAlt: string | null;
  /** The image's <picture> when it is one of the media library's (null for an https address). */
  picture: Picture | null;
  category: string;
  author: string;
  publishedAt: string;
  sourceId: string | null;
  sourceUrl: string | null;
  guidHash: string | null;
  isImported: boolean;
  reviewRequired: boolean;
  status: NewsStatus;
  englishTitle: string | null;
  englishExcerpt: string | null;
  englishContent: string | null;
  /** Left by the feed importer for the review (an image it could not copy); null otherwise. */
  reviewNote: string | null;
  /**
   * How many events its stream holds: every save moves it on. A save names the version it was based on
   * (`expectedVersion`), so that it never replaces a save it did not see.
   */
  version: number;
  /**
   * When visitors last saw the article change: the last edit of a public field while it was published,
   * or its publication date when none came after it (a draft's saves before it went public never count).
   */
  updatedAt: string;
};

/**
 * An article's status. Events written before statuses existed carry none: the article was public unless
 * it waited for review, and an article waiting for review is a draft.
 */
export const articleStatus = (article: { status?: NewsStatus | null; reviewRequired: boolean }): NewsStatus =>
  article.reviewRequired ? 'draft' : (article.status ?? 'published');

/** The fields that make an article's text: what a revision shows and a restore brings back. */
export const articleTextFields = ['title', 'excerpt', 'content', 'englishTitle', 'englishExcerpt', 'englishContent'] as const;
export type ArticleTextField = (typeof articleTextFields)[number];

/** The fields visitors read of an article: a change of one while it is published is a change of its page (`updatedAt`). */
export const articlePublicFields = [
  ...articleTextFields,
  'slug',
  'image',
  'imageAlt',
  'category',
  'author',
  'publishedAt',
  'sourceUrl',
] as const satisfies readonly (keyof NewsArticle)[];

/** The query parameter of an article page that carries a preview link's token (docs/news-editing.md). */
export const newsPreviewParam = 'vista-previa';

/** One saved version of an article's text (GET /api/news/{id}/revisions). */
export type NewsRevision = { version: number; at: string; by: string | null; title: string; restoredFrom: number | null };
/** A version's whole text (GET /api/news/{id}/revisions/{version}). */
export type NewsRevisionText = NewsRevision & Record<Exclude<ArticleTextField, 'title'>, string | null>;

/** An article as the public list shows it: everything but the content (and the version only editors need). */
export type NewsSummary = Omit<NewsArticle, 'content' | 'englishContent' | 'version'>;

const newsSorts = ['newest', 'oldest'] as const;
/** 'Fecha desde' after 'Fecha hasta' is refused by the API (the news list swaps them before asking). */
const dateRangeMessage = 'La fecha desde no puede ser posterior a la fecha hasta';
export const newsListQuery = z
  .object({
    search: z.string().trim().max(200).optional(),
    category: z.string().optional(),
    dateFrom: z.string().optional(),
    dateTo: z.string().optional(),
    sort: z.enum(newsSorts).catch('newest').default('newest'),
    /** 'pending': waiting for review (imported drafts); 'draft' includes them. Visitors always get 'published'. */
    status: z.enum(['published', 'pending', 'draft', 'scheduled', 'all']).catch('published').default('published'),
    ...pagingFields,
  })
  .refine((q) => !(q.dateFrom && q.dateTo && q.dateFrom.slice(0, 10) > q.dateTo.slice(0, 10)), { error: dateRangeMessage, path: ['dateFrom'] });
export type NewsListQuery = z.infer<typeof newsListQuery>;
