// One Vite config for the browser build (dist/client) and the SSR build (dist/server).
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { pwaPlugin } from './pwa/offline/vite-pwa.ts';

export default defineConfig(({ isSsrBuild }) => ({
  // The service worker and its precache list belong to the browser build only (pwa/offline/vite-pwa.ts).
  plugins: [react(), tailwindcss(), ...(isSsrBuild ? [] : [pwaPlugin('dist/client')])],
  build: isSsrBuild
    ? // The server bundle needs no copy of public/; the output folder comes from the build script.
      { copyPublicDir: false, target: 'node20' }
    : {
        outDir: 'dist/client',
        // The manifest lets the server add <link rel="modulepreload"> for the chunk of the page it renders.
        manifest: true,
        rolldownOptions: {
          // domain/ is pure by rule (docs/architecture.md): its modules that a chunk does not use can be
          // dropped, so importing formatLongDate from the barrel does not pull every zod schema along.
          treeshake: { moduleSideEffects: [{ test: /[\\/]domain[\\/]/, sideEffects: false }] },
          output: {
            codeSplitting: {
              // What every page runs (React, TanStack Query, wouter) in one chunk: left to itself the
              // bundler splits it into several small shared chunks, and each file compresses on its own
              // (about 2 KB more for the first visit, whose budget is 100 KB).
              groups: [{ name: 'shell', test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|wouter|regexparam|use-sync-external-store)[\\/]/ }],
            },
          },
        },
      },
}));
