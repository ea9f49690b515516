// The in-memory news index on its own: an article read again unchanged keeps every kept answer (its
// generation stays), and one whose text changed is found by its new words only.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { newsListQuery } from '../../domain';
import { NewsIndex, type IndexedArticle } from '../../projections/news-index';

const id = '4f6d2a8e-1c3b-4d5e-8f9a-0b1c2d3e4f5a';
const article = (lexemes: string[], textKey: string): IndexedArticle => ({
  id,
  at: Date.UTC(2026, 10, 1),
  pending: false,
  status: 'published',
  category: 'Noticias',
  titleKey: 'camaras ocultas en la sala',
  lexemes,
  textKey,
  summary: {
    id,
    title: 'Cámaras ocultas en la sala',
    slug: 'camaras-ocultas',
    excerpt: 'Un barrido',
    image: null,
    imageAlt: null,
    picture: null,
    category: 'Noticias',
    author: 'Redacción',
    publishedAt: new Date(Date.UTC(2026, 10, 1)).toISOString(),
    sourceId: null,
    sourceUrl: null,
    guidHash: null,
    isImported: false,
    reviewRequired: false,
    status: 'published',
    englishTitle: null,
    englishExcerpt: null,
    reviewNote: null,
  },
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

test.run();
