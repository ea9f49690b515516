// How a news category reads on a page. The categories are Spanish words (the API's values, the list's
// ?categoria= and the feeds keep them); the English pages show their English names.
import { isNewsCategory, type NewsCategory } from '../../../domain';
import type { Lang } from '../../i18n/lang';

const englishNames: Record<NewsCategory, string> = {
  Ciberseguridad: 'Cybersecurity',
  'Anti-Espionaje': 'Counter-espionage',
  Tecnología: 'Technology',
  Noticias: 'News',
};

/** The category as shown in `lang`; a value outside the list (older data) as it is. */
export function categoryName(lang: Lang, category: string): string {
  return lang === 'en' && isNewsCategory(category) ? englishNames[category] : category;
}
