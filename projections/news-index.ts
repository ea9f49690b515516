// The news search read model: every article's place in the list order, its search lexemes and its
// title key, held in memory by each instance so a list or a search costs microseconds whatever the
// query (docs/search-and-page-cache.md). It holds no rule of its own: the lexemes and the title key
// are computed by PostgreSQL from the read table (the same `search_vector` and `f_unaccent(lower())`
// the SQL query used), and a search means exactly what the SQL meant:
//   search_vector @@ plainto_tsquery('spanish', f_unaccent(q))  OR  f_unaccent(lower(title)) LIKE '%' || f_unaccent(lower(q)) || '%'
// This module is the pure structure; news-search.ts loads it from the read table and keeps it current.
import { LRUCache } from 'lru-cache';
import { flatString, newsStatuses, type NewsListQuery, type NewsStatus, type NewsSummary } from '../domain';
import { newsFilters, type NewsFilters } from './news-filters';
import { bitCount, bitsOfAll, clearBitIn, containsLike, empty, intersectAll, mergeUnion, numbersOf, Postings, setBitIn, unionOf } from './posting-lists';
import { TitleIndex } from './title-index';

/** What a search text means, as PostgreSQL parsed it: the lexemes all required (an empty list matches no text) and the LIKE pattern for the title. */
export type SearchTerms = { lexemes: readonly string[]; titlePattern: string };

/** One article as the index reads it: the visitors' summary (kept as its JSON, made once), and what lists and searches test. */
export type IndexedArticle = {
  id: string;
  /** published_at in milliseconds (the app writes whole milliseconds). */
  at: number;
  /** Waiting for review (a draft). */
  pending: boolean;
  status: NewsStatus;
  category: string;
  /** f_unaccent(lower(title)), as PostgreSQL computed it. */
  titleKey: string;
  /** The article's search lexemes: indexed, not kept (one string each, they were most of a large index's heap). */
  lexemes: readonly string[];
  /** news_search_key of the text the lexemes came from: the same key means the same lexemes. */
  textKey: string;
  summary: NewsSummary;
};

/**
 * What the index keeps of an article: the summary as its JSON only (the object beside it held every text
 * twice, a third of a 100,000-article index's heap; a list that needs objects parses its page). Its time
 * is in the index's `atOf` only: a field holding a number that large is an object of its own (a heap
 * number), one more per article for the collector.
 */
type Doc = Omit<IndexedArticle, 'lexemes' | 'summary' | 'at'> & { no: number; json: string };

/**
 * What one upsert or removal changed: the article as the index held it and as it holds it now (undefined:
 * absent). `affects` tells which lists it may have changed, until the index's next change.
 */
export type IndexChange = { readonly before: Doc | undefined; readonly after: Doc | undefined };

/**
 * An article as the index keeps it, every field named: a spread with fields added (`{ ...kept, no, json }`)
 * gave each document a hidden class of its own once V8 optimized it (docs/rules.md, 'Objects kept by the
 * thousand'), some 400 bytes each beside the object and every read of a field a megamorphic one.
 */
const docOf = (article: IndexedArticle, no: number, json: string, status: NewsStatus, category: string): Doc => ({
  id: article.id,
  pending: article.pending,
  status,
  category,
  titleKey: article.titleKey,
  textKey: article.textKey,
  no,
  json,
});

/** The state code of a live document: what the status filters test. 0 is a dead document. */
const stateOf = (doc: { pending: boolean; status: NewsStatus }) => (doc.pending ? 2 : doc.status === 'published' ? 1 : doc.status === 'draft' ? 3 : 4);
/** The state codes each status filter accepts (an empty list: any). */
const statesOf: Record<NewsFilters['status'], readonly number[]> = { published: [1], pending: [2], draft: [2, 3], scheduled: [4], all: [] };

/** A status filter, a category and a time range, made ready to test an article's state code, category number and time. */
type FilterTest = { wantState: Uint8Array; wantCategory: number; from: number; to: number };
const admits = (test: FilterTest, state: number, category: number, at: number) =>
  state !== 0 && test.wantState[state] === 1 && (test.wantCategory === 0 || category === test.wantCategory) && at >= test.from && at < test.to;

