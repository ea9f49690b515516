// The in-memory news index on its own: an article read again unchanged keeps every kept answer (its
// generation stays), one whose text changed is found by its new words only, and an index written to
// while it is searched answers as one made from scratch.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { newsListQuery } from '../../domain';
import { NewsIndex, type IndexedArticle } from '../../projections/news-index';
import { newsSummary } from '../helpers/news-summary';

const id = '4f6d2a8e-1c3b-4d5e-8f9a-0b1c2d3e4f5a';
const article = (lexemes: string[], textKey: string, articleId = id, at = Date.UTC(2026, 10, 1)): IndexedArticle => ({
  id: articleId,
  at,
  pending: false,
  status: 'published',
  category: 'Noticias',
  titleKey: 'camaras ocultas en la sala',
  lexemes,
  textKey,
  summary: newsSummary({ id: articleId, title: 'Cámaras ocultas en la sala', slug: 'camaras-ocultas' }),
});
const query = newsListQuery.parse({});
// A pattern no title holds: only the words decide.
const words = (...lexemes: string[]) => ({ lexemes, titlePattern: '%ninguno%' });
const found = (index: NewsIndex, ...lexemes: string[]) => index.list(query, words(...lexemes)).items.map((item) => item.id);

test('an article read again unchanged leaves the index as it was; changed text is searched by its new words', () => {
  const index = new NewsIndex();
  index.upsert(article(['barr', 'camar', 'ocult', 'sal'], 'clave-1'));
  assert.equal(found(index, 'camar'), [id]);
  const generation = index.generation;

  index.upsert(article(['barr', 'camar', 'ocult', 'sal'], 'clave-1'));
  assert.is(index.generation, generation, 'nothing changed: answers kept for this generation stay good');

  index.upsert(article(['microfon', 'sal'], 'clave-2'));
  assert.ok(index.generation > generation);
  assert.equal(found(index, 'camar'), []);
  assert.equal(found(index, 'microfon'), [id]);
  assert.equal(found(index, 'sal'), [id]);
  assert.is(index.size, 1);
});

test('a compaction set off by removing an article the index does not hold leaves no kept answer stale', () => {
  const idOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const index = new NewsIndex();
  for (let n = 0; n < 3000; n++) index.upsert(article(['barr', 'sal'], `clave-${n}`, idOf(n), Date.UTC(2026, 0, 1) + n * 60_000));
  // 1,001 dead numbers, over a quarter of those left: the next change compacts the lists first.
  for (let n = 0; n < 1001; n++) index.remove(idOf(n));
  // A category keeps the search off the bitsets: the word's matches are kept as they are.
  const inCategory = (extra: object) => newsListQuery.parse({ category: 'Noticias', ...extra });
  assert.is(index.list(inCategory({}), words('barr')).total, 1999);
  assert.is(index.remove(idOf(99_999)), null, 'an article the index never held');
  const later = index.list(inCategory({ sort: 'oldest', limit: 3, offset: 2 }), words('barr'));
  assert.is(later.total, 1999);
  assert.equal(
    later.items.map((item) => item.id),
    [1003, 1004, 1005].map(idOf),
  );
});

test('searched between writes (new articles, older ones, edits, removals), the index answers as one made from scratch', () => {
  const words = ['barr', 'camar', 'ocult', 'sal', 'microfon', 'red'];
  let seed = 7;
  const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) >>> 0) % n;
  const idOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const make = (n: number, at: number) => article([words[n % 6], words[(n * 5) % 6], 'sal'], `clave-${n}-${at}`, idOf(n), at);
  const live = new Map<number, IndexedArticle>();
  const written = new NewsIndex();
  const queries = [
    newsListQuery.parse({}),
    newsListQuery.parse({ sort: 'oldest' }),
    newsListQuery.parse({ limit: 5, offset: 5 }),
    newsListQuery.parse({ sort: 'oldest', limit: 3, offset: 2 }),
  ];
  const searches = [null, { lexemes: ['sal'], titlePattern: '%ninguno%' }, { lexemes: ['camar'], titlePattern: '%ninguno%' }];
  const answers = (index: NewsIndex) =>
    queries.flatMap((q) => searches.map((terms) => JSON.stringify([index.list(q, terms).total, index.list(q, terms).items.map((item) => item.id)])));
  let newest = Date.UTC(2026, 0, 1);
  for (let step = 0; step < 400; step++) {
    const kind = random(10);
    const n = random(60);
    if (kind < 6) {
      // The usual write: a new article, the newest.
      newest += 60_000;
      live.set(100 + step, make(100 + step, newest));
      written.upsert(live.get(100 + step)!);
    } else if (kind === 6 && live.size > 0) {
      // The newest article edited: other words, still the newest.
      const [last] = [...live.entries()].sort(([, a], [, b]) => b.at - a.at);
      const edited = { ...make(last[0] + 1000, last[1].at), id: last[1].id, summary: last[1].summary };
      live.set(last[0], edited);
      written.upsert(edited);
    } else if (kind < 8) {
      // An article dated in the past, or one edited (another date, other words).
      const at = Date.UTC(2025, random(12), 1 + random(28));
      live.set(n, make(n, at));
      written.upsert(live.get(n)!);
    } else if (live.has(n)) {
      live.delete(n);
      written.remove(idOf(n));
    }
    if (step % 3 === 0) {
      const fresh = new NewsIndex();
      for (const one of live.values()) fresh.upsert(one);
      assert.equal(answers(written), answers(fresh), `after step ${step}`);
    }
  }
  assert.ok(live.size > 100);
});

