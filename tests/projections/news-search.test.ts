// The news lists answered from the in-memory index are exactly what the SQL query over the read table
// answers: the same articles in the same order, the same totals, for accents, Spanish stemming, title
// substrings (LIKE wildcards included), stop words, filters, sorting and paging, visitors and staff.
// And a write, an edit or a deletion is in the very next list.
import { randomUUID } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { keptJsonOf, newsListQuery, type NewsListQuery } from '../../domain';
import { handle, newsArticle, type NewsArticleRecord } from '../../events';
import { startTestApp, type Client, type TestApp } from '../helpers/app';

let app: TestApp;
let admin: Client;
let visitor: Client;

const titleWords = [
  'Cámaras',
  'ocultas',
  'micrófonos',
  'espionaje',
  'anti-espionaje',
  'Señales',
  'vehículo',
  'Oficinas',
  'hotel',
  'protección',
  'red',
  'WiFi',
  '5G',
  'IA',
];
const textWords = [
  'seguridad',
  'cámara',
  'camaras',
  'análisis',
  'barrido',
  'de',
  'la',
  'los',
  'ejecutivos',
  'rastreadores',
  'filtración',
  'riesgo',
  'niño',
  'año',
];
const categories = ['Ciberseguridad', 'Anti-Espionaje', 'Tecnología', 'Noticias'] as const;

function pick<T>(list: readonly T[], seed: number, count: number): T[] {
  const out: T[] = [];
  let state = seed * 2654435761;
  for (let i = 0; i < count; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    out.push(list[state % list.length]);
  }
  return out;
}

function record(i: number): NewsArticleRecord {
  // Drafts and scheduled articles too: each status filter must mean the same in the index and in SQL.
  const status = i % 13 === 5 ? 'scheduled' : i % 17 === 4 ? 'draft' : 'published';
  // Every fifth shares its time with the one before: the order falls back to the id.
  const at = Date.UTC(2026, 0, 1) + Math.floor(i / 5) * 5 * 3_600_000 * 7 + (i % 5 === 0 ? 0 : (i % 5) * 3_600_000);
  return {
    title: `${pick(titleWords, i, 3).join(' ')} ${i % 7 === 0 ? '100% real_' : ''}${i}`,
    slug: `articulo-${i}`,
    excerpt: pick(textWords, i + 1, 8).join(' '),
    content: `<p>${pick(textWords, i + 2, 20).join(' ')}</p><p>${pick(titleWords, i + 3, 5).join(' ')}</p>`,
    image: null,
    category: categories[i % categories.length],
    author: 'Redacción',
    // A scheduled article is due in the future: one already due would be published by the server while
    // the lists are compared, between the index's answer and the table's.
    publishedAt: new Date(status === 'scheduled' ? at + Date.UTC(2100, 0, 1) - Date.UTC(2026, 0, 1) : at).toISOString(),
    reviewRequired: i % 11 === 3,
    status,
    isImported: false,
    sourceId: null,
    sourceUrl: null,
    guidHash: null,
  };
}

test.before(async () => {
  app = await startTestApp();
  admin = await app.admin();
  visitor = app.client();
  const metadata = { actor: null, origin: 'system' as const, requestId: randomUUID() };
  for (let i = 0; i < 400; i++) {
    await handle(app.services.store, newsArticle, randomUUID(), { type: 'Create', record: record(i) }, metadata, { newStream: true });
  }
});
test.after(async () => {
  await app?.close();
});

const searches = [
  undefined,
  'cámaras',
  'CAMARAS',
  'camara',
  'Cámara oculta',
  'ocultas micrófonos',
  'microfono',
  'anti-espionaje',
  'espionaje',
  'señal',
  'senales',
  'vehiculos',
  'de la',
  'de',
  'cám',
  'ara',
  'ofi',
  '5g',
  'ia',
  'i',
  '100%',
  'real_',
  '%',
  '_a',
  'c%s',
  'a\\%',
  'niño año',
  'inexistente',
  'wifi hotel',
];
const filterSets: Partial<NewsListQuery>[] = [
  {},
  { category: 'Tecnología' },
  { category: 'no-existe' },
  { dateFrom: '2026-02-01', dateTo: '2026-04-30' },
  { dateFrom: '2026-03-15' },
  { dateTo: '2026-02-10' },
  { dateFrom: '2026-13-45' },
];
const views: Partial<NewsListQuery>[] = [
  { sort: 'newest', limit: 12, offset: 0 },
  { sort: 'oldest', limit: 12, offset: 0 },
  { sort: 'newest', limit: 5, offset: 7 },
  { sort: 'oldest', limit: 30, offset: 60 },
  { sort: 'newest', limit: 10, offset: 1000 },
];

