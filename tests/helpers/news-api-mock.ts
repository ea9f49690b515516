// A mocked news API for the editor's device-side tests (copies kept on the device and sent later):
// POST /api/news and PATCH /api/news/:id answered by the test's own `answer`, and the app's calls by path
// ('/api/...', as in a page) resolved against the mocked origin.
import { http } from 'msw';
import { setupServer } from 'msw/node';
import type { NewsArticleFormValues } from '../../domain';

const mockOrigin = 'http://app.test';

type Answer = (method: 'POST' | 'PATCH', id: string | null, request: Request) => Promise<Response>;

/** Starts the mock (unhandled requests fail the test); close it in the file's `after`. */
export function mockNewsApi(answer: Answer) {
  const mock = setupServer(
    http.post(`${mockOrigin}/api/news`, ({ request }) => answer('POST', null, request)),
    http.patch(`${mockOrigin}/api/news/:id`, ({ request, params }) => answer('PATCH', String(params.id), request)),
  );
  mock.listen({ onUnhandledRequest: 'error' });
  const mswFetch = globalThis.fetch;
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) =>
    mswFetch(typeof input === 'string' && input.startsWith('/') ? `${mockOrigin}${input}` : input, init);
  return mock;
}

/** The dialog's values for a draft article with `content`. */
export const draftValues = (content: string): NewsArticleFormValues => ({
  title: 'Reunión segura',
  slug: 'reunion-segura',
  excerpt: 'Qué revisar antes de una reunión.',
  content,
  category: 'Anti-Espionaje',
  author: 'Equipo',
  status: 'draft',
});