test('after more searches than the index keeps in order, each page of each search answers as from a fresh index', () => {
  const idOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const wordOf = (k: number) => `palabr${k}`;
  // 6,000 articles; 3,000 different two-word searches, each matching two of them.
  const pairOf = (n: number) => [wordOf(n % 100), wordOf(100 + Math.floor((n % 3000) / 100))];
  const all = Array.from({ length: 6000 }, (_, n) => article([...pairOf(n), 'sal'], `clave-${n}`, idOf(n), Date.UTC(2026, 0, 1) + n * 60_000));
  const index = new NewsIndex();
  const fresh = new NewsIndex();
  for (const one of all) index.upsert(one);
  for (const one of all) fresh.upsert(one);
  // A title text no title holds (a literal, found absent by its trigrams at once): only the words decide.
  const page = (ix: NewsIndex, pair: string[], offset: number) =>
    ix.list(newsListQuery.parse({ limit: 1, offset }), { lexemes: pair, titlePattern: 'ningun' }).items.map((item) => item.id);
  for (let n = 0; n < 3000; n++) page(index, pairOf(n), 0);
  let shown = 0;
  for (const n of [0, 1, 1500, 2999]) {
    for (const offset of [0, 1, 2]) {
      const answer = page(index, pairOf(n), offset);
      assert.equal(answer, page(fresh, pairOf(n), offset), `${pairOf(n).join(' ')} from ${offset}`);
      shown += answer.length;
    }
  }
  assert.is(shown, 8, 'two articles for each search compared');
});

test('a change said not to affect a list leaves it as it was (its members, their order and text, its total); a draft affects no published list', () => {
  const words = ['barr', 'camar', 'ocult', 'sal', 'microfon', 'red'];
  let seed = 11;
  const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) >>> 0) % n;
  const idOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const make = (n: number, version: number): IndexedArticle => {
    const title = `${words[n % 6]} ${words[(n + version) % 6]} ${version}`;
    return {
      ...article([words[(n * 5 + version) % 6], words[(n + 2 * version) % 6]], `clave-${n}-${version}`, idOf(n), Date.UTC(2025, n % 12, 1 + (version % 28))),
      status: random(4) === 0 ? 'draft' : 'published',
      category: random(2) === 0 ? 'Noticias' : 'Anti-Espionaje',
      titleKey: title,
      summary: newsSummary({ id: idOf(n), title, slug: `articulo-${n}` }),
    };
  };
  const queries = [
    newsListQuery.parse({}),
    newsListQuery.parse({ limit: 3, offset: 3 }),
    newsListQuery.parse({ category: 'Anti-Espionaje', sort: 'oldest' }),
    newsListQuery.parse({ status: 'all' }),
  ];
  const searches = [
    null,
    { lexemes: ['camar'], titlePattern: '%ninguno%' },
    { lexemes: ['sal', 'red'], titlePattern: 'ocult' },
    { lexemes: [], titlePattern: 'barr%3' },
  ];
  const answer = (index: NewsIndex, q: (typeof queries)[number], terms: (typeof searches)[number]) => {
    const { items, total } = index.list({ ...q, limit: 100, offset: 0 }, terms);
    return JSON.stringify([total, items.map((item) => item.json)]);
  };
  const index = new NewsIndex();
  const published = newsListQuery.parse({});
  let saidUnchanged = 0;
  for (let step = 0; step < 600; step++) {
    const n = random(40);
    const before = queries.map((q) => searches.map((terms) => answer(index, q, terms)));
    const change = random(6) === 0 ? index.remove(idOf(n)) : index.upsert(make(n, step));
    if (!change) continue;
    queries.forEach((q, i) =>
      searches.forEach((terms, k) => {
        if (index.affects(change, q, terms)) return;
        saidUnchanged += 1;
        assert.is(answer(index, q, terms), before[i][k], `step ${step}: said unaffected, but changed`);
      }),
    );
    const visible = [change.before, change.after].some((doc) => doc?.status === 'published' && !doc.pending);
    if (!visible) assert.not.ok(index.affects(change, published, null), `step ${step}: a draft's change affects the published list`);
  }
  assert.ok(saidUnchanged > 1000, `most changes leave most lists (${saidUnchanged})`);
});