export class NewsIndex {
  private docs: (Doc | undefined)[] = [];
  private byId = new Map<string, Doc>();
  /**
   * Live documents, oldest first: a new article is usually the newest, and goes on the end (a splice at
   * the front moved every element of a 100,000-long list, on every write).
   */
  private order: Doc[] = [];
  private lexemes = new Map<string, Postings>();
  /** Title keys, their trigrams, and the matches of the title patterns asked for. */
  private titles = new TitleIndex();
  private dead = 0;
  /** Live documents per state code (the plain lists' totals). */
  private stateCounts = [0, 0, 0, 0, 0];
  /**
   * Per document number, what the filters test, in flat arrays (a search may test tens of thousands of
   * documents: no object is touched until the page is known): the state code (stateOf); the
   * category's number; published_at. And a scratch mark, for collecting a large match in list order.
   */
  private state = new Uint8Array(1024);
  /** Per state code, the live documents in it as a bitset (a search by common words counts and orders on them). */
  private stateBits = [0, 1, 2, 3, 4].map(() => new Uint32Array(1024 >>> 5));
  /** Every live document, whatever its state, as a bitset (staff's lists of every status). */
  private liveBits = new Uint32Array(1024 >>> 5);
  private categoryNo = new Uint8Array(1024);
  private atOf = new Float64Array(1024);
  private marks = new Uint8Array(1024);
  private categories = new Map<string, number>();
  /** Each category's name by its number (from 1), the one string every article in it shares. */
  private categoryNames: string[] = [''];
  /** Scratch space for the numbers that pass the filters (lists run one at a time). */
  private hits = new Int32Array(1024);
  private matchCache = new LRUCache<string, { generation: number; numbers: Int32Array }>({ max: 64 });
  /**
   * The ordered matches of recent searches (`orderedMatches`), for this generation only: emptied by the
   * first search after a change. Bounded in count too: each staff search never asked before added one
   * (10,000 new pairs kept some 13 MB: the numbers, their buffers, and keys left as trees of pieces).
   */
  private orderedCache = new LRUCache<string, { total: number; numbers: Int32Array }>({
    max: 2_000,
    maxSize: 32 * 1024 * 1024,
    sizeCalculation: (entry, key) => entry.numbers.byteLength + key.length + 200,
  });
  private orderedGeneration = 0;
  /**
   * The list order as flat arrays: the document numbers oldest first (`numbers`, a view of the first
   * `count` of `room`), and each number's place in it. Ordering a match walked `order`'s objects, one
   * pointer each, scattered over the heap: most of a search's time once its words matched thousands of
   * articles. A new article that is the newest (the usual write) is added at their end; any other change
   * makes them again on the next search (a walk of the whole list: 10,000 articles took milliseconds,
   * on every write while visitors searched).
   */
  private flat = { generation: -1, room: new Int32Array(0), count: 0, numbers: new Int32Array(0), rankOf: new Int32Array(0) };
  private loading = false;
  /** Grows on every change: answers computed from an older generation are stale. */
  generation = 0;

  get size() {
    return this.byId.size;
  }

