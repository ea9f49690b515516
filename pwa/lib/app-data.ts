// What the server hands the browser beside the HTML: the site's details and the data the page was
// rendered with (TanStack Query's dehydrated state), so hydration renders exactly the same markup.
// It travels as <script type="application/json">: inert, so a strict Content-Security-Policy allows it.
import type { DehydratedState } from '@tanstack/react-query';
import type { SiteInfo } from './site';
// The file itself, not the domain's index: this module is in every page's first chunk.
import { keptJsonOf } from '../../domain/kept-json';

export type AppData = { site: SiteInfo; queries: DehydratedState | null };

const appDataElementId = 'app-data';

/** What is written in the data as an escape: '<' (no text in it can close the tag early), and the two line separators. */
const escapes: Record<string, string> = { '<': '\\u003c', '\u2028': '\\u2028', '\u2029': '\\u2029' };
const escaped = (json: string) => json.replace(/[<\u2028\u2029]/g, (char) => escapes[char]);

/** Each read-only object's JSON (keptJson) as it is written in the data, escaped once. */
const keptEscaped = new WeakMap<object, string>();

/** What stands for a kept object while the rest is serialized: a string no other value of the data is. */
const standIn = '\u0000';
/** JSON.stringify(standIn), written out: a call here would stay in the browser's first chunk. */
const standInJson = '"\\u0000"';

/**
 * The <script> tag, its data escaped. An object in it that carries its own JSON (a news summary:
 * domain/kept-json.ts) is written from that text: serializing a list page's twelve summaries again and
 * escaping them was most of this (28 µs of 8.5 KB in a loop, against 7 µs). Should any other value of
 * the data be the stand-in, the whole is serialized as it is.
 */
export function appDataScript(data: AppData): string {
  const kept: string[] = [];
  const json = JSON.stringify(data, (_key, value: unknown) => {
    const own = keptJsonOf(value);
    if (own === undefined) return value;
    let text = keptEscaped.get(value as object);
    if (text === undefined) keptEscaped.set(value as object, (text = escaped(own)));
    kept.push(text);
    return standIn;
  });
  const pieces = escaped(json).split(standInJson);
  const whole = pieces.length === kept.length + 1 ? pieces.reduce((out, piece, i) => out + kept[i - 1] + piece) : escaped(JSON.stringify(data));
  return `<script type="application/json" id="${appDataElementId}">${whole}</script>`;
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
