// The one HTTP client of the PWA (docs/rules.md, 'Answers and errors'): JSON in, JSON out, cookies always sent,
// and every non-OK answer turned into an ApiError the screens can show.
import type { QueryFunction, QueryKey } from '@tanstack/react-query';

/** The error body every /api route answers: a Spanish message, maybe per-field messages (docs/rules.md). */
export type ApiErrorBody = {
  message: string;
  errors?: Record<string, string>;
  /** A sign-in that needs its second step: a code (`mfa`) or the account's passkey (`passkey`). */
  mfa?: boolean;
  passkey?: boolean;
};

/**
 * A non-OK answer. `message` is `${status}: ${body text || status text}` (docs/rules.md, 'Answers and errors');
 * `body` is the parsed `{ message, errors }` when the server sent one, so a form can show
 * `error.body?.message` in a toast and `error.body?.errors` next to its fields.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: ApiErrorBody | null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The server's own Spanish message, if it sent one. */
  get serverMessage(): string | null {
    return this.body?.message ?? null;
  }

  get fieldErrors(): Record<string, string> {
    return this.body?.errors ?? {};
  }
}

/** No answer at all: the network failed (TypeError) or a time limit ran out (TimeoutError/AbortError). */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  return error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = (await response.text().catch(() => '')).trim();
  let body: ApiErrorBody | null = null;
  try {
    const parsed: unknown = text ? JSON.parse(text) : null;
    if (parsed && typeof parsed === 'object' && typeof (parsed as ApiErrorBody).message === 'string') {
      body = parsed as ApiErrorBody;
    }
  } catch {
    // Not JSON (a proxy's HTML page, say): the text is still in `message`.
  }
  throw new ApiError(response.status, `${response.status}: ${text || response.statusText}`, body);
}

export type RequestOptions = {
  /** 'include' by default; the public advance form passes 'omit' (docs/rules.md, 'Who may call what'). */
  credentials?: RequestCredentials;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

/**
 * Sends one call and answers the Response (so callers can read headers such as X-Total-Count, or a PDF
 * blob). Throws ApiError on any non-OK status, and the browser's TypeError when there is no network.
 */
export async function apiRequest(method: string, url: string, body?: unknown, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: options.credentials ?? 'include',
    signal: options.signal,
  });
  await throwIfNotOk(response);
  return response;
}

/** apiRequest, then the JSON body (null for 204 No Content). */
export async function apiJson<T>(method: string, url: string, body?: unknown, options?: RequestOptions): Promise<T> {
  const response = await apiRequest(method, url, body, options);
  if (response.status === 204) return null as T;
  return (await response.json()) as T;
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/**
 * The URL of a query key: its string segments joined by '/' (docs/rules.md, 'Lists and paging'), and a trailing plain
 * object as the query string (empty values left out). ['/api/news', 'mi-articulo'] is
 * '/api/news/mi-articulo'; ['/api/news', { sort: 'oldest' }] is '/api/news?sort=oldest'.
 */
export function urlOfQueryKey(queryKey: QueryKey): string {
  const segments = [...queryKey];
  const last = segments[segments.length - 1];
  const params = last !== null && typeof last === 'object' ? (segments.pop() as QueryParams) : null;
  const path = segments.map(String).join('/');
  return path + toQueryString(params);
}

export function toQueryString(params: QueryParams | null | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * The default query function. A 401 is an error by default (docs/rules.md, 'Lists and paging'); a screen that asks
 * "am I signed in?" (GET /api/auth/me) can use `getQueryFn({ on401: 'returnNull' })` instead.
 */
export function getQueryFn<T>({ on401 }: { on401: 'throw' | 'returnNull' }): QueryFunction<T> {
  return async ({ queryKey, signal }) => {
    const response = await fetch(urlOfQueryKey(queryKey), { credentials: 'include', headers: { Accept: 'application/json' }, signal });
    if (on401 === 'returnNull' && response.status === 401) return null as T;
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}

/** A list call with its total: lists are arrays, the total is in X-Total-Count (docs/rules.md, 'Lists and paging'). */
export type Page<T> = { items: T[]; total: number };

export async function fetchPage<T>(url: string, signal?: AbortSignal): Promise<Page<T>> {
  const response = await apiRequest('GET', url, undefined, { signal });
  const items = (await response.json()) as T[];
  const header = Number(response.headers.get('X-Total-Count'));
  return { items, total: Number.isFinite(header) && response.headers.has('X-Total-Count') ? header : items.length };
}
