// The advance form's create, shared by the form (pwa/features/advance-form) and the offline drafts'
// sync (pwa/offline, in the page and in the service worker), which must not import a feature, with the
// time limits of its send and of a photo's upload (pwa/offline/photo-upload.ts): a connection that opens
// but never answers must not keep 'Guardando...' on screen; past it the form waits in the offline queue
// instead.
import type { AdvanceForm, AdvanceFormInput } from '../../domain';
import { apiJson } from './api';
import { timeLimit } from './time-limit';

/** 'public': /formulario-avanzada, no cookies sent (docs/rules.md, 'Who may call what'). 'admin': /admin/avanzadas/nuevo. */
export type AdvanceFormMode = 'public' | 'admin';

const credentialsOf = (mode: AdvanceFormMode): RequestCredentials => (mode === 'public' ? 'omit' : 'include');

export type SubmitOptions = {
  mode: AdvanceFormMode;
  /** The draft's uuid: the same key makes a retried send answer the record already made (docs/rules.md, 'Idempotency-Key'). */
  idempotencyKey?: string;
  signal?: AbortSignal;
};

/** How long the create may take before the form is left to the queue (it is small: text only). */
const formSendTimeoutMs = 15_000;

/**
 * How long one photo's upload may take: 15 s to start plus 1 s per 32 KB (256 kbit/s, a weak mobile
 * signal), so about 47 s for a reduced 1 MB photo. Past it the photo stays in the draft for the queue.
 */
export const photoUploadTimeoutMs = (bytes: number) => 15_000 + Math.ceil(bytes / 32_768) * 1_000;

/**
 * POST /api/advance-forms (admin) or /api/advance-forms/public; answers the record (201). Throws
 * ApiError for an answer, TypeError or a TimeoutError (DOMException) when none came in time.
 * `Device-Time` tells the server this device's clock at sending, so it can tell a wrong clock from a
 * form that waited offline, and order two saves of one draft (docs/offline.md, 'Corrections and device clocks').
 */
export function submitAdvanceForm(input: AdvanceFormInput, { mode, idempotencyKey, signal }: SubmitOptions): Promise<AdvanceForm> {
  const url = mode === 'public' ? '/api/advance-forms/public' : '/api/advance-forms';
  return apiJson<AdvanceForm>('POST', url, input, {
    credentials: credentialsOf(mode),
    headers: { ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}), 'Device-Time': new Date().toISOString() },
    signal: timeLimit(formSendTimeoutMs, signal),
  });
}
