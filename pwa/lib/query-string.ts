// The address's query string as the browser holds it, still percent-encoded, for URLSearchParams to
// decode once. wouter's useSearch (and its useSearchParams) hands it over already passed through
// decodeURI, so a value read from it was decoded twice: a search for "%41" was read as "A", and one for
// "%00" as a NUL character, which the API refuses (the news list then showed its error instead of the
// list the server had rendered).
import { useRouter } from 'wouter';

/** The query string without its '?': the browser's address, or on the server the request's. */
export function useQueryString(): string {
  const router = useRouter();
  const search = router.searchHook(router);
  return search.startsWith('?') ? search.slice(1) : search;
}
