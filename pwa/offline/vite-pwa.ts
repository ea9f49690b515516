// Build time only (imported by vite.config.ts): the vite-plugin-pwa setup. The worker is ours
// (pwa/sw.ts, injectManifest); the plugin only bundles it to /sw.js and injects the precache list.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { VitePWA } from 'vite-plugin-pwa';
import type { ManifestEntry } from 'workbox-build';

type SizedEntry = ManifestEntry & { size: number };

type ViteManifest = Record<
  string,
  { file: string; name?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[]; assets?: string[] }
>;

/**
 * What a visitor of the public pages never runs: the admin screens (the staff advance form among
 * them) and the staff lists' offline copy. Their chunks are cached at run time, on first use
 * (pwa/sw.ts). The public advance form and the drafts queue ARE precached: a visitor who loaded any
 * public page once can open the form with no signal, and a form they queued is sent from any page.
 * The precache downloads after the page has loaded, so the first visit's own load stays as small.
 */
const runtimeOnlySources = /^pwa\/(features\/admin\/|features\/advance-form\/AdminAdvanceFormNewPage\.tsx$|offline\/query-persist\.ts$)/;
/** The same modules when the bundler folds them into a shared chunk named after them ('_query-persist-*.js'). */
const runtimeOnlyChunkNames = new Set(['query-persist']);
const isRuntimeOnly = (manifest: ViteManifest, key: string) => runtimeOnlySources.test(key) || runtimeOnlyChunkNames.has(manifest[key]?.name ?? '');

/**
 * The files of the public shell: the entry with everything it imports, and the lazy public pages with
 * theirs, but not the admin and form screens (docs/rules.md, 'Screens': the precache holds public chunks only).
 */
export function publicShellFiles(manifest: ViteManifest): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    chunk.css?.forEach((file) => files.add(file));
    chunk.assets?.forEach((file) => files.add(file));
    chunk.imports?.forEach(visit);
    chunk.dynamicImports?.filter((k) => !isRuntimeOnly(manifest, k)).forEach(visit);
  };
  Object.keys(manifest)
    .filter((key) => manifest[key].isEntry)
    .forEach(visit);
  return files;
}

export function pwaPlugin(clientOutDir: string) {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'pwa',
    filename: 'sw.ts',
    // Registered by pwa/offline/register-worker.ts (update prompt), not injected.
    injectRegister: false,
    // Served by the server from SITE_NAME (api/web/manifest.ts), so no file is generated.
    manifest: false,
    injectManifest: {
      globPatterns: ['index.html', 'assets/**/*.{js,css,woff2}', 'icons/*.png', 'favicon.svg'],
      manifestTransforms: [
        (entries: SizedEntry[]) => {
          const manifest = JSON.parse(readFileSync(path.join(clientOutDir, '.vite/manifest.json'), 'utf8')) as ViteManifest;
          const shell = publicShellFiles(manifest);
          const kept = entries.flatMap((entry): SizedEntry[] => {
            // The template becomes the app shell the server serves at /app-shell (its revision follows
            // the template's hash, which follows every hashed file it names).
            if (entry.url === 'index.html') return [{ ...entry, url: 'app-shell' }];
            if (entry.url.startsWith('assets/') && /\.(js|css)$/.test(entry.url)) return shell.has(entry.url) ? [entry] : [];
            return [entry];
          });
          return { manifest: kept, warnings: [] };
        },
      ],
    },
  });
}
