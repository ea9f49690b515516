// The server as production runs it: `dist/node/server.mjs`, our TypeScript (api, events, projections,
// domain) bundled into plain JavaScript that `node` runs by itself. Run from its sources through tsx,
// the server kept tsx's module hooks (a thread of their own) and every compiled module's source and map
// loaded: about 60 MB of memory that a server on a small machine needs for its caches. Packages stay in
// node_modules (`packages: 'external'`), and a module imported with `import()` gets a file of its own,
// loaded only when first used.
import path from 'node:path';
import { build, type BuildOptions } from 'esbuild';

/** Our TypeScript bundled for `node` alone, packages left to node_modules; `extra` adds to the options. */
export async function bundleServer(entryPoints: BuildOptions['entryPoints'], outdir: string, extra: BuildOptions = {}) {
  await build({
    entryPoints,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    logLevel: 'warning',
    ...extra,
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await bundleServer({ server: 'api/server.ts' }, 'dist/node');
}
