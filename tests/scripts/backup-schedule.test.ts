// The server's own scheduled copy: with BACKUP_DIR and a short BACKUP_EVERY_HOURS the running app
// writes whole archives there itself (through its own open database), keeps the last BACKUP_KEEP,
// removes what a cut copy left behind, writes nothing while another instance holds the backup lock,
// and /healthz and /readyz tell the age of the newest copy.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { verifyBackup } from '../../api/backup/restore';
import { startTestApp } from '../helpers/app';
import { validForm } from '../helpers/forms';
import { waitFor } from '../helpers/wait';

const root = mkdtempSync(path.join(os.tmpdir(), 'copias-programadas-'));
const backupDir = path.join(root, 'copias');
mkdirSync(backupDir);
// Left by a copy that was cut short: the first scheduled copy clears it.
writeFileSync(path.join(backupDir, '.copia-2020-01-01T00-00-00-000Z.tar.gz.123.abcd.tmp'), 'a medias');
writeFileSync(path.join(backupDir, 'notas.txt'), 'no es una copia');

const everyMs = 1_500;
const written: string[] = [];
const app = await startTestApp(
  { dataDir: path.join(root, 'datos') },
  { BACKUP_DIR: backupDir, BACKUP_EVERY_HOURS: String(everyMs / 3_600_000), BACKUP_KEEP: '2' },
  {
    log: (line) => {
      if (line.includes('"backup written"')) written.push(JSON.parse(line).file);
    },
  },
);
test.after(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

/** Runs `check` while holding the backup lock, so no copy is written (or pruned) meanwhile. */
async function whileNoCopyIsWritten<T>(check: () => Promise<T>): Promise<T> {
  for (;;) {
    const held = await app.services.db.tryWithLock('scheduled-backup', check);
    if (held) return held.value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const copies = () =>
  readdirSync(backupDir)
    .filter((name) => name.startsWith('copia-'))
    .sort();

test('the running server writes whole copies itself, keeps the last two, and clears a cut copy', async () => {
  const visitor = app.client();
  const { body } = await visitor.post('/api/objects/upload');
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();
  assert.is((await visitor.request('PUT', body.uploadURL, jpeg, { 'content-type': 'image/jpeg' })).status, 200);
  assert.is((await visitor.post('/api/advance-forms/public', validForm({ emergencyExitsPhoto: body.objectPath, evacuationPlanPhoto: null }))).status, 201);

  const already = written.length;
  await waitFor(() => written.length >= already + 3, 30_000, 'three scheduled copies');
  await whileNoCopyIsWritten(async () => {
    assert.equal(copies(), written.slice(-2), 'the last two are kept, older ones removed');
    assert.not.ok(
      readdirSync(backupDir).some((name) => name.endsWith('.tmp')),
      'no temporary file is left',
    );
    assert.ok(readdirSync(backupDir).includes('notas.txt'), 'files that are not copies are left alone');
  });

  // The newest copy is a whole archive with the form's photo in it.
  const newest = copies().at(-1)!;
  const { manifest, summary } = await verifyBackup(path.join(backupDir, newest));
  assert.is(manifest.blobs.length, 2);
  assert.ok(summary.events > 0);
  const [{ n }] = await app.services.db.query<{ n: number }>('SELECT count(*)::int AS n FROM events');
  assert.ok(summary.events <= n);
});

test('/healthz and /readyz tell when the newest copy was made and how old it is', async () => {
  for (const probe of ['/healthz', '/readyz']) {
    await whileNoCopyIsWritten(async () => {
      const answer = await app.client().get(probe);
      assert.is(answer.status, 200, answer.text);
      const { lastBackup } = answer.body;
      assert.ok(lastBackup, `${probe} has lastBackup`);
      assert.is(lastBackup.file, copies().at(-1));
      assert.is(lastBackup.file, written.at(-1));
      assert.ok(Math.abs(Date.parse(lastBackup.at) - Date.now()) < 60_000, lastBackup.at);
      assert.type(lastBackup.ageHours, 'number');
      assert.ok(lastBackup.ageHours >= 0 && lastBackup.ageHours < 0.01, String(lastBackup.ageHours));
      assert.is(lastBackup.overdue, false);
      assert.is(lastBackup.failing, false);
    });
  }
});

test('while another instance holds the backup lock, this one writes nothing; then it goes on', async () => {
  const before = written.length;
  await app.services.db.tryWithLock('scheduled-backup', async () => {
    await new Promise((resolve) => setTimeout(resolve, everyMs * 3));
    assert.is(written.length, before, 'no copy while the lock is held elsewhere');
  });
  await waitFor(() => written.length > before, 30_000, 'a copy after the lock is released');
});

test('without BACKUP_DIR there is no scheduled copy and the probes say nothing of one', async () => {
  const plain = await startTestApp({ dataDir: path.join(root, 'otro') });
  try {
    assert.is(plain.config.backup, null);
    assert.is((await plain.client().get('/healthz')).body.lastBackup, undefined);
    assert.is((await plain.client().get('/readyz')).body.lastBackup, undefined);
  } finally {
    await plain.close();
  }
});

test.run();
