// What the server hands the browser beside the HTML: the site's details and the data the page was
// rendered with (TanStack Query's dehydrated state), so hydration renders exactly the same markup.
// It travels as <script type="application/json">: inert, so a strict Content-Security-Policy allows it.
import type { DehydratedState } from '@tanstack/react-query';
import type { SiteInfo } from './site';

export type AppData = { site: SiteInfo; queries: DehydratedState | null };

const appDataElementId = 'app-data';

/** What is written in the data as an escape: '<' (no text in it can close the tag early), and the two line separators. */
const escapes: Record<string, string> = { '<': '\\u003c', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/** The <script> tag, its data escaped in one pass over the JSON. */
export function appDataScript(data: AppData): string {
  const json = JSON.stringify(data).replace(/[<\u2028\u2029]/g, (char) => escapes[char]);
  return `<script type="application/json" id="${appDataElementId}">${json}</script>`;
}

export function readAppData(): AppData | null {
  const element = document.getElementById(appDataElementId);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as AppData;
  } catch {
    return null;
  }
}
