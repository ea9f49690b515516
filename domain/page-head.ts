// What a page says about itself to browsers, search engines and link previews (WhatsApp, social
// networks): written by the pages (pwa/), turned into <title>, meta, canonical, Open Graph, Twitter and
// JSON-LD tags by the server (api/web/html.ts).
export type PageHead = {
  /** The full <title>. */
  title: string;
  description: string;
  /** The canonical path, without query string (filters do not make a new page). */
  path: string;
  /** A canonical URL elsewhere (an imported article's source); the page's own URL when left out. */
  canonicalUrl?: string;
  type?: 'website' | 'article';
  /** An absolute or site-relative image for link previews. */
  image?: string | null;
  /** The page's main image, fetched before the browser reaches its <picture>: the srcset, sizes and type of its first source. */
  preloadImage?: { srcSet: string; sizes: string; type: string };
  publishedTime?: string;
  /** Structured data (schema.org) for search engines. */
  jsonLd?: Record<string, unknown>;
  /** For screens that must stay out of search results (admin, 404). */
  noindex?: boolean;
};