  /**
   * Adds or replaces an article (a replaced one gets a new number; its old postings are skipped, then
   * compacted); answers what changed, or null when it was read again unchanged.
   */
  upsert(article: IndexedArticle): IndexChange | null {
    // One piece: kept as JSON.stringify answers it, the 10,000 summaries were 197,000 strings (6 MB).
    const json = flatString(JSON.stringify(article.summary));
    const known = this.byId.get(article.id);
    // Read again but unchanged (a replay of the log, another instance's echo): nothing to drop.
    if (known && known.json === json && known.titleKey === article.titleKey && known.textKey === article.textKey) return null;
    this.compactIfDue();
    const replaced = this.removeDoc(article.id);
    const { lexemes } = article;
    const categoryNo = this.categoryNumber(article.category);
    // The status and category as strings kept once, not a copy per article from its row (18,000 articles held 36,000 of them).
    const status = newsStatuses.find((name) => name === article.status) ?? article.status;
    const doc = docOf(article, this.docs.length, json, status, this.categoryNames[categoryNo]);
    this.docs.push(doc);
    this.ensureCapacity(this.docs.length);
    this.state[doc.no] = stateOf(doc);
    setBitIn(this.stateBits[stateOf(doc)], doc.no);
    setBitIn(this.liveBits, doc.no);
    this.atOf[doc.no] = article.at;
    this.categoryNo[doc.no] = categoryNo;
    this.titles.add(doc.no, doc.titleKey);
    this.byId.set(doc.id, doc);
    this.stateCounts[stateOf(doc)] += 1;
    const place = this.loading ? this.order.length : this.insertionPoint(doc);
    // The flat order was current and only grows at its end: it is extended instead of made again.
    const extendsFlat = !this.loading && !replaced && this.flat.generation === this.generation && place === this.order.length;
    if (place === this.order.length) this.order.push(doc);
    else this.order.splice(place, 0, doc);
    for (const lexeme of new Set(lexemes)) this.postingsOf(lexeme).push(doc.no);
    this.changed();
    if (extendsFlat) this.appendToFlat(doc.no);
    return { before: known, after: doc };
  }

  /**
   * Fills an empty index with many articles at once: the list order is sorted once at the end instead of
   * an insertion per article (100,000 insertions into the middle of a list took seconds).
   */
  async fill(batches: AsyncIterable<IndexedArticle[]>) {
    this.loading = true;
    try {
      for await (const articles of batches) for (const article of articles) this.upsert(article);
    } finally {
      this.loading = false;
      for (const list of this.lexemes.values()) list.trim();
      this.titles.trim();
      this.order.sort(this.older);
      this.changed();
    }
  }

  /** Removes an article; answers what changed, or null when the index did not hold it. */
  remove(id: string): IndexChange | null {
    this.compactIfDue();
    const known = this.byId.get(id);
    if (!known || !this.removeDoc(id)) return null;
    this.changed();
    return { before: known, after: undefined };
  }

  /**
   * Whether the list `query` asks for (with its search's terms, or null) may read differently after this
   * change: the article passed its filters and search as it was or as it is. A list it was out of and
   * stays out of is the same list (same members, same order, same total). Answered from the postings, so
   * only until the index's next change (which may compact away the postings of the article as it was).
   */
  affects(change: IndexChange, query: NewsListQuery, terms: SearchTerms | null): boolean {
    const filters = this.compileFilters(newsFilters(query));
    const passes = (doc: Doc | undefined) => {
      if (!doc || !admits(filters, stateOf(doc), this.categories.get(doc.category)!, this.atOf[doc.no])) return false;
      if (!terms) return true;
      const lexemes = new Set(terms.lexemes);
      if (lexemes.size > 0 && [...lexemes].every((lexeme) => this.lexemes.get(lexeme)?.has(doc.no))) return true;
      return containsLike(terms.titlePattern)(doc.titleKey);
    };
    return passes(change.before) || passes(change.after);
  }

  private removeDoc(id: string): boolean {
    const doc = this.byId.get(id);
    if (!doc) return false;
    this.byId.delete(id);
    this.docs[doc.no] = undefined;
    this.state[doc.no] = 0;
    clearBitIn(this.stateBits[stateOf(doc)], doc.no);
    clearBitIn(this.liveBits, doc.no);
    this.titles.remove(doc.no);
    this.stateCounts[stateOf(doc)] -= 1;
    const at = this.insertionPoint(doc);
    // insertionPoint finds the first place not older than doc: doc itself, as ids are unique.
    if (this.order[at] === doc) this.order.splice(at, 1);
    else this.order.splice(this.order.indexOf(doc), 1);
    this.dead += 1;
    return true;
  }

  private changed() {
    this.generation += 1;
  }

  /**
   * Drops dead documents' numbers from the postings once there are many: at the start of a change, so the
   * postings of the article a change replaced stay until the next one (`affects` reads them).
   */
  private compactIfDue() {
    if (this.dead > 1000 && this.dead > this.byId.size / 4) this.compact();
  }

