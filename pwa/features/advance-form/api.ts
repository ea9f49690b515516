// The advance form's photo rules and calls: size and type checks, compression, and (from pwa/lib, which
// the offline drafts' sync shares) submitAdvanceForm and uploadPhoto.
import { advanceFormTexts as t } from './texts';

export { submitAdvanceForm, uploadPhoto, type AdvanceFormMode, type SubmitOptions } from '../../lib/advance-form-api';

export const maxPhotoBytes = 10_485_760;

/** A Spanish reason a file cannot go in a photo slot, or null when it may. */
export function photoFileProblem(file: Blob): string | null {
  if (!file.type.startsWith('image/')) return t.photo.notAnImage;
  if (file.size > maxPhotoBytes) return t.photo.tooLarge;
  return null;
}

/**
 * About 1 MB, at most 1920 px, JPEG (which jsPDF embeds as is). No web worker: the library's worker
 * loads itself from a CDN, which fails offline and under our Content-Security-Policy. If compression
 * fails (a format the browser cannot decode, such as HEIC in Chromium) the original goes instead.
 */
export async function compressPhoto(file: File): Promise<Blob> {
  try {
    const { default: imageCompression } = await import('browser-image-compression');
    return await imageCompression(file, { maxSizeMB: 1, maxWidthOrHeight: 1920, useWebWorker: false, fileType: 'image/jpeg' });
  } catch {
    return file;
  }
}

