// What a venue photo must be before it is kept: an image by its bytes (never by its name or the
// Content-Type the client claims), at most 10 MB, re-encoded so no metadata (EXIF GPS above all) survives.
import { UnsupportedMediaType } from '../../domain';
import { loadSharp } from '../media/sharp';

export const maxPhotoBytes = 10_485_760;
// A 10 MB file can still decode to gigapixels (a "decompression bomb"); 100 MP is far above any camera.
const maxInputPixels = 100_000_000;

type ImageKind = 'jpeg' | 'png' | 'webp' | 'gif' | 'heic';

const notAnImage = () => new UnsupportedMediaType('El archivo no es una imagen válida (JPEG, PNG, WebP, GIF o HEIC)');

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);
const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** The image format named by the file's first bytes (its "magic number"), or null. */
function sniffImageKind(bytes: Uint8Array): ImageKind | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  // ISO base media file: 'ftyp' then a brand; HEIC/HEIF from phones, AVIF from some browsers.
  if (ascii(bytes, 4, 8) === 'ftyp' && /^(heic|heix|hevc|hevx|heim|heis|mif1|msf1|avif)$/.test(ascii(bytes, 8, 12))) return 'heic';
  return null;
}

export type CleanPhoto = { bytes: Buffer; contentType: 'image/jpeg' | 'image/png' | 'image/webp' };

/**
 * Decodes and re-encodes the photo: upright (the EXIF orientation applied to the pixels), no
 * metadata at all (sharp writes none unless asked). PNG and WebP keep their format (plans and
 * screenshots stay sharp); everything else becomes JPEG, which every browser and jsPDF read.
 */
export async function cleanPhoto(bytes: Uint8Array): Promise<CleanPhoto> {
  const kind = sniffImageKind(bytes);
  if (!kind) throw notAnImage();
  // Outside the try below: a library that fails to load is the server's fault, not the file's.
  const sharp = await loadSharp();
  try {
    const image = sharp(bytes, { limitInputPixels: maxInputPixels, animated: false }).rotate();
    if (kind === 'png') return { bytes: await image.png().toBuffer(), contentType: 'image/png' };
    if (kind === 'webp') return { bytes: await image.webp({ quality: 90 }).toBuffer(), contentType: 'image/webp' };
    return { bytes: await image.flatten({ background: '#ffffff' }).jpeg({ quality: 90, mozjpeg: true }).toBuffer(), contentType: 'image/jpeg' };
  } catch {
    // The right first bytes but nothing sharp can decode (a truncated file, HEVC without a decoder).
    throw notAnImage();
  }
}
