// HEIC (HEIF with HEVC inside), the format of iPhone photos and of many Android cameras. sharp's libvips
// reads HEIF only with AV1 inside (AVIF): it has no HEVC decoder. These are decoded by libheif compiled
// to WebAssembly (heic-decode, over libheif-js; docs/decisions/heic-in-webassembly.md says why), in a worker thread of its own
// that ends with the decode: a WebAssembly memory never shrinks, so decoding in the server's own thread
// kept some 130 MB after the first 12-megapixel photo, and the 2 MB module is loaded only when a
// HEIC arrives, never at start. One decode at a time, so two large photos never need twice the memory.
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/** The brands of an ISO media file ('ftyp' box: major brand, minor version, compatible brands), or null. */
export function isoBrands(bytes: Uint8Array): string[] | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length < 12 || ascii(4, 8) !== 'ftyp') return null;
  const boxSize = Math.min(bytes.length, ((bytes[0] << 24) | (bytes[1] << 16) | (bytes[2] << 8) | bytes[3]) >>> 0);
  const brands = [ascii(8, 12)];
  for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(ascii(at, at + 4));
  return brands;
}

/** The decoded picture: RGBA, upright (the file's rotation and mirroring applied by libheif). */
type HeicPixels = { width: number; height: number; rgba: Buffer };

/** What a decode answers: the pixels, or only the size when the header's exceeded `maxPixels` (nothing decoded). */
type HeicDecode = ({ tooLarge: false } & HeicPixels) | { tooLarge: true; width: number; height: number };

/** The file is not a HEIC libheif can read (damaged, cut short, or some other codec inside). */
export class UnreadableHeic extends Error {}

// Plain JavaScript for the worker (`eval`), so it runs the same from the sources and from the server's
// bundle. heic-decode's `all` reads the header (the size, after rotation) before it decodes anything.
const workerCode = `
const { parentPort, workerData } = require('node:worker_threads');
const decode = require(workerData.decoder);
(async () => {
  let images;
  try {
    images = await decode.all({ buffer: workerData.bytes });
  } catch (error) {
    return parentPort.postMessage({ unreadable: String((error && error.message) || error) });
  }
  try {
    const { width, height } = images[0];
    if (width * height > workerData.maxPixels) return parentPort.postMessage({ tooLarge: true, width, height });
    const { data } = await images[0].decode();
    parentPort.postMessage({ tooLarge: false, width, height, data }, [data.buffer]);
  } catch (error) {
    parentPort.postMessage({ unreadable: String((error && error.message) || error) });
  } finally {
    images.dispose();
  }
})();
`;

type WorkerAnswer =
  { unreadable: string } | { tooLarge: true; width: number; height: number } | { tooLarge: false; width: number; height: number; data: Uint8ClampedArray };

let decoderPath: string | undefined;
let queue: Promise<unknown> = Promise.resolve();

/**
 * How long one decode may take. A 12-megapixel photo took 6–10 s on a busy two-core machine, so a
 * photo within the 100-megapixel limit finishes well before; a file that keeps the decoder busy longer
 * is treated as unreadable, and the worker is ended, so that it cannot hold up the HEIC photos behind it.
 */
const decodeTimeLimitMs = 120_000;

/**
 * Decodes a HEIC to upright RGBA pixels, refusing (without decoding) one whose header says more than
 * `maxPixels`. Throws UnreadableHeic for a file libheif cannot read (or not within `timeLimitMs`); any
 * other error is the server's.
 */
export function decodeHeic(bytes: Uint8Array, maxPixels: number, timeLimitMs = decodeTimeLimitMs): Promise<HeicDecode> {
  const run = queue.then(() => decodeInWorker(bytes, maxPixels, timeLimitMs));
  queue = run.catch(() => undefined);
  return run;
}

function decodeInWorker(bytes: Uint8Array, maxPixels: number, timeLimitMs: number): Promise<HeicDecode> {
  decoderPath ??= fileURLToPath(import.meta.resolve('heic-decode'));
  const worker = new Worker(workerCode, { eval: true, workerData: { decoder: decoderPath, bytes, maxPixels } });
  let timer: NodeJS.Timeout | undefined;
  return new Promise<HeicDecode>((resolve, reject) => {
    timer = setTimeout(() => reject(new UnreadableHeic(`la decodificación pasó de ${timeLimitMs / 1000} s`)), timeLimitMs);
    worker.once('message', (answer: WorkerAnswer) => {
      if ('unreadable' in answer) reject(new UnreadableHeic(answer.unreadable));
      else if (answer.tooLarge) resolve(answer);
      else
        resolve({
          tooLarge: false,
          width: answer.width,
          height: answer.height,
          rgba: Buffer.from(answer.data.buffer, answer.data.byteOffset, answer.data.byteLength),
        });
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`El decodificador HEIC terminó sin respuesta (código ${code})`)));
  }).finally(() => {
    clearTimeout(timer);
    void worker.terminate();
  });
}
