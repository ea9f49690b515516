// The advance form's photo rules and calls: size and type checks, and (from pwa/lib, which the offline
// drafts' sync shares) submitAdvanceForm and uploadPhoto. Compression is in compress-photo.ts.
import { advanceFormTexts as t } from './texts';

export { submitAdvanceForm, uploadPhoto, formSendTimeoutMs, photoUploadTimeoutMs, type AdvanceFormMode, type SubmitOptions } from '../../lib/advance-form-api';

export const maxPhotoBytes = 10_485_760;

/** A Spanish reason a file cannot go in a photo slot, or null when it may. */
export function photoFileProblem(file: Blob): string | null {
  if (!file.type.startsWith('image/')) return t.photo.notAnImage;
  if (file.size > maxPhotoBytes) return t.photo.tooLarge;
  return null;
}
