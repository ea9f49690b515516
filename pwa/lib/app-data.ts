// What the server hands the browser beside the HTML: the site's details and the data the page was
// rendered with (TanStack Query's dehydrated state), so hydration renders exactly the same markup.
// It travels as <script type="application/json">: inert, so a strict Content-Security-Policy allows it.
import type { DehydratedState } from '@tanstack/react-query';
import type { SiteInfo } from './site';

export type AppData = { site: SiteInfo; queries: DehydratedState | null };

const appDataElementId = 'app-data';

/** The <script> tag; '<' is escaped so no text in the data can close the tag early. */
export function appDataScript(data: AppData): string {
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
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