  private compact() {
    const alive = (no: number) => this.docs[no] !== undefined;
    for (const [key, list] of this.lexemes) {
      list.compact(alive);
      if (list.length === 0) this.lexemes.delete(key);
    }
    this.titles.compact(alive);
    this.dead = 0;
    // The lists were rewritten in place: an answer kept from them (a view into one) is stale, even when
    // the change that compacted turns out to change nothing (the removal of an article not held).
    this.changed();
  }

  /** The category's number, given to it when first seen. */
  private categoryNumber(category: string): number {
    let no = this.categories.get(category);
    if (no === undefined) {
      no = this.categories.size + 1;
      this.categories.set(category, no);
      this.categoryNames[no] = category;
    }
    return no;
  }

  private ensureCapacity(count: number) {
    if (count <= this.state.length) return;
    const size = Math.max(count, this.state.length * 2);
    const grow = <A extends Uint8Array | Float64Array | Uint32Array>(old: A, make: (n: number) => A): A => {
      const grown = make(size);
      grown.set(old);
      return grown;
    };
    this.state = grow(this.state, (n) => new Uint8Array(n));
    this.categoryNo = grow(this.categoryNo, (n) => new Uint8Array(n));
    this.atOf = grow(this.atOf, (n) => new Float64Array(n));
    this.marks = new Uint8Array(size);
    this.stateBits = this.stateBits.map((bits) => grow(bits, (n) => new Uint32Array((n + 31) >>> 5)));
    this.liveBits = grow(this.liveBits, (n) => new Uint32Array((n + 31) >>> 5));
  }

  private postingsOf(lexeme: string): Postings {
    let list = this.lexemes.get(lexeme);
    if (!list) this.lexemes.set(lexeme, (list = new Postings()));
    return list;
  }

  /**
   * Oldest first: published_at, then id (uuids in canonical lowercase compare like PostgreSQL's); the list
   * order is its reverse. Read from `atOf`, which keeps every number's time, the dead ones' too.
   */
  private readonly older = (a: Doc, b: Doc): number => {
    const at = this.atOf[a.no];
    const other = this.atOf[b.no];
    return at !== other ? at - other : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };

  /** The first index in `order` whose document is not older than `doc` (`doc` itself, when it is there). */
  private insertionPoint(doc: Doc): number {
    let low = 0;
    let high = this.order.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.older(this.order[mid], doc) < 0) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** Document numbers (ascending) whose text has every lexeme; none when there is no lexeme. */
  private textMatches(lexemes: readonly string[]): Int32Array {
    if (lexemes.length === 0) return empty;
    const lists: Postings[] = [];
    for (const lexeme of new Set(lexemes)) {
      const list = this.lexemes.get(lexeme);
      if (!list) return empty;
      lists.push(list);
    }
    return intersectAll(lists);
  }

  /**
   * The documents a search text matches (ascending numbers, any status), kept per text until the index
   * changes: the pages of one search, its filters and its sort orders share them.
   */
  private matches(terms: SearchTerms): Int32Array {
    const key = `${terms.titlePattern}\u0000${terms.lexemes.join(' ')}`;
    const kept = this.matchCache.get(key);
    if (kept && kept.generation === this.generation) return kept.numbers;
    const text = this.textMatches(terms.lexemes);
    const title = this.titles.matches(terms.titlePattern, this.state);
    const numbers = title.length === 0 ? text : text.length === 0 ? title : mergeUnion(text, title);
    this.matchCache.set(key, { generation: this.generation, numbers });
    return numbers;
  }