function queries(status: NewsListQuery['status']): NewsListQuery[] {
  return searches.flatMap((search) =>
    filterSets.flatMap((filters) => views.map((view) => ({ sort: 'newest', limit: 12, offset: 0, ...filters, ...view, search, status }) as NewsListQuery)),
  );
}

test('staff lists equal the SQL query over the table: same articles, same order, same totals', async () => {
  let compared = 0;
  let nonEmpty = 0;
  for (const status of ['all', 'published', 'pending', 'draft', 'scheduled'] as const) {
    for (const query of queries(status)) {
      const [fromIndex, fromTable] = await Promise.all([app.services.news.list(query), app.services.read.news.list(query)]);
      assert.is(fromIndex.total, fromTable.total, JSON.stringify(query));
      assert.equal(fromIndex.items, fromTable.items, JSON.stringify(query));
      assert.is(fromIndex.json.toString(), JSON.stringify(fromTable.items), JSON.stringify(query));
      compared += 1;
      if (fromTable.items.length > 0) nonEmpty += 1;
    }
  }
  // The comparison means something only if many queries find articles (deep pages, narrow filters and the
  // few drafts and scheduled articles find none): about a third do.
  assert.ok(nonEmpty > compared / 4, `${nonEmpty} of ${compared}`);
});

test("visitors' lists equal the SQL query's published summaries, JSON included", async () => {
  for (const query of queries('all')) {
    const [page, fromTable] = await Promise.all([app.services.news.published(query), app.services.read.news.listSummaries({ ...query, status: 'published' })]);
    assert.is(page.total, fromTable.total, JSON.stringify(query));
    assert.equal(page.items, fromTable.items, JSON.stringify(query));
    assert.is(page.json.toString(), JSON.stringify(fromTable.items));
  }
});

test("search is accent-blind Spanish with stemming: 'camaras' finds 'Cámaras' in titles, excerpts and content", async () => {
  const answer = await visitor.get(`/api/news?search=camaras&limit=100`);
  const total = Number(answer.headers.get('x-total-count'));
  assert.ok(total > 50, String(total));
  const accented = await visitor.get(`/api/news?search=${encodeURIComponent('CÁMARAS')}&limit=100`);
  assert.is(accented.headers.get('x-total-count'), String(total));
  assert.equal(
    accented.body.map((a: { slug: string }) => a.slug),
    answer.body.map((a: { slug: string }) => a.slug),
  );
});

const article = (overrides: Record<string, unknown>) => ({
  title: 'Título',
  slug: `nota-${randomUUID().slice(0, 8)}`,
  excerpt: 'Resumen',
  content: '<p>Texto</p>',
  category: 'Ciberseguridad',
  author: 'Redacción',
  ...overrides,
});
const slugs = (answer: { body: { slug: string }[] }) => answer.body.map((a) => a.slug);

test("visitors' answers are kept as their JSON until the index changes, then none is", async () => {
  const { news } = app.services;
  const before = news.answerBytes;
  const asked = [await visitor.get('/api/news?search=cámaras&limit=7'), await visitor.get('/api/news?search=micrófonos&limit=3')];
  assert.ok(asked.every((answer) => answer.status === 200 && answer.body.length > 0));
  // Each answer's JSON, its query's key and a fixed cost per answer: never less than the JSON and the keys.
  const json = asked.reduce((sum, answer) => sum + Buffer.byteLength(JSON.stringify(answer.body)), 0);
  assert.ok(news.answerBytes - before > json + 2 * 100, `${news.answerBytes - before} against ${json}`);
  // An answer to a long made-up query is counted with its query: such answers cannot fill memory unseen.
  const counted = news.answerBytes;
  const madeUp = await visitor.get(`/api/news?category=${'x'.repeat(4000)}&limit=1`);
  assert.is(madeUp.status, 200);
  assert.ok(news.answerBytes - counted > 4000 + Buffer.byteLength(JSON.stringify(madeUp.body)), String(news.answerBytes - counted));
  const created = await admin.post('/api/news', article({ title: 'La comadreja del pasillo', slug: 'comadreja-pasillo' }));
  assert.is(created.status, 201);
  await news.catchingUp();
  assert.is(news.answerBytes, 0, 'the index took the article in: every answer kept is out of date, and none is held');
  assert.is((await admin.delete(`/api/news/${created.body.id}`)).status, 204);
});

