// Production files from dist/client: hashed assets cached for a year (their name changes with their
// content), everything else revalidated, compressed copies kept in memory.
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type Koa from 'koa';
import { acceptedEncoding, compress, isCompressible } from './compress';

type CachedFile = { body: Buffer; etag: string; variants: Map<string, Buffer> };

/** Serves a file of `root` if the request names one; answers false to let the caller go on. */
export function createStaticFiles(root: string) {
  const cache = new Map<string, CachedFile>();
  // The built files, listed once: they do not change while the server runs. Asking the file system on
  // every request (a failed stat, its error and stack, for every page) was a tenth of a kept page's cost.
  const files = new Set(
    readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name)),
  );

  return async function serveStatic(ctx: Koa.Context): Promise<boolean> {
    let relative: string;
    try {
      relative = decodeURIComponent(ctx.path);
    } catch {
      return false;
    }
    // The template (index.html) and Vite's manifest are for the server, not for visitors.
    if (relative === '/' || relative === '/index.html' || relative.startsWith('/.vite/') || relative.includes('\0')) return false;
    const file = path.join(root, relative);
    if (!file.startsWith(root + path.sep)) return false;

    if (!files.has(file)) return false;
    let cached = cache.get(file);
    if (!cached) {
      const body = await readFile(file);
      cached = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, variants: new Map() };
      cache.set(file, cached);
    }

    ctx.type = path.extname(file);
    ctx.set('Cache-Control', relative.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    ctx.set('ETag', cached.etag);
    ctx.vary('Accept-Encoding');
    if (ctx.get('If-None-Match') === cached.etag) {
      ctx.status = 304;
      return true;
    }

    const encoding = isCompressible(ctx.response.type) && cached.body.length > 1024 ? acceptedEncoding(ctx.get('Accept-Encoding')) : null;
    if (encoding) {
      let variant = cached.variants.get(encoding);
      if (!variant) {
        variant = await compress(cached.body, encoding, 'best');
        cached.variants.set(encoding, variant);
      }
      ctx.set('Content-Encoding', encoding);
      ctx.body = variant;
    } else {
      ctx.body = cached.body;
    }
    return true;
  };
}
