// One photo's upload, with its progress, and at most once per photo of a draft. The bytes go with
// XMLHttpRequest where there is one (its upload events give the bar on screen its bytes; a fetch gives
// none over HTTP/1.1) and with fetch in the service worker. Whoever uploads a draft's photo (its form's
// slot, a tab's queue, the worker) holds that photo's Web Lock and writes the link into the draft as
// soon as the server has the bytes, so a second sender waits, reads the draft again and reuses the link:
// leaving the form in the middle of an upload no longer uploads the photo twice.
import { photoUploadTimeoutMs, type AdvanceFormMode } from '../lib/advance-form-api';
import { ApiError, apiJson, throwIfNotOk } from '../lib/api';
import { timeLimit } from '../lib/time-limit';
import type { PhotoField } from '../../domain';
import { getDraft, updateDraft } from './drafts';
import type { DraftPhoto } from './draft-types';

export type UploadProgress = (loaded: number, total: number) => void;

export type UploadOptions = {
  onProgress?: UploadProgress;
  /** The whole upload's limit (upload URL and bytes); 15 s plus 1 s per 32 KB unless given. */
  timeoutMs?: number;
  signal?: AbortSignal;
};

type UploadTarget = { uploadURL: string; objectPath: string; uploadHeaders?: Record<string, string> };

/**
 * The server refused the photo itself (bytes that are no image, too large, a bad request): the same
 * bytes would be refused again, so the photo leaves the draft with the reason. Every other failure (no
 * answer, a server down or busy, a rate limit, an upload link spent or expired, a session that ended)
 * is not the photo's fault: it stays in the draft, and the queue uploads it later.
 */
export function photoRefused(error: unknown): error is ApiError {
  return error instanceof ApiError && [400, 413, 415, 422].includes(error.status);
}

/**
 * POST /api/objects/upload, then one PUT of the bytes to the URL it answered; answers the link the form
 * stores ('/objects/uploads/{id}'). Throws ApiError for an answer, TypeError or TimeoutError for none.
 */
export async function uploadPhotoBytes(photo: Blob, mode: AdvanceFormMode, options: UploadOptions = {}): Promise<string> {
  const signal = timeLimit(options.timeoutMs ?? photoUploadTimeoutMs(photo.size), options.signal);
  const credentials: RequestCredentials = mode === 'public' ? 'omit' : 'include';
  const upload = async (): Promise<string> => {
    const target = await apiJson<UploadTarget>('POST', '/api/objects/upload', undefined, { credentials, signal });
    options.onProgress?.(0, photo.size);
    const headers = { 'Content-Type': photo.type || 'application/octet-stream', ...target.uploadHeaders };
    if (typeof XMLHttpRequest !== 'undefined' && options.onProgress) await putWithProgress(target.uploadURL, photo, headers, signal, options.onProgress);
    else await throwIfNotOk(await fetch(target.uploadURL, { method: 'PUT', body: photo, headers, credentials: 'omit', signal }));
    options.onProgress?.(photo.size, photo.size);
    return target.objectPath;
  };
  try {
    return await upload();
  } catch (error) {
    if (!linkSpent(error)) throw error;
    // The link was spent, most often by these same bytes: a PUT that reached the server but lost its
    // answer is sent again by the browser and meets its own first use. The photo goes once more under
    // a fresh link; the first copy, which no form names, is swept with the other unused uploads.
    return upload();
  }
}

/** An upload link the server no longer takes (already used, expired, unknown): a fresh link will do. */
function linkSpent(error: unknown): boolean {
  return error instanceof ApiError && [403, 404, 409, 410].includes(error.status);
}

function putWithProgress(url: string, photo: Blob, headers: Record<string, string>, signal: AbortSignal, onProgress: UploadProgress): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : photo.size);
    // An answer that is not OK becomes the same ApiError as fetch's (pwa/lib/api.ts).
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300
        ? resolve()
        : throwIfNotOk(new Response(xhr.responseText, { status: xhr.status, statusText: xhr.statusText })).then(resolve, reject);
    xhr.onerror = () => reject(new TypeError('Failed to fetch'));
    xhr.onabort = () => reject(signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'));
    if (signal.aborted) return reject(signal.reason);
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(photo);
  });
}

const photoLockName = (draftId: string, field: PhotoField) => `draft-photo-${draftId}-${field}`;

/** The same photo as the one kept in the draft (a replaced photo has another key). */
export function samePhoto(a: Pick<DraftPhoto, 'blob' | 'name' | 'key'>, b: Pick<DraftPhoto, 'blob' | 'name' | 'key'>): boolean {
  if (a.key !== undefined || b.key !== undefined) return a.key === b.key;
  return a.blob.size === b.blob.size && a.name === b.name;
}

/** Runs `work` under the named Web Lock, waiting for it; directly where there are none (Node). */
function withLock<T>(name: string, work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(name, work) : work();
}

/**
 * Uploads a draft's photo unless the draft already holds its link, and writes the link into the draft
 * at once (if the photo is still the one kept there), whoever asked and whether or not its screen is
 * still open. Answers the link.
 */
export function uploadDraftPhoto(
  draftId: string,
  field: PhotoField,
  photo: Pick<DraftPhoto, 'blob' | 'name' | 'key'>,
  mode: AdvanceFormMode,
  options: UploadOptions = {},
): Promise<string> {
  return withLock(photoLockName(draftId, field), async () => {
    // No IndexedDB (some private windows): the upload still goes, with nothing to reuse or keep.
    const kept = await getDraft(draftId).then(
      (d) => d?.photos[field],
      () => undefined,
    );
    if (kept?.objectPath && samePhoto(kept, photo)) return kept.objectPath;
    const objectPath = await uploadPhotoBytes(photo.blob, mode, options);
    await updateDraft(draftId, (d) => {
      const current = d.photos[field];
      if (!current || !samePhoto(current, photo) || current.objectPath === objectPath) return null;
      return { ...d, photos: { ...d.photos, [field]: { ...current, objectPath } } };
    }).catch(() => undefined);
    return objectPath;
  });
}
