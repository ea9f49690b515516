// One call for the importer: fetch, follow an HTML page to the feed it advertises, parse.
import { discoverFeedLink } from './discover';
import { FeedError, feedMessages } from './errors';
import { fetchFeedDocument, type FetchFeedOptions } from './fetch';
import type { ParsedFeed, ParseFeedOptions } from './parse';

export type LoadFeedOptions = FetchFeedOptions & ParseFeedOptions;

export type LoadedFeed =
  | { status: 'not-modified' }
  | {
      status: 'ok';
      /** The feed actually read, after redirects and discovery: what the source should use from now on. */
      feedUrl: string;
      /** Validators of `feedUrl`, to send back on the next import. */
      etag: string | null;
      lastModified: string | null;
      feed: ParsedFeed;
    };

/**
 * `etag` and `lastModified` are sent with the first request only: when `url` turns out to be a page,
 * they were that page's, and the feed it points at is fetched unconditionally (once; no second discovery).
 */
export async function loadFeed(url: string, options: LoadFeedOptions): Promise<LoadedFeed> {
  const first = await fetchFeedDocument(url, options);
  if (first.status === 'not-modified') return first;
  let document = first;
  if (looksLikeHtml(first.text, first.contentType)) {
    const feedUrl = discoverFeedLink(first.text, first.finalUrl);
    if (!feedUrl) throw new FeedError('no-feed-link', feedMessages.noFeedLink);
    const second = await fetchFeedDocument(feedUrl, { ...options, etag: null, lastModified: null });
    if (second.status === 'not-modified') return second;
    if (looksLikeHtml(second.text, second.contentType)) throw new FeedError('not-a-feed', feedMessages.notAFeed);
    document = second;
  }
  // Loaded on the first feed read, to keep the server's memory at rest low: the parser (feedsmith) is some 17 MB.
  const { parseFeedDocument } = await import('./parse');
  return {
    status: 'ok',
    feedUrl: document.finalUrl,
    etag: document.etag,
    lastModified: document.lastModified,
    feed: parseFeedDocument(document.text, document.finalUrl, options),
  };
}

/** The body decides first: many servers label their feeds text/html, and a few label pages as XML. */
export function looksLikeHtml(text: string, contentType: string | null): boolean {
  const head = text
    .slice(0, 4096)
    .replace(/^\uFEFF/, '')
    .replace(/<\?xml[^>]*>|<!--[\s\S]*?-->/g, '')
    .trimStart();
  if (/^<(?:!doctype\s+html|html)\b/i.test(head)) return true;
  if (/^(?:<(?:rss|feed|rdf:RDF|!doctype\s+(?:rss|feed)|\?xml)\b|[{[])/i.test(head)) return false;
  return /^\s*(?:text\/html|application\/xhtml\+xml)/i.test(contentType ?? '');
}
