// The app root, the same on the server and in the browser: site details, data cache, router,
// the page of the current URL (in the public layout or bare) and the toasts.
import { Suspense, useEffect, useRef } from 'react';
import { I18nProvider } from 'react-aria-components';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Router, useLocation } from 'wouter';
import { SiteContext, type SiteInfo } from './lib/site';
import { matchRoute } from './routes';
import { PublicLayout } from './features/layout/PublicLayout';
import { layoutTexts } from './features/layout/texts';
import { NotFoundPage } from './features/not-found/NotFoundPage';
import { Toaster } from './ui/Toaster';

export type AppProps = {
  site: SiteInfo;
  queryClient: QueryClient;
  /** On the server: the URL being rendered (wouter reads the browser's location otherwise). */
  ssrPath?: string;
  ssrSearch?: string;
};

export function App({ site, queryClient, ssrPath, ssrSearch }: AppProps) {
  return (
    <SiteContext value={site}>
      {/* One locale for react-aria on both sides: otherwise the server speaks en-US and the
          browser its own language, and their texts (and hydration) would differ. */}
      <I18nProvider locale="es-CR">
        <QueryClientProvider client={queryClient}>
          <Router ssrPath={ssrPath} ssrSearch={ssrSearch}>
            <CurrentPage />
          </Router>
          <Toaster />
        </QueryClientProvider>
      </I18nProvider>
    </SiteContext>
  );
}

function CurrentPage() {
  const [path] = useLocation();
  const match = matchRoute(path);
  const Page = match?.route.page ?? NotFoundPage;

  // A new page starts at the top (a filter change only changes the query string, so it keeps its
  // place); the first render keeps whatever position the browser restored.
  const firstPath = useRef(path);
  useEffect(() => {
    if (path !== firstPath.current) window.scrollTo(0, 0);
    firstPath.current = '';
  }, [path]);

  const page = (
    <Suspense fallback={<p className="px-4 py-24 text-center text-slate-500">{layoutTexts.loadingPage}</p>}>
      <Page params={match?.params ?? {}} />
    </Suspense>
  );
  return match?.route.layout === 'bare' ? page : <PublicLayout>{page}</PublicLayout>;
}
