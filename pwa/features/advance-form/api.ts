// The advance form's photo rules and calls: size and type checks, and (from pwa/lib, which the offline
// drafts' sync shares) submitAdvanceForm and uploadPhoto. Compression is in compress-photo.ts.
import { advanceFormTexts as t } from './texts';

export { submitAdvanceForm, type AdvanceFormMode } from '../../lib/advance-form-api';

const maxPhotoBytes = 10_485_760;

/** HEIC and HEIF by their name: a computer that does not know the format gives its files no type. */
const heifName = /\.(heic|heif)$/i;

/** The reason a file cannot go in a photo slot (in the page's words, Spanish by default), or null when it may. */
export function photoFileProblem(file: Blob, texts: Pick<typeof t.photo, 'notAnImage' | 'tooLarge'> = t.photo): string | null {
  const untypedHeif = file.type === '' && file instanceof File && heifName.test(file.name);
  if (!file.type.startsWith('image/') && !untypedHeif) return texts.notAnImage;
  if (file.size > maxPhotoBytes) return texts.tooLarge;
  return null;
}
