// Production files from dist/client: hashed assets cached for a year (their name changes with their
// content), everything else revalidated. Compressed bytes are the build's copies (`app.js.br` beside
// `app.js`), read once and kept in memory; a file the build left without one is compressed once here.
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type Koa from 'koa';
import { loadOnce } from '../load-once';
import { acceptedEncoding, compress, compressedCopiesAmong, compressedCopy, isCompressible, minimumCompressedSize, type Encoding } from './compress';

type CachedFile = { body: Buffer; etag: string; variants: Map<Encoding, () => Promise<Buffer>> };

/** `load` for `key` once: requests that come while the first is answered share it (loadOnce, per key). */
function once<K, V>(map: Map<K, () => Promise<V>>, key: K, load: () => Promise<V>): Promise<V> {
  let loaded = map.get(key);
  if (!loaded) map.set(key, (loaded = loadOnce(load)));
  return loaded();
}

/** Serves a file of `root` if the request names one; answers false to let the caller go on. */
export function createStaticFiles(root: string) {
  const cache = new Map<string, () => Promise<CachedFile>>();
  // The built files, listed once: they do not change while the server runs. Asking the file system on
  // every request (a failed stat, its error and stack, for every page) was a tenth of a kept page's cost.
  const listed = readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
  // The compressed copies are sent in place of their file, never by their own name.
  const copies = compressedCopiesAmong(listed);
  const files = new Set(listed.filter((file) => !copies.has(file)));

  return async function serveStatic(ctx: Koa.Context): Promise<boolean> {
    let relative: string;
    try {
      relative = decodeURIComponent(ctx.path);
    } catch {
      return false;
    }
    if (relative.includes('\0')) return false;
    const file = path.join(root, relative);
    if (!file.startsWith(root + path.sep)) return false;
    // The template (index.html) and Vite's manifest are for the server, not for visitors: decided on the
    // file the path names, however it is spelled ('//index.html', '/assets/../.vite/manifest.json').
    const inside = path.relative(root, file).split(path.sep).join('/');
    if (inside === 'index.html' || inside === '.vite' || inside.startsWith('.vite/')) return false;

    if (!files.has(file)) return false;
    const cached = await once(cache, file, async () => {
      const body = await readFile(file);
      return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, variants: new Map() };
    });

    ctx.type = path.extname(file);
    ctx.set('Cache-Control', relative.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    ctx.set('ETag', cached.etag);
    ctx.vary('Accept-Encoding');
    if (ctx.get('If-None-Match') === cached.etag) {
      ctx.status = 304;
      return true;
    }

    const encoding = isCompressible(ctx.response.type) && cached.body.length > minimumCompressedSize ? acceptedEncoding(ctx.get('Accept-Encoding')) : null;
    if (encoding) {
      const copy = compressedCopy(file, encoding);
      const variant = await once(cached.variants, encoding, () => (copies.has(copy) ? readFile(copy) : compress(cached.body, encoding, 'best')));
      ctx.set('Content-Encoding', encoding);
      ctx.body = variant;
    } else {
      ctx.body = cached.body;
    }
    return true;
  };
}
