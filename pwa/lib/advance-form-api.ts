// The advance form's two calls, shared by the form (pwa/features/advance-form) and the offline drafts'
// sync (pwa/offline), which must not import a feature: submitAdvanceForm (the create) and uploadPhoto.
import type { AdvanceForm, AdvanceFormInput } from '../../domain';
import { apiJson, throwIfNotOk } from './api';

/** 'public': /formulario-avanzada, no cookies sent (docs/rules.md, 'Who may call what'). 'admin': /admin/avanzadas/nuevo. */
export type AdvanceFormMode = 'public' | 'admin';

const credentialsOf = (mode: AdvanceFormMode): RequestCredentials => (mode === 'public' ? 'omit' : 'include');

export type SubmitOptions = {
  mode: AdvanceFormMode;
  /** The draft's uuid: the same key makes a retried send answer the record already made (docs/rules.md, 'Idempotency-Key'). */
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
