// The scheduled copy decides on dates it can trust: a file whose name is dated in the future (a
// clock that was wrong, a copy brought in from elsewhere) never passes for a recent copy, so it
// neither stops the next copy nor keeps the real ones from being pruned in their turn.
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { allMigrations } from '../../api/app';
import { backupScheduler } from '../../api/backup/scheduler';
import { createLogger } from '../../api/log';
import { localBlobStore } from '../../api/storage/blobs';
import { migrate } from '../../events';
import { freshDatabase } from '../helpers/database';

const root = mkdtempSync(path.join(os.tmpdir(), 'copias-fechas-'));
const database = await freshDatabase();
await migrate(database.db, allMigrations);
test.after(async () => {
  await database.drop();
  rmSync(root, { recursive: true, force: true });
});

const hourMs = 3_600_000;
const schedulerIn = (dir: string, keep = 7) =>
  backupScheduler({
    db: database.db,
    blobs: localBlobStore(path.join(root, 'fotos')),
    settings: { dir, everyMs: hourMs, keep },
    log: createLogger({ write: () => {} }),
  });
const copies = (dir: string) =>
  readdirSync(dir)
    .filter((name) => name.startsWith('copia-'))
    .sort();

test('a copy named in the future does not count as recent: a copy is written, and it is the newest', async () => {
  const dir = mkdtempSync(path.join(root, 'futuro-'));
  const future = 'copia-2999-01-01T00-00-00-000Z.tar.gz';
  writeFileSync(path.join(dir, future), 'traída de otra máquina');
  const scheduler = schedulerIn(dir);
  assert.is(await scheduler.runOnce(), 'written');
  const [written] = copies(dir).filter((name) => name !== future);
  assert.ok(written, 'a new copy');
  const status = await scheduler.status();
  assert.is(status.file, written);
  assert.ok(status.ageHours! >= 0 && status.ageHours! < 0.1, String(status.ageHours));
  // The new copy is recent: the next turn has nothing to do.
  assert.is(await scheduler.runOnce(), 'fresh');
});

test('a copy whose name is recent but whose file is old is judged by its file: a new copy is due', async () => {
  const dir = mkdtempSync(path.join(root, 'antigua-'));
  const now = new Date();
  const name = `copia-${now.toISOString().replace(/[:.]/g, '-')}.tar.gz`;
  writeFileSync(path.join(dir, name), 'una copia vieja con un nombre de hoy');
  const twoDaysAgo = new Date(now.getTime() - 48 * hourMs);
  utimesSync(path.join(dir, name), twoDaysAgo, twoDaysAgo);
  const scheduler = schedulerIn(dir);
  assert.ok((await scheduler.status()).ageHours! > 47, 'its age is its file’s');
  assert.is((await scheduler.status()).overdue, true);
  await new Promise((resolve) => setTimeout(resolve, 5));
  assert.is(await scheduler.runOnce(), 'written');
});

test('pruning keeps the newest real copies, not the one named in the future', async () => {
  const dir = mkdtempSync(path.join(root, 'poda-'));
  const future = 'copia-2999-01-01T00-00-00-000Z.tar.gz';
  writeFileSync(path.join(dir, future), 'traída de otra máquina');
  // Two real copies, made an hour and a half and three hours ago.
  for (const hoursAgo of [3, 1.5]) {
    const at = new Date(Date.now() - hoursAgo * hourMs);
    const name = `copia-${at.toISOString().replace(/[:.]/g, '-')}.tar.gz`;
    writeFileSync(path.join(dir, name), 'copia');
    utimesSync(path.join(dir, name), at, at);
  }
  const older = copies(dir)[0];
  const scheduler = schedulerIn(dir, 2);
  assert.is(await scheduler.runOnce(), 'written');
  const kept = copies(dir);
  assert.is(kept.length, 2, kept.join(', '));
  assert.not.ok(kept.includes(future), 'the copy named in the future is pruned first');
  assert.not.ok(kept.includes(older));
  assert.is((await scheduler.status()).file, kept.at(-1));
});

test.run();