test("a visitors' list says the version of the lists it was read at; a published change is a new version, told to the listeners in the same step", async () => {
  const { news } = app.services;
  const told: number[] = [];
  news.onPublishedListsChanged((_affects, version) => {
    told.push(version);
  });
  const query = newsListQuery.parse({ search: 'tejón' });
  const first = await news.published(query);
  assert.type(first.listsVersion, 'number');
  assert.is((await news.published(query)).listsVersion, first.listsVersion, 'the same version while nothing changed');
  const created = await admin.post('/api/news', article({ title: 'El tejón de la sala', slug: 'tejon-sala' }));
  assert.is(created.status, 201);
  await news.catchingUp();
  const after = await news.published(query);
  assert.equal(
    after.items.map((item) => item.slug),
    ['tejon-sala'],
  );
  assert.ok(told.length >= 1);
  assert.is(after.listsVersion, told[told.length - 1], 'read at the version the listeners were told of last');
  assert.ok(after.listsVersion! > first.listsVersion!);
  // A draft saved is no visitor's list: no new version.
  const draft = await admin.post('/api/news', article({ title: 'El tejón en borrador', slug: 'tejon-borrador', reviewRequired: true }));
  assert.is(draft.status, 201);
  await news.catchingUp();
  assert.is((await news.published(query)).listsVersion, after.listsVersion);
  for (const id of [created.body.id, draft.body.id]) assert.is((await admin.delete(`/api/news/${id}`)).status, 204);
});

test('the summaries pages are rendered from cannot be changed, are the same while an article is unchanged, carry their JSON, and its edit is in the next', async () => {
  const { news } = app.services;
  const created = await admin.post('/api/news', article({ title: 'El armadillo de la bodega', slug: 'armadillo-bodega' }));
  assert.is(created.status, 201);
  await news.catchingUp();
  const query = newsListQuery.parse({ search: 'armadillo' });
  const [first] = (await news.published(query)).items;
  assert.is(first.title, 'El armadillo de la bodega');
  assert.ok(Object.isFrozen(first));
  assert.throws(
    () => Object.assign(first, { title: 'Otro título' }),
    (error: Error) => error instanceof TypeError,
  );
  assert.is((await news.published(query)).items[0].title, 'El armadillo de la bodega', 'one render cannot change what the next shows');
  // Another article written (every kept answer is dropped), another list showing it: the same summary.
  const other = await admin.post('/api/news', article({ title: 'La comadreja de la bodega', slug: 'comadreja-bodega' }));
  assert.is(other.status, 201);
  await news.catchingUp();
  const shown = (await news.published(newsListQuery.parse({ search: 'bodega' }))).items;
  assert.equal(shown.map((item) => item.slug).sort(), ['armadillo-bodega', 'comadreja-bodega']);
  assert.is(
    shown.find((item) => item.slug === 'armadillo-bodega'),
    first,
  );
  const edited = await admin.patch(`/api/news/${created.body.id}`, { title: 'El armadillo del sótano' });
  assert.is(edited.status, 200);
  await news.catchingUp();
  const [after] = (await news.published(query)).items;
  assert.is(after.title, 'El armadillo del sótano');
  assert.is(first.title, 'El armadillo de la bodega');
  // Each carries its own JSON (the page's data for the browser is written from it), the edit's its own.
  for (const summary of [first, after]) assert.is(keptJsonOf(summary), JSON.stringify(summary));
  for (const id of [created.body.id, other.body.id]) assert.is((await admin.delete(`/api/news/${id}`)).status, 204);
});

test("staff's whole articles are kept counted by their text, so long ones cannot fill memory unseen", async () => {
  const { news } = app.services;
  const text = `<p>${'Barrido de la sala de juntas. '.repeat(5000)}</p>`;
  const created = await admin.post('/api/news', article({ title: 'La nutria extensa', slug: 'nutria-extensa', content: text }));
  assert.is(created.status, 201);
  await news.catchingUp();
  const before = news.articleBytes;
  assert.equal(slugs(await admin.get('/api/news?search=nutria&status=all')), ['nutria-extensa']);
  assert.ok(news.articleBytes - before >= 3 * text.length, `${news.articleBytes - before} for ${text.length} characters`);
  assert.is((await admin.delete(`/api/news/${created.body.id}`)).status, 204);
});

