// The texts of a page in its language. Every feature keeps its Spanish texts in its texts.ts, which
// components use by default; an English page (a chunk of its own) provides the English texts of the
// features it shows through this context, so the Spanish pages never download them.
import { createContext, useContext, type ReactNode } from 'react';
import type { LayoutTexts } from '../features/layout/texts';
import type { HomeTexts } from '../features/home/texts';
import type { ServicesTexts } from '../features/services/texts';
import type { NewsTexts } from '../features/news/texts';
import type { ContactTexts } from '../features/contact/texts';
import type { NotFoundTexts } from '../features/not-found/texts';

export type Translations = {
  layout: LayoutTexts;
  home: HomeTexts;
  services: ServicesTexts;
  news: NewsTexts;
  contact: ContactTexts;
  notFound: NotFoundTexts;
};

const TranslationsContext = createContext<Partial<Translations>>({});

/** A feature's texts: the ones a page provided, else the Spanish ones given. */
export function useTexts<K extends keyof Translations>(feature: K, spanish: Translations[K]): Translations[K] {
  return useContext(TranslationsContext)[feature] ?? spanish;
}

/** Adds texts for the features below, keeping the ones provided higher up (the layout's). */
export function ProvideTexts({ texts, children }: { texts: Partial<Translations>; children: ReactNode }) {
  const outer = useContext(TranslationsContext);
  return <TranslationsContext value={{ ...outer, ...texts }}>{children}</TranslationsContext>;
}
