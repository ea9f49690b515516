// The media library (docs/media.md): images staff upload and images the feed importer copies, each kept
// as its original and its copies in the photo storage (local folder or Cloud Storage, api/storage/blobs.ts)
// and recorded as events on a stream of its own. Files first, then the event: an image in the read table
// always has its files. A deletion is refused while an article shows the image, inside the deletion's
// transaction, so an image cannot vanish under an article saved a moment before.
import { randomUUID } from 'node:crypto';
import { Conflict, mediaFilePattern, type MediaItem, type MediaUploadType } from '../../domain';
import { handle, media, mediaBlobKeys, type EventMetadata, type EventStore, type MediaUploadedData } from '../../events';
import { mediaUses, type ReadModels } from '../../projections';
import type { BlobStore } from '../storage/blobs';
import type { Logger } from '../log';
import { errorFields } from '../log';
import { prepareImage } from './images';

const contentTypes: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp', avif: 'image/avif' };
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** 'la noticia «A»', 'las noticias «A» y «B»': where an image is shown, for the refusal to delete it. */
function whereUsed(titles: string[]): string {
  const quoted = titles.map((title) => `«${title}»`);
  if (quoted.length === 1) return `la noticia ${quoted[0]}`;
  return `las noticias ${quoted.slice(0, -1).join(', ')} y ${quoted.at(-1)}`;
}

export class MediaLibrary {
  constructor(
    private readonly store: EventStore,
    private readonly read: ReadModels,
    private readonly blobs: BlobStore,
    private readonly log: Logger,
  ) {}

  /** Checks and stores an image with its copies, and records it; answers it as GET /api/media lists it. */
  async add(bytes: Uint8Array, type: MediaUploadType, metadata: EventMetadata, sourceUrl: string | null = null): Promise<MediaItem> {
    const prepared = await prepareImage(bytes, type);
    const id = randomUUID();
    const files = [prepared.original, ...prepared.variants];
    const data: MediaUploadedData = {
      original: fileData(prepared.original),
      variants: prepared.variants.map(fileData),
      sourceUrl,
    };
    const keys = mediaBlobKeys(id, data);
    try {
      for (const [index, file] of files.entries()) await this.blobs.write(keys[index].key, file.bytes, file.type);
      await handle(this.store, media, id, { type: 'Upload', data }, metadata, { newStream: true });
    } catch (error) {
      await this.removeFiles(keys.map((k) => k.key));
      throw error;
    }
    const item = await this.read.media.byId(id);
    if (!item) throw new Error(`media ${id} missing after its upload`);
    return item;
  }

  /** Deletes an image no article shows (409 naming the articles otherwise), then its files. */
  async remove(id: string, metadata: EventMetadata): Promise<void> {
    const { state } = await handle(this.store, media, id, { type: 'Delete' }, metadata, {
      check: async (tx) => {
        const uses = (await mediaUses(tx, [id])).get(id) ?? [];
        if (uses.length) throw new Conflict(`No se puede eliminar: la imagen se usa en ${whereUsed(uses.map((use) => use.title))}`);
      },
    });
    if (state.status === 'deleted') await this.removeFiles(mediaBlobKeys(id, state.data).map((k) => k.key));
  }

  /** One file of an image for GET /media/{id}/{file} (a lower-case id, a name of domain/media.ts); null when there is none. */
  async file(id: string, file: string): Promise<{ bytes: Buffer; contentType: string } | null> {
    if (!uuid.test(id) || !mediaFilePattern.test(file)) return null;
    const bytes = await this.blobs.read(`media/${id}/${file}`);
    return bytes ? { bytes, contentType: contentTypes[file.slice(file.lastIndexOf('.') + 1)] } : null;
  }

  private async removeFiles(keys: string[]) {
    for (const key of keys) {
      await this.blobs.remove(key).catch((error) => this.log.warn({ key, ...errorFields(error) }, 'media file not removed'));
    }
  }
}

const fileData = ({ file, type, width, height, bytes }: { file: string; type: MediaUploadType; width: number; height: number; bytes: Buffer }) => ({
  file,
  type,
  width,
  height,
  bytes: bytes.byteLength,
});
