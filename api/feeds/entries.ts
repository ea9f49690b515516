// Four feed formats, one shape: what feedsmith found for each entry, before any cleaning.
import type { AnyFeed, AtomFeed, JsonFeed, MediaNs, RdfFeed, RssFeed } from 'feedsmith';
import { absoluteUrl } from './sanitize';
import { escapeHtml } from '../html-text';

/** HTML fields are still raw HTML; URLs are absolute where a base made that possible. */
export type RawEntry = {
  guid: string | null;
  titleHtml: string | null;
  link: string | null;
  summaryHtml: string | null;
  contentHtml: string | null;
  /** What relative URLs in the content are relative to. */
  contentBase: string;
  images: string[];
  author: string | null;
  rawDate: string | null;
};

export type RawFeed = { format: AnyFeed['format']; title: string | null; link: string | null; entries: unknown[]; toEntry: (entry: unknown) => RawEntry };

type Base = { document: string; feed: string; link: string | null };

export function rawFeed(parsed: AnyFeed, documentUrl: string): RawFeed {
  switch (parsed.format) {
    case 'rss':
    case 'rdf': {
      const feed = parsed.feed as RssFeed.Feed<string> | RdfFeed.Feed<string>;
      const feedBase = resolve(feed.xml?.base, documentUrl) ?? documentUrl;
      const base = { document: documentUrl, feed: feedBase, link: resolve(feed.link, feedBase) };
      return {
        format: parsed.format,
        title: feed.title ?? null,
        link: base.link,
        entries: feed.items ?? [],
        toEntry: (item) => rssEntry(item as RssFeed.Item<string>, base),
      };
    }
    case 'atom': {
      const feed = parsed.feed;
      const feedBase = resolve(feed.xml?.base, documentUrl) ?? documentUrl;
      const base = { document: documentUrl, feed: feedBase, link: resolve(alternateLink(feed.links), feedBase) };
      return {
        format: 'atom',
        title: textAsHtml(feed.title),
        link: base.link,
        entries: feed.entries ?? [],
        toEntry: (entry) => atomEntry(entry as AtomFeed.Entry<string>, base),
      };
    }
    case 'json': {
      const feed = parsed.feed;
      const link = resolve(feed.home_page_url, documentUrl);
      const base = { document: documentUrl, feed: documentUrl, link };
      return { format: 'json', title: feed.title ?? null, link, entries: feed.items ?? [], toEntry: (item) => jsonEntry(item as JsonFeed.Item<string>, base) };
    }
  }
}

function rssEntry(item: RssFeed.Item<string> & RdfFeed.Item<string>, base: Base): RawEntry {
  const entryBase = resolve(item.xml?.base, base.feed);
  const guid = item.guid?.value ?? item.rdf?.about ?? null;
  const permalink = item.guid?.isPermaLink !== false && /^https?:\/\//i.test(guid ?? '') ? guid : null;
  const link = resolve(item.link ?? permalink, entryBase ?? base.link ?? base.feed);
  const contentBase = entryBase ?? link ?? base.link ?? base.document;
  const enclosures = (item.enclosures ?? []).filter((enclosure) => isImage(enclosure.url, enclosure.type)).map((enclosure) => enclosure.url);
  return {
    guid,
    titleHtml: item.title ?? item.dc?.titles?.[0] ?? null,
    link,
    summaryHtml: item.description ?? item.dc?.descriptions?.[0] ?? null,
    contentHtml: item.content?.encoded ?? item.description ?? null,
    contentBase,
    images: absoluteAll([...enclosures, ...mediaImages(item.media)], contentBase),
    // Only names: an RSS <author> is often a bare e-mail address, which we do not republish.
    author: item.dc?.creators?.[0] ?? item.authors?.find((person) => person.name)?.name ?? null,
    rawDate: item.pubDate ?? item.dc?.dates?.[0] ?? item.dcterms?.created?.[0] ?? null,
  };
}

