// The shape of an advance-form draft as stored in IndexedDB. Its id is the uuid sent as the
// Idempotency-Key, and becomes the form's id on the server: any number of sends make one record.
import type { AdvanceFormValues, PhotoField } from '../../domain';

export type DraftVariant = 'public' | 'admin';

/**
 * draft: being written; pending: submitted, waiting to be sent (and still correctable: the latest save
 * is what goes); sent: on the server, read-only here; error: refused, shown until corrected.
 */
export type DraftState = 'draft' | 'pending' | 'sent' | 'error';

export type DraftPhoto = {
  /** The compressed image (JPEG), kept until the form is sent so nothing photographed offline is lost. */
  blob: Blob;
  name: string;
  /** The upload's link once uploaded (`/objects/uploads/{id}`); null until then, or after it expired. */
  objectPath: string | null;
  /**
   * Which photo this is (a uuid given when it was chosen): a sender that finds the link already written
   * for the same photo reuses it instead of uploading it again. Absent in drafts saved before it existed.
   */
  key?: string;
};

export type DraftPhotos = Partial<Record<PhotoField, DraftPhoto>>;

export type Draft = {
  id: string;
  variant: DraftVariant;
  /** The staff member who wrote an admin draft; null for the public form. */
  ownerId: string | null;
  values: AdvanceFormValues;
  photos: DraftPhotos;
  state: DraftState;
  /** The server's message when it refused the form (state 'error'). */
  error: string | null;
  updatedAt: string;
  /** The record's id once sent (the same uuid as `id`). */
  formId: string | null;
  /**
   * Once the server confirmed the form its photos leave the device (the record holds them): what they
   * were, so the drafts tab can still say '2 fotos'. Absent until then.
   */
  sentPhotos?: { count: number; bytes: number };
};
