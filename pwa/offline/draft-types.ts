// The shape of an advance-form draft as stored in IndexedDB. Its id is the uuid sent as the
// Idempotency-Key, and becomes the form's id on the server: any number of sends make one record.
import type { AdvanceFormValues, PhotoField } from '../../domain';

export type DraftVariant = 'public' | 'admin';

/** The form screen's query parameter that opens a stored draft ('?borrador={id}'), a queued or refused one included. */
export const resumeDraftParam = 'borrador';

/** The address of the form screen at `path` opening the stored draft `id`. */
export const resumeDraftHref = (path: string, id: string) => `${path}?${resumeDraftParam}=${encodeURIComponent(id)}`;

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

/** What every screen may know of a draft without opening it: never an answer, a name or a photo. */
export type DraftHead = Pick<Draft, 'id' | 'variant' | 'ownerId' | 'state' | 'updatedAt' | 'formId'>;

/** A kept photo without its bytes (lists and counts never decrypt photos). */
export type PhotoSummary = Omit<DraftPhoto, 'blob'> & { size: number; type: string };

/** A draft as lists show it: the answers, and its photos without their bytes. */
export type DraftSummary = Omit<Draft, 'photos'> & { photos: Partial<Record<PhotoField, PhotoSummary>> };

/**
 * A sealed photo: the IV of its bytes, and the bytes (a Blob, so lists never load them) while in memory.
 * A stored record names the IV only; the bytes are a record of their own in `draftPhotos`, written once
 * per photo (records written before that held them inline, and are read as they are).
 */
export type SealedPhoto = { iv: Uint8Array; data?: Blob };

/** A photo's sealed bytes as `draftPhotos` holds them, under `{draft id}/{field}/{IV}`. */
export type StoredPhoto = { key: string; draftId: string; data: Blob };

/**
 * A draft as IndexedDB holds it: the head in clear (lists, counts, the queue's order), everything else
 * sealed with its owner's data key (draft-keys.ts). `version` counts the writes and is part of the
 * sealed data's additional data; `keyId` says which data key sealed it.
 */
export type SealedDraft = DraftHead & {
  version: number;
  keyId: string;
  sealed: { iv: Uint8Array; data: ArrayBuffer };
  photoData: Partial<Record<PhotoField, SealedPhoto>>;
};

/** Before drafts were encrypted (or a staff member's written before their device had a key): in clear. */
export type PlainDraft = Draft & { version?: number };

export type StoredDraft = SealedDraft | PlainDraft;

/**
 * A data key on this device, per owner (a staff member's id, or 'public' for the visitors' form).
 * `key`: the data key itself, non-extractable, while it may be used here; null once dropped (sign-out,
 * another person signed in, past `usableUntil`). `wrapped`: the same key wrapped with the wrapping
 * secret the server gives one sign-in of its owner, so that owner's next sign-in can bring it back;
 * none for visitors. A record with neither is what a session ended from elsewhere leaves: no draft of
 * that owner is written again until they sign in.
 */
export type DraftKeyRecord = {
  owner: string;
  keyId: string | null;
  key: CryptoKey | null;
  wrapped: { signInId: string; iv: Uint8Array; data: ArrayBuffer } | null;
  usableUntil: number | null;
};
