// A page's head in the browser: usePageHead keeps the tab title and description right after client
// navigations (the server writes the whole head; the type lives in domain/page-head.ts).
import { useEffect } from 'react';
import type { PageHead } from '../../domain';

export type { PageHead };

/** A page that gives no description leaves the server's (the news list: its texts.ts). */
export function usePageHead(head: Pick<PageHead, 'title'> & Partial<Pick<PageHead, 'description'>>): void {
  useEffect(() => {
    document.title = head.title;
    if (head.description) document.querySelector('meta[name="description"]')?.setAttribute('content', head.description);
  }, [head.title, head.description]);
}
