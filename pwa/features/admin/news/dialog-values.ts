// The news dialog's values and what it shows of them, apart from its screen: a blank article, an
// article's values for the form, the comparison of two sets of values, the date-time field's Costa Rica
// wall clock, and the autosave line.
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { businessTimeZone, type NewsArticle, type NewsArticleFormValues } from '../../../../domain';
import { newsTexts } from '../texts';
import { autosaveTexts } from './texts';
import type { AutosaveState } from './useAutosave';

export const emptyArticle: NewsArticleFormValues = {
  title: '',
  slug: '',
  category: 'Noticias',
  author: '',
  excerpt: '',
  content: '',
  image: '',
  imageAlt: '',
  status: 'draft',
  publishedAt: undefined,
  englishTitle: '',
  englishExcerpt: '',
  englishContent: '',
};

export const valuesOf = (article: NewsArticle): NewsArticleFormValues => ({
  title: article.title,
  slug: article.slug,
  category: article.category as NewsArticleFormValues['category'],
  author: article.author,
  excerpt: article.excerpt,
  content: article.content,
  image: article.image ?? '',
  imageAlt: article.imageAlt ?? '',
  status: article.status,
  publishedAt: article.publishedAt,
  englishTitle: article.englishTitle ?? '',
  englishExcerpt: article.englishExcerpt ?? '',
  englishContent: article.englishContent ?? '',
});

/** An instant as the date-time field shows it: Costa Rica's wall clock, to the second. */
export const toBusinessClock = (iso: unknown) =>
  typeof iso === 'string' && iso ? format(new TZDate(new Date(iso).getTime(), businessTimeZone), "yyyy-MM-dd'T'HH:mm:ss") : '';
/** The field's wall-clock time back to an instant: Costa Rica keeps UTC-6 all year. */
export const fromBusinessClock = (local: string) => (local ? new Date(`${local.length === 16 ? `${local}:00` : local}-06:00`).toISOString() : undefined);

export function autosaveLine(state: AutosaveState, now: number): string {
  switch (state.kind) {
    case 'idle':
      return autosaveTexts.never;
    case 'saving':
      return autosaveTexts.saving;
    case 'server':
      return autosaveTexts.saved(now - state.at);
    case 'local':
      return autosaveTexts.savedHere(now - state.at);
    case 'offline':
      return autosaveTexts.savedHereOffline(now - state.at);
    case 'live':
      return autosaveTexts.savedHereLive(now - state.at);
    case 'incomplete':
      return autosaveTexts.savedHereIncomplete(now - state.at);
    case 'conflict':
      return autosaveTexts.savedHereConflict(now - state.at);
    case 'failed':
      return state.reason ? `${autosaveTexts.failed}: ${state.reason}` : autosaveTexts.failed;
    case 'typedWhileSaving':
      return autosaveTexts.typedWhileSaving;
  }
}

/** The form's values as a comparable text. */
export const sameValues = (a: NewsArticleFormValues, b: NewsArticleFormValues) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The dialog's text as one piece to keep elsewhere (the clipboard) before loading another version: each
 * field under its name, the content as its HTML (what 'Código HTML' takes back).
 */
export function textToCopy(values: NewsArticleFormValues): string {
  const parts: [string, unknown][] = [
    [newsTexts.fieldTitle, values.title],
    [newsTexts.fieldExcerpt, values.excerpt],
    [newsTexts.fieldContent, values.content],
    [newsTexts.fieldEnglishTitle, values.englishTitle],
    [newsTexts.fieldEnglishExcerpt, values.englishExcerpt],
    [newsTexts.fieldEnglishContent, values.englishContent],
  ];
  return parts
    .filter(([, value]) => typeof value === 'string' && value.trim() !== '')
    .map(([name, value]) => `${name}:\n${String(value)}`)
    .join('\n\n');
}
