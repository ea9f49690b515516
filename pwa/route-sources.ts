// The source file of each lazily loaded page and layout, for the server's modulepreload links (Vite's
// manifest names chunks by source file). Kept on the server side so the browser bundle carries no file
// names; tests/web/route-sources.test.ts checks it against pwa/routes.tsx.
import type { Lang } from './i18n/lang';

export const pageSources: Record<string, string> = {
  '/': 'pwa/features/home/SpanishHomePage.tsx',
  '/en': 'pwa/features/home/EnglishHomePage.tsx',
  '/servicios': 'pwa/features/services/ServicesPage.tsx',
  '/noticias': 'pwa/features/news/NewsListPage.tsx',
  '/noticias/:slug': 'pwa/features/news/ArticlePage.tsx',
  '/contacto': 'pwa/features/contact/ContactPage.tsx',
  '/formulario-avanzada': 'pwa/features/advance-form/AdvanceFormPublicPage.tsx',
  '/admin': 'pwa/features/admin/AdminLoginPage.tsx',
  '/admin/login': 'pwa/features/admin/AdminLoginPage.tsx',
  '/admin/dashboard': 'pwa/features/admin/AdminDashboardPage.tsx',
  '/admin/seguridad': 'pwa/features/admin/AdminAccountSecurityPage.tsx',
  '/admin/avanzadas/nuevo': 'pwa/features/advance-form/AdminAdvanceFormNewPage.tsx',
  '/admin/avanzadas/:id': 'pwa/features/admin/advance-form-detail/AdvanceFormDetailPage.tsx',
  '/en/services': 'pwa/features/services/EnglishServicesPage.tsx',
  '/en/news': 'pwa/features/news/EnglishNewsListPage.tsx',
  '/en/news/:slug': 'pwa/features/news/EnglishArticlePage.tsx',
  '/en/contact': 'pwa/features/contact/EnglishContactPage.tsx',
  '/en/advance-form': 'pwa/features/advance-form/EnglishAdvanceFormPage.tsx',
};

export const layoutSources: Record<Lang, string> = { es: 'pwa/features/layout/SpanishLayout.tsx', en: 'pwa/features/layout/EnglishLayout.tsx' };

/** react-aria's locale provider, which pages made with lazyPage load beside their chunk (pwa/lib/lazy-page.ts). */
export const localeSource = 'pwa/ui/Locale.tsx';
