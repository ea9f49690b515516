// Run by tests/projections/hidden-classes.test.ts under `node --allow-natives-syntax`: makes thousands of
// the objects the server keeps or reads by the thousand, the way it makes them, and prints how many of
// the last ones made have a hidden class (V8's map) of their own, told by V8 itself (%HaveSameMap).
import { PageCache, PageReads } from '../../api/web/page-cache';
import { newsListQuery } from '../../domain';
import { toStoredEvent } from '../../events/store';
import { NewsIndex } from '../../projections/news-index';
import { newsSummary } from './news-summary';

// Natives syntax is not TypeScript: compiled by V8 at run time.
const haveSameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;

/** How many of `objects` have a hidden class that no object before them in the list has. */
function ownClasses(objects: object[]): number {
  const seen: object[] = [];
  for (const object of objects) if (!seen.some((other) => haveSameMap(other, object))) seen.push(object);
  return seen.length - 1;
}

const count = 20_000;
const uuid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

const index = new NewsIndex();
for (let i = 0; i < count; i++) {
  index.upsert({
    id: uuid(i),
    at: Date.UTC(2026, 0, 1) + i * 60_000,
    pending: false,
    status: 'published',
    category: 'Noticias',
    titleKey: `articulo ${i}`,
    lexemes: ['articul', String(i)],
    textKey: `clave-${i}`,
    summary: newsSummary({ id: uuid(i), title: `Artículo ${i}`, slug: `articulo-${i}` }),
  });
}
const docs = index.list(newsListQuery.parse({ limit: 100, status: 'all' }), null).items;

const pages = new PageCache();
const kept = [];
for (let i = 0; i < 3_000; i++) {
  const page = pages.set(`/noticias/articulo-${i}`, pages.generation, {
    status: 200,
    type: 'text/html; charset=utf-8',
    cacheControl: 'no-cache',
    body: Buffer.from(`<p>${i}</p>`),
    reads: new PageReads(),
  });
  if (page) kept.push(page);
}

const events = [];
for (let i = 0; i < count; i++) {
  events.push(
    toStoredEvent({
      position: i + 1,
      stream_id: uuid(i),
      stream_version: 1,
      type: 'NewsArticleCreated',
      data: { title: `Artículo ${i}` },
      metadata: { actor: null, origin: 'seed', requestId: uuid(i) },
      recorded_at: new Date(),
    }),
  );
}

console.log(
  JSON.stringify({
    docs: ownClasses(docs),
    pages: ownClasses(kept.slice(-100)),
    events: ownClasses(events.slice(-100)),
    sampled: [docs.length, kept.length, events.length],
  }),
);
