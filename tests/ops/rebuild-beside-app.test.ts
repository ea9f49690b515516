// On PostgreSQL a rebuild may run while the site takes writes: afterwards the read tables hold every
// acknowledged write once, exactly as a rebuild on a quiet database would make them.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { openDb } from '../../events';
import { allProjectors, rebuildProjections } from '../../projections';
import { startTestApp, type TestApp } from '../helpers/app';
import { usingPostgres } from '../helpers/database';
import { snapshot } from '../helpers/snapshot';
import { skipBecause } from '../helpers/skip';

if (!usingPostgres) {
  skipBecause('writes during a rebuild are neither lost nor doubled', 'a rebuild beside a running app is a PostgreSQL case: set TEST_DATABASE_URL');
} else {
  let app: TestApp;
  test.before(async () => {
    app = await startTestApp();
  });
  test.after(() => app.close());

  test('writes during a rebuild are neither lost nor doubled', async () => {
    const visitor = app.client();
    const admin = await app.admin();
    for (let i = 0; i < 40; i++) await visitor.post('/api/contact', { name: `Antes ${i}`, email: 'a@example.com', message: 'antes' });
    const rebuilder = await openDb({ databaseUrl: app.services.config.databaseUrl });
    const acknowledged: string[] = [];
    try {
      const writes = (async () => {
        for (let i = 0; i < 60; i++) {
          const sent = await visitor.post('/api/contact', { name: `Durante ${i}`, email: 'd@example.com', message: 'durante' });
          assert.is(sent.status, 201, sent.text);
          acknowledged.push(sent.body.id);
          if (i % 10 === 0) assert.is((await admin.patch(`/api/contact/${sent.body.id}/status`, { status: 'read' })).status, 200);
        }
      })();
      const rebuilds = (async () => {
        for (let i = 0; i < 3; i++) await rebuildProjections(rebuilder, allProjectors);
      })();
      await Promise.all([writes, rebuilds]);
      const live = await snapshot(app.services.db);
      const ids = live.contact_messages.map((row) => JSON.parse(row).id);
      assert.is(new Set(ids).size, ids.length, 'no message twice');
      for (const id of acknowledged) assert.ok(ids.includes(id), `acknowledged ${id} is there`);
      await rebuildProjections(rebuilder, allProjectors);
      assert.equal(await snapshot(app.services.db), live, 'a quiet rebuild changes nothing');
    } finally {
      await rebuilder.close();
    }
  });
}

test.run();
