// Every route of the app, wired here and nowhere else. The server reads the same
// table to decide how to answer a URL: 'server' routes are rendered with their data (every public
// page, the advance form included), 'client' routes (the admin panel) get the empty shell and render in
// the browser only, which is also what the offline service worker serves for a page it never kept.
import type { ReactNode } from 'react';
import { lazyComponent, lazyPage, type PageComponent, type PageProps } from './lib/lazy-page';
import { langOfPath, type Lang } from './i18n/lang';

export type RouteDefinition = {
  /** A path like '/noticias/:slug'. */
  pattern: string;
  page: PageComponent;
  /** 'public' pages share header, footer and the floating WhatsApp button; admin pages do not. */
  layout: 'public' | 'bare';
  /** Server-rendered pages name their data loader in pwa/server-pages.ts. */
  rendering: { mode: 'server'; id: ServerPageId } | { mode: 'client'; title: string };
  /** Spanish when left out; English pages live under /en (pwa/i18n). */
  lang?: Lang;
};

export type ServerPageId = 'home' | 'services' | 'news' | 'article' | 'contact' | 'advanceForm';

// Every page comes in its own chunk, the home page's too, so that a first visit stays small
// (docs/rules.md, 'Screens': ≤ 100 KB of gzipped JavaScript) and no page carries another's code; the
// server modulepreloads the chunk of the page it renders (pwa/route-sources.ts). Admin and form screens
// are separate chunks that a visitor of the other public pages never downloads. The home page, the
// contact page and the advance form use no react-aria control before the visitor reaches for a form:
// lazyComponent, without the locale provider (their forms bring their own, pwa/lib/deferred-part.tsx).
// Nor does the news list: its date fields load react-aria's date picker, which brings its own provider,
// at the first touch (pwa/ui/DeferredDatePicker.tsx). The services and article pages use no react-aria
// control at all (the provider was 1.5 KB of each one's first visit).
const SpanishHomePage = lazyComponent<PageProps>(() => import('./features/home/SpanishHomePage'));
const ServicesPage = lazyComponent<PageProps>(() => import('./features/services/ServicesPage'));
const NewsListPage = lazyComponent<PageProps>(() => import('./features/news/NewsListPage'));
const ArticlePage = lazyComponent<PageProps>(() => import('./features/news/ArticlePage'));
const ContactPage = lazyComponent<PageProps>(() => import('./features/contact/ContactPage'));
const AdvanceFormPublicPage = lazyComponent<PageProps>(() => import('./features/advance-form/AdvanceFormPublicPage'));
const AdminLoginPage = lazyPage(() => import('./features/admin/AdminLoginPage'));
const AdminDashboardPage = lazyPage(() => import('./features/admin/AdminDashboardPage'));
const AdminAccountSecurityPage = lazyPage(() => import('./features/admin/AdminAccountSecurityPage'));
const AdminAdvanceFormNewPage = lazyPage(() => import('./features/advance-form/AdminAdvanceFormNewPage'));
const AdminAdvanceFormDetailPage = lazyPage(() => import('./features/admin/advance-form-detail/AdvanceFormDetailPage'));

const adminTitle = 'Panel de Administración';

// Each language's public layout comes in a chunk with its header, footer, home and 404 texts; the other
// English pages are chunks that bring the English texts of what they show.
type Frame = { children: ReactNode };
export const SpanishLayout = lazyComponent<Frame>(() => import('./features/layout/SpanishLayout'));
const EnglishLayout = lazyComponent<Frame>(() => import('./features/layout/EnglishLayout'));
const EnglishHomePage = lazyComponent<PageProps>(() => import('./features/home/EnglishHomePage'));
const EnglishServicesPage = lazyComponent<PageProps>(() => import('./features/services/EnglishServicesPage'));
const EnglishNewsListPage = lazyComponent<PageProps>(() => import('./features/news/EnglishNewsListPage'));
const EnglishArticlePage = lazyComponent<PageProps>(() => import('./features/news/EnglishArticlePage'));
const EnglishContactPage = lazyComponent<PageProps>(() => import('./features/contact/EnglishContactPage'));
const EnglishAdvanceFormPage = lazyComponent<PageProps>(() => import('./features/advance-form/EnglishAdvanceFormPage'));

