// The app root, the same on the server and in the browser: site details, data cache, router,
// the page of the current URL (in the public layout or bare) and the toasts.
import { Suspense, useEffect } from 'react';
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
      <QueryClientProvider client={queryClient}>
        <Router ssrPath={ssrPath} ssrSearch={ssrSearch}>
          <CurrentPage />
        </Router>
        <Toaster />
      </QueryClientProvider>
    </SiteContext>
  );
}

function CurrentPage() {
  const [path] = useLocation();
  const match = matchRoute(path);
  const Page = match?.route.page ?? NotFoundPage;

  // A new page starts at the top (a filter change only changes the query string, so it keeps its place).
  useEffect(() => window.scrollTo(0, 0), [path]);

  const page = (
    <Suspense fallback={<p className="px-4 py-24 text-center text-slate-500">{layoutTexts.loadingPage}</p>}>
      <Page params={match?.params ?? {}} />
    </Suspense>
  );
  return match?.route.layout === 'bare' ? page : <PublicLayout>{page}</PublicLayout>;
}
