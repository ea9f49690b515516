// Backing up and moving the log: `npm run events:export` of an embedded database, `npm run
// events:import` into an empty PostgreSQL (or another embedded one): the read tables come out equal,
// photos keep working, new writes continue after the last position, and a non-empty target refuses.
import { mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { openDb, type Sql } from '../../events';
import { startTestApp } from '../helpers/app';
import { freshDatabase, usingPostgres } from '../helpers/database';
import { validForm } from '../helpers/forms';
import { run } from '../helpers/processes';
import { snapshot } from '../helpers/snapshot';
import { embeddedDataDir } from '../helpers/embedded-data-dir';

const sourceDir = await embeddedDataDir('origen-');
const targetDir = mkdtempSync(path.join(os.tmpdir(), 'destino-'));
const backup = path.join(sourceDir, 'copia.jsonl');
test.after(() => {
  rmSync(sourceDir, { recursive: true, force: true });
  rmSync(targetDir, { recursive: true, force: true });
});

/** Every event as position, type and payload: the same text on both sides when the log moved whole. */
const eventsOf = async (db: Sql) =>
  (await db.query('SELECT position, type, data::text AS data FROM events ORDER BY position')).map((r) => `${r.position} ${r.type} ${r.data}`);

const env = { ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'clave-de-prueba-123', PUBLIC_WRITE_LIMIT: '0', FEED_SCHEDULER: 'off' };

test('an exported embedded log imported into an empty database gives the same site, photos included', async () => {
  // The source: the embedded database in its DATA_DIR, written through the API.
  const source = await startTestApp({ dataDir: sourceDir, databaseUrl: null }, env, { configuredDatabase: true });
  let photoPath: string;
  let sourceTables: Awaited<ReturnType<typeof snapshot>>;
  let sourceEvents: string[];
  try {
    const admin = await source.admin();
    const visitor = source.client();
    const article = (
      await admin.post('/api/news', {
        title: 'Cámaras ocultas',
        slug: 'camaras-ocultas',
        excerpt: 'e',
        content: '<p>c</p>',
        category: 'Tecnología',
        author: 'A',
      })
    ).body;
    await admin.patch(`/api/news/${article.id}`, { title: 'Cámaras ocultas en oficinas' });
    await admin.post('/api/services', { title: 'Barrido', description: 'd', category: 'c', features: 'a, b' });
    await admin.post('/api/rss/sources', { name: 'F', url: 'https://example.com/feed', defaultCategory: 'Noticias' });
    const kept = (await visitor.post('/api/contact', { name: 'Ana', email: 'ana@example.com', message: 'uno' })).body;
    const erased = (await visitor.post('/api/contact', { name: 'Beto', email: 'beto@example.com', message: 'dos' })).body;
    await admin.patch(`/api/contact/${kept.id}/status`, { status: 'read' });
    assert.is((await admin.delete(`/api/contact/${erased.id}`)).status, 204);
    const upload = (await visitor.post('/api/objects/upload')).body;
    const jpeg = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#225588' } })
      .jpeg()
      .toBuffer();
    assert.is((await visitor.request('PUT', upload.uploadURL, jpeg, { 'content-type': 'image/jpeg' })).status, 200);
    photoPath = upload.objectPath;
    const form = await visitor.post('/api/advance-forms/public', validForm({ emergencyExitsPhoto: photoPath, evacuationPlanPhoto: null }));
    assert.is(form.status, 201, form.text);
    await admin.post('/api/users', { username: 'colega', password: 'otra-clave-segura-1', role: 'colaborador' });
    sourceTables = await snapshot(source.services.db);
    sourceEvents = await eventsOf(source.services.db);
  } finally {
    await source.close();
  }

  const exported = await run('npm', ['run', '--silent', 'events:export'], { DATA_DIR: sourceDir, DATABASE_URL: '' }, { timeoutMs: 120_000 });
  assert.is(exported.code, 0, exported.stderr);
  assert.match(exported.stderr, /Exportados \d+ eventos y 1 fotos/);
  const lines = exported.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  assert.ok(
    lines.every((line, i) => i === 0 || line.kind !== 'event' || line.position > lines[i - 1].position),
    'in log order',
  );
  assert.not.ok(exported.stdout.includes('beto@example.com'), 'erased personal data stays erased in the backup');
  writeFileSync(backup, exported.stdout);

  // The target: an empty PostgreSQL database when the tests have one, else another embedded one.
  const target = usingPostgres ? await freshDatabase() : null;
  const targetEnv = target ? { DATABASE_URL: target.databaseUrl!, DATA_DIR: targetDir } : { DATABASE_URL: '', DATA_DIR: targetDir };
  await target?.db.close();
  try {
    const imported = await run('npm', ['run', '--silent', 'events:import'], targetEnv, { input: readFileSync(backup, 'utf8'), timeoutMs: 120_000 });
    assert.is(imported.code, 0, imported.stderr);
    assert.match(imported.stderr, /Importados \d+ eventos y 1 fotos; proyecciones reconstruidas/);

    const targetDb = await openDb(target ? { databaseUrl: target.databaseUrl } : { dataDir: targetDir });
    try {
      assert.equal(await snapshot(targetDb), sourceTables!);
      assert.equal(await eventsOf(targetDb), sourceEvents!);
    } finally {
      await targetDb.close();
    }

    // A second import into the now non-empty target is refused and changes nothing.
    const again = await run('npm', ['run', '--silent', 'events:import'], targetEnv, { input: readFileSync(backup, 'utf8'), timeoutMs: 120_000 });
    assert.is(again.code, 1);
    assert.match(again.stderr, /La base de datos de destino ya tiene \d+ eventos: importe solo en una base de datos vacía\./);

    // The moved site: signs in, serves the photo from the uploads kept in DATA_DIR, writes after the last position.
    const moved = await startTestApp({ dataDir: target ? sourceDir : targetDir, databaseUrl: target?.databaseUrl ?? null }, env, { configuredDatabase: true });
    try {
      if (!target) {
        // Embedded to embedded: the photos travel with DATA_DIR/uploads, copied as files.
        const { cpSync } = await import('node:fs');
        cpSync(path.join(sourceDir, 'uploads'), path.join(targetDir, 'uploads'), { recursive: true });
      }
      const admin = await moved.admin();
      assert.is((await admin.get(photoPath!)).status, 200);
      assert.is((await moved.client().get('/api/news/camaras-ocultas')).body.title, 'Cámaras ocultas en oficinas');
      const created = await admin.post('/api/news', { title: 'Después', slug: 'despues', excerpt: 'e', content: 'c', category: 'Noticias', author: 'A' });
      assert.is(created.status, 201, created.text);
      const history = await admin.get(`/api/history?streamId=${created.body.id}`);
      const lastExported = Math.max(...lines.filter((line) => line.kind === 'event').map((line) => line.position));
      assert.ok(history.body.items[0].position > lastExported);
    } finally {
      await moved.close();
    }
  } finally {
    await target?.drop().catch(() => {});
  }
});

test.run();
