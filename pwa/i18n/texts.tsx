// The texts of a page in its language. Every feature keeps its Spanish texts in its texts.ts, which
// components use by default; an English page (a chunk of its own) provides the English texts of the
// features it shows through this context, so the Spanish pages never download them. The layout and 404
// texts come from the language's frame (features/layout/SpanishLayout, EnglishLayout).
import { createContext, useContext, type ReactNode } from 'react';
import type { LayoutTexts } from '../features/layout/texts';
import type { HomeTexts } from '../features/home/texts';
import type { ServicesTexts } from '../features/services/texts';
import type { NewsListTexts } from '../features/news/list-texts';
import type { ArticleTexts } from '../features/news/article-texts';
import type { ContactTexts } from '../features/contact/texts';
import type { NotFoundTexts } from '../features/not-found/texts';
import type { AdvanceFormTexts } from '../features/advance-form/texts';

export type Translations = {
  layout: LayoutTexts;
  home: HomeTexts;
  services: ServicesTexts;
  newsList: NewsListTexts;
  article: ArticleTexts;
  contact: ContactTexts;
  notFound: NotFoundTexts;
  advanceForm: AdvanceFormTexts;
};

const TranslationsContext = createContext<Partial<Translations>>({});

/** A feature's texts: the ones a page provided, else the Spanish ones given. */
export function useTexts<K extends keyof Translations>(feature: K, spanish: Translations[K]): Translations[K] {
  return useContext(TranslationsContext)[feature] ?? spanish;
}

/**
 * Texts that are always provided: by the page's language frame (layout, 404), or by the home page of
 * each language (home). Each language loads its own in a chunk of their own, so the first-load bundle
 * carries neither.
 */
export function useProvidedTexts<K extends 'layout' | 'home' | 'notFound'>(feature: K): Translations[K] {
  const texts = useContext(TranslationsContext)[feature];
  if (!texts) throw new Error(`Faltan los textos de "${feature}": la página debe estar dentro del marco de su idioma`);
  return texts;
}

/** Every text provided where it is called: for a part the server renders apart from its page (lib/server-fragments.tsx), which provides them again. */
export function useTextsInScope(): Partial<Translations> {
  return useContext(TranslationsContext);
}

/** Adds texts for the features below, keeping the ones provided higher up (the layout's). */
export function ProvideTexts({ texts, children }: { texts: Partial<Translations>; children: ReactNode }) {
  const outer = useContext(TranslationsContext);
  return <TranslationsContext value={{ ...outer, ...texts }}>{children}</TranslationsContext>;
}
