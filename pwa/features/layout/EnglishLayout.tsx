// The frame of the English public pages: the English header, footer and 404 texts, and 'en'
// for every component below that formats dates or picks a locale.
import type { ReactNode } from 'react';
import { LangContext } from '../../i18n/lang';
import { ProvideTexts } from '../../i18n/texts';
import { notFoundTextsEn } from '../not-found/texts.en';
import { layoutTextsEn } from './texts.en';

export default function EnglishLayout({ children }: { children: ReactNode }) {
  return (
    <LangContext value="en">
      <ProvideTexts texts={{ layout: layoutTextsEn, notFound: notFoundTextsEn }}>{children}</ProvideTexts>
    </LangContext>
  );
}
