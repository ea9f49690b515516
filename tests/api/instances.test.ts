// Two app instances on one PostgreSQL: a news write on one clears the visitors' news cache of the
// other at once (its per-instance subscription, woken by NOTIFY), not when the cache expires.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../helpers/app';
import { usingPostgres } from '../helpers/database';

const article = (title: string, slug: string) => ({
  title, slug, excerpt: 'Resumen', content: '<p>Contenido</p>', category: 'Ciberseguridad', author: 'Equipo', image: null,
});

if (usingPostgres) {
  let a: TestApp;
  let b: TestApp;
  test.before(async () => {
    a = await startTestApp();
    b = await startTestApp({}, {}, { shareDatabaseOf: a });
  });
  test.after(async () => {
    await b.close();
    await a.close();
  });

  test('an article published on instance A shows on instance B\'s cached visitors\' list right away', async () => {
    const visitor = b.client();
    const staff = await a.admin();
    for (const round of [1, 2, 3]) {
      const before = await visitor.get('/api/news');
      const cachedAt = Date.now();
      assert.is(before.status, 200);
      const created = await staff.post('/api/news', article(`Alerta ${round}`, `alerta-${round}`));
      assert.is(created.status, 201);
      let seen = false;
      while (!seen && Date.now() - cachedAt < 900) {
        seen = (await visitor.get('/api/news')).body.some((item: { slug: string }) => item.slug === `alerta-${round}`);
        if (!seen) await new Promise((r) => setTimeout(r, 10));
      }
      // Without the subscription B would serve its cached page until the one-second cache expires.
      assert.ok(seen, `round ${round}: B served a stale list`);
    }
  });
} else {
  test('two instances need PostgreSQL (set TEST_DATABASE_URL)', () => {});
}

test.run();
