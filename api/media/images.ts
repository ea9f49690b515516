// What an image becomes before the library keeps it (docs/media.md): its bytes must be the type it was
// sent as; the original is decoded and encoded again (upright, without EXIF or any other metadata), and
// an AVIF and a WebP copy are made at each width of domain/media.ts. Nothing here touches storage.
import type { OutputInfo, Sharp } from 'sharp';
import {
  BadRequest,
  mediaUploadTypes,
  mediaVariantTypes,
  originalFileName,
  scaledHeight,
  UnsupportedMediaType,
  variantFileName,
  variantWidths,
  type MediaUploadType,
} from '../../domain';
import { loadSharp } from './sharp';

/** A file ready to store: its name under /media/{id}/ and its bytes. */
type PreparedFile = { file: string; type: MediaUploadType; width: number; height: number; bytes: Buffer };
export type PreparedImage = { original: PreparedFile; variants: PreparedFile[] };

// A 10 MB file can still decode to gigapixels (a "decompression bomb"); 100 MP is far above any camera.
const maxInputPixels = 100_000_000;
/** WebP cannot be wider or taller than 16,383 px; no page needs more. */
const maxSide = 16_383;

const typeNames: Record<MediaUploadType, string> = { 'image/jpeg': 'JPEG', 'image/png': 'PNG', 'image/webp': 'WebP', 'image/avif': 'AVIF' };

export const mediaMessages = {
  unsupportedType: 'Tipo de imagen no admitido: envíe image/jpeg, image/png, image/webp o image/avif',
  notThatType: (type: MediaUploadType) => `El archivo no es una imagen ${typeNames[type]}, como dice su tipo (${type})`,
  notAnImage: 'El archivo no es una imagen válida',
  tooLarge: 'La imagen supera el tamaño máximo de 10 MB',
  tooManyPixels: (width: number, height: number) =>
    `La imagen es demasiado grande (${width.toLocaleString('es-CR')} × ${height.toLocaleString('es-CR')} píxeles): como máximo ${maxInputPixels / 1_000_000} megapíxeles y ${maxSide.toLocaleString('es-CR')} píxeles por lado`,
  encoded: 'Envíe la imagen sin Content-Encoding',
  empty: 'Envíe los bytes de la imagen en el cuerpo de la solicitud',
};

export const isMediaUploadType = (type: string): type is MediaUploadType => (mediaUploadTypes as readonly string[]).includes(type);

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** The type named by the file's first bytes (its "magic number"), among the ones the library takes; or null. */
export function sniffMediaType(bytes: Uint8Array): MediaUploadType | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return 'image/png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
  // An ISO media file ('ftyp' box) whose brands say AVIF; HEIC from phones has other brands.
  if (ascii(bytes, 4, 8) === 'ftyp') {
    const boxSize = Math.min(bytes.length, ((bytes[0] << 24) | (bytes[1] << 16) | (bytes[2] << 8) | bytes[3]) >>> 0);
    const brands = [ascii(bytes, 8, 12)];
    for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(ascii(bytes, at, at + 4));
    if (brands.some((brand) => brand === 'avif' || brand === 'avis')) return 'image/avif';
  }
  return null;
}

/** The original again, in its own format, without metadata. */
function encodeOriginal(image: Sharp, type: MediaUploadType): Sharp {
  switch (type) {
    case 'image/jpeg':
      return image.jpeg({ quality: 90, mozjpeg: true });
    case 'image/png':
      return image.png({ compressionLevel: 9 });
    case 'image/webp':
      return image.webp({ quality: 90 });
    case 'image/avif':
      return image.avif({ quality: 65, effort: 2 });
  }
}

/**
 * Checks the bytes against `type` (415 otherwise) and makes every file of the image. AVIF at effort 2:
 * a 1440 px copy takes about a second on one core, where the default effort takes three for a few
 * percent less.
 */
export async function prepareImage(bytes: Uint8Array, type: MediaUploadType): Promise<PreparedImage> {
  if (bytes.byteLength === 0) throw new BadRequest(mediaMessages.empty);
  const found = sniffMediaType(bytes);
  if (!found) throw new UnsupportedMediaType(mediaMessages.notAnImage);
  if (found !== type) throw new UnsupportedMediaType(mediaMessages.notThatType(type));
  // Outside the try below: a library that fails to load is the server's fault, not the file's.
  const sharp = await loadSharp();
  // Its size as its header says, before anything is decoded: an image over the limits is refused for
  // its size (decoding would only fail on the pixel limit, which reads as "not an image").
  let size: { width?: number; height?: number };
  try {
    size = await sharp(bytes).metadata();
  } catch {
    throw new UnsupportedMediaType(mediaMessages.notAnImage);
  }
  const { width: sentWidth = 0, height: sentHeight = 0 } = size;
  if (sentWidth * sentHeight > maxInputPixels || sentWidth > maxSide || sentHeight > maxSide)
    throw new BadRequest(mediaMessages.tooManyPixels(sentWidth, sentHeight));
  let pixels: { data: Buffer; info: OutputInfo };
  try {
    // Decoded once, upright (the EXIF orientation applied to the pixels); every file is made from these
    // pixels. The pixel limit still holds here, should the header have said less than the image holds.
    pixels = await sharp(bytes, { limitInputPixels: maxInputPixels, animated: false }).rotate().raw().toBuffer({ resolveWithObject: true });
  } catch {
    throw new UnsupportedMediaType(mediaMessages.notAnImage);
  }
  const { width, height, channels } = pixels.info;
  if (width > maxSide || height > maxSide) throw new BadRequest(mediaMessages.tooManyPixels(width, height));
  const fromPixels = () => sharp(pixels.data, { raw: { width, height, channels } });
  const original: PreparedFile = {
    file: originalFileName(width, height, type),
    type,
    width,
    height,
    bytes: await encodeOriginal(fromPixels(), type).toBuffer(),
  };
  const variants: PreparedFile[] = [];
  for (const variantType of mediaVariantTypes) {
    for (const variantWidth of variantWidths(width)) {
      const resized = fromPixels().resize({ width: variantWidth, height: scaledHeight({ width, height }, variantWidth), fit: 'fill' });
      const encoded = variantType === 'image/avif' ? resized.avif({ quality: 50, effort: 2 }) : resized.webp({ quality: 78 });
      const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
      variants.push({ file: variantFileName(variantWidth, variantType), type: variantType, width: info.width, height: info.height, bytes: data });
    }
  }
  return { original, variants };
}
