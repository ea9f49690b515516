// Brotli or gzip for what the web middleware sends (HTML, JS, CSS, SVG): a phone on a slow network
// downloads a third of the bytes. The built files are compressed by the build (scripts/compress-assets.ts
// writes a copy beside each one), never by the server while a visitor waits.
import { promisify } from 'node:util';
import zlib from 'node:zlib';

export type Encoding = 'br' | 'gzip';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * The best encoding the client accepts, or null: brotli, then gzip, each unless the header refuses it
 * with `q=0` (named, or through `*;q=0` when not named). `*` with a weight above 0 accepts both.
 */
export function acceptedEncoding(acceptEncoding: string | undefined): Encoding | null {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const accepts = (encoding: Encoding) => (weights.get(encoding) ?? weights.get('*') ?? 0) > 0;
  return encodings.find(accepts) ?? null;
}

/** Smaller bodies gain too little to be worth compressing. */
export const minimumCompressedSize = 1024;

export const isCompressible = (type: string) => /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml|font\/ttf)/.test(type);

/** The build's compressed copy of `file` in `encoding`, written beside it. */
export const compressedCopy = (file: string, encoding: Encoding) => `${file}.${encoding === 'br' ? 'br' : 'gz'}`;
export const encodings: readonly Encoding[] = ['br', 'gzip'];

/** Which of `files` are compressed copies of another of them. */
export function compressedCopiesAmong(files: readonly string[]): Set<string> {
  const all = new Set(files);
  return new Set(files.flatMap((file) => encodings.map((encoding) => compressedCopy(file, encoding))).filter((copy) => all.has(copy)));
}

/**
 * Brotli's window (log2 of its size): the smallest that holds the whole body (a larger one finds
 * nothing more), within brotli's 10–24. Brotli's default (22: 4 MB) made every page's encoder set up and
 * hold buffers for 4 MB.
 */
const windowFor = (size: number) => Math.min(24, Math.max(10, Math.ceil(Math.log2(size + 16))));

/**
 * `quality` 'fast' for a page made per request (and a kept page's compressed copy, made again after each
 * change it shows), 'best' for a file compressed once and cached.
 *
 * 'fast' is brotli 0 (gzip 4), made on the calling thread when the body is small. A 50 KB news list
 * takes 0.06-0.07 ms of CPU in a loop and comes out at 9.4 KB, against 0.09 ms and 9.1 KB at brotli 1
 * (higher qualities cost more again: docs/search-and-page-cache.md). Either fits a connection's first
 * round trip (about 14 KB), and while articles are written most news lists are rendered again and
 * compressed on the thread that answers every request: there, brotli 0 took 5% less of that thread's
 * time per request than brotli 1. Remaking the copy of a page sent often at brotli 4 was tried and withdrawn
 * (docs/search-and-page-cache.md). Handing a body to libuv's pool costs the main thread more than
 * compressing a small one (each hand-off sets up an encoder and wakes a pool thread that, on two busy
 * cores, takes the main thread's core): only a large body (a sitemap) goes there, not to hold every
 * other request for milliseconds.
 */
export function compress(body: Buffer, encoding: Encoding, quality: 'fast' | 'best'): Promise<Buffer> {
  if (quality === 'fast') {
    try {
      const made = compressedNow(body, encoding);
      if (made) return Promise.resolve(made);
    } catch (error) {
      return Promise.reject(error);
    }
  }
  const made = encoding === 'gzip' ? gzip(body, gzipOptions[quality]) : brotli(body, brotliOptions(quality, body.length));
  return made.then(ownBytes);
}

/** `body` compressed as `compress` does 'fast', on this thread; null when it is too large to be (a sitemap). */
export function compressedNow(body: Buffer, encoding: Encoding): Buffer | null {
  if (body.length > onThisThreadLimit) return null;
  return ownBytes(encoding === 'gzip' ? zlib.gzipSync(body, gzipOptions.fast) : zlib.brotliCompressSync(body, brotliOptions('fast', body.length)));
}

/** The largest body compressed on the calling thread ('fast' only): about 0.3 ms of brotli 0. */
const onThisThreadLimit = 256 * 1024;
const gzipOptions = { fast: { level: 4 }, best: { level: 9 } };
const brotliOptions = (quality: 'fast' | 'best', size: number): zlib.BrotliOptions => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: quality === 'best' ? 11 : 0,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
    [zlib.constants.BROTLI_PARAM_LGWIN]: windowFor(size),
  },
});

/**
 * The bytes in memory of their own. zlib answers with a view of its 16 KB output chunk, so a copy that
 * is kept (a kept page's, 6 to 8 KB for most pages) held the whole chunk: 2,494 such chunks, 40 MB,
 * behind 2,213 kept pages counted as 14 MB after the bench's load.
 */
function ownBytes(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.byteLength);
  bytes.copy(own);
  return own;
}
