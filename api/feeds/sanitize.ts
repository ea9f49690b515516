// Feed HTML is hostile input: keep the article's structure, drop anything that runs, styles or submits.
import sanitizeHtml from 'sanitize-html';
import { imageUrlSchemes } from '../../domain';

const linkSchemes = ['http', 'https', 'mailto'];
const webSchemes = ['http', 'https'];
// Images over https only (domain/images.ts): the others would be blocked by the pages' CSP.
const imageSchemes: string[] = [...imageUrlSchemes];
const droppedWithContent = ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template', 'svg', 'math'];

/** Sanitized HTML with every link and image made absolute against `baseUrl` and links opened apart. */
export function sanitizeContent(html: string, baseUrl: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img'],
    allowedAttributes: {
      a: ['href', 'title', 'rel', 'target'],
      img: ['src', 'alt', 'title', 'width', 'height'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan', 'scope'],
      ol: ['start'],
      abbr: ['title'],
    },
    allowedSchemes: linkSchemes,
    allowedSchemesByTag: { img: imageSchemes },
    allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
    allowProtocolRelative: false,
    nonTextTags: droppedWithContent,
    // Resolving first also normalises tricks such as "java\tscript:", which the scheme check then refuses.
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: { ...withResolved(attribs, 'href', baseUrl, linkSchemes), rel: 'noopener nofollow', target: '_blank' },
      }),
      img: (tagName, attribs) => ({ tagName, attribs: withResolved(attribs, 'src', baseUrl, imageSchemes) }),
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  }).trim();
}

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

export { imageSchemes };

/** The first image of sanitized HTML, already absolute and safe. */
export function firstImageOf(sanitizedHtml: string): string | null {
  const match = /<img\b[^>]*?\ssrc="([^"]+)"/i.exec(sanitizedHtml);
  return match ? unescapeSanitized(match[1]) : null;
}

/** An absolute URL with one of the given schemes (http or https unless told), or null. */
export function absoluteUrl(href: string | null | undefined, baseUrl: string | null, schemes = webSchemes): string | null {
  if (!href?.trim()) return null;
  try {
    const url = baseUrl ? new URL(href.trim(), baseUrl) : new URL(href.trim());
    return schemes.includes(url.protocol.slice(0, -1)) ? url.href : null;
  } catch {
    return null;
  }
}

function withResolved(attribs: sanitizeHtml.Attributes, name: string, baseUrl: string, schemes: string[]): sanitizeHtml.Attributes {
  const { [name]: value, ...rest } = attribs;
  const resolved = absoluteUrl(value, baseUrl, schemes);
  return resolved ? { ...rest, [name]: resolved } : rest;
}

/** sanitize-html decodes every entity and re-escapes only these four. */
function unescapeSanitized(text: string): string {
  const map: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&amp;': '&' };
  return text.replace(/&(?:lt|gt|quot|amp);/g, (entity) => map[entity]);
}
