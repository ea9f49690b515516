// Rendered public pages kept per URL for visitors, as bytes ready to send (their brotli version made as
// the page is kept, the gzip one on first demand), each with a weak ETag so a browser revalidating gets
// a 304, so a page costs one render until something it shows changes. Once a compressed version exists,
// the page's plain bytes are no longer kept (a client that takes no compression gets them decompressed
// from it): a page then takes a fifth to a tenth of its size.
//
// - each page records what it read (the news lists it asked for, an article, the services: PageReads),
//   and a change drops only the pages that read what changed: an article's event that article's page,
//   any other event that touches public pages every page;
// - this instance drops them the moment it commits such an event (before the writer's answer leaves);
//   every other instance sharing the database when that append's notification reaches its per-instance
//   processor (milliseconds later); both are wired in api/app.ts with api/clear-on-change.ts;
// - the lists follow the news index instead: when it takes in an article's change (read back after the
//   commit, before any visitor's page is answered: `catchingUp`), it says which lists the article entered,
//   left or changed in, and only the pages that asked for those are dropped (`listsChanged`). A draft
//   saved drops no list; a new article drops the lists and searches it appears in, not every search;
// - a render that began before a change to something it read is sent but not kept (unless it read the
//   lists after the index took the change in: each answer carries the lists' version it was read at);
// - visitors asking for a URL that is being rendered wait for that render instead of starting their own
//   (after a change, every connection asking for the home page would render it at once).
// Signed-in staff never read from it nor write to it. Only complete pages answered 200 are kept, never
// one that carries this response's CSP nonce. The cache is bounded in bytes (least recently used go first).
import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { aggregateOf } from '../../events';
import { compress, compressedNow, minimumCompressedSize, type Encoding } from './compress';
import type { NewsListQuery } from '../../domain';
import type { PublicQueries } from './types';

/** What a page read while it was rendered. A page with no record depends on everything. */
export class PageReads {
  /** Something any article's change may change (a preview; a slug no article has). */
  news = false;
  services = false;
  /** What it read of the address's query string: all of it, or the parameters named (none: the same page for every query). */
  query: 'all' | readonly string[] = [];
  /** Articles read one by one, by id. */
  readonly articles = new Set<string>();
  /** The news lists asked for (dropped when the index says an article entered, left or changed in one). */
  readonly lists: NewsListQuery[] = [];
  /**
   * The oldest version of the lists those were read at (the news index's: every change to the lists it
   * tells of has a new one); null when one came without a version, undefined when none was read.
   */
  listsReadAt: number | null | undefined = undefined;

  /** The queries a render reads through, recording what it read. */
  queries(source: PublicQueries): PublicQueries {
    return {
      listNews: async (query) => {
        this.lists.push(query);
        const answer = await source.listNews(query);
        const version = answer.listsVersion ?? null;
        if (this.listsReadAt === undefined || version === null || (this.listsReadAt !== null && version < this.listsReadAt)) this.listsReadAt = version;
        return answer;
      },
      newsBySlug: async (slug) => {
        const article = await source.newsBySlug(slug);
        // No article: whichever article takes that slug later must drop the page.
        if (article) this.articles.add(article.id);
        else this.news = true;
        return article;
      },
      previewArticle: (token, slug, staff) => {
        this.news = true;
        return source.previewArticle(token, slug, staff);
      },
      listServices: () => {
        this.services = true;
        return source.listServices();
      },
      catchingUp: () => source.catchingUp(),
    };
  }
}

/** A rendered page (a field added here must be named where `PageCache.set` keeps it too). */
export type CachedPage = { status: number; type: string; cacheControl: string; body: Buffer; etag?: string; reads?: PageReads };
/** A kept page: its bytes in any encoding come from `PageCache.bytesOf`. */
export type KeptPage = Omit<CachedPage, 'body'> & { etag: string; /** The plain body's length. */ size: number };

/**
 * How a visitor's render ended, for the visitors who waited for it: the page it kept, or whether the
 * next render may keep one (it was refused because something it read changed while it ran; a page
 * that is never kept, or a render that failed, says no: each waiter renders its own).
 */
export type RenderEnd = { kept: KeptPage | undefined; tryAgain: boolean };
type Entry = KeptPage & {
  /** The plain bytes, until a compressed copy is made. */
  body: Buffer | null;
  /** Each compressed copy, made once (concurrent asks share it). */
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
  /** The copies made so far. */
  copies: Partial<Record<Encoding, Buffer>>;
  bytes: number;
};

/** A change a page may have shown: an event's type and stream. */
export type PageChange = { type: string; streamId: string };
/** An article's event drops that article's page (the lists follow the index); any other every page. */
const articleOf = (change: PageChange) => (aggregateOf(change.type) === 'newsArticle' ? change.streamId : null);
const shows = (reads: PageReads | undefined, article: string | null) => !reads || article === null || reads.news || reads.articles.has(article);
/** Whether a page read any news list (a page without a record read anything). */
const readsLists = (reads: PageReads | undefined) => !reads || reads.lists.length > 0;
export const showsLists = (page: KeptPage) => readsLists(page.reads);

