// A log exported, loaded into an empty database and exported again is the same file, byte for byte,
// on the database the run uses (PGlite, or PostgreSQL with TEST_DATABASE_URL): times keep their
// microseconds, so the closing SHA-256 of a restored copy matches its source's.
import { createHash } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { intoEmptyDatabase } from '../../api/backup/empty-target';
import { checkLog, exportLog, insertLog, linesOf, LogRefused } from '../../api/backup/log-file';
import type { Db } from '../../events';
import { startTestApp } from '../helpers/app';
import { freshDatabase } from '../helpers/database';

/** A whole file's text as the byte stream a load reads. */
async function* fileOf(text: string) {
  yield text;
}

async function exported(db: Db): Promise<string> {
  const lines: string[] = [];
  await exportLog(db, async (line) => void lines.push(line));
  return lines.join('');
}

// Times whose microseconds are not zero, written as SQL literals so the source holds them exactly.
const eventTime = '2026-03-14T15:09:26.413936Z';
const uploadTimes = {
  createdAt: '2026-03-14T15:10:01.000001Z',
  expiresAt: '2026-03-14T16:10:01.999999Z',
  claimedAt: '2026-03-14T15:10:02.123457Z',
  storedAt: '2026-03-14T15:10:03.500250Z',
};

const source = await startTestApp();
const admin = await source.admin();
const article = await admin.post('/api/news', {
  title: 'Micrófonos',
  slug: 'microfonos',
  excerpt: 'e',
  content: '<p>c</p>',
  category: 'Tecnología',
  author: 'A',
});
assert.is(article.status, 201, article.text);
assert.is((await admin.patch(`/api/news/${article.body.id}`, { title: 'Micrófonos ocultos' })).status, 200);
assert.is((await source.client().post('/api/contact', { name: 'Ana', email: 'ana@example.com', message: 'Hola' })).status, 201);
await source.services.db.query(`UPDATE events SET recorded_at = '${eventTime}' WHERE position = (SELECT min(position) FROM events)`);
await source.services.db.query(
  `INSERT INTO uploads (id, created_at, expires_at, claimed_at, stored_at, content_type, size_bytes)
   VALUES ('6f1c2b9e-3d4a-4e5f-8a7b-9c0d1e2f3a4b', '${uploadTimes.createdAt}', '${uploadTimes.expiresAt}', '${uploadTimes.claimedAt}',
           '${uploadTimes.storedAt}', 'image/jpeg', 1234),
          ('7a2d3c0f-4e5b-4f60-9b8c-0d1e2f3a4b5c', '${uploadTimes.createdAt}', '${uploadTimes.expiresAt}', NULL, NULL, NULL, NULL)`,
);
const first = await exported(source.services.db);
await source.close();

test('a log loaded into an empty database exports again byte for byte, microseconds included', async () => {
  assert.ok(first.includes(`"recordedAt":"${eventTime}"`), 'the source export keeps the event time to the microsecond');
  for (const [field, time] of Object.entries(uploadTimes))
    assert.ok(first.includes(`"${field}":"${time}"`), `the source export keeps ${field} to the microsecond`);
  const target = await freshDatabase();
  try {
    await intoEmptyDatabase(target.db, (tx) => insertLog(tx, linesOf(fileOf(first))), await checkLog(linesOf(fileOf(first))));
    const second = await exported(target.db);
    const [a, b] = [first.split('\n'), second.split('\n')];
    const differing = a.findIndex((line, i) => line !== b[i]);
    assert.is(differing, -1, `line ${differing + 1} differs:\n${a[differing]}\n${b[differing]}`);
    assert.is(second, first);
  } finally {
    await target.drop();
  }
});

test('a time that names no real day or hour is refused before anything is written, naming its line', async () => {
  const lines = first.trimEnd().split('\n').slice(0, -1);
  for (const [field, bad] of [
    ['recordedAt', '2026-02-30T15:09:26.413936Z'],
    ['recordedAt', '2026-03-14T24:00:00.000000Z'],
  ]) {
    const changed = [lines[0].replace(`"${field}":"${eventTime}"`, `"${field}":"${bad}"`), ...lines.slice(1)];
    assert.ok(changed[0].includes(bad));
    const text = changed.map((line) => `${line}\n`).join('');
    const kinds = changed.map((line) => JSON.parse(line).kind);
    const end = {
      kind: 'end',
      format: 1,
      events: kinds.filter((kind) => kind === 'event').length,
      uploads: kinds.filter((kind) => kind === 'upload').length,
      sha256: createHash('sha256').update(text).digest('hex'),
    };
    try {
      await checkLog(linesOf(fileOf(text + JSON.stringify(end) + '\n')));
      assert.unreachable(`${bad} was accepted`);
    } catch (error) {
      assert.instance(error, LogRefused);
      assert.is((error as Error).message, 'La línea 1 no tiene una fecha válida (recordedAt).');
    }
  }
});

test.run();
