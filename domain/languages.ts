// The languages a visitor can write to us in: the public site has a Spanish and an English edition,
// and contact messages and advance forms record the one they were sent from.
import { z } from 'zod';

const siteLanguages = ['es', 'en'] as const;
export type SiteLanguage = (typeof siteLanguages)[number];

export const siteLanguageLabel: Record<SiteLanguage, string> = { es: 'Español', en: 'Inglés' };

/** Optional in a body; missing means Spanish, the site's default. */
export const siteLanguageField = z.enum(siteLanguages, { error: 'Idioma inválido (es o en)' }).optional();
