import { z } from 'zod';
import { feedFormats } from '../enums';
import { newsCategories } from '../news-categories';
import { httpUrl, patchOf, requiredText } from './common';
import { splitFeatures } from './service';

const keywords = z.preprocess(splitFeatures, z.array(z.string().max(100)).max(50)).default([]);

export const feedSourceInput = z.object({
  name: requiredText('El nombre es requerido', 200),
  url: httpUrl('Ingrese una URL válida (http o https)'),
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
  failed: number;
  error: string | null;
};

export type FeedSource = FeedSourceInput & {
  id: string;
  lastFetchedAt: string | null;
  createdAt: string;
  lastRun: FeedRunSummary | null;
};