export const routes: RouteDefinition[] = [
  { pattern: '/', page: SpanishHomePage, layout: 'public', rendering: { mode: 'server', id: 'home' } },
  { pattern: '/servicios', page: ServicesPage, layout: 'public', rendering: { mode: 'server', id: 'services' } },
  { pattern: '/noticias', page: NewsListPage, layout: 'public', rendering: { mode: 'server', id: 'news' } },
  { pattern: '/noticias/:slug', page: ArticlePage, layout: 'public', rendering: { mode: 'server', id: 'article' } },
  { pattern: '/contacto', page: ContactPage, layout: 'public', rendering: { mode: 'server', id: 'contact' } },
  { pattern: '/formulario-avanzada', page: AdvanceFormPublicPage, layout: 'public', rendering: { mode: 'server', id: 'advanceForm' } },
  { pattern: '/en', page: EnglishHomePage, layout: 'public', lang: 'en', rendering: { mode: 'server', id: 'home' } },
  { pattern: '/en/services', page: EnglishServicesPage, layout: 'public', lang: 'en', rendering: { mode: 'server', id: 'services' } },
  { pattern: '/en/news', page: EnglishNewsListPage, layout: 'public', lang: 'en', rendering: { mode: 'server', id: 'news' } },
  { pattern: '/en/news/:slug', page: EnglishArticlePage, layout: 'public', lang: 'en', rendering: { mode: 'server', id: 'article' } },
  { pattern: '/en/contact', page: EnglishContactPage, layout: 'public', lang: 'en', rendering: { mode: 'server', id: 'contact' } },
  { pattern: '/en/advance-form', page: EnglishAdvanceFormPage, layout: 'public', lang: 'en', rendering: { mode: 'server', id: 'advanceForm' } },
  { pattern: '/admin', page: AdminLoginPage, layout: 'bare', rendering: { mode: 'client', title: adminTitle } },
  { pattern: '/admin/login', page: AdminLoginPage, layout: 'bare', rendering: { mode: 'client', title: adminTitle } },
  { pattern: '/admin/dashboard', page: AdminDashboardPage, layout: 'bare', rendering: { mode: 'client', title: adminTitle } },
  { pattern: '/admin/seguridad', page: AdminAccountSecurityPage, layout: 'bare', rendering: { mode: 'client', title: 'Seguridad de la cuenta' } },
  // '/nuevo' before '/:id' so that the word is not taken for an id.
  { pattern: '/admin/avanzadas/nuevo', page: AdminAdvanceFormNewPage, layout: 'bare', rendering: { mode: 'client', title: adminTitle } },
  { pattern: '/admin/avanzadas/:id', page: AdminAdvanceFormDetailPage, layout: 'bare', rendering: { mode: 'client', title: adminTitle } },
];

export type RouteMatch = { route: RouteDefinition; params: Record<string, string> };

/** The public layout of a URL's language; null for the bare admin screens. */
export function layoutOf(match: RouteMatch | null, path: string): typeof SpanishLayout | null {
  if (match?.route.layout === 'bare') return null;
  return (match?.route.lang ?? langOfPath(path)) === 'en' ? EnglishLayout : SpanishLayout;
}

/** Loads what a URL renders (its page chunk and its language's layout) before React runs. */
export function preloadRoute(match: RouteMatch | null, path: string): Promise<unknown> {
  return Promise.all([match?.route.page.preload?.(), layoutOf(match, path)?.preload?.()]);
}

/** The route of a path (a trailing slash is ignored), with its decoded parameters; null is the 404. */
export function matchRoute(path: string): RouteMatch | null {
  const parts = splitPath(path);
  for (const route of routes) {
    const patternParts = splitPath(route.pattern);
    if (patternParts.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const matches = patternParts.every((part, i) => {
      if (part.startsWith(':')) {
        try {
          params[part.slice(1)] = decodeURIComponent(parts[i]);
        } catch {
          return false;
        }
        return true;
      }
      return part === parts[i];
    });
    if (matches) return { route, params };
  }
  return null;
}

const splitPath = (path: string) => path.split('?')[0].split('/').filter(Boolean);