function atomEntry(entry: AtomFeed.Entry<string>, base: Base): RawEntry {
  const entryBase = resolve(entry.xml?.base, base.feed);
  const link = resolve(alternateLink(entry.links), entryBase ?? base.feed);
  const contentBase = resolve(entry.content?.xml?.base, entryBase ?? base.feed) ?? entryBase ?? link ?? base.feed;
  const enclosures = (entry.links ?? []).filter((l) => l.rel === 'enclosure' && isImage(l.href, l.type)).map((l) => l.href);
  return {
    guid: entry.id ?? null,
    titleHtml: textAsHtml(entry.title),
    link,
    summaryHtml: textAsHtml(entry.summary),
    contentHtml: entry.content?.src ? null : textAsHtml(entry.content),
    contentBase,
    images: absoluteAll([...enclosures, ...mediaImages(entry.media)], contentBase),
    author: entry.authors?.find((person) => person.name)?.name ?? entry.dc?.creators?.[0] ?? null,
    rawDate: entry.published ?? entry.updated ?? entry.dc?.dates?.[0] ?? null,
  };
}

function jsonEntry(item: JsonFeed.Item<string>, base: Base): RawEntry {
  const link = resolve(item.url ?? item.external_url, base.document);
  const contentBase = link ?? base.link ?? base.document;
  const attachments = (item.attachments ?? []).filter((a) => isImage(a.url, a.mime_type)).map((a) => a.url);
  const contentText = item.content_text ? paragraphs(item.content_text) : null;
  return {
    guid: item.id === undefined || item.id === null ? null : String(item.id),
    titleHtml: item.title ?? null,
    link,
    summaryHtml: item.summary ? escapeHtml(item.summary) : null,
    contentHtml: item.content_html ?? contentText,
    contentBase,
    images: absoluteAll([item.image, item.banner_image, ...attachments], contentBase),
    author: item.authors?.find((person) => person.name)?.name ?? null,
    rawDate: item.date_published ?? item.date_modified ?? null,
  };
}

function mediaImages(media: MediaNs.ItemOrFeed | undefined): Array<string | undefined> {
  if (!media) return [];
  const contents = [...(media.contents ?? []), ...(media.groups ?? []).flatMap((group) => group.contents ?? [])];
  return [
    ...contents.filter((content) => content.medium === 'image' || isImage(content.url, content.type)).map((content) => content.url),
    ...(media.thumbnails ?? []).map((thumbnail) => thumbnail.url),
    ...contents.flatMap((content) => (content.thumbnails ?? []).map((thumbnail) => thumbnail.url)),
  ];
}

function alternateLink(links: Array<{ href?: string; rel?: string }> | undefined): string | null {
  const candidates = (links ?? []).filter((link) => link.href);
  return (
    (candidates.find((link) => !link.rel || link.rel === 'alternate') ?? candidates.find((link) => link.rel !== 'self' && link.rel !== 'enclosure'))?.href ??
    null
  );
}

/** Atom says whether a text is plain or markup; plain text is escaped so "3 < 4" survives tag stripping. */
function textAsHtml(text: { value?: string; type?: string } | undefined): string | null {
  if (!text?.value) return null;
  return text.type === 'html' || text.type === 'xhtml' ? text.value : escapeHtml(text.value);
}

const imageExtension = /\.(?:jpe?g|png|gif|webp|avif)(?:[?#]|$)/i;

function isImage(url: string | undefined, type: string | undefined): boolean {
  if (!url) return false;
  return type ? type.toLowerCase().startsWith('image/') : imageExtension.test(url);
}

function absoluteAll(urls: Array<string | undefined>, base: string): string[] {
  // http too: the importer copies an item's image into the media library, and pages show our copy (docs/media.md).
  return urls.map((url) => absoluteUrl(url, base)).filter((url): url is string => url !== null);
}

function resolve(href: string | null | undefined, base: string | null): string | null {
  return absoluteUrl(href, base);
}

function paragraphs(text: string): string {
  return text
    .split(/\n{2,}|\r\n\r\n/)
    .map((block) => `<p>${escapeHtml(block).replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
}
