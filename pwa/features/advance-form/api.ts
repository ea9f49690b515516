// The advance form's calls, outside any component so the offline-drafts sync can call them too:
// submitAdvanceForm (the create) and uploadPhoto (compress, ask for an upload URL, PUT the bytes).
import type { AdvanceForm, AdvanceFormInput } from '../../../domain';
import { apiJson, throwIfNotOk } from '../../lib/api';
import { advanceFormTexts as t } from './texts';

/** 'public': /formulario-avanzada, no cookies sent (spec section 6). 'admin': /admin/avanzadas/nuevo. */
export type AdvanceFormMode = 'public' | 'admin';

const credentialsOf = (mode: AdvanceFormMode): RequestCredentials => (mode === 'public' ? 'omit' : 'include');

export type SubmitOptions = {
  mode: AdvanceFormMode;
  /** The draft's uuid (issue 8): the same key makes a retried send answer the record already made. */
  idempotencyKey?: string;
  signal?: AbortSignal;
};

/** POST /api/advance-forms (admin) or /api/advance-forms/public; answers the record (201). Throws ApiError. */
export function submitAdvanceForm(input: AdvanceFormInput, { mode, idempotencyKey, signal }: SubmitOptions): Promise<AdvanceForm> {
  const url = mode === 'public' ? '/api/advance-forms/public' : '/api/advance-forms';
  return apiJson<AdvanceForm>('POST', url, input, {
    credentials: credentialsOf(mode),
    headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined,
    signal,
  });
}

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

type UploadTarget = { uploadURL: string; objectPath: string; uploadHeaders?: Record<string, string> };

/**
 * Sends one photo (already compressed) and answers the link the form stores ('/objects/uploads/{id}').
 * POST /api/objects/upload, then one PUT of the bytes to the URL it answered (the app itself, or a
 * Google Cloud Storage signed URL with the headers that go with it). Throws ApiError or TypeError.
 */
export async function uploadPhoto(photo: Blob, mode: AdvanceFormMode): Promise<string> {
  const target = await apiJson<UploadTarget>('POST', '/api/objects/upload', undefined, { credentials: credentialsOf(mode) });
  const response = await fetch(target.uploadURL, {
    method: 'PUT',
    body: photo,
    headers: { 'Content-Type': photo.type || 'application/octet-stream', ...target.uploadHeaders },
    credentials: 'omit',
  });
  await throwIfNotOk(response);
  return target.objectPath;
}