/**
 * The address a page is kept under: the request's own when its render read the whole query string;
 * otherwise its path with only the parameters it read (sorted), so that every query giving those the
 * same values finds the same page (a link's tracking parameters, made-up ones).
 */
export function keptAddress(url: string, path: string, query: URLSearchParams, read: 'all' | readonly string[]): string {
  if (read === 'all') return url;
  const kept = [...read].sort().flatMap((name) => query.getAll(name).map((value) => [name, value]));
  return kept.length > 0 ? `${path}?${new URLSearchParams(kept)}` : path;
}
/** Whether every list a page read was read at lists version `version` or later. */
const readListsSince = (reads: PageReads | undefined, version: number | undefined) =>
  version !== undefined && typeof reads?.listsReadAt === 'number' && reads.listsReadAt >= version;

/** What a kept page costs beside its bytes and address (its entry, record and index entries), roughly. */
const pageEntryOverhead = 512;

/** The changes remembered for renders in progress: a render older than these is not kept. */
const recentChanges = 512;

export class PageCache {
  private entries: LRUCache<string, Entry>;
  private generationNo = 0;
  /** Recent changes by generation, oldest first, each with a test of the pages it may have changed. */
  private changes: { generation: number; shows: (reads: PageReads | undefined) => boolean }[] = [];
  private rendering = new Map<string, Promise<RenderEnd>>();
  private rendersBegun = 0;
  /**
   * The kept pages by what they read, so a change finds the pages it drops without reading every kept
   * page (scanning 2,000 kept pages took 130 µs, twice per write: a quarter of a write's CPU): by
   * article read one by one; those that asked for a news list; those any change drops (no record, or
   * something any article may change).
   */
  private byArticle = new Map<string, Set<string>>();
  private withLists = new Set<string>();
  private withAnything = new Set<string>();

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {
    this.entries = new LRUCache<string, Entry>({
      maxSize: maxBytes,
      // A page's bytes, its address and what its record and indexes cost beside them (a small page under
      // a long made-up address must not be nearly free).
      sizeCalculation: (entry, url) => entry.bytes + url.length + pageEntryOverhead,
      // Called for every page leaving the cache (dropped, replaced, evicted, cleared).
      dispose: (entry, url) => this.unindex(url, entry.reads),
    });
  }

  /** Keeps `entry` under `url` and indexes it by what it read. */
  private keep(url: string, entry: Entry) {
    this.entries.set(url, entry);
    if (this.entries.peek(url) !== entry) return;
    const { reads } = entry;
    if (!reads || reads.news) this.withAnything.add(url);
    if (!reads) return;
    if (reads.lists.length > 0) this.withLists.add(url);
    for (const article of reads.articles) {
      let urls = this.byArticle.get(article);
      if (!urls) this.byArticle.set(article, (urls = new Set()));
      urls.add(url);
    }
  }

  private unindex(url: string, reads: PageReads | undefined) {
    this.withAnything.delete(url);
    this.withLists.delete(url);
    for (const article of reads?.articles ?? []) {
      const urls = this.byArticle.get(article);
      urls?.delete(url);
      if (urls?.size === 0) this.byArticle.delete(article);
    }
  }

  /** Taken before rendering; `set` keeps the page only if nothing it read changed since. */
  get generation() {
    return this.generationNo;
  }

  get size() {
    return this.entries.size;
  }

  /** How many visitors' renders began: each a page no kept one answered (the benchmark reports them). */
  get renders() {
    return this.rendersBegun;
  }

  /** What the kept pages hold, as counted against the bound (copies or bodies, addresses, entries). */
  get bytes() {
    return this.entries.calculatedSize;
  }

  get(url: string): KeptPage | undefined {
    return this.entries.get(url);
  }

  /** Keeps the page, with its ETag, unless something it read changed since `generation`; answers the kept page. */
  set(url: string, generation: number, page: CachedPage): KeptPage | undefined {
    if (page.body.length > this.maxBytes / 8 || !this.unchangedSince(generation, page.reads)) return undefined;
    const { status, type, cacheControl, body, reads } = page;
    // The brotli copy is made now (every browser takes brotli; a client that does not gets the page from
    // it), and the ETag is the SHA-1 of that copy: the same page always compresses to the same bytes, and
    // a fifth of the bytes to hash (SHA-1 of a 50 KB list was 3% of a rendered list's main thread).
    const copy = body.length > minimumCompressedSize ? compressedNow(body, 'br') : null;
    const etag = weakEtagOf(copy ?? body);
    // Every field named: a spread with fields added gives each entry a hidden class of its own (docs/rules.md, 'Objects kept by the thousand').
    const entry: Entry = copy
      ? {
          status,
          type,
          cacheControl,
          body: null,
          reads,
          etag,
          size: body.length,
          encoded: { br: Promise.resolve(copy) },
          copies: { br: copy },
          bytes: copy.length,
        }
      : { status, type, cacheControl, body, reads, etag, size: body.length, encoded: {}, copies: {}, bytes: body.length };
    this.keep(url, entry);
    return entry;
  }

