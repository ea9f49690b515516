// The two languages of the public site. Spanish is the default at the original routes; the English
// edition lives under /en with English path names. This module is in the first-load chunk, so it
// holds only the path table and a context: the English texts load with the English pages.
import { createContext, useContext } from 'react';
import { homePathOf, languageOfPath } from '../../domain/language-of-path';

export type Lang = 'es' | 'en';

export const LangContext = createContext<Lang>('es');

export const useLang = (): Lang => useContext(LangContext);

/** The value of `lang` on <html> and of hreflang for each language. */
export const htmlLang: Record<Lang, string> = { es: 'es', en: 'en' };
export const hreflang: Record<Lang, string> = { es: 'es-CR', en: 'en' };

// Each Spanish section and its English twin; pages below a section (/noticias/{slug}) follow it.
const sections: [es: string, en: string][] = [
  ['/servicios', '/en/services'],
  ['/noticias', '/en/news'],
  ['/contacto', '/en/contact'],
  ['/formulario-avanzada', '/en/advance-form'],
];

export const langOfPath: (path: string) => Lang = languageOfPath;

/** The same public page in `lang` ('/noticias/x' -> '/en/news/x'); null when the page has no twin. */
export function pathIn(lang: Lang, path: string): string | null {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (clean === '/' || clean === '/en') return homePathOf(lang);
  for (const [es, en] of sections) {
    for (const [from, to] of [
      [es, en],
      [en, es],
    ]) {
      if (clean === from || clean.startsWith(`${from}/`)) {
        const translated = (lang === 'en') === (from === es) ? to + clean.slice(from.length) : clean;
        return translated;
      }
    }
  }
  return null;
}

/** Turns the site's Spanish paths into the current language's ('/contacto' -> '/en/contact'). */
export function useLocalePath(): (path: string) => string {
  const lang = useLang();
  return (path) => (lang === 'es' ? path : (pathIn(lang, path) ?? path));
}
