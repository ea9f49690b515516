// A feed document becomes clean, ready-to-store items; one bad item is skipped and counted, never fatal.
import { createHash } from 'node:crypto';
import { parseFeed, type AnyFeed } from 'feedsmith';
import { rawFeed, type RawEntry } from './entries';
import { FeedError, feedMessages } from './errors';
import { maxArticleContent } from '../../domain';
import { sanitizeArticleHtml } from '../article-html';
import { escapeHtml } from '../html-text';
import { firstImageOf, htmlToText, titleText, truncateText } from './sanitize';
import { isBalancedXml } from './xml-check';

type FeedFormat = AnyFeed['format'];

export type FeedItem = {
  /** SHA-256 (hex) of the guid, else the link, else title and raw date: stable across imports. */
  guidHash: string;
  title: string;
  /** Plain text, at most 300 characters. */
  excerpt: string;
  /** Sanitized HTML, safe to render as is. */
  contentHtml: string;
  image: string | null;
  /** Null when the feed names nobody: the importer then uses the source's name. */
  author: string | null;
  publishedAt: Date;
  link: string | null;
};

export type ParsedFeed = {
  format: FeedFormat;
  title: string | null;
  link: string | null;
  items: FeedItem[];
  skipped: number;
  /** Of the skipped, those whose content is longer than an article may hold. */
  tooLong: number;
  /** One Spanish line per skipped item, for the run's record and its log. */
  errors: string[];
};

export type ParseFeedOptions = {
  /** The clock for missing and future dates; tests pin it. */
  now?: Date;
};

const excerptLength = 300;
const titleLength = 200;

export function parseFeedDocument(text: string, baseUrl: string, options: ParseFeedOptions = {}): ParsedFeed {
  const now = options.now ?? new Date();
  const feed = rawFeed(readFeed(text), baseUrl);
  const items: FeedItem[] = [];
  const errors: string[] = [];
  const seen = new Set<string>();
  let tooLong = 0;
  feed.entries.forEach((entry, index) => {
    const position = `Elemento ${index + 1}`;
    try {
      const item = toFeedItem(feed.toEntry(entry), now);
      if (item instanceof ContentTooLong) tooLong += 1;
      if (typeof item === 'string' || item instanceof ContentTooLong) return void errors.push(`${position}: ${item}`);
      if (seen.has(item.guidHash)) return void errors.push(`${position}: repetido dentro del mismo feed`);
      seen.add(item.guidHash);
      items.push(item);
    } catch {
      errors.push(`${position}: no se pudo leer`);
    }
  });
  return { format: feed.format, title: feed.title ? titleText(feed.title) || null : null, link: feed.link, items, skipped: errors.length, tooLong, errors };
}

function readFeed(text: string): AnyFeed & { format: FeedFormat } {
  const source = text.replace(/^\uFEFF/, '').trim();
  const notAFeed = (cause?: unknown) => new FeedError('not-a-feed', feedMessages.notAFeed, { cause });
  if (source.startsWith('<') && !isBalancedXml(source)) throw notAFeed();
  let parsed: AnyFeed;
  try {
    parsed = parseFeed(source);
  } catch (error) {
    throw notAFeed(error);
  }
  // feedsmith also answers for a bare <rss/> or {"version": ...}; a feed has at least a title, a link or an item.
  const feed = parsed.feed as { title?: unknown; link?: unknown; links?: unknown[]; items?: unknown[]; entries?: unknown[] };
  const entries = feed.items ?? feed.entries ?? [];
  if (!feed.title && !feed.link && !feed.links?.length && entries.length === 0) throw notAFeed();
  return parsed;
}

/**
 * An item whose content an article could not hold: the limit of staff's articles (maxArticleContent),
 * held to what the feed sent and again to what the cleaning makes of it, as staff's are. Such an item is
 * skipped, never cut: a cut would end the text in mid-sentence, and a feed that sends a whole book as one
 * item is not sending news.
 */
class ContentTooLong {
  constructor(readonly length: number) {}
  toString() {
    return `el contenido ocupa ${this.length} caracteres y el máximo de una noticia es ${maxArticleContent}`;
  }
}

/** The item, or why it was skipped. */
function toFeedItem(entry: RawEntry, now: Date): FeedItem | ContentTooLong | string {
  // Measured before the cleaning too: an item far over the limit costs no parse of its HTML.
  if (entry.contentHtml && entry.contentHtml.length > maxArticleContent) return new ContentTooLong(entry.contentHtml.length);
  const sanitized = entry.contentHtml ? sanitizeArticleHtml(entry.contentHtml, { baseUrl: entry.contentBase }) : '';
  // RSS descriptions are often bare text; a paragraph keeps the article page's typography consistent.
  const contentHtml = sanitized && !sanitized.startsWith('<') ? `<p>${sanitized}</p>` : sanitized;
  const summaryText = entry.summaryHtml ? htmlToText(entry.summaryHtml) : '';
  const bodyText = summaryText || htmlToText(contentHtml);
  const title = truncateText(entry.titleHtml ? titleText(entry.titleHtml) : '', titleLength) || truncateText(bodyText, 100);
  if (!title) return 'no tiene título ni contenido';
  const content = contentHtml || (bodyText ? `<p>${escapeHtml(bodyText)}</p>` : '');
  if (content.length > maxArticleContent) return new ContentTooLong(content.length);
  const guid = entry.guid?.trim();
  const identity = guid || entry.link || `${title}\n${entry.rawDate?.trim() ?? ''}`;
  return {
    guidHash: createHash('sha256').update(identity).digest('hex'),
    title,
    excerpt: truncateText(bodyText, excerptLength),
    contentHtml: content,
    image: entry.images[0] ?? firstImageOf(contentHtml),
    author: entry.author ? htmlToText(entry.author).slice(0, 120) || null : null,
    publishedAt: publicationDate(entry.rawDate, now),
    link: entry.link,
  };
}

/** A missing, unreadable or future date becomes now, so a bad clock upstream cannot pin an article to the top. */
function publicationDate(raw: string | null, now: Date): Date {
  if (!raw) return now;
  const date = new Date(raw.trim());
  return Number.isNaN(date.getTime()) || date.getTime() > now.getTime() ? now : date;
}
