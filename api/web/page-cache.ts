// Rendered public pages kept per URL for visitors, as bytes ready to send (and their brotli/gzip
// versions, made on first demand), so a page costs one render until something it shows changes:
// - this instance drops every page the moment it commits an event the catalogue marks as touching
//   `publicPages` (news and services), before the writer's answer leaves;
// - every other instance sharing the database drops them when that append's notification reaches its
//   per-instance processor (milliseconds later);
// - a render that began before a change is sent but not kept.
// (Both drops are wired in api/app.ts with api/clear-on-change.ts.)
// Signed-in staff never read from it nor write to it. Only complete pages answered 200 are kept, never
// one that carries this response's CSP nonce. The cache is bounded in bytes (least recently used go first).
import { LRUCache } from 'lru-cache';
import { compress, type Encoding } from './compress';

export type CachedPage = { status: number; type: string; cacheControl: string; body: Buffer };
type Entry = CachedPage & { encoded: Partial<Record<Encoding, Buffer>>; bytes: number };

export class PageCache {
  private entries: LRUCache<string, Entry>;
  private generationNo = 0;

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {
    this.entries = new LRUCache<string, Entry>({ maxSize: maxBytes, sizeCalculation: (entry) => entry.bytes });
  }

  /** Taken before rendering; `set` keeps the page only if nothing changed since. */
  get generation() {
    return this.generationNo;
  }

  get size() {
    return this.entries.size;
  }

  get(url: string): CachedPage | undefined {
    return this.entries.get(url);
  }

  set(url: string, generation: number, page: CachedPage) {
    if (generation !== this.generationNo || page.body.length > this.maxBytes / 8) return;
    this.entries.set(url, { ...page, encoded: {}, bytes: page.body.length });
  }

  /** The page's body in `encoding`, compressed once and kept beside it. */
  async encoded(url: string, page: CachedPage, encoding: Encoding): Promise<Buffer> {
    const entry = page as Entry;
    const kept = entry.encoded?.[encoding];
    if (kept) return kept;
    const body = await compress(page.body, encoding, 'fast');
    // Still the same entry (not cleared or replaced meanwhile): keep the compressed bytes with it, and
    // count them (set again, as the cache measures an entry when it is set).
    if (this.entries.peek(url) === entry) {
      entry.encoded[encoding] = body;
      entry.bytes += body.length;
      this.entries.delete(url);
      this.entries.set(url, entry);
    }
    return body;
  }

  clear() {
    this.generationNo += 1;
    this.entries.clear();
  }
}
