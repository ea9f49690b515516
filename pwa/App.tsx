// The app root, the same on the server and in the browser: site details, data cache, router,
// the page of the current URL (in the public layout of its language, or bare) and the toasts.
import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Router, useLocation } from 'wouter';
import { SiteContext, type SiteInfo } from './lib/site';
import { ProvideFragmentCache, type FragmentCache } from './lib/server-fragments';
import type { SearchHook } from './lib/query-string';
import { layoutOf, matchRoute } from './routes';
import { NotFoundPage } from './features/not-found/NotFoundPage';
import { PublicLayout } from './features/layout/PublicLayout';
import { htmlLang, langOfPath } from './i18n/lang';
import { useProvidedTexts } from './i18n/texts';
import { Toaster } from './ui/Toaster';

export type AppProps = {
  site: SiteInfo;
  queryClient: QueryClient;
  /** On the server: the URL being rendered (wouter reads the browser's location otherwise). */
  ssrPath?: string;
  /** On the server: the request's query string, and what the page reads of it (lib/query-string.ts). */
  ssrSearchHook?: SearchHook;
  /** On the server: the markup kept for cached parts (lib/server-fragments.tsx). */
  fragments?: FragmentCache;
};

export function App({ site, queryClient, ssrPath, ssrSearchHook, fragments }: AppProps) {
  return (
    <SiteContext value={site}>
      <ProvideFragmentCache value={fragments ?? null}>
        <QueryClientProvider client={queryClient}>
          <Router ssrPath={ssrPath} searchHook={ssrSearchHook}>
            <CurrentPage />
          </Router>
          <Toaster />
        </QueryClientProvider>
      </ProvideFragmentCache>
    </SiteContext>
  );
}

function CurrentPage() {
  const [path] = useLocation();
  const match = matchRoute(path);
  const Page = match?.route.page ?? NotFoundPage;
  // Pages of /en (and unknown paths below it) are English; the server sets <html lang> for the
  // first page, this keeps it right after client navigations.
  const lang = match?.route.lang ?? langOfPath(path);
  useEffect(() => {
    document.documentElement.lang = htmlLang[lang];
  }, [lang]);

  // A new page starts at the top (a filter change only changes the query string, so it keeps its
  // place); the first render keeps whatever position the browser restored.
  const firstPath = useRef(path);
  useEffect(() => {
    if (path !== firstPath.current) window.scrollTo(0, 0);
    firstPath.current = '';
  }, [path]);

  const Layout = layoutOf(match, path);
  // The layout is loaded before the first render; switching language loads the other one once.
  const page = (
    <Suspense fallback={<PageLoading label={Layout ? undefined : 'Cargando...'} />}>
      <Page params={match?.params ?? {}} />
    </Suspense>
  );
  if (!Layout) return page;
  return (
    <Suspense fallback={<PageLoading label="…" />}>
      <Layout>
        <PublicLayout>{page}</PublicLayout>
      </Layout>
    </Suspense>
  );
}

function PageLoading({ label }: { label?: string }): ReactNode {
  return <p className="px-4 py-24 text-center text-slate-500">{label ?? <LayoutLoadingText />}</p>;
}

function LayoutLoadingText() {
  return useProvidedTexts('layout').loadingPage;
}
