// The frame of the Spanish public pages: the texts every Spanish page may show (header, footer,
// home, 404), in a chunk of its own like its English twin, so neither language's texts weigh on the
// other's first visit.
import type { ReactNode } from 'react';
import { ProvideTexts } from '../../i18n/texts';
import { homePageTexts } from '../home/texts';
import { notFoundTexts } from '../not-found/texts';
import { layoutTexts } from './texts';

export default function SpanishLayout({ children }: { children: ReactNode }) {
  return <ProvideTexts texts={{ layout: layoutTexts, home: homePageTexts, notFound: notFoundTexts }}>{children}</ProvideTexts>;
}
