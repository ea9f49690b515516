// Upgrades: a migration that adds a read table, applied to a database whose log already holds the events
// it is built from, leaves the table filled before the app serves (the read tables are rebuilt from the
// log in the migration's transaction); a fresh database or a start with nothing to migrate rebuilds nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createApp, type App } from '../../api/app';
import { openDb, type Db } from '../../events';
import { Client, testConfig } from '../helpers/app';
import { freshDatabase, usingPostgres } from '../helpers/database';
import { skipBecause } from '../helpers/skip';

const root = mkdtempSync(path.join(tmpdir(), 'actualizacion-'));
const database = await freshDatabase();
const lines: string[] = [];
const rebuildLines = () => lines.filter((line) => line.includes('tablas de lectura reconstruidas'));

type Running = { app: App; server: Server; base: string };

async function start(db: Db = database.db): Promise<Running> {
  const config = testConfig(database.databaseUrl, { dataDir: root });
  const server = createServer();
  const app = await createApp(config, { web: false, db, httpServer: server, log: (line) => lines.push(line) });
  server.on('request', app.app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { app, server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function stop({ app, server }: Running) {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await app.close();
}

/** Takes the database back to before a read-table migration: its tables gone and its name unapplied. */
async function undoMigration(name: string, tables: string[]) {
  for (const table of tables) await database.db.query(`DROP TABLE ${table}`);
  await database.db.query('DELETE FROM schema_migrations WHERE name = $1', [name]);
}

test.after(async () => {
  await database.drop();
  rmSync(root, { recursive: true, force: true });
});

test('a read table added by an upgrade holds what the log already said, before the first request', async () => {
  const first = await start();
  assert.is(rebuildLines().length, 0, 'a fresh database has nothing to rebuild');
  const admin = await new Client(first.base).login();
  const png = await sharp({ create: { width: 500, height: 300, channels: 3, background: '#aa3333' } })
    .png()
    .toBuffer();
  const media = await admin.request('POST', '/api/media', png, { 'content-type': 'image/png' });
  assert.is(media.status, 201, media.text);
  const article = await admin.post('/api/news', {
    title: 'Con imagen',
    slug: 'con-imagen',
    excerpt: 'E',
    content: '<p>Texto</p>',
    category: 'Noticias',
    author: 'A',
    image: media.body.url,
    imageAlt: 'Una imagen roja',
  });
  assert.is(article.status, 201, article.text);
  const visitor = new Client(first.base);
  for (const message of ['Uno', 'Dos', 'Tres', 'Cuatro']) {
    assert.is((await visitor.post('/api/contact', { name: 'Ana', email: 'ana@example.com', message })).status, 201);
  }
  await stop(first);

  // The database as the previous version left it: the log has the events, the tables do not exist yet.
  await undoMigration('projections/migrations/011_media_uses.sql', ['media_uses']);
  await undoMigration('projections/migrations/008_summary.sql', ['summary_contacts', 'summary_advance_forms', 'summary_feed_runs', 'summary_settings']);

  const second = await start();
  try {
    const upgraded = await new Client(second.base).login();
    const listed = await upgraded.get('/api/media');
    assert.equal(
      listed.body.map((item: { usedBy: { title: string }[] }) => item.usedBy.map((use) => use.title)),
      [['Con imagen']],
    );
    const refused = await upgraded.delete(`/api/media/${media.body.id}`);
    assert.is(refused.status, 409, refused.text);
    assert.is((await fetch(second.base + media.body.url)).status, 200);
    const leads = (await upgraded.get('/api/summary/leads')).body;
    assert.is(leads.weeks[11].contact, 4);
    assert.is(rebuildLines().length, 1, 'the upgrade says it rebuilt the read tables');
  } finally {
    await stop(second);
  }

  // Nothing left to migrate: no rebuild on the next start.
  const third = await start();
  await stop(third);
  assert.is(rebuildLines().length, 1);
});

test("an article's last public change, added by an upgrade, is read from the log: an edit while published counts, a draft's saves do not", async () => {
  const first = await start();
  const admin = await new Client(first.base).login();
  const fields = { excerpt: 'E', content: '<p>Texto</p>', category: 'Noticias', author: 'A', publishedAt: '2026-01-05T10:00:00.000Z' };
  const edited = (await admin.post('/api/news', { ...fields, title: 'Editada', slug: 'editada' })).body;
  const change = await admin.patch(`/api/news/${edited.id}`, { title: 'Editada otra vez' });
  assert.is(change.status, 200, change.text);
  const draft = (await admin.post('/api/news', { ...fields, title: 'Borrador', slug: 'borrador', status: 'draft' })).body;
  assert.is((await admin.patch(`/api/news/${draft.id}`, { content: '<p>Guardado</p>' })).status, 200);
  assert.is((await admin.patch(`/api/news/${draft.id}`, { status: 'published' })).status, 200);
  const [{ at }] = await database.db.query<{ at: string | Date }>(
    `SELECT recorded_at AS at FROM events WHERE stream_id = $1 AND type = 'NewsArticleUpdated' ORDER BY position DESC LIMIT 1`,
    [edited.id],
  );
  await stop(first);

  // The database as the previous version left it: the log has the events, the column does not exist yet.
  await database.db.query('ALTER TABLE news_articles DROP COLUMN content_changed_at');
  await database.db.query('DELETE FROM schema_migrations WHERE name = $1', ['projections/migrations/014_article_changes.sql']);
  lines.length = 0;

  const second = await start();
  try {
    const visitor = new Client(second.base);
    assert.is((await visitor.get('/api/news/editada')).body.updatedAt, new Date(at).toISOString());
    assert.is((await visitor.get('/api/news/borrador')).body.updatedAt, fields.publishedAt);
    assert.is(rebuildLines().length, 1, 'the upgrade says it rebuilt the read tables');
  } finally {
    await stop(second);
  }
});

if (usingPostgres) {
  test('instances upgrading together: one migrates and rebuilds, the others find it done', async () => {
    await undoMigration('projections/migrations/011_media_uses.sql', ['media_uses']);
    lines.length = 0;
    // Each with its own connections, as separate processes would have.
    const dbs = await Promise.all([1, 2, 3].map(() => openDb({ databaseUrl: database.databaseUrl!, max: 3 })));
    const instances = await Promise.all(dbs.map((db) => start(db)));
    try {
      assert.is(rebuildLines().length, 1);
      const [{ n }] = await database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM media_uses');
      assert.is(n, 1);
    } finally {
      for (const instance of instances) await stop(instance);
      for (const db of dbs) await db.close();
    }
  });
} else {
  skipBecause('instances upgrading together', 'several instances need PostgreSQL: set TEST_DATABASE_URL');
}

test.run();
