// What a venue photo must be before it is kept: an image by its bytes (never by its name or the
// Content-Type the client claims), at most 10 MB, re-encoded so no metadata (EXIF GPS above all) survives.
import type { Sharp } from 'sharp';
import { BadRequest, UnprocessableEntity, UnsupportedMediaType } from '../../domain';
import { decodeHeic, isoBrands, UnreadableHeic } from '../media/heic';
import { loadSharp } from '../media/sharp';

export const maxPhotoBytes = 10_485_760;
// A 10 MB file can still decode to gigapixels (a "decompression bomb"); 100 MP is far above any camera.
const maxInputPixels = 100_000_000;

type ImageKind = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif' | 'heic';

const kindNames: Record<ImageKind, string> = { jpeg: 'JPEG', png: 'PNG', webp: 'WebP', gif: 'GIF', avif: 'AVIF', heic: 'HEIC' };

const photoMessages = {
  /** Bytes that are none of the formats taken: the list is what the person can send instead. */
  notAnImage: 'El archivo no es una imagen válida (JPEG, PNG, WebP, GIF o HEIC)',
  /** A format we take, in a file that cannot be read (422): said as such, never as "not an image". */
  unreadable: (kind: ImageKind) =>
    `No se pudo leer la imagen ${kindNames[kind]}: el archivo está dañado o incompleto. Envíela de nuevo${kind === 'jpeg' ? '' : ' o en JPEG'}.`,
  tooManyPixels: (width: number, height: number) =>
    `La imagen es demasiado grande (${width.toLocaleString('es-CR')} × ${height.toLocaleString('es-CR')} píxeles): como máximo ${maxInputPixels / 1_000_000} megapíxeles`,
};

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);
const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** HEIF brands of still images and sequences coded with HEVC (and 'mif1', HEIF without saying which codec). */
const heicBrands = /^(heic|heix|hevc|hevx|heim|heis|mif1|msf1)$/;

/** The image format named by the file's first bytes (its "magic number"), or null. */
function sniffImageKind(bytes: Uint8Array): ImageKind | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  // ISO base media file: 'ftyp' then brands. AVIF (AV1 inside, from some browsers) is sharp's; HEIC
  // (HEVC inside, from phones) is libheif's, in WebAssembly.
  const brands = isoBrands(bytes);
  if (brands?.some((brand) => brand === 'avif' || brand === 'avis')) return 'avif';
  if (brands && heicBrands.test(brands[0])) return 'heic';
  return null;
}

export type CleanPhoto = { bytes: Buffer; contentType: 'image/jpeg' | 'image/png' | 'image/webp' };

/**
 * Decodes and re-encodes the photo: upright (the EXIF orientation applied to the pixels; for HEIC the
 * file's own rotation and mirroring, as HEIF prescribes), no metadata at all (sharp writes none unless
 * asked). PNG and WebP keep their format (plans and screenshots stay sharp); everything else becomes
 * JPEG, which every browser and jsPDF read. Over 100 megapixels is refused from the header's size,
 * before any pixel is decoded.
 */
export async function cleanPhoto(bytes: Uint8Array): Promise<CleanPhoto> {
  const kind = sniffImageKind(bytes);
  if (!kind) throw new UnsupportedMediaType(photoMessages.notAnImage);
  // Outside the tries below: a library that fails to load is the server's fault, not the file's.
  const sharp = await loadSharp();
  if (kind === 'heic') {
    let decoded;
    try {
      decoded = await decodeHeic(bytes, maxInputPixels);
    } catch (error) {
      throw error instanceof UnreadableHeic ? new UnprocessableEntity(photoMessages.unreadable(kind)) : error;
    }
    if (decoded.tooLarge) throw new BadRequest(photoMessages.tooManyPixels(decoded.width, decoded.height));
    const { width, height, rgba } = decoded;
    return { bytes: await asJpeg(sharp(rgba, { raw: { width, height, channels: 4 } })), contentType: 'image/jpeg' };
  }
  let size: { width?: number; height?: number };
  try {
    size = await sharp(bytes).metadata();
  } catch {
    throw new UnprocessableEntity(photoMessages.unreadable(kind));
  }
  const { width = 0, height = 0 } = size;
  if (width * height > maxInputPixels) throw new BadRequest(photoMessages.tooManyPixels(width, height));
  try {
    // The pixel limit still holds, should the header have said less than the image holds.
    const image = sharp(bytes, { limitInputPixels: maxInputPixels, animated: false }).rotate();
    if (kind === 'png') return { bytes: await image.png().toBuffer(), contentType: 'image/png' };
    if (kind === 'webp') return { bytes: await image.webp({ quality: 90 }).toBuffer(), contentType: 'image/webp' };
    return { bytes: await asJpeg(image), contentType: 'image/jpeg' };
  } catch {
    // The right first bytes but pixels sharp cannot decode (a truncated file).
    throw new UnprocessableEntity(photoMessages.unreadable(kind));
  }
}

/** JPEG at quality 90 on white (a transparent GIF or HEIC gets a white background, as on paper). */
const asJpeg = (image: Sharp) => image.flatten({ background: '#ffffff' }).jpeg({ quality: 90, mozjpeg: true }).toBuffer();
