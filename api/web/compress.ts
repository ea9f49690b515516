// Brotli or gzip for what the web middleware sends (HTML, JS, CSS, SVG): a phone on a slow network
// downloads a third of the bytes. Hashed assets are compressed once and kept in memory.
import { promisify } from 'node:util';
import zlib from 'node:zlib';

export type Encoding = 'br' | 'gzip';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The best encoding the client accepts, or null. */
export function acceptedEncoding(acceptEncoding: string | undefined): Encoding | null {
  const header = acceptEncoding ?? '';
  if (/\bbr\b/.test(header)) return 'br';
  if (/\bgzip\b/.test(header)) return 'gzip';
  return null;
}

export const isCompressible = (type: string) => /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml|font\/ttf)/.test(type);

/** `quality` 'fast' for a page made per request, 'best' for a file compressed once and cached. */
export function compress(body: Buffer, encoding: Encoding, quality: 'fast' | 'best'): Promise<Buffer> {
  if (encoding === 'gzip') return gzip(body, { level: quality === 'best' ? 9 : 6 });
  return brotli(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality === 'best' ? 11 : 5,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}