  /**
   * How many documents a search text and its filters match, and the first of them in the list's order
   * (at least `need`, or all), kept until the index changes: the further pages of the same search cost
   * only their slice. Filters are tested on the flat arrays; the order comes from sorting a small match
   * or walking the list order for a large one, until enough are found.
   */
  private orderedMatches(terms: SearchTerms, filters: NewsFilters, sort: NewsListQuery['sort'], need: number): { total: number; numbers: Int32Array } {
    const key = flatString(
      `${terms.titlePattern}\u0000${terms.lexemes.join(' ')}\u0000${filters.status}\u0000${filters.category}\u0000${filters.from?.getTime()}\u0000${filters.to?.getTime()}\u0000${sort}`,
    );
    if (this.orderedGeneration !== this.generation) {
      this.orderedCache.clear();
      this.orderedGeneration = this.generation;
    }
    const kept = this.orderedCache.get(key);
    if (kept && (kept.numbers.length >= need || kept.numbers.length === kept.total)) return kept;

    const dense = this.denseMatches(terms, filters);
    let count = dense?.count ?? 0;
    let hits: Int32Array = this.hits;
    if (!dense) {
      const union = this.matches(terms);
      const accepts = this.filterTest(filters);
      if (this.hits.length < union.length) this.hits = new Int32Array(union.length * 2);
      hits = this.hits;
      for (let k = 0; k < union.length; k++) if (accepts(union[k])) hits[count++] = union[k];
    }
    // The first pages are what people read: keep at least the first 100 in order (ten pages of staff's
    // list); a page past them orders what it needs. Ordering 1,000 was most of a never-asked search's time.
    // Further pages double what is kept, so paging on costs a recount now and then, not one per page.
    const wanted = Math.min(count, Math.max(need, 100, kept ? 2 * kept.numbers.length : 0));
    const numbers = new Int32Array(wanted);
    const { numbers: ordered, rankOf } = this.flatOrder();
    const newest = sort !== 'oldest';
    if (count * Math.log2(count + 1) < (ordered.length * wanted) / Math.max(count, 1)) {
      // Sorting a small match by place costs less than walking the list.
      if (dense) hits = numbersOf(dense.bits, count);
      const ranks = new Int32Array(count);
      for (let k = 0; k < count; k++) ranks[k] = rankOf[hits[k]];
      ranks.sort();
      for (let i = 0; i < wanted; i++) numbers[i] = ordered[ranks[newest ? count - 1 - i : i]];
    } else if (dense) {
      const { bits } = dense;
      let n = 0;
      const last = ordered.length - 1;
      for (let k = 0; k <= last && n < wanted; k++) {
        const no = ordered[newest ? last - k : k];
        if ((bits[no >>> 5] & (1 << (no & 31))) !== 0) numbers[n++] = no;
      }
    } else {
      const { marks } = this;
      for (let k = 0; k < count; k++) marks[hits[k]] = 1;
      let n = 0;
      const last = ordered.length - 1;
      for (let k = 0; k <= last && n < wanted; k++) {
        const no = ordered[newest ? last - k : k];
        if (marks[no] === 1) numbers[n++] = no;
      }
      for (let k = 0; k < count; k++) marks[hits[k]] = 0;
    }
    const entry = { total: count, numbers };
    this.orderedCache.set(key, entry);
    return entry;
  }

  /**
   * The live documents a search matches within a status filter alone, as a bitset, and how many, when
   * every word of the search is common enough to keep a bitset (most searches of a large index): the
   * words' bitsets ANDed, the title's matches added, the status's documents kept. Listing the matches
   * as numbers and testing each was most of a new search's time at 100,000 articles (two common words
   * match tens of thousands). Null for other searches and filters (a category, dates).
   */
  private denseMatches(terms: SearchTerms, filters: NewsFilters): { bits: Uint32Array; count: number } | null {
    if (terms.lexemes.length === 0 || filters.category !== null || filters.from !== null || filters.to !== null) return null;
    const lists: Postings[] = [];
    for (const lexeme of new Set(terms.lexemes)) {
      const list = this.lexemes.get(lexeme);
      if (!list) return null;
      lists.push(list);
    }
    const words = (this.docs.length + 31) >>> 5;
    const bits = bitsOfAll(lists, words);
    if (!bits) return null;
    for (const no of this.titles.matches(terms.titlePattern, this.state)) setBitIn(bits, no);
    // The statuses asked for as one bitset (every live document for all of them): an inner loop over
    // each state's bitset for every word was half of a never-asked search's time at 100,000 articles.
    const wanted = statesOf[filters.status];
    const masks = wanted.length === 0 ? [this.liveBits] : wanted.map((code) => this.stateBits[code]);
    const mask = masks.length === 1 ? masks[0] : unionOf(masks, words);
    let count = 0;
    for (let w = 0; w < words; w++) {
      const word = bits[w] & mask[w];
      bits[w] = word;
      if (word !== 0) count += bitCount(word);
    }
    return { bits, count };
  }

