// Feed discovery: the <link rel="alternate"> by which an HTML page advertises its feed.
import { absoluteUrl, htmlToText } from './sanitize';

const feedTypes = new Set(['application/rss+xml', 'application/atom+xml', 'application/feed+json', 'application/json', 'application/rdf+xml']);

/** The first advertised feed, as an absolute http(s) URL; the page's own order is its preference. */
export function discoverFeedLink(html: string, pageUrl: string): string | null {
  const markup = html.replace(/<!--[\s\S]*?-->/g, '');
  const baseHref = [...markup.matchAll(/<base\b[^>]*>/gi)].map((tag) => attributesOf(tag[0]).href).find(Boolean);
  const base = absoluteUrl(baseHref, pageUrl) ?? pageUrl;
  for (const tag of markup.matchAll(/<link\b[^>]*>/gi)) {
    const attributes = attributesOf(tag[0]);
    const rel = (attributes.rel ?? '').toLowerCase().split(/\s+/);
    const type = (attributes.type ?? '').toLowerCase().split(';')[0].trim();
    if (!rel.includes('alternate') || !feedTypes.has(type) || !attributes.href) continue;
    const url = absoluteUrl(attributes.href, base);
    if (url) return url;
  }
  return null;
}

function attributesOf(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of tag.replace(/^<\w+/, '').matchAll(/([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    const raw = match[2] ?? match[3] ?? match[4] ?? '';
    // Attribute values may carry entities (&amp; in query strings).
    attributes[match[1].toLowerCase()] = raw.includes('&') ? htmlToText(raw) : raw.trim();
  }
  return attributes;
}
