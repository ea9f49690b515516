// Markup the server makes once and reuses: a news card is the same HTML in every list that shows its
// article, and rendering twelve of them was half of a news list's render. The server renders a
// cached part's children alone (with the page's site and language, under a router at no page in
// particular) and writes that markup into the part's element; the browser renders and hydrates the
// children as usual, against exactly the markup they would have had inline.
//
// A cached part's children must depend only on its key, the site and the language: not on the page
// they are shown on, nor on data queries, useId or any state from above. tests/web/server-fragments.test.ts
// renders the lists with and without the cache and requires the same bytes.
import { createContext, useContext, type ReactElement } from 'react';
import { useLang, type Lang } from '../i18n/lang';

/** Given by the server's entry only: markup by key, made by rendering `element` the first time. */
export type FragmentCache = { html(key: string, lang: Lang, element: ReactElement): string };

const FragmentCacheContext = createContext<FragmentCache | null>(null);
export const ProvideFragmentCache = FragmentCacheContext;

type CachedItemProps = {
  /** Everything the children's markup depends on besides the language (asked on the server only). */
  cacheKey: () => string;
  className?: string;
  children: ReactElement;
};

/** An <li> whose children the server renders once per key and language. */
export function CachedListItem({ cacheKey, className, children }: CachedItemProps) {
  const cache = useContext(FragmentCacheContext);
  const lang = useLang();
  if (!cache) return <li className={className}>{children}</li>;
  return <li className={className} dangerouslySetInnerHTML={{ __html: cache.html(cacheKey(), lang, children) }} />;
}
