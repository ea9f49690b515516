// One rule for images shown on the site: https only, or an image of our own media library (domain/media.ts).
// The pages are served with a Content-Security-Policy whose img-src allows 'self', data:, blob: and https:
// (api/middleware/security.ts), so an http image would be blocked by the browser anyway: staff's image URLs
// are refused when saved, and http images in article HTML are dropped (an imported item's image is copied
// into the library instead, docs/media.md).
import { isMediaUrl } from './media';

export const imageUrlSchemes = ['https'] as const;

export const imageUrlMessage = 'La imagen debe ser una URL válida que empiece por https://';

function isAllowedImageUrl(value: string): boolean {
  try {
    return (imageUrlSchemes as readonly string[]).includes(new URL(value).protocol.slice(0, -1));
  } catch {
    return false;
  }
}

/**
 * Whether an image written in an article's HTML stays when the article is saved: its address has no
 * scheme (an address of this site, such as the media library's) or one of imageUrlSchemes. The server's
 * cleaning drops any other (http://, data:, file:), as it drops an image without an address
 * (api/article-html.ts, with the same schemes); the editor says so before that happens.
 */
export function keptInArticleHtml(src: string): boolean {
  const scheme = /^\s*([a-z][a-z\d+.-]*):/i.exec(src);
  return src.trim() !== '' && (!scheme || (imageUrlSchemes as readonly string[]).includes(scheme[1].toLowerCase()));
}

/** An article's image: an https address, or an image of the media library (served from this site). */
export const isArticleImage = (value: string): boolean => isMediaUrl(value) || isAllowedImageUrl(value);
