// The frame of the Spanish public pages: the texts every Spanish page may show (header, footer, 404),
// in a chunk of its own like its English twin, so neither language's texts weigh on the other's first
// visit. The home page's texts come with the home page.
import type { ReactNode } from 'react';
import { ProvideTexts } from '../../i18n/texts';
import { notFoundTexts } from '../not-found/texts';
import { layoutTexts } from './texts';

export default function SpanishLayout({ children }: { children: ReactNode }) {
  return <ProvideTexts texts={{ layout: layoutTexts, notFound: notFoundTexts }}>{children}</ProvideTexts>;
}
