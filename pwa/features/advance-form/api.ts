// The advance form's photo rules and calls: size and type checks, and (from pwa/lib, which the offline
// drafts' sync shares) submitAdvanceForm and uploadPhoto. Compression is in compress-photo.ts.
import { advanceFormTexts as t } from './texts';

export { submitAdvanceForm, type AdvanceFormMode } from '../../lib/advance-form-api';

const maxPhotoBytes = 10_485_760;

/** The reason a file cannot go in a photo slot (in the page's words, Spanish by default), or null when it may. */
export function photoFileProblem(file: Blob, texts: Pick<typeof t.photo, 'notAnImage' | 'tooLarge'> = t.photo): string | null {
  if (!file.type.startsWith('image/')) return texts.notAnImage;
  if (file.size > maxPhotoBytes) return texts.tooLarge;
  return null;
}
