// Images of the media library (docs/media.md): what is kept of each upload and how its addresses are
// spelt. An image lives under /media/{id}/: the original as `{width}x{height}.{ext}` and, at each width
// of `variantWidths`, an AVIF and a WebP copy (`{width}.avif`, `{width}.webp`). The original's address
// carries its size, so a page can write a <picture> with srcset, width and height from the address alone.

/** The types an upload may be: its bytes must be this type, whatever the request claims. */
export const mediaUploadTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
export type MediaUploadType = (typeof mediaUploadTypes)[number];

/** The copies written for pages, best first: the order of a <picture>'s sources. */
export const mediaVariantTypes = ['image/avif', 'image/webp'] as const;
export type MediaVariantType = (typeof mediaVariantTypes)[number];

export const mediaExtensions: Record<MediaUploadType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/avif': 'avif' };

/** The widths of the copies: phones, tablets and a wide article, never wider than the original. */
const mediaWidths = [480, 960, 1440] as const;

/** Larger images are refused (413), as venue photos are. */
export const maxMediaBytes = 10_485_760;

/** The widths of an original `width` pixels wide: each standard width, capped at the original. */
export const variantWidths = (width: number): number[] => [...new Set(mediaWidths.map((w) => Math.min(w, width)))];

/** Height of a copy `width` wide of a `original.width` × `original.height` image. */
export const scaledHeight = (original: { width: number; height: number }, width: number) => Math.max(1, Math.round((original.height * width) / original.width));

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const originalUrl = new RegExp(`^/media/(${uuid})/([1-9][0-9]{0,4})x([1-9][0-9]{0,4})\\.(jpg|png|webp|avif)$`);
/** The file names under /media/{id}/: an original or a copy. */
export const mediaFilePattern = /^(?:[1-9][0-9]{0,4}x[1-9][0-9]{0,4}\.(?:jpg|png|webp|avif)|[1-9][0-9]{0,4}\.(?:avif|webp))$/;
/** Any address of an image of the library, in an article's image or anywhere in its HTML (absolute or not). */
export const mediaReference = new RegExp(`/media/(${uuid})/`, 'g');

export type MediaAddress = { id: string; width: number; height: number; extension: string };

/** The image of the library an original's address names (`/media/{id}/{w}x{h}.{ext}`), or null. */
export function parseMediaUrl(url: string): MediaAddress | null {
  const match = originalUrl.exec(url);
  return match ? { id: match[1], width: Number(match[2]), height: Number(match[3]), extension: match[4] } : null;
}

export const isMediaUrl = (url: string): boolean => parseMediaUrl(url) !== null;

export const mediaFileUrl = (id: string, file: string) => `/media/${id}/${file}`;
export const originalFileName = (width: number, height: number, type: MediaUploadType) => `${width}x${height}.${mediaExtensions[type]}`;
export const variantFileName = (width: number, type: MediaVariantType) => `${width}.${type === 'image/avif' ? 'avif' : 'webp'}`;

/**
 * What a page needs to write a <picture>: the intrinsic size (no layout shift) and one srcset per type,
 * each source named as its element's props (`<source {...source} />`).
 */
export type Picture = { width: number; height: number; sources: { type: MediaVariantType; srcSet: string }[] };

/** The <picture> of an image of the library; null for any other address (an older article's https image). */
export function pictureOf(url: string | null | undefined, origin = ''): Picture | null {
  const media = url ? parseMediaUrl(url) : null;
  if (!media) return null;
  const widths = variantWidths(media.width);
  return {
    width: media.width,
    height: media.height,
    sources: mediaVariantTypes.map((type) => ({
      type,
      srcSet: widths.map((width) => `${origin}${mediaFileUrl(media.id, variantFileName(width, type))} ${width}w`).join(', '),
    })),
  };
}

/**
 * How wide an image is on an article's page: the text column (max-w-3xl less its padding). The page's
 * <picture>, the server's preload of it and the images inside the article's text all say so, so the
 * browser picks one file for all of them.
 */
export const articleImageSizes = '(min-width: 768px) 720px, calc(100vw - 32px)';

/** One file of an image: the original or a copy. */
type MediaFile = { url: string; type: MediaUploadType; width: number; height: number; bytes: number };

/** An article that shows an image, as the library lists it. */
export type MediaUse = { id: string; title: string; slug: string };

/** An image of the library (GET /api/media, and the 201 of POST /api/media). */
export type MediaItem = {
  id: string;
  /** The original, without metadata: what an article's `image` holds. */
  url: string;
  width: number;
  height: number;
  type: MediaUploadType;
  /** The original's size in bytes; `totalBytes` counts every copy too. */
  bytes: number;
  totalBytes: number;
  variants: MediaFile[];
  /** Copied by the feed importer from this address; null for an upload. */
  sourceUrl: string | null;
  uploadedBy: string | null;
  createdAt: string;
  /** The articles whose image or text shows it: while there is one, it cannot be deleted. */
  usedBy: MediaUse[];
};
