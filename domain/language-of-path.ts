// Which edition of the public site a path belongs to. Apart from languages.ts, which needs zod: the
// browser's first-load chunk calls this, and zod is not part of any first visit.
import type { SiteLanguage } from './languages';

/** The English edition lives under /en; Spanish everywhere else. */
export const languageOfPath = (path: string): SiteLanguage => (path === '/en' || path.startsWith('/en/') ? 'en' : 'es');

/** Each edition's home page. */
export const homePathOf = (lang: SiteLanguage): string => (lang === 'en' ? '/en' : '/');
