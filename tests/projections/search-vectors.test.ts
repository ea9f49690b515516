// Each article's search vector (what the index takes its words from) is PostgreSQL's Spanish vector of
// its current text: found kept when an article was created with that text before, computed otherwise; an
// edit's vector is computed and never kept; a rebuild gives every article the same vector again.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Projector } from '../../events';
import { rebuildProjections } from '../../projections';
import { startTestApp, type Client, type TestApp } from '../helpers/app';
import { article } from '../helpers/news-writing';

let app: TestApp;
let admin: Client;

test.before(async () => {
  app = await startTestApp();
  admin = await app.admin();
});
test.after(() => app.close());

const slugs = (answer: { body: { slug: string }[] }) => answer.body.map((a) => a.slug);

test("every article's search vector is PostgreSQL's Spanish vector of its current text, kept or computed, also after a rebuild", async () => {
  const { db, store } = app.services;
  const created = await admin.post('/api/news', article({ title: 'Texto repetido', slug: 'repetido-1' }));
  // The same text again (its vector is found kept), then an edit of the title (computed again).
  assert.is((await admin.post('/api/news', article({ title: 'Texto repetido', slug: 'repetido-2' }))).status, 201);
  assert.is((await admin.patch(`/api/news/${created.body.id}`, { title: 'Texto cambiado', content: '<p>Otras cámaras</p>' })).status, 200);
  const wrong = async () =>
    Number(
      (
        await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM news_articles WHERE search_vector IS DISTINCT FROM to_tsvector('spanish', news_search_source(title, excerpt, content))`,
        )
      )[0].n,
    );
  assert.is(await wrong(), 0);
  await rebuildProjections(db, store.registeredProjectors);
  assert.is(await wrong(), 0);
});

test("an edit's vector is computed, never kept: saving a draft again and again leaves only its first text's vector kept", async () => {
  const { db, store } = app.services;
  const created = await admin.post('/api/news', article({ title: 'Borrador que crece', slug: 'borrador-que-crece', content: '<p>Inicio.</p>' }));
  assert.is(created.status, 201);
  let content = '<p>Inicio.</p>';
  for (let i = 1; i <= 5; i += 1) {
    content += `<p>Párrafo ${i} sobre micrófonos ocultos.</p>`;
    assert.is((await admin.patch(`/api/news/${created.body.id}`, { content })).status, 200);
  }
  const keptOf = async () =>
    (
      await db.query<{ first: boolean; last: boolean }>(
        `SELECT v.text_hash = news_search_key('Borrador que crece', a.excerpt, '<p>Inicio.</p>') AS first,
                v.text_hash = news_search_key(a.title, a.excerpt, a.content) AS last
         FROM news_articles a JOIN news_search_vectors v
           ON v.text_hash IN (news_search_key(a.title, a.excerpt, a.content), news_search_key('Borrador que crece', a.excerpt, '<p>Inicio.</p>'))
         WHERE a.id = $1`,
        [created.body.id],
      )
    ).map((row) => (row.first ? 'first' : row.last ? 'last' : 'other'));
  assert.equal(await keptOf(), ['first']);
  assert.equal(slugs(await admin.get('/api/news?search=micrófonos ocultos&status=all')), ['borrador-que-crece']);
  // A rebuild replays the six saves leaving the vector empty (seen by a projector of no events whose end
  // comes before the news projector's), then computes it once: the last text's, and nothing more is kept.
  let emptyWhileReplaying: boolean | null = null;
  const watcher: Projector = {
    name: 'watcher',
    handles: [],
    project: async () => {},
    rebuild: {
      before: async () => {},
      async after(tx) {
        const [seen] = await tx.query<{ empty: boolean }>('SELECT search_vector IS NULL AS empty FROM news_articles WHERE id = $1', [created.body.id]);
        emptyWhileReplaying = seen.empty;
      },
    },
  };
  await rebuildProjections(db, [watcher, ...store.registeredProjectors]);
  assert.is(emptyWhileReplaying, true);
  const [row] = await db.query<{ right: boolean }>(
    `SELECT search_vector = to_tsvector('spanish', news_search_source(title, excerpt, content)) AS right FROM news_articles WHERE id = $1`,
    [created.body.id],
  );
  assert.ok(row.right);
  assert.equal(await keptOf(), ['first']);
});

test.run();
