// The pure decisions of the draft sync (tested in tests/pwa/sync-rules.test.ts): what body a draft
// sends, how long to wait before trying again, and what an answer means for the draft.
import { newAdvanceFormDefaults, photoFields, type AdvanceFormInput, type AdvanceFormValues, type PhotoField } from '../../domain';
import type { Draft } from './draft-types';
import { backoffDelayMs, triedAgainLater } from './retry-policy';
import { offlineTexts } from './texts';

/** Photos photographed but not uploaded yet (or whose upload the server no longer has). */
export function photosToUpload(draft: Pick<Draft, 'photos'>): PhotoField[] {
  return photoFields.filter((field) => draft.photos[field] && !draft.photos[field]!.objectPath);
}

/**
 * The create call's body: the answers, each photo field holding its upload's link. A photo kept as a
 * blob wins over whatever link the values hold (a link from an upload that may have expired).
 */
export function submissionBody(draft: Pick<Draft, 'values' | 'photos'>): AdvanceFormInput {
  const body: Record<string, unknown> = { ...draft.values, website: '' };
  for (const field of photoFields) {
    const photo = draft.photos[field];
    if (photo) body[field] = photo.objectPath;
  }
  return body as AdvanceFormInput;
}

/** The service worker's Background Sync tag for the drafts queue. */
export const backgroundSyncTag = 'advance-form-drafts';

/**
 * From the worker to its pages: how many queued forms its Background Sync sent (so a page counts them
 * right), and how many the server refused (so an open page says so at once).
 */
export type QueueSentMessage = { type: 'QUEUE_SENT'; sent: number; refused?: number };
export const queueSentType: QueueSentMessage['type'] = 'QUEUE_SENT';

/** The wait before retry number `attempt` (from 0): 2 s, 4 s, 8 s ... up to 5 minutes, ±20 % (retry-policy.ts). */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  return backoffDelayMs(Math.max(0, attempt) + 1, random);
}

export type ErrorBody = { message?: string; errors?: Record<string, string> } | null;

export type AnswerVerdict =
  | { kind: 'sent' }
  /** No answer, a server error or a rate limit: the same request later. */
  | { kind: 'retry' }
  /** The session expired: the draft waits for staff to sign in again. */
  | { kind: 'signIn' }
  /** The server lost these uploads (expired, swept): upload the kept blobs again, then resend. */
  | { kind: 'reupload'; fields: PhotoField[] }
  /** The server refused the form itself: the draft shows this message until it is corrected. */
  | { kind: 'refused'; message: string };

export function judgeAnswer(status: number, body: ErrorBody, draft: Pick<Draft, 'photos'>): AnswerVerdict {
  if (status >= 200 && status < 300) return { kind: 'sent' };
  if (status === 401) return { kind: 'signIn' };
  if (triedAgainLater(status)) return { kind: 'retry' };
  const fieldErrors = body?.errors ?? {};
  const badPhotos = photoFields.filter((field) => fieldErrors[field]);
  const otherErrors = Object.keys(fieldErrors).filter((field) => !badPhotos.includes(field as PhotoField));
  if (status === 400 && badPhotos.length > 0 && otherErrors.length === 0 && badPhotos.every((field) => draft.photos[field])) {
    return { kind: 'reupload', fields: badPhotos };
  }
  return { kind: 'refused', message: refusalMessage(status, body) };
}

/**
 * The photo a refused upload is about. The queue uploads a draft's photos in the order of the form and
 * writes each link into the draft as soon as the server has the bytes, so the photo it stopped at is the
 * first one still without its link. Null when the refusal was about the form, not a photo.
 */
export function refusedPhoto(draft: { error: string | null; photos: Partial<Record<PhotoField, { objectPath: string | null }>> }): PhotoField | null {
  if (!draft.error?.startsWith(offlineTexts.photoUploadFailed)) return null;
  return photoFields.find((field) => draft.photos[field] && !draft.photos[field]!.objectPath) ?? null;
}

/** The server's reason alone, without the queue's 'No se pudo subir una foto: ' in front of it. */
export function refusalReason(error: string): string {
  const prefix = `${offlineTexts.photoUploadFailed}: `;
  return error.startsWith(prefix) ? error.slice(prefix.length) : error;
}

/** The server's Spanish message with its field messages, as one line the drafts tab can show. */
export function refusalMessage(status: number, body: ErrorBody): string {
  const head = body?.message ?? `Error ${status}`;
  const details = Object.values(body?.errors ?? {});
  return details.length ? `${head}: ${details.join('; ')}` : head;
}

/**
 * A draft the server confirmed: 'sent', its photos gone from the device (the record holds them) with
 * their count and size kept, and each photo's link written into the answers it summarises.
 */
export function sentSummary(draft: Pick<Draft, 'values' | 'photos'>): Pick<Draft, 'state' | 'error' | 'values' | 'photos' | 'sentPhotos'> {
  const kept = Object.values(draft.photos).filter((photo) => photo !== undefined);
  const values: Record<string, unknown> = { ...draft.values };
  for (const field of photoFields) {
    const photo = draft.photos[field];
    if (photo?.objectPath) values[field] = photo.objectPath;
  }
  return {
    state: 'sent',
    error: null,
    values: values as AdvanceFormValues,
    photos: {},
    sentPhotos: { count: kept.length, bytes: kept.reduce((sum, photo) => sum + photo.blob.size, 0) },
  };
}

/** What deleting a draft loses: the answers given (anything not left as a new form has it) and the photos. */
export function draftContents(draft: Pick<Draft, 'values'> & { photos: Partial<Record<PhotoField, unknown>> }): { answers: number; photos: number } {
  const defaults = newAdvanceFormDefaults() as Record<string, unknown>;
  const values = draft.values as Record<string, unknown>;
  const answers = Object.keys(defaults).filter((key) => {
    if (key === 'website' || (photoFields as readonly string[]).includes(key)) return false;
    const value = values[key];
    return value !== undefined && value !== null && value !== defaults[key];
  }).length;
  return { answers, photos: Object.keys(draft.photos).length };
}
