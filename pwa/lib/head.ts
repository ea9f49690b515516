// What a page says about itself to browsers, search engines and link previews (WhatsApp, social
// networks). The server turns a PageHead into <title>, meta, canonical, Open Graph, Twitter and
// JSON-LD tags; in the browser, usePageHead keeps the tab title right after client navigations.
import { useEffect } from 'react';

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
  publishedTime?: string;
  /** Structured data (schema.org) for search engines. */
  jsonLd?: Record<string, unknown>;
  /** For screens that must stay out of search results (admin, 404). */
  noindex?: boolean;
};

export function usePageHead(head: PageHead): void {
  useEffect(() => {
    document.title = head.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', head.description);
  }, [head.title, head.description]);
}
