// An image of the media library (docs/media.md): uploaded once with its copies, deleted once. Nothing
// else changes it: an edited image is a new upload, so its addresses never serve other bytes.
import { Conflict, NotFound, type MediaUploadType } from '../../domain';
import type { Decider } from '../decider';

/** One stored file of an image, by its name under /media/{id}/. */
export type MediaFileData = { file: string; type: MediaUploadType; width: number; height: number; bytes: number };

export type MediaUploadedData = {
  /** The original without metadata (EXIF, GPS), upright. */
  original: MediaFileData;
  /** The AVIF and WebP copies for pages, at each width (domain/media.ts). */
  variants: MediaFileData[];
  /** The address the feed importer copied it from; null for an upload by staff. */
  sourceUrl: string | null;
};

export type MediaEvent = { type: 'MediaUploaded'; data: MediaUploadedData } | { type: 'MediaDeleted'; data: Record<string, never> };

export type MediaCommand = { type: 'Upload'; data: MediaUploadedData } | { type: 'Delete' };

/** A deleted image keeps what it held: the deletion removes those files once recorded. */
export type MediaState = { status: 'new' } | { status: 'live' | 'deleted'; data: MediaUploadedData };

export const media: Decider<MediaState, MediaCommand, MediaEvent> = {
  initialState: () => ({ status: 'new' }),
  evolve: (state, event) => {
    if (event.type === 'MediaUploaded') return { status: 'live', data: event.data };
    return state.status === 'new' ? state : { status: 'deleted', data: state.data };
  },
  decide(command, state) {
    if (command.type === 'Upload') {
      if (state.status !== 'new') throw new Conflict('La imagen ya existe');
      return [{ type: 'MediaUploaded', data: command.data }];
    }
    if (state.status !== 'live') throw new NotFound('Imagen no encontrada');
    return [{ type: 'MediaDeleted', data: {} }];
  },
};

/** The blob keys of an image's files (api/storage/blobs.ts): what a backup copies and a deletion removes. */
export const mediaBlobKeys = (id: string, data: MediaUploadedData): { key: string; contentType: string }[] =>
  [data.original, ...data.variants].map((file) => ({ key: `media/${id}/${file.file}`, contentType: file.type }));
