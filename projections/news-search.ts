// The news lists the app answers, visitors' and staff's, from the in-memory index (news-index.ts):
// loaded from the read table when the app starts, then kept current from the log, so it is a
// projection like the others and rebuilds from the log by a restart.
// - This instance: after each commit that touches news_articles, the articles it names are read again
//   from the table; every list waits for that, so a write is in the next read (docs/search-and-page-cache.md).
// - Other instances sharing the database: a per-instance processor, woken by the append's NOTIFY, does
//   the same a few milliseconds later.
// Visitors' answers (their JSON made once) are kept per query until the index changes; staff's come from
// the index each time, with their whole articles read by id (kept until the index reads that article again).
import { LRUCache } from 'lru-cache';
import { newsListQuery, type NewsArticle, type NewsListQuery, type NewsSummary } from '../domain';
import { aggregateOf, allEventTypes, readablePosition, touches, type EventStore, type EventType, type Processor, type Sql } from '../events';
import { NewsIndex, type IndexChange, type SearchTerms } from './news-index';
import { newsQueries, type Page } from './queries';
import { parsedSummaries } from './parsed-summaries';
import { agreesWithDatabase, searchTermsInProcess } from './spanish-lexemes';
import { conjunctionLexemes } from './tsquery';

/** A page of a list with its JSON as UTF-8 bytes, ready to send (a kept answer is sent many times). */
/**
 * A visitors' page of summaries, with its JSON, and the version of the published lists it was read at
 * (`onPublishedListsChanged`); no version when the database answered it (a search only SQL can read).
 */
type PublishedNewsPage = Page<NewsSummary> & { json: Buffer; listsVersion?: number };

export type NewsSearch = {
  /** Visitors: published articles only, as summaries, with the page's JSON (UTF-8) made once. */
  published(query: NewsListQuery): Promise<PublishedNewsPage>;
  /** Staff: whole articles, any status the query asks for, with the page as JSON in UTF-8 (each article's made once). */
  list(query: NewsListQuery): Promise<Page<NewsArticle> & { json: Buffer }>;
  /** Fills the index from the read table; answers the log position a processor must follow from. */
  load(): Promise<number>;
  /** Keeps the index current with what other instances write (built after load()). */
  processor(startAfter: number): Processor;
  /**
   * Calls `listener` each time the index takes in a change that visitors' lists (published articles) may
   * show, with a test of which lists it may have changed: `affects(query)` is true when the article passed
   * the query's filters and search before or after the change. A change no visitor's list can show (a
   * draft saved) calls nothing. The test holds only during the call. `version` grows with each call: a
   * visitors' page read at that version or later (`listsVersion`) has the change in it.
   */
  onPublishedListsChanged(listener: (affects: (query: NewsListQuery) => boolean, version: number) => void): void;
  /**
   * Settles once every change this instance was told of before the call is in the index (and its
   * listeners were called), or a refresh failed meanwhile; null when there is nothing to wait for.
   */
  catchingUp(): Promise<void> | null;
  /** How many articles the index holds (operations and tests). */
  readonly size: number;
  /** What visitors' answers and staff's whole articles kept hold, as counted against their bounds (the bench's memory report, tests). */
  readonly answerBytes: number;
  readonly articleBytes: number;
};

/** The events whose stream is an article that the read table changed for. */
const changesArticle = (type: EventType) => aggregateOf(type) === 'newsArticle' && touches(type, 'news_articles');

const [openBracket, comma, closeBracket] = ['[', ',', ']'].map((text) => Buffer.from(text));

const maxCachedTerms = 10_000;
/**
 * Texts whose terms this process computes are kept apart, and fewer: staff's searches never asked before
 * would fill a larger cache with texts asked once, and push out the texts PostgreSQL was asked for, each
 * a round trip to ask again where these cost tens of microseconds.
 */
const maxComputedTerms = 256;
/**
 * Visitors' answers are kept as their JSON: bounded by what they hold (a page of twelve summaries is
 * about 12 KB), counting the query that keys each and what an entry costs beside its bytes (an empty
 * answer to a long made-up query must not be nearly free), and in number.
 */
const maxCachedAnswerBytes = 16 * 1024 * 1024;
const maxCachedAnswers = 2_000;
const answerEntryOverhead = 256;
/**
 * Staff's whole articles are kept with their JSON: bounded in number and by what they hold, as an
 * article's text may run to 200,000 characters in each language (counted three times: the text, and its
 * JSON made when a page sends it).
 */
