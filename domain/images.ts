// One rule for images shown on the site: https only. The pages are served with a
// Content-Security-Policy whose img-src allows 'self', data:, blob: and https: (api/middleware/security.ts),
// so an http image would be blocked by the browser anyway: staff's image URLs are refused when saved,
// and http images in article HTML or in imported feeds are dropped.
export const imageUrlSchemes = ['https'] as const;

export const imageUrlMessage = 'La imagen debe ser una URL válida que empiece por https://';

export function isAllowedImageUrl(value: string): boolean {
  try {
    return (imageUrlSchemes as readonly string[]).includes(new URL(value).protocol.slice(0, -1));
  } catch {
    return false;
  }
}