  private flatOrder() {
    if (this.flat.generation === this.generation) return this.flat;
    const { order } = this;
    // Room for the articles written after this, so that each extends the arrays in place.
    const room = this.flat.room.length >= order.length ? this.flat.room : new Int32Array(order.length + (order.length >> 3) + 16);
    const rankOf = this.flat.rankOf.length >= this.docs.length ? this.flat.rankOf : new Int32Array(this.state.length);
    for (let k = 0; k < order.length; k++) {
      room[k] = order[k].no;
      rankOf[order[k].no] = k;
    }
    this.flat = { generation: this.generation, room, count: order.length, numbers: room.subarray(0, order.length), rankOf };
    return this.flat;
  }

  /** The newest document, just added at the end of `order`, added at the end of the flat order. */
  private appendToFlat(no: number) {
    let { room, rankOf } = this.flat;
    const { count } = this.flat;
    if (count === room.length) {
      room = new Int32Array(count * 2 + 16);
      room.set(this.flat.room);
    }
    if (no >= rankOf.length) {
      rankOf = new Int32Array(this.state.length);
      rankOf.set(this.flat.rankOf);
    }
    room[count] = no;
    rankOf[no] = count;
    this.flat = { generation: this.generation, room, count: count + 1, numbers: room.subarray(0, count + 1), rankOf };
  }

  /**
   * Whether a live document passes the filters, tested on the flat arrays (a search may test tens of
   * thousands of documents; no object is touched until the page is known).
   */
  private filterTest(filters: NewsFilters): (no: number) => boolean {
    const test = this.compileFilters(filters);
    const { state, categoryNo, atOf } = this;
    return (no) => admits(test, state[no], categoryNo[no], atOf[no]);
  }

  private compileFilters(filters: NewsFilters): FilterTest {
    const wanted = statesOf[filters.status];
    const wantState = new Uint8Array(5).fill(wanted.length === 0 ? 1 : 0);
    for (const code of wanted) wantState[code] = 1;
    return {
      wantState,
      wantCategory: filters.category === null ? 0 : (this.categories.get(filters.category) ?? -1),
      from: filters.from?.getTime() ?? -Infinity,
      to: filters.to?.getTime() ?? Infinity,
    };
  }

  /** One page of the list the query asks for, in its order (each with its summary's JSON), and how many match in all. */
  list(query: NewsListQuery, terms: SearchTerms | null): { items: Pick<Doc, 'id' | 'json'>[]; total: number } {
    const filters = newsFilters(query);
    const { limit, offset } = query;
    let page: Doc[];
    let total: number;
    if (!terms) {
      // No search: the whole list, filtered (the totals per status are counters).
      const accepts = this.filterTest(filters);
      const plain = filters.category === null && filters.from === null && filters.to === null;
      if (!plain) total = this.order.reduce((n, doc) => n + (accepts(doc.no) ? 1 : 0), 0);
      else if (filters.status === 'all') total = this.byId.size;
      else total = statesOf[filters.status].reduce((n, code) => n + this.stateCounts[code], 0);
      page = this.scan(query.sort, (doc) => accepts(doc.no), offset, limit);
    } else {
      const ordered = this.orderedMatches(terms, filters, query.sort, offset + limit);
      total = ordered.total;
      page = Array.from(ordered.numbers.subarray(offset, offset + limit), (no) => this.docs[no]!);
    }
    return { items: page, total };
  }

  private scan(sort: NewsListQuery['sort'], accept: (doc: Doc) => boolean, offset: number, limit: number): Doc[] {
    const page: Doc[] = [];
    let skipped = 0;
    const n = this.order.length;
    for (let k = 0; k < n && page.length < limit; k++) {
      const doc = this.order[sort === 'oldest' ? k : n - 1 - k];
      if (!accept(doc)) continue;
      if (skipped < offset) skipped += 1;
      else page.push(doc);
    }
    return page;
  }
}