const maxCachedArticles = 2_000;
const maxCachedArticleBytes = 32 * 1024 * 1024;
const articleCost = (article: NewsArticle) => 3 * (article.content.length + (article.englishContent?.length ?? 0)) + 2048;
/**
 * How long the articles this instance committed may wait to be read again when nobody asks for a list:
 * a burst of writes is then read back in one query. A list never waits for it (it reads them first).
 */
const refreshDelayMs = 20;

export function newsSearch(store: EventStore, sql: Sql, log: (line: string) => void = () => {}): NewsSearch {
  const queries = newsQueries(sql);
  let index = new NewsIndex();
  // Staff's whole articles by id, dropped whenever the index reads that article again.
  const articles = new LRUCache<string, NewsArticle>({ max: maxCachedArticles, maxSize: maxCachedArticleBytes, sizeCalculation: articleCost });
  // Each whole article's JSON as UTF-8 bytes, made once per article object: a staff page (~45 KB) is then
  // put together by copying bytes, not joined as a string and encoded again for the socket (76 against
  // 15 µs per page, measured on 20 articles of 2 KB).
  const articleJson = new WeakMap<NewsArticle, Buffer>();
  const jsonOf = (items: readonly NewsArticle[]): Buffer => {
    const parts: Buffer[] = [openBracket];
    items.forEach((article, i) => {
      let json = articleJson.get(article);
      if (json === undefined) articleJson.set(article, (json = Buffer.from(JSON.stringify(article))));
      if (i > 0) parts.push(comma);
      parts.push(json);
    });
    parts.push(closeBracket);
    return Buffer.concat(parts);
  };
  let rereads = 0;
  async function wholeArticles(ids: readonly string[]): Promise<NewsArticle[]> {
    const found = new Map<string, NewsArticle>();
    for (const id of ids) {
      const known = articles.get(id);
      if (known) found.set(id, known);
    }
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) {
      const before = rereads;
      const read = await queries.byIds(missing);
      // Read while no article was read again: keep them (else this answer uses them and the next one reads again).
      const keep = before === rereads;
      for (const article of read) {
        found.set(article.id, article);
        if (keep) articles.set(article.id, article);
      }
    }
    // An article deleted meanwhile is left out.
    return ids.flatMap((id) => found.get(id) ?? []);
  }

  const listeners: ((affects: (query: NewsListQuery) => boolean, version: number) => void)[] = [];
  /** Grows each time the listeners are told of a change (in the same step as the index takes it in). */
  let listsVersion = 0;
  const publishedOnly = newsListQuery.parse({});
  /** Tells the listeners which published lists a change the index just took in may have changed. */
  function tell(change: IndexChange | null) {
    if (!change || listeners.length === 0 || !index.affects(change, publishedOnly, null)) return;
    // A search whose terms are not known here (only SQL answers it) may have changed whatever it is.
    const termsOfText = new Map<string, SearchTerms | undefined>();
    const affects = (query: NewsListQuery) => {
      const published = { ...query, status: 'published' as const };
      if (!published.search) return index.affects(change, published, null);
      if (!termsOfText.has(published.search)) termsOfText.set(published.search, knownTerms(published.search));
      const searchTerms = termsOfText.get(published.search);
      return searchTerms === undefined || index.affects(change, published, searchTerms);
    };
    listsVersion += 1;
    for (const listener of listeners) listener(affects, listsVersion);
  }

  // Refreshes run one at a time, each reading every article named since the last one began (a pass);
  // passes follow each other while writes keep naming articles.
  const dirty = new Set<string>();
  let running: Promise<void> | null = null;
  let passesStarted = 0;
  let passesDone = 0;
  /** Lists waiting for a pass to be done: the one that takes in what was committed before they asked. */
  const waiting: { pass: number; resume: () => void }[] = [];
  const resumeWaiting = (all: boolean) => {
    for (let i = waiting.length - 1; i >= 0; i--) {
      if (!all && waiting[i].pass > passesDone) continue;
      waiting[i].resume();
      waiting.splice(i, 1);
    }
  };
  async function applyDirty() {
    try {
      await applyPasses();
    } catch (error) {
      // Whoever started this drain, the lists waiting go on with what the index holds.
      resumeWaiting(true);
      throw error;
    }
  }
  async function applyPasses() {
    while (dirty.size > 0) {
      const ids = [...dirty];
      dirty.clear();
      passesStarted += 1;
      try {
        const found = new Set<string>();
        for await (const rows of queries.indexRows(ids)) {
          for (const row of rows) {
            found.add(row.id);
            tell(index.upsert(row));
          }
        }
        for (const id of ids) if (!found.has(id)) tell(index.remove(id));
        for (const id of ids) articles.delete(id);
        rereads += 1;
      } catch (error) {
        // Tried again by the next refresh or list; meanwhile answers come from what the index holds.
        for (const id of ids) dirty.add(id);
        passesStarted -= 1;
        throw error;
      }
      passesDone += 1;
      resumeWaiting(false);
    }
  }
  function drain(): Promise<void> {
    if (running) return running.then(() => (dirty.size > 0 ? drain() : undefined));
    running = applyDirty().finally(() => (running = null));
    return running;
  }
  function refresh(ids: readonly string[]): Promise<void> {
    for (const id of ids) dirty.add(id);
    return drain();
  }
  /**
   * Every commit this instance saw is in the index before a list is answered: the list waits for the pass
   * under way and, if articles are named since it began, for the next one; not for the passes that later
   * writes call for (a list asked for during a long run of writes would otherwise wait for its end).
   */
  function catchingUp(): Promise<void> | null {
    if (dirty.size === 0 && !running) return null;
    const pass = dirty.size > 0 ? passesStarted + 1 : passesStarted;
    // The pass it needs is done (its drain has yet to settle): nothing to wait for.
    if (pass <= passesDone) return null;
    const caughtUp = new Promise<void>((resume) => waiting.push({ pass, resume }));
    drain().catch((error) => {
      log(`[news-search] ${(error as Error).message}`);
      // A refresh failed before the one this list waits for could start (nothing else may start it soon):
      // the lists go on with what the index holds.
      resumeWaiting(true);
    });
    return caughtUp;
  }

  // What this instance committed is read again before the next list, or after refreshDelayMs; its
  // processor then skips those positions.
  const ownPositions = new Set<number>();
  let refreshTimer: NodeJS.Timeout | null = null;
  store.onCommitted((events) => {
    const changed = events.filter((event) => changesArticle(event.type));
    if (changed.length === 0) return;
    if (ownPositions.size > 100_000) ownPositions.clear();
    for (const event of changed) {
      ownPositions.add(event.position);
      dirty.add(event.streamId);
    }
    if (refreshTimer) return;
    refreshTimer = setTimeout(() => {
      refreshTimer = null;
      drain().catch((error) => log(`[news-search] ${(error as Error).message}`));
    }, refreshDelayMs);
    refreshTimer.unref();
  });

  const terms = new LRUCache<string, { terms: SearchTerms | null }>({ max: maxCachedTerms });
  /** Set by load(): this process computes plain texts' terms as the database does (spanish-lexemes.ts). */
  let termsHere = false;
  /**
   * A plain text's terms computed here (null for any other text), kept for the texts asked most recently:
   * the stemmer costs tens of microseconds a text, and each render of a search's pages, and each change
   * told to the kept lists' searches, asked for it again.
   */
  const computed = new LRUCache<string, { terms: SearchTerms | null }>({ max: maxComputedTerms });
  const termsInProcess = (text: string): SearchTerms | null => {
    if (!termsHere) return null;
    let kept = computed.get(text);
    if (!kept) computed.set(text, (kept = { terms: searchTermsInProcess(text) }));
    return kept.terms;
  };
  /**
   * A search text's terms when known without asking the database; undefined otherwise (or when only SQL
   * can answer it). Read without keeping (a change asks for every kept list's search: they must not push
   * out the texts visitors ask for).
   */
  const knownTerms = (text: string): SearchTerms | undefined => {
    const computedHere = termsHere ? (computed.peek(text) ?? { terms: searchTermsInProcess(text) }) : null;
    return computedHere?.terms ?? terms.peek(text)?.terms ?? undefined;
  };
  /**
   * What the search text means: computed here for a plain text (a new text cost a round trip, most of a
   * new staff search), else asked of PostgreSQL once per text (it never changes); null: only SQL can answer it.
   */
  async function termsOf(text: string | undefined): Promise<SearchTerms | null | 'none'> {
    if (!text) return 'none';
    const here = termsInProcess(text);
    if (here) return here;
    const known = terms.get(text);
    if (known) return known.terms;
    const { titlePattern, tsquery } = await queries.searchTerms(text);
    const lexemes = conjunctionLexemes(tsquery);
    const value = lexemes ? { lexemes, titlePattern } : null;
    terms.set(text, { terms: value });
    return value;
  }

  // The summaries pages are rendered from, by the index's record of an article's version.
  const summaryOf = parsedSummaries();

  // Visitors' answers, for the index's generation they were read in: any change to the index makes them
  // all out of date, so the first ask after one drops them all instead of leaving them to be pushed out.
  const answers = new LRUCache<string, PublishedNewsPage>({
    max: maxCachedAnswers,
    maxSize: maxCachedAnswerBytes,
    sizeCalculation: (page, key) => page.json.length + key.length + answerEntryOverhead,
  });
  let answersGeneration = index.generation;
  const answersFor = (generation: number) => {
    if (answersGeneration !== generation) {
      answers.clear();
      answersGeneration = generation;
    }
    return answers;
  };

  return {
    get size() {
      return index.size;
    },
    get answerBytes() {
      // Answers of an earlier generation are dropped at the next ask: they are held no longer.
      return answersGeneration === index.generation ? answers.calculatedSize : 0;
    },
    get articleBytes() {
      return articles.calculatedSize;
    },
    async published(query) {
      const published = { ...query, status: 'published' as const };
      const key = JSON.stringify(published);
      await catchingUp();
      // A kept answer is of the index's current generation, so its lists version is current too (every
      // change the listeners are told of is a new generation).
      const hit = answersFor(index.generation).get(key);
      if (hit) return hit;
      const searchTerms = await termsOf(published.search);
      if (searchTerms === null) {
        const { items, total } = await queries.listSummaries(published);
        return { items, total, json: Buffer.from(JSON.stringify(items)) };
      }
      // Read in the same step as the list: a change taken in later has a later version.
      const generation = index.generation;
      const version = listsVersion;
      const found = index.list(published, searchTerms === 'none' ? null : searchTerms);
      // The summaries as objects only when asked for (a page rendered from them): the API sends the JSON.
      const { total, items } = found;
      const json = Buffer.from(`[${items.map((item) => item.json).join(',')}]`);
      const page: PublishedNewsPage = {
        total,
        json,
        listsVersion: version,
        get items() {
          return items.map(summaryOf);
        },
      };
      answersFor(generation).set(key, page);
      return page;
    },
    async list(query) {
      await catchingUp();
      const searchTerms = await termsOf(query.search);
      if (searchTerms === null) {
        const page = await queries.list(query);
        return { ...page, json: Buffer.from(JSON.stringify(page.items)) };
      }
      const found = index.list(query, searchTerms === 'none' ? null : searchTerms);
      const items = await wholeArticles(found.items.map((article) => article.id));
      return { items, total: found.total, json: jsonOf(items) };
    },
    async load() {
      termsHere = await agreesWithDatabase(sql);
      if (!termsHere)
        log('[news-search] the database reads search texts unlike this process (another Snowball or unaccent, a locale): each new text is asked of it');
      const followFrom = await readablePosition(sql);
      const fresh = new NewsIndex();
      await fresh.fill(queries.indexRows(null));
      index = fresh;
      answers.clear();
      articles.clear();
      listsVersion += 1;
      for (const listener of listeners) listener(() => true, listsVersion);
      return followFrom;
    },
    onPublishedListsChanged(listener) {
      listeners.push(listener);
    },
    catchingUp,
    processor(startAfter) {
      return {
        name: 'news-search-index',
        mode: 'per-instance',
        startAt: { after: startAfter },
        handles: allEventTypes.filter(changesArticle),
        // Not awaited: the articles of a whole batch of events are read again in one query. An id whose
        // reading fails stays marked and is read by the next refresh or list.
        handle: async (event) => {
          if (ownPositions.delete(event.position)) return;
          refresh([event.streamId]).catch((error) => log(`[news-search] ${(error as Error).message}`));
        },
      };
    },
  };
}
