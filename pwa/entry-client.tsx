// Browser entry: take over the server's HTML (hydrate) or, for the client-only screens and the
// offline shell, render from scratch.
import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { App } from './App';
import { readAppData } from './lib/app-data';
import { deferredPartAttribute, recordEarlyPresses } from './lib/early-presses';
import { browserQueryClient } from './lib/query-client';
import { fallbackSite } from './lib/site';
import { matchRoute, preloadRoute } from './routes';
import { prepareOfflineData, startOffline } from './offline/start';

async function start() {
  const container = document.getElementById('root')!;
  // The server's page is drawn and can be pressed while its chunk loads and React hydrates it: what is
  // pressed in a part whose code waits is kept for it (a page without one records nothing).
  if (container.querySelector(`[${deferredPartAttribute}]`)) recordEarlyPresses();
  const data = readAppData();
  const queryClient = browserQueryClient();
  if (data?.queries) hydrate(queryClient, data.queries);

  // Load the page's chunk before React starts, so hydration finds the same tree the server sent.
  // Admin screens opened offline first get the last lists they showed back (pwa/offline).
  const path = window.location.pathname;
  await Promise.all([preloadRoute(matchRoute(path), path), prepareOfflineData(queryClient, path)]);

  const app = (
    <StrictMode>
      <App site={data?.site ?? fallbackSite} queryClient={queryClient} />
    </StrictMode>
  );
  if (container.firstElementChild) hydrateRoot(container, app);
  else createRoot(container).render(app);
  startOffline(queryClient, path);
}

void start();
