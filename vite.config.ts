// One Vite config for the browser build (dist/client) and the SSR build (dist/server).
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { pwaPlugin } from './pwa/offline/vite-pwa.ts';

/**
 * The chunks no first visit loads, by file name: the staff screens, the staff lists' offline copy, and
 * the drafts' queue and keys (loaded in the background, only on a device that holds drafts).
 */
const notFirstVisit = /^assets\/(Admin\w*Page|AdvanceFormDetailPage|query-persist|sync|draft-key-sync)-[\w-]{8}\.js$/;
/** The packages of the shell chunk, and the modules of theirs that no page calls before a form or a staff screen does. */
const shellPackages = /node_modules[\\/](react|react-dom|scheduler|@tanstack|wouter|regexparam|use-sync-external-store)[\\/]/;
const notInShell = /[\\/](useMutation|mutationObserver|useInfiniteQuery|infiniteQueryObserver|with-selector(\.production)?)\.js$/;

/**
 * lucide-react's icon modules get pwa/ui/lucide-icon.tsx as their `createLucideIcon`: the same markup,
 * without lucide-react's work on every render. Each icon stays a module of its own, in the chunk of the
 * page that shows it. (`npm run dev` pre-bundles lucide-react for the browser with its own function;
 * the markup being the same, pages hydrate all the same.)
 */
function leanLucideIcons(): Plugin {
  const factory = fileURLToPath(new URL('./pwa/ui/lucide-icon.tsx', import.meta.url));
  const iconModule = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/][^\\/]+\.mjs$/;
  return {
    name: 'lean-lucide-icons',
    enforce: 'pre',
    resolveId: (source, importer) => (source === '../createLucideIcon.mjs' && importer && iconModule.test(importer) ? factory : null),
  };
}

/** Small modules shared by several pages' chunks, kept in one chunk. */
const tinySharedModules = /[\\/](domain[\\/](list-limits|news-categories)|pwa[\\/]offline[\\/](before-update|update-texts)|pwa[\\/]lib[\\/]query-string)\.ts$/;

export default defineConfig(({ command, isSsrBuild }) => ({
  // The service worker and its precache list belong to the browser build only (pwa/offline/vite-pwa.ts).
  plugins: [leanLucideIcons(), react(), tailwindcss(), ...(isSsrBuild ? [] : [pwaPlugin('dist/client')])],
  // wouter takes useSyncExternalStore from the package's shim, whose fallback for React before 18 is dead
  // code in every first visit: the package's main entry is React's own hook. Only the browser's build
  // takes it. The server keeps the shim (Node loads that entry in its development build, which warns),
  // and so does `npm run dev`: its server renders through Vite, which ran the aliased entry (CommonJS)
  // as a module and failed every page with a form ('module is not defined'); first visits are not
  // measured there.
  resolve:
    command === 'build' && !isSsrBuild ? { alias: [{ find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'use-sync-external-store' }] } : {},
  // The server bundle takes in the icon and widget packages instead of loading them from node_modules:
  // their entry points load every icon (about 2,000 modules) and every widget, some 80 MB of a server's
  // memory, for the few that pages render.
  ssr: { noExternal: ['lucide-react', /^react-aria/, /^react-stately/, /^@react-aria\//, /^@react-stately\//, /^@internationalized\//] },
  build: isSsrBuild
    ? // The server bundle needs no copy of public/; the output folder comes from the build script.
      { copyPublicDir: false, target: 'node20' }
    : {
        outDir: 'dist/client',
        // The manifest lets the server add <link rel="modulepreload"> for the chunk of the page it renders.
        manifest: true,
        modulePreload: {
          // The first-load chunk lists, for every page it may load, the files that page needs, so a
          // navigation fetches them at once. What no first visit loads is left out of that list, which
          // every first visit downloads: a visitor never opens the staff screens (one loaded first gets
          // its files from the server's modulepreload links), and the drafts' queue, loaded in the
          // background, may find its files as it imports them.
          resolveDependencies: (file, deps, { hostId }) => (/^assets\/index-/.test(hostId) && notFirstVisit.test(file) ? [] : deps),
        },
        rolldownOptions: {
          // domain/ is pure by rule (docs/architecture.md): its modules that a chunk does not use can be
          // dropped, so importing formatLongDate from the barrel does not pull every zod schema along.
          treeshake: { moduleSideEffects: [{ test: /[\\/]domain[\\/]/, sideEffects: false }] },
          output: {
            codeSplitting: {
              // What every page runs (React, TanStack Query, wouter) in one chunk: left to itself the
              // bundler splits it into several small shared chunks, and each file compresses on its own
              // (about 2 KB more for the first visit, whose budget is 100 KB). Not what only forms and staff
              // screens call (mutations, infinite lists, the rich-text editor's selector hook): in the
              // shell, every first visit downloaded them (0.9 KB gzipped).
              groups: [
                { name: 'shell', test: (id) => shellPackages.test(id) && !notInShell.test(id) },
                // Five modules of a few bytes each that several pages share: left apart, each was a file of
                // its own (its compression's header and its exports: about 30 bytes each of a first
                // visit's budget).
                { name: 'shared', test: tinySharedModules },
              ],
            },
          },
        },
      },
}));
