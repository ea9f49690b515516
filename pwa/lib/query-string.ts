// The address's query string as the browser holds it, still percent-encoded, for URLSearchParams to
// decode once. wouter's useSearch (and its useSearchParams) hands it over already passed through
// decodeURI, so a value read from it was decoded twice: a search for "%41" was read as "A", and one for
// "%00" as a NUL character, which the API refuses (the news list then showed its error instead of the
// list the server had rendered).
import { useRouter } from 'wouter';

/**
 * The router's search hook. The server's also answers one parameter by name (`param`): it notes what a
 * page read of the query string, whole or by parameter, and the page cache keeps the page once for every
 * query that gives those parameters the same values (pwa/entry-server.tsx, api/web).
 */
export type SearchHook = (() => string) & { param?(name: string): string | null };

const withoutMark = (search: string) => (search.startsWith('?') ? search.slice(1) : search);

/** The query string without its '?': the browser's address, or on the server the request's. */
export function useQueryString(): string {
  const router = useRouter();
  return withoutMark(router.searchHook(router));
}

/** One parameter of the query string, decoded once; null when the address has none. */
export function useQueryParam(name: string): string | null {
  const router = useRouter();
  const hook = router.searchHook as SearchHook;
  return hook.param ? hook.param(name) : new URLSearchParams(withoutMark(router.searchHook(router))).get(name);
}
