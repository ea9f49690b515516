import { z } from 'zod';
import { feedFormats } from '../enums';
import { newsCategories } from '../news-categories';
import { httpUrl, patchOf, requiredText } from './common';
import { splitFeatures } from './service';

/**
 * A source's URL is unique, and a unique index holds at most about 2,700 bytes per entry (PostgreSQL's
 * btree): the 2,000 characters `httpUrl` allows may be up to four bytes each. Held to 2,000 bytes, so a
 * URL that does not fit is a field error like any other, never a database failure; an ASCII URL's limit
 * stays its 2,000 characters.
 */
const maxUrlBytes = 2000;
const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;
const sourceUrl = httpUrl('Ingrese una URL válida (http o https)').refine((url) => utf8Bytes(url) <= maxUrlBytes, {
  error: `La URL es demasiado larga: admite hasta ${maxUrlBytes} bytes y cada carácter no ASCII (acentos, otros alfabetos) ocupa de 2 a 4`,
});

const keywords = z.preprocess(splitFeatures, z.array(z.string().max(100)).max(50)).default([]);

export const feedSourceInput = z.object({
  name: requiredText('El nombre es requerido', 200),
  url: sourceUrl,
  format: z.enum(feedFormats, { error: 'Formato inválido' }).default('rss'),
  enabled: z.boolean().default(true),
  defaultCategory: z.enum(newsCategories, { error: 'Seleccione una categoría válida' }),
  autoPublish: z.boolean().default(false),
  // A cleared field (or anything that is not a number) means the minimum, 1 hour.
  scheduleIntervalHours: z
    .preprocess(
      (v) => {
        if (v === null || (typeof v === 'string' && v.trim() === '')) return 1;
        const n = typeof v === 'number' ? v : Number(v);
        return Number.isFinite(n) ? Math.trunc(n) : 1;
      },
      z
        .number()
        .int()
        .min(1, { error: 'El intervalo mínimo es 1 hora' })
        .max(24 * 30, { error: 'El intervalo máximo es 720 horas' }),
    )
    .default(12),
  includeKeywords: keywords,
  excludeKeywords: keywords,
});
export type FeedSourceInput = z.infer<typeof feedSourceInput>;
export const feedSourcePatch = patchOf(feedSourceInput);

export type FeedRunSummary = {
  at: string;
  fetched: number;
  created: number;
  skipped: number;
  /** Of the skipped, those the source's keyword filters refused; runs recorded before it was counted lack it. */
  filtered?: number;
  /** Of the skipped, those whose content was longer than an article may hold (maxArticleContent); absent in older runs. */
  tooLong?: number;
  failed: number;
  error: string | null;
};

export type FeedSource = FeedSourceInput & {
  id: string;
  lastFetchedAt: string | null;
  createdAt: string;
  lastRun: FeedRunSummary | null;
};
