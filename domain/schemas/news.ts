import { z } from 'zod';
import { newsCategories } from '../enums';
import { slugPattern } from '../slug';
import { optionalText, patchOf, requiredText } from './common';
import { pagingFields } from './paging';
import { isAllowedImageUrl, imageUrlMessage } from '../images';

const imageField = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  z
    .string({ error: imageUrlMessage })
    .trim()
    .max(2000, { error: 'La URL es demasiado larga' })
    .refine(isAllowedImageUrl, { error: imageUrlMessage })
    .nullish()
    .transform((v) => v ?? null),
);

export const newsArticleInput = z.object({
  title: requiredText('El título es requerido', 300),
  slug: z
    .string({ error: 'El slug es requerido' })
    .trim()
    .min(1, { error: 'El slug es requerido' })
    .max(120, { error: 'Máximo 120 caracteres' })
    .regex(slugPattern, { error: 'Use solo minúsculas, números y guiones (ej. titulo-de-la-noticia)' }),
  excerpt: requiredText('El extracto es requerido', 1000),
  content: requiredText('El contenido es requerido', 200_000),
  image: imageField.optional().transform((v) => v ?? null),
  category: z.enum(newsCategories, { error: 'Seleccione una categoría válida' }),
  author: requiredText('El autor es requerido', 200),
  publishedAt: z
    .preprocess((v) => (typeof v === 'string' || typeof v === 'number' ? new Date(v) : v), z.date({ error: 'Fecha de publicación inválida' }))
    .refine((d) => d.getUTCFullYear() >= 1900 && d.getUTCFullYear() <= 2999, { error: 'Fecha de publicación inválida' })
    .optional(),
  reviewRequired: z.boolean().optional(),
  /** The optional English version shown on the English pages; without it they show the Spanish text. */
  englishTitle: optionalText(300),
  englishExcerpt: optionalText(1000),
  englishContent: optionalText(200_000),
});
export type NewsArticleInput = z.infer<typeof newsArticleInput>;
export type NewsArticleFormValues = z.input<typeof newsArticleInput>;

export const newsArticlePatch = patchOf(newsArticleInput);
export type NewsArticlePatch = z.infer<typeof newsArticlePatch>;

export type NewsArticle = {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  image: string | null;
  category: string;
  author: string;
  publishedAt: string;
  sourceId: string | null;
  sourceUrl: string | null;
  guidHash: string | null;
  isImported: boolean;
  reviewRequired: boolean;
  englishTitle: string | null;
  englishExcerpt: string | null;
  englishContent: string | null;
};

/** An article as the public list shows it: everything but the content. */
export type NewsSummary = Omit<NewsArticle, 'content' | 'englishContent'>;

export const newsSorts = ['newest', 'oldest'] as const;
/** 'Fecha desde' after 'Fecha hasta' is refused by the API (the news list swaps them before asking). */
export const dateRangeMessage = 'La fecha desde no puede ser posterior a la fecha hasta';
export const newsListQuery = z
  .object({
    search: z.string().trim().max(200).optional(),
    category: z.string().optional(),
    dateFrom: z.string().optional(),
    dateTo: z.string().optional(),
    sort: z.enum(newsSorts).catch('newest').default('newest'),
    status: z.enum(['published', 'pending', 'all']).catch('published').default('published'),
    ...pagingFields,
  })
  .refine((q) => !(q.dateFrom && q.dateTo && q.dateFrom.slice(0, 10) > q.dateTo.slice(0, 10)), { error: dateRangeMessage, path: ['dateFrom'] });
export type NewsListQuery = z.infer<typeof newsListQuery>;