  private unchangedSince(generation: number, reads: PageReads | undefined): boolean {
    if (generation === this.generationNo) return true;
    const first = this.changes[0];
    if (!first || first.generation > generation + 1) return false;
    return this.changes.every((change) => change.generation <= generation || !change.shows(reads));
  }

  /**
   * A visitor's render of `url` begins: until it settles (with the page it kept, if any, and whether
   * the page is one that may be kept), other visitors asking for that URL wait for it (`inProgress`)
   * instead of rendering it too.
   */
  begin(url: string): (kept: KeptPage | undefined, keepable: boolean) => void {
    let settle!: (end: RenderEnd) => void;
    const running = new Promise<RenderEnd>((resolve) => (settle = resolve));
    const began = this.generationNo;
    this.rendersBegun += 1;
    this.rendering.set(url, running);
    return (kept, keepable) => {
      if (this.rendering.get(url) === running) this.rendering.delete(url);
      // A page that could be kept and was not: something changed while it ran, and the next render may be kept.
      settle({ kept, tryAgain: !kept && keepable && this.generationNo !== began });
    };
  }

  /** How a visitor's render of `url` under way ends, if one is under way. */
  inProgress(url: string): Promise<RenderEnd> | undefined {
    return this.rendering.get(url);
  }

  /**
   * A kept page's bytes in `encoding` (null: plain). Each compressed copy is made once (concurrent asks
   * share it) and kept; the plain bytes are dropped once one exists, and made again from it when asked.
   */
  bytesOf(url: string, page: KeptPage, encoding: Encoding | null): Promise<Buffer> {
    const entry = page as Entry;
    if (encoding === null) return Promise.resolve(plainBytes(entry));
    const kept = entry.encoded[encoding];
    if (kept) return kept;
    const made = compress(plainBytes(entry), encoding, 'fast');
    entry.encoded[encoding] = made;
    void made.then(
      (bytes) => {
        entry.copies[encoding] = bytes;
        entry.body = null;
        entry.bytes = Object.values(entry.copies).reduce((sum, copy) => sum + copy.length, 0);
        // Still the same entry (not dropped or replaced meanwhile): measured again (the cache measures an
        // entry when it is set).
        if (this.entries.peek(url) !== entry) return;
        this.entries.delete(url);
        this.keep(url, entry);
      },
      () => delete entry.encoded[encoding],
    );
    return made;
  }

  /** Drops the pages that showed what these events changed. */
  changed(events: readonly PageChange[]) {
    if (events.length === 0) return;
    const articles = events.map(articleOf);
    for (const article of articles) this.remember((reads) => shows(reads, article));
    if (articles.includes(null)) return this.entries.clear();
    const dropped = new Set(this.withAnything);
    for (const article of articles) for (const url of this.byArticle.get(article!) ?? []) dropped.add(url);
    for (const url of dropped) this.entries.delete(url);
  }

  /**
   * The news index took in an article's change: drops the pages that asked for a list it may have changed
   * (`affects`, which holds only during the call). A render under way that read any list before it (at a
   * lists version older than `version`, or unknown) is not kept; one that read them all at `version` or
   * later (it waited for the index to take the change in) has the change in it.
   */
  listsChanged(affects: (query: NewsListQuery) => boolean, version?: number) {
    this.remember((reads) => readsLists(reads) && !readListsSince(reads, version));
    const dropped = [...this.withAnything];
    for (const url of this.withLists) {
      // Indexed only with a record that read lists; a page not found as indexed is dropped all the same.
      const reads = this.entries.peek(url)?.reads;
      if (!reads || reads.lists.some(affects)) dropped.push(url);
    }
    for (const url of dropped) this.entries.delete(url);
  }

  private remember(shows: (reads: PageReads | undefined) => boolean) {
    this.generationNo += 1;
    this.changes.push({ generation: this.generationNo, shows });
    if (this.changes.length > recentChanges) this.changes.splice(0, this.changes.length - recentChanges);
  }

  /** Drops every page (anything may have changed). */
  clear() {
    this.changed([{ type: '', streamId: '' }]);
  }
}

/** A kept page's plain bytes: kept, or decompressed from a copy. */
function plainBytes(entry: Entry): Buffer {
  if (entry.body) return entry.body;
  if (entry.copies.br) return brotliDecompressSync(entry.copies.br);
  if (entry.copies.gzip) return gunzipSync(entry.copies.gzip);
  throw new Error('A kept page has neither its bytes nor a compressed copy');
}

/** A weak ETag of a body's bytes (or of a copy made from them: the same copy for the same bytes). */
export const weakEtagOf = (bytes: Buffer) => `W/"${createHash('sha1').update(bytes).digest('base64url')}"`;

/** Whether an If-None-Match header names this ETag (weak comparison, as for GET). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
}
