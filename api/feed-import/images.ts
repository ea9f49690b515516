// A new item's image is copied into the media library before its article is made (docs/media.md): pages
// then show our copy, in every size, and never a picture another site moved or removed. Fetched once,
// through the feed fetch's guard (public addresses only, redirects, time and size limits; http allowed);
// its bytes must be a JPEG, PNG, WebP or AVIF. A copy that fails leaves the article without an image and
// a note for whoever reviews it.
import { DomainError, maxMediaBytes, type MediaUploadType } from '../../domain';
import type { EventMetadata } from '../../events';
import type { AppServices } from '../context';
import { errorFields } from '../log';
import { fetchImage, type FeedItem } from '../feeds';
import { mediaMessages, sniffMediaType } from '../media/images';

/** What an article gets for its item's image: our copy's address, or none and the reason. */
export type CopiedImage = { image: string | null; reviewNote: string | null };

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

const imageNote = (url: string, reason: string) =>
  `No se pudo copiar la imagen de la fuente (${lowerFirst(reason)}): ${url}. La noticia quedó sin imagen; puede elegir una en Medios.`;

/**
 * Images copied at once. One at a time, a feed of 500 new items waited for 500 downloads in turn (each
 * a round trip to the source, and a failed one its DNS or connection timeout). A few at a time overlap
 * those waits without flooding the source's server, or our cores with the copies' resizing.
 */
const copiesAtOnce = 4;

/** Each item's image copied (one fetch per address in the run, `copiesAtOnce` at a time), by the item's guid hash. */
export async function copyItemImages(
  services: AppServices,
  items: readonly FeedItem[],
  metadata: EventMetadata,
  options: { timeoutMs?: number } = {},
): Promise<Map<string, CopiedImage>> {
  const urls = [...new Set(items.flatMap((item) => (item.image ? [item.image] : [])))];
  const byUrl = new Map<string, CopiedImage>();
  let next = 0;
  // copyImage answers every failure as a note: no copy stops the others.
  const copier = async () => {
    while (next < urls.length) {
      const url = urls[next++];
      byUrl.set(url, await copyImage(services, url, metadata, options.timeoutMs));
    }
  };
  await Promise.all(Array.from({ length: Math.min(copiesAtOnce, urls.length) }, copier));
  const copied = new Map<string, CopiedImage>();
  for (const item of items) {
    const result = item.image ? byUrl.get(item.image) : undefined;
    if (result) copied.set(item.guidHash, result);
  }
  return copied;
}

async function copyImage(services: AppServices, url: string, metadata: EventMetadata, timeoutMs: number | undefined): Promise<CopiedImage> {
  try {
    const fetched = await fetchImage(url, { allowPrivateHosts: services.config.feedAllowPrivateHosts, maxBytes: maxMediaBytes, timeoutMs });
    // The bytes say what the image is; servers often label images wrongly (or not at all).
    const type: MediaUploadType | null = sniffMediaType(fetched.bytes);
    if (!type) return { image: null, reviewNote: imageNote(url, mediaMessages.notAnImage) };
    const item = await services.media.add(fetched.bytes, type, metadata, url);
    return { image: item.url, reviewNote: null };
  } catch (error) {
    if (error instanceof DomainError) return { image: null, reviewNote: imageNote(url, error.message) };
    services.log.warn({ ...errorFields(error) }, 'feed image copy failed');
    return { image: null, reviewNote: imageNote(url, 'error inesperado al guardarla') };
  }
}