test('a new, edited or deleted article is in the very next list, for visitors and staff', async () => {
  // Visitors' answer for this search is kept after the first read: the write must replace it.
  assert.equal(slugs(await visitor.get('/api/news?search=zarigüeya')), []);
  const created = await admin.post('/api/news', article({ title: 'La zarigüeya espía', slug: 'zarigueya', englishTitle: 'The spying opossum' }));
  assert.is(created.status, 201);
  // The answer to the create is the article exactly as it is read back.
  assert.equal(created.body, (await admin.get('/api/news/zarigueya')).body);
  assert.equal(slugs(await visitor.get('/api/news?search=zarigueyas')), ['zarigueya']);
  assert.equal(slugs(await admin.get('/api/news?search=zarigüeya&status=all')), ['zarigueya']);

  const edited = await admin.patch(`/api/news/${created.body.id}`, { title: 'El mapache espía' });
  assert.is(edited.status, 200);
  assert.equal(slugs(await visitor.get('/api/news?search=zarigüeya')), []);
  assert.equal(slugs(await visitor.get('/api/news?search=mapache')), ['zarigueya']);

  const held = await admin.patch(`/api/news/${created.body.id}`, { reviewRequired: true });
  assert.is(held.status, 200);
  assert.equal(slugs(await visitor.get('/api/news?search=mapache')), []);
  assert.equal(slugs(await admin.get('/api/news?search=mapache&status=pending')), ['zarigueya']);

  assert.is((await admin.delete(`/api/news/${created.body.id}`)).status, 204);
  assert.equal(slugs(await admin.get('/api/news?search=mapache&status=all')), []);
});

test('the index holds every article of the table, and a fresh load holds the same', async () => {
  const { news, read } = app.services;
  const all = await read.news.list({ sort: 'newest', status: 'all', limit: 1000, offset: 0 });
  // A list reads this instance's latest writes back first (else they arrive within 20 ms).
  assert.is((await news.list({ sort: 'newest', status: 'all', limit: 1, offset: 0 })).total, all.total);
  assert.is(news.size, all.total);
  await news.load();
  assert.is(news.size, all.total);
  const again = await news.list({ sort: 'newest', status: 'all', limit: 1000, offset: 0, search: 'cámaras' });
  const fromTable = await read.news.list({ sort: 'newest', status: 'all', limit: 1000, offset: 0, search: 'cámaras' });
  assert.equal(again.items, fromTable.items);
  assert.is(again.total, fromTable.total);
  assert.is(again.json.toString(), JSON.stringify(fromTable.items));
});

test('the index reads the table in batches, by id, and finds every article once', async () => {
  const { read } = app.services;
  const all = await read.news.list({ sort: 'newest', status: 'all', limit: 1000, offset: 0 });
  const batches: string[][] = [];
  for await (const rows of read.news.indexRows(null, 7)) batches.push(rows.map((row) => row.id));
  const ids = batches.flat();
  assert.ok(batches.length > 1);
  assert.ok(batches.every((batch) => batch.length <= 7));
  assert.equal(ids, [...ids].sort());
  assert.equal([...new Set(ids)].sort(), all.items.map((article) => article.id).sort());
  assert.is(ids.length, all.total);
});

test('a list asked for while articles keep being written answers once the writes before it are in, not when the writing stops', async () => {
  const { news, db, store } = app.services;
  const query = db.query;
  // Each reading again of written articles takes a while, and every one of them finds new ones named.
  db.query = (async (text: string, params?: unknown[]) => {
    if (text.includes('tsvector_to_array(search_vector)') && text.includes('= ANY')) await new Promise((resolve) => setTimeout(resolve, 40));
    return query.call(db, text, params);
  }) as typeof db.query;
  const metadata = { actor: null, origin: 'system' as const, requestId: randomUUID() };
  const write = (record: NewsArticleRecord) => handle(store, newsArticle, randomUUID(), { type: 'Create', record }, metadata, { newStream: true });
  let writing = true;
  const writer = (async () => {
    for (let i = 0; writing && i < 3000; i++) await write(record(1000 + i));
  })();
  try {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await write({ ...record(999), title: 'La comadreja escucha', slug: 'comadreja-escucha', status: 'published', reviewRequired: false });
    const answered = await Promise.race([
      news.published({ sort: 'newest', status: 'published', limit: 12, offset: 0, search: 'comadreja' }),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 8000)),
    ]);
    assert.ok(writing, 'still writing');
    assert.ok(answered, 'answered while the writes go on');
    assert.equal(
      answered.items.map((item) => item.slug),
      ['comadreja-escucha'],
    );
  } finally {
    writing = false;
    await writer;
    db.query = query;
  }
});

test.run();
