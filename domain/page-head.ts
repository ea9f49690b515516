// What a page says about itself to browsers, search engines and link previews (WhatsApp, social
// networks): written by the pages (pwa/), turned into <title>, meta, canonical, Open Graph, Twitter and
// JSON-LD tags by the server (api/web/html.ts).
export type PageHead = {
  /** The full <title>. */
  title: string;
  description: string;
  /**
   * The page's own address, the canonical one: a path, with a query only where the query makes another
   * page (a page of the news list past the first, `?pagina=2`; a filtered list, which is `filtered`).
   */
  path: string;
  /** A canonical URL elsewhere (an imported article's source); the page's own URL when left out. */
  canonicalUrl?: string;
  type?: 'website' | 'article';
  /** An absolute or site-relative image for link previews. */
  image?: string | null;
  /** The page's main image, fetched before the browser reaches its <picture>: the srcset, sizes and type of its first source. */
  preloadImage?: { srcSet: string; sizes: string; type: string };
  publishedTime?: string;
  /** An article's last change visitors saw (Open Graph's article:modified_time). */
  modifiedTime?: string;
  /** Structured data (schema.org) for search engines. */
  jsonLd?: Record<string, unknown>;
  /** For screens that must stay out of search results and out of every cache but the visitor's own (admin, 404, a preview). */
  noindex?: boolean;
  /**
   * A list narrowed by a search, filters or another order: a page of results, which search engines are
   * asked not to index (they still follow its links to the articles) and which names no canonical. Unlike
   * `noindex`, it is an ordinary public page, kept by the page cache like any other.
   */
  filtered?: boolean;
};
