// Markup the server makes once and reuses: a news card is the same HTML in every list that shows its
// article, and rendering twelve of them was half of a news list's render. The server renders a
// cached part's children alone (with the page's site and language, under a router at no page in
// particular) and writes that markup into the part's element; the browser renders and hydrates the
// children as usual, against exactly the markup they would have had inline.
//
// A cached card's (or form's) children must depend only on its key, the site and the language: not on
// the page they are shown on, nor on data queries, useId or any state from above (a form's state is
// its initial state, which the key names). A page's frame (its header and
// footer: CachedPart) may also depend on the page's path. It is rendered with the texts provided above
// it, which the key does not name: a frame may read only texts that are the same for every page of its
// language (the layout's, which the language's frame provides). tests/web/server-fragments.test.ts
// renders every public page with and without the cache and requires the same bytes.
import { createContext, useContext, type ComponentPropsWithoutRef, type ReactElement } from 'react';
import { useRouter } from 'wouter';
import { useLang, type Lang } from '../i18n/lang';
import { ProvideTexts, useTextsInScope } from '../i18n/texts';

/** What a kept piece of markup is: a list's card, or a form's fields (kept apart: fewer, and larger). */
export type FragmentKind = 'card' | 'form';

/**
 * Given by the server's entry only: markup by key, made by rendering `element` the first time: a card's
 * or a form's (`html`, under a router at no page in particular), or a page frame's (`part`, under a
 * router at `path`).
 */
export type FragmentCache = {
  html(kind: FragmentKind, key: string, lang: Lang, element: ReactElement): string;
  part(key: string, lang: Lang, path: string, element: ReactElement): string;
};

const FragmentCacheContext = createContext<FragmentCache | null>(null);
export const ProvideFragmentCache = FragmentCacheContext;

/**
 * Everything a cached part's markup depends on besides the language, asked on the server only. A key
 * whose code weighs something is given as `import.meta.env.SSR ? () => … : undefined`: the browser's
 * build drops the branch, and the code it calls, from the page's first download. Without a key the
 * server renders the part in place.
 */
type CacheKey = (() => string) | undefined;

type KeptProps = { cacheKey: CacheKey; children: ReactElement };

/** The markup the server keeps for a card's or a form's children (null: render them in place). */
function useKeptMarkup(kind: FragmentKind, cacheKey: CacheKey, children: ReactElement): { __html: string } | null {
  const cache = useContext(FragmentCacheContext);
  const lang = useLang();
  return cache && cacheKey ? { __html: cache.html(kind, cacheKey(), lang, children) } : null;
}

/** An <li> whose children the server renders once per key and language. */
export function CachedListItem(props: KeptProps & { className?: string }) {
  // The browser renders the children in place (the server's branch is left out of its bundle).
  if (!import.meta.env.SSR) return <li className={props.className}>{props.children}</li>;
  return <ServerCachedListItem {...props} />;
}

function ServerCachedListItem({ className, cacheKey, children }: KeptProps & { className?: string }) {
  const markup = useKeptMarkup('card', cacheKey, children);
  return markup ? <li className={className} dangerouslySetInnerHTML={markup} /> : <li className={className}>{children}</li>;
}

type CachedFormProps = Omit<ComponentPropsWithoutRef<'form'>, 'children'> & KeptProps;

/**
 * A <form> whose children the server renders once per key and language (the news list's filters: the
 * same for every page of a search). The browser renders them in place, with the form's handlers.
 */
export function CachedForm(props: CachedFormProps) {
  if (!import.meta.env.SSR) {
    const { cacheKey: _cacheKey, ...form } = props;
    return <form {...form} />;
  }
  return <ServerCachedForm {...props} />;
}

function ServerCachedForm({ cacheKey, children, ...form }: CachedFormProps) {
  const markup = useKeptMarkup('form', cacheKey, children);
  return markup ? <form {...form} dangerouslySetInnerHTML={markup} /> : <form {...form}>{children}</form>;
}

type CachedPartProps = {
  as: 'header' | 'footer';
  /** Everything the children's markup depends on besides the language and the page's path (asked on the server only). */
  cacheKey: () => string;
  className: string;
  children: ReactElement;
};

/**
 * A part of every public page's frame (its header or footer) whose children the server renders once
 * per key, language and path: every news list under one path (any search, any page) shares them.
 */
export function CachedPart(props: CachedPartProps) {
  const { as: Element, className, children } = props;
  if (!import.meta.env.SSR) return <Element className={className}>{children}</Element>;
  return <ServerCachedPart {...props} />;
}

function ServerCachedPart({ as: Element, cacheKey, className, children }: CachedPartProps) {
  const cache = useContext(FragmentCacheContext);
  const lang = useLang();
  // The page's path as the router was given it (still percent-encoded): the part is rendered apart under
  // a router given the same, and reads it decoded the same way (the decoded path, given again, would be
  // decoded twice).
  const path = useRouter().ssrPath ?? '/';
  const texts = useTextsInScope();
  if (!cache) return <Element className={className}>{children}</Element>;
  const html = cache.part(cacheKey(), lang, path, <ProvideTexts texts={texts}>{children}</ProvideTexts>);
  return <Element className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
