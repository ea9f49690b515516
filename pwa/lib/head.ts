// A page's head in the browser: usePageHead keeps the tab title and description right after client
// navigations (the server writes the whole head; the type lives in domain/page-head.ts).
import { useEffect } from 'react';
import type { PageHead } from '../../domain';

export type { PageHead };

export function usePageHead(head: PageHead): void {
  useEffect(() => {
    document.title = head.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', head.description);
  }, [head.title, head.description]);
}
