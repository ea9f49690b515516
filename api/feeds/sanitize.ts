// Text out of feed HTML (titles, summaries, keyword filters) and the first image of an article.
import sanitizeHtml from 'sanitize-html';

import { absoluteUrl, droppedWithContent } from '../article-html';

// Article HTML from a feed goes through the one article policy (api/article-html.ts, with the feed's base URL).
export { absoluteUrl };

/** Plain text of an HTML fragment: tags and their unsafe contents gone, entities decoded, spaces collapsed. */
export function htmlToText(html: string): string {
  // Block boundaries become spaces so "<p>uno</p><p>dos</p>" does not read "unodos".
  const spaced = html.replace(/<(?=\/?(?:p|div|br|li|h[1-6]|tr|td|th|blockquote|section|article|ul|ol|table|figure|figcaption|pre|hr)\b)/gi, ' <');
  const escaped = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {}, nonTextTags: droppedWithContent });
  return unescapeSanitized(escaped).replace(/\s+/g, ' ').trim();
}

/**
 * A title as plain text. Some feeds escape their HTML twice, so markup can reappear after one pass:
 * a second pass removes it (a title with a real "<" in it keeps it, since it is not a tag).
 */
export function titleText(html: string): string {
  const once = htmlToText(html);
  return /<\/?[a-z][^>]*>/i.test(once) ? htmlToText(once) : once;
}

/** At most `max` characters, cut at a word boundary and marked with an ellipsis. */
export function truncateText(text: string, max = 300): string {
  if (text.length <= max) return text;
  const room = text.slice(0, max - 1);
  const lastSpace = room.lastIndexOf(' ');
  const cut = lastSpace > max / 2 ? room.slice(0, lastSpace) : room;
  return cut.replace(/[\s.,;:!?¡¿(\-–—]+$/u, '') + '…';
}

/** The first image of sanitized HTML, already absolute and safe. */
export function firstImageOf(sanitizedHtml: string): string | null {
  const match = /<img\b[^>]*?\ssrc="([^"]+)"/i.exec(sanitizedHtml);
  return match ? unescapeSanitized(match[1]) : null;
}

/** sanitize-html decodes every entity and re-escapes only these four. */
function unescapeSanitized(text: string): string {
  const map: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&amp;': '&' };
  return text.replace(/&(?:lt|gt|quot|amp);/g, (entity) => map[entity]);
}
