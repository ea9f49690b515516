// sharp (libvips) for every image the server decodes: the media library's, the venue photos and their PDF copies.
import type sharp from 'sharp';
import { loadOnce } from '../load-once';

/** Loaded on the first image, to keep the server's memory at rest low: libvips and its codecs are some 25 MB. */
export const loadSharp: () => Promise<typeof sharp> = loadOnce(async () => (await import('sharp')).default);