test('searches by common words (kept as bitsets) answer as a plain scan of the articles does, whatever the status, order and page', () => {
  const vocabulary = ['barr', 'camar', 'ocult', 'sal', 'microfon', 'red'];
  let seed = 5;
  const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) >>> 0) % n;
  const idOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const statuses = ['published', 'draft', 'scheduled'] as const;
  const make = (n: number, version: number): IndexedArticle => {
    const title = `${vocabulary[random(6)]} ${vocabulary[random(6)]} ${n}`;
    return {
      ...article(
        vocabulary.filter(() => random(3) !== 0),
        `clave-${n}-${version}`,
        idOf(n),
        Date.UTC(2025, 0, 1) + random(500) * 60_000,
      ),
      status: statuses[random(3)],
      pending: random(10) === 0,
      titleKey: title,
      summary: newsSummary({ id: idOf(n), title, slug: `articulo-${n}` }),
    };
  };
  const index = new NewsIndex();
  const live = new Map<number, IndexedArticle>();
  for (let n = 0; n < 3000; n++) {
    live.set(n, make(n, 0));
    index.upsert(live.get(n)!);
  }
  // Edits and removals leave dead numbers in the words' lists.
  for (let step = 0; step < 600; step++) {
    const n = random(3000);
    if (random(3) === 0) {
      live.delete(n);
      index.remove(idOf(n));
    } else {
      live.set(n, make(n, step + 1));
      index.upsert(live.get(n)!);
    }
  }
  const codeOf = (a: IndexedArticle) => (a.pending ? 2 : a.status === 'published' ? 1 : a.status === 'draft' ? 3 : 4);
  const codes = { published: [1], pending: [2], draft: [2, 3], scheduled: [4], all: [1, 2, 3, 4] };
  const scan = (query: ReturnType<typeof newsListQuery.parse>, terms: { lexemes: string[]; titlePattern: string }) => {
    const matched = [...live.values()]
      .filter((a) => codes[query.status].includes(codeOf(a)))
      .filter((a) => terms.lexemes.every((lexeme) => a.lexemes.includes(lexeme)) || a.titleKey.includes(terms.titlePattern))
      .sort((a, b) => (a.at !== b.at ? b.at - a.at : a.id < b.id ? 1 : -1));
    if (query.sort === 'oldest') matched.reverse();
    return { total: matched.length, ids: matched.slice(query.offset, query.offset + query.limit).map((a) => a.id) };
  };
  const searches = [
    { lexemes: ['camar'], titlePattern: 'camar' },
    { lexemes: ['sal', 'red'], titlePattern: 'sal red' },
    { lexemes: ['barr', 'ocult', 'microfon'], titlePattern: 'ninguno' },
  ];
  for (const status of ['published', 'all', 'draft', 'scheduled', 'pending'])
    for (const sort of ['newest', 'oldest'])
      for (const [limit, offset] of [
        [10, 0],
        [10, 30],
        [100, 250],
      ])
        for (const terms of searches) {
          const query = newsListQuery.parse({ status, sort, limit, offset });
          const { items, total } = index.list(query, terms);
          assert.equal({ total, ids: items.map((item) => item.id) }, scan(query, terms), `${status} ${sort} ${limit}/${offset} ${terms.lexemes.join(' ')}`);
        }
});

test('a title searched again after new, edited and removed articles matches as in a fresh index, on the bitsets and off them', () => {
  const idOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const titled = (n: number, title: string, version = 0): IndexedArticle => ({
    ...article(['barr', 'sal'], `clave-${n}-${version}`, idOf(n), Date.UTC(2026, 0, 1) + n * 60_000),
    titleKey: title,
  });
  const titleOf = (n: number) => (n % 3 === 0 ? `microfonos ocultos ${n}` : `camaras de seguridad ${n}`);
  const index = new NewsIndex();
  const live = new Map<number, IndexedArticle>();
  const put = (a: IndexedArticle, n: number) => {
    live.set(n, a);
    index.upsert(a);
  };
  for (let n = 0; n < 2000; n++) put(titled(n, titleOf(n)), n);
  // The words alone match nothing: only the title does ('barr' is in every article, so the dense path runs too).
  const searches = [
    { lexemes: ['ninguno'], titlePattern: 'microfonos ocult' },
    { lexemes: ['barr', 'ninguno'], titlePattern: 'microfonos ocult' },
  ];
  const expected = () =>
    [...live.entries()]
      .filter(([, a]) => a.titleKey.includes('microfonos ocult'))
      .sort(([a], [b]) => b - a)
      .map(([n]) => idOf(n));
  const all = newsListQuery.parse({ limit: 100 });
  const check = (when: string) => {
    for (const terms of searches) {
      const answer = index.list(all, terms);
      assert.is(answer.total, expected().length, `${when}: total (${terms.lexemes.join(' ')})`);
      assert.equal(
        answer.items.map((item) => item.id),
        expected().slice(0, 100),
        `${when}: first page (${terms.lexemes.join(' ')})`,
      );
    }
  };
  check('first search');
  // New matching articles, an edit that takes a title out of the match and one that brings one in, a removal.
  for (let n = 2000; n < 2010; n++) put(titled(n, titleOf(n)), n);
  put(titled(1998, 'camaras de seguridad 1998', 1), 1998);
  put(titled(1997, 'microfonos ocultos 1997', 1), 1997);
  live.delete(1995);
  index.remove(idOf(1995));
  check('after the writes');
});

test.run();
