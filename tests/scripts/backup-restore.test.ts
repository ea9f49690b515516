// `npm run backup` and `npm run restore`, run as the real commands: a site on the embedded database
// with news, a contact message and an advance form whose photos came through the real upload flow is
// backed up into one archive and restored onto a fresh target (PostgreSQL with TEST_DATABASE_URL,
// else another embedded database) with its own photo folder; a server there answers the same API,
// the same PDF text and images, and the same photo bytes. Damaged archives and non-empty targets are
// refused before anything is written, and a failure while writing leaves neither rows nor photos.
import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { extract as tarExtract, pack as tarPack } from 'tar-stream';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { openDb } from '../../events';
import { restoreVerified, verifyBackup } from '../../api/backup/restore';
import { localBlobStore } from '../../api/storage/blobs';
import { startTestApp, type Client, type TestApp } from '../helpers/app';
import { startCommitCutProxy } from '../helpers/commit-cut-proxy';
import { freshDatabase, usingPostgres } from '../helpers/database';
import { validForm } from '../helpers/forms';
import { startPrivatePostgres } from '../helpers/private-postgres';
import { bundledScripts, run } from '../helpers/processes';
import { embeddedDataDir } from '../helpers/embedded-data-dir';

const root = mkdtempSync(path.join(os.tmpdir(), 'copia-completa-'));
const scripts = await bundledScripts(['backup', 'restore']);
test.after(() => {
  rmSync(root, { recursive: true, force: true });
  scripts.remove();
});
const env = { ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'clave-de-prueba-123', PUBLIC_WRITE_LIMIT: '0', FEED_SCHEDULER: 'off' };
const timeoutMs = 180_000;
const command = (script: string, args: string[], target: NodeJS.ProcessEnv) =>
  run(process.execPath, scripts.args(script, args), { ...env, ...target }, { timeoutMs });

/** What a visitor and the staff see, as the API answers it, for comparing two sites. */
async function answersOf(app: TestApp, formId: string, photoLinks: string[]) {
  const staff = await app.admin();
  const visitor = app.client();
  const json = async (client: Client, url: string) => {
    const answer = await client.get(url);
    assert.is(answer.status, 200, `${url}: ${answer.text}`);
    return answer.text;
  };
  const pdf = await fetch(`${app.base}/api/advance-forms/${formId}/pdf`, { headers: { cookie: cookieOf(staff) } });
  assert.is(pdf.status, 200);
  const pdfBytes = Buffer.from(await pdf.arrayBuffer());
  const pdfFile = path.join(root, `${randomUUID()}.pdf`);
  writeFileSync(pdfFile, pdfBytes);
  return {
    news: await json(visitor, '/api/news'),
    article: await json(visitor, '/api/news/microfonos-ocultos'),
    services: await json(visitor, '/api/services'),
    messages: await json(staff, '/api/contact/messages'),
    forms: await json(staff, '/api/advance-forms'),
    form: await json(staff, `/api/advance-forms/${formId}`),
    // The PDF says when it was made; everything else in it must be the same.
    pdfText: execFileSync('pdftotext', ['-layout', pdfFile, '-'], { encoding: 'utf8' })
      .replace(/Generado: [^\n]*/g, 'Generado: …')
      .replace(/\s+/g, ' '),
    pdfImages: execFileSync('pdfimages', ['-list', pdfFile], { encoding: 'utf8' }),
    photos: await Promise.all(
      photoLinks.map(async (link) => {
        const answer = await fetch(app.base + link, { headers: { cookie: cookieOf(staff) } });
        assert.is(answer.status, 200, link);
        return `${answer.headers.get('content-type')} ${createHash('sha256')
          .update(Buffer.from(await answer.arrayBuffer()))
          .digest('hex')}`;
      }),
    ),
  };
}
const cookieOf = (client: Client) => [...(client as any).cookies].map(([k, v]: [string, string]) => `${k}=${v}`).join('; ');

// The source: an embedded database in its own DATA_DIR, written through the HTTP API.
const sourceDir = await embeddedDataDir('origen-', root);
const source = await startTestApp({ dataDir: sourceDir, databaseUrl: null }, env, { configuredDatabase: true });
const admin = await source.admin();
const visitor = source.client();
const article = await admin.post('/api/news', {
  title: 'Micrófonos ocultos',
  slug: 'microfonos-ocultos',
  excerpt: 'Cómo encontrarlos',
  content: '<p>Un barrido</p>',
  category: 'Tecnología',
  author: 'A',
});
assert.is(article.status, 201, article.text);
await admin.post('/api/services', { title: 'Barrido', description: 'd', category: 'c', features: 'a, b' });
await visitor.post('/api/contact', { name: 'Ana', email: 'ana@example.com', message: 'Necesito un barrido' });
async function uploadedPhoto(color: string): Promise<string> {
  const { body } = await visitor.post('/api/objects/upload');
  const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
  const stored = await visitor.request('PUT', body.uploadURL, jpeg, { 'content-type': 'image/jpeg' });
  assert.is(stored.status, 200, stored.text);
  return body.objectPath;
}
const photoLinks = [await uploadedPhoto('#224488'), await uploadedPhoto('#884422')];
const form = await visitor.post(
  '/api/advance-forms/public',
  validForm({ emergencyExitsPhoto: photoLinks[0], hasEvacuationPlan: true, evacuationPlanPhoto: photoLinks[1] }),
);
assert.is(form.status, 201, form.text);
const formId: string = form.body.id;
const sourceAnswers = await answersOf(source, formId, photoLinks);
// What is compared must hold something: the form's text, both photos in the PDF, two different photos.
assert.ok(sourceAnswers.pdfText.includes('Laura Jiménez'), 'the PDF text has the form');
assert.is(sourceAnswers.pdfImages.trim().split('\n').length - 2, 2, 'the PDF has both photos');
assert.is(new Set(sourceAnswers.photos).size, 2);
assert.ok(sourceAnswers.forms.includes(formId) && sourceAnswers.messages.includes('Necesito un barrido'));
const [{ n: sourceEvents }] = await source.services.db.query<{ n: number }>('SELECT count(*)::int AS n FROM events');
await source.close();

const archive = path.join(root, 'copia.tar.gz');
const sourceEnv = { DATA_DIR: sourceDir, DATABASE_URL: '' };

type Target = { env: NodeJS.ProcessEnv; dataDir: string; databaseUrl: string | null; state(): Promise<string>; drop(): Promise<void> };

/** A new, empty target: an empty DATA_DIR (database and photos, or photos only), and with TEST_DATABASE_URL a new PostgreSQL database. */
async function freshTarget(): Promise<Target> {
  const dataDir = mkdtempSync(path.join(root, 'destino-'));
  const database = usingPostgres ? await freshDatabase() : null;
  await database?.db.close();
  return {
    dataDir,
    databaseUrl: database?.databaseUrl ?? null,
    env: { DATA_DIR: dataDir, DATABASE_URL: database?.databaseUrl ?? '' },
    /** What a server would find: every file (not folder) under DATA_DIR, and on PostgreSQL the tables. */
    async state() {
      const files = readdirSync(dataDir, { recursive: true })
        .map(String)
        .filter((name) => !statSync(path.join(dataDir, name), { throwIfNoEntry: false })?.isDirectory())
        .sort()
        .join(',');
      if (!database) return `files: ${files}`;
      const db = await openDb({ databaseUrl: database.databaseUrl });
      try {
        const tables = await db.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`);
        return `files: ${files}; tables: ${tables.map((t) => t.name).join(',')}`;
      } finally {
        await db.close();
      }
    },
    drop: async () => database?.drop(),
  };
}

/** Restores `file` into a fresh target (prepared by `prepare`): exit code 1, the message, and the target as it was. */
async function refused(file: string, message: string | RegExp, prepare: (target: Target) => void = () => {}) {
  const target = await freshTarget();
  try {
    prepare(target);
    const before = await target.state();
    const result = await command('restore', [file], target.env);
    assert.ok(result.code !== null, `killed after ${timeoutMs} ms`);
    assert.is(result.code, 1, result.stderr);
    assert.match(result.stderr, message);
    assert.not.match(result.stderr, /\n\s+at /, 'no stack trace');
    assert.is(await target.state(), before, 'the target is exactly as before');
    return result;
  } finally {
    await target.drop();
  }
}

type Entry = { name: string; bytes: Buffer };

function entriesOf(file: string): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    const extract = tarExtract();
    extract.on('entry', (header, stream, next) => {
      const parts: Buffer[] = [];
      stream.on('data', (chunk) => void parts.push(chunk as Buffer));
      stream.on('end', () => {
        entries.push({ name: header.name, bytes: Buffer.concat(parts) });
        next();
      });
    });
    extract.on('finish', () => resolve(entries));
    extract.on('error', reject);
    extract.end(gunzipSync(readFileSync(file)));
  });
}

/** A copy of the archive with its entries changed by `edit`. */
async function rewritten(name: string, edit: (entries: Entry[]) => Entry[]): Promise<string> {
  const entries = edit(await entriesOf(archive));
  const pack = tarPack();
  const chunks: Buffer[] = [];
  pack.on('data', (chunk) => void chunks.push(chunk as Buffer));
  const ended = new Promise<void>((resolve) => pack.on('end', () => resolve()));
  for (const entry of entries) pack.entry({ name: entry.name, size: entry.bytes.byteLength }, entry.bytes);
  pack.finalize();
  await ended;
  const file = path.join(root, name);
  writeFileSync(file, gzipSync(Buffer.concat(chunks)));
  return file;
}
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/** The log's lines with a closing line that matches them. */
function sealedLog(lines: string[]): Buffer {
  const text = lines.map((line) => `${line}\n`).join('');
  const kinds = lines.map((line) => JSON.parse(line).kind);
  const end = {
    kind: 'end',
    format: 1,
    events: kinds.filter((k) => k === 'event').length,
    uploads: kinds.filter((k) => k === 'upload').length,
    sha256: sha256(text),
  };
  return Buffer.from(text + JSON.stringify(end) + '\n');
}

/** The manifest made to match a changed log, so the only fault left is the one a test put in. */
function withManifestFor(entries: Entry[]): Entry[] {
  const log = entries.find((entry) => entry.name === 'log.jsonl')!.bytes;
  const end = JSON.parse(log.toString().trimEnd().split('\n').pop()!);
  return entries.map((entry) => {
    if (entry.name !== 'manifest.json') return entry;
    const manifest = JSON.parse(entry.bytes.toString());
    manifest.log = { ...manifest.log, bytes: log.byteLength, sha256: sha256(log), events: end.events, uploads: end.uploads };
    return { name: entry.name, bytes: Buffer.from(JSON.stringify(manifest)) };
  });
}
const logLinesOf = (entries: Entry[]) =>
  entries
    .find((entry) => entry.name === 'log.jsonl')!
    .bytes.toString()
    .trimEnd()
    .split('\n')
    .slice(0, -1);

test('backup, restore onto a fresh target, and a server there answers the same API, PDF and photo bytes', async () => {
  const started = Date.now();
  const backup = await command('backup', [archive], sourceEnv);
  const backupMs = Date.now() - started;
  assert.is(backup.code, 0, backup.stderr);
  assert.match(backup.stderr, `${sourceEvents} eventos, 2 fotos registradas, 4 archivos de fotos`);
  assert.match(backup.stderr, 'Fotos: 100 % (4 de 4)');
  const names = (await entriesOf(archive)).map((entry) => entry.name);
  assert.is(names[0], 'log.jsonl');
  assert.is(names.at(-1), 'manifest.json');
  assert.is(names.filter((name) => name.startsWith('uploads/')).length, 4);
  assert.ok((statSync(archive).mode & 0o077) === 0, 'the copy holds personal data: readable by its owner only');

  const target = await freshTarget();
  try {
    const restoreStarted = Date.now();
    const restored = await command('restore', [archive], target.env);
    const restoreMs = Date.now() - restoreStarted;
    assert.is(restored.code, 0, restored.stderr);
    assert.match(
      restored.stderr,
      `Restaurados ${sourceEvents} eventos, 2 fotos registradas y 4 archivos de fotos; proyecciones reconstruidas (${sourceEvents} eventos)`,
    );
    assert.match(restored.stderr, 'Fotos escritas: 100 % (4 de 4)');
    console.log(`backup ${backupMs} ms, restore ${restoreMs} ms (${usingPostgres ? 'PGlite → PostgreSQL' : 'PGlite → PGlite'})`);

    const moved = await startTestApp({ dataDir: target.dataDir, databaseUrl: target.databaseUrl }, env, { configuredDatabase: true });
    try {
      const answers = await answersOf(moved, formId, photoLinks);
      for (const key of Object.keys(sourceAnswers) as (keyof typeof sourceAnswers)[]) assert.equal(answers[key], sourceAnswers[key], key);
    } finally {
      await moved.close();
    }

    // Restoring again onto the same, now full, target is refused and changes nothing.
    const before = await target.state();
    const again = await command('restore', [archive], target.env);
    assert.is(again.code, 1, again.stderr);
    assert.match(again.stderr, /La base de datos de destino ya tiene \d+ eventos: importe solo en una base de datos vacía\./);
    assert.is(await target.state(), before);
  } finally {
    await target.drop();
  }
});

test('a backup whose photos are missing from the storage fails and leaves no archive, unless the operator accepts it', async () => {
  // The source as it would be after a photo file was lost: everything else the same.
  const lostDir = path.join(root, 'origen-sin-foto');
  cpSync(sourceDir, lostDir, { recursive: true });
  const lost = readdirSync(path.join(lostDir, 'uploads', 'photos'))[0];
  rmSync(path.join(lostDir, 'uploads', 'photos', lost));
  const folder = mkdtempSync(path.join(root, 'copias-'));
  const file = path.join(folder, 'copia-incompleta.tar.gz');
  const failed = await command('backup', [file], { DATA_DIR: lostDir, DATABASE_URL: '' });
  assert.is(failed.code, 1, failed.stderr);
  assert.match(failed.stderr, `Faltan 1 de los 4 archivos de fotos que nombra el registro en el almacenamiento de fotos (photos/${lost})`);
  assert.match(failed.stderr, 'no se escribió ninguna copia');
  assert.not.match(failed.stderr, /\n\s+at /, 'no stack trace');
  assert.equal(readdirSync(folder), [], 'no archive, whole or partial');

  const accepted = await command('backup', ['--aceptar-fotos-faltantes', file], { DATA_DIR: lostDir, DATABASE_URL: '' });
  assert.is(accepted.code, 0, accepted.stderr);
  assert.match(accepted.stderr, 'Atención: 1 archivos de fotos faltaban en el almacenamiento; la copia los anota como ausentes');
  const { manifest } = await verifyBackup(file);
  assert.equal(manifest.missing, [`photos/${lost}`]);
  assert.is(manifest.blobs.length, 3);
});

test('an archive cut short is refused before anything is written', async () => {
  const bytes = readFileSync(archive);
  const cut = path.join(root, 'cortada.tar.gz');
  writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
  await refused(cut, 'La copia está dañada o cortada: no se puede leer hasta el final');
});

test('an archive without its manifest is refused as cut', async () => {
  const file = await rewritten('sin-manifiesto.tar.gz', (entries) => entries.filter((entry) => entry.name !== 'manifest.json'));
  await refused(file, 'La copia está cortada: termina sin su manifiesto (manifest.json).');
});

test('a photo changed inside the archive is refused by its checksum', async () => {
  let name = '';
  const file = await rewritten('foto-cambiada.tar.gz', (entries) =>
    entries.map((entry) => {
      if (name || !entry.name.startsWith('uploads/photos/')) return entry;
      name = entry.name;
      const bytes = Buffer.from(entry.bytes);
      bytes[bytes.length - 10] ^= 0xff;
      return { name: entry.name, bytes };
    }),
  );
  await refused(file, `La copia no es válida: ${name} no coincide con su suma SHA-256 del manifiesto`);
});

test('a photo missing from the archive is refused', async () => {
  let name = '';
  const file = await rewritten('sin-foto.tar.gz', (entries) =>
    entries.filter((entry) => {
      if (name || !entry.name.startsWith('uploads/pdf/')) return true;
      name = entry.name;
      return false;
    }),
  );
  await refused(file, `La copia no es válida: falta ${name}, que el manifiesto incluye.`);
});

test('a log changed inside the archive is refused by the manifest’s checksum', async () => {
  const file = await rewritten('registro-cambiado.tar.gz', (entries) => {
    const lines = logLinesOf(entries).map((line) => line.replace('Necesito un barrido', 'Necesito dos barridos'));
    return entries.map((entry) => (entry.name === 'log.jsonl' ? { name: entry.name, bytes: sealedLog(lines) } : entry));
  });
  await refused(file, 'La copia no es válida: log.jsonl no coincide con la suma SHA-256 del manifiesto');
});

test('the log inside the archive gets every check of events:import, naming the line', async () => {
  const file = await rewritten('registro-con-hueco.tar.gz', (entries) => {
    const lines = logLinesOf(entries);
    const twice = JSON.parse(lines[0]);
    const last = lines.map((line) => JSON.parse(line)).findLast((line) => line.kind === 'event');
    lines.splice(lines.indexOf(lines.findLast((line) => JSON.parse(line).kind === 'event')!) + 1, 0, JSON.stringify({ ...twice, position: last.position + 1 }));
    return withManifestFor(entries.map((entry) => (entry.name === 'log.jsonl' ? { name: entry.name, bytes: sealedLog(lines) } : entry)));
  });
  await refused(file, /La copia no es válida: en log\.jsonl: La línea \d+ repite la versión 1 del flujo /);
});

test('a tar left uncompressed, an events:export file and anything else are refused as not a backup, in Spanish', async () => {
  const notOurs = 'no es una copia de este sitio hecha con npm run backup';
  const plainTar = path.join(root, 'sin-comprimir.tar');
  writeFileSync(plainTar, gunzipSync(readFileSync(archive)));
  await refused(plainTar, `${plainTar} ${notOurs} (un archivo .tar.gz con log.jsonl, las fotos y manifest.json): es un archivo tar sin comprimir.`);
  const log = (await entriesOf(archive)).find((entry) => entry.name === 'log.jsonl')!.bytes;
  const exported = path.join(root, 'registro.jsonl');
  writeFileSync(exported, log);
  await refused(
    exported,
    `es un archivo de events:export, solo el registro de eventos, sin fotos. Para cargarlo en una base de datos vacía use npm run events:import < ${exported}.`,
  );
  const gzipped = path.join(root, 'registro.jsonl.gz');
  writeFileSync(gzipped, gzipSync(log));
  await refused(gzipped, `use gunzip -c ${gzipped} | npm run events:import.`);
  const other = path.join(root, 'otra-cosa.gz');
  writeFileSync(other, gzipSync('no es un tar'));
  await refused(other, `${other} ${notOurs}`);
});

test('an archive whose log names another format is refused before anything is written', async () => {
  const file = await rewritten('otro-formato.tar.gz', (entries) =>
    withManifestFor(
      entries.map((entry) => {
        if (entry.name !== 'log.jsonl') return entry;
        const lines = entry.bytes.toString().trimEnd().split('\n');
        lines.push(JSON.stringify({ ...JSON.parse(lines.pop()!), format: 2 }));
        return { name: entry.name, bytes: Buffer.from(lines.join('\n') + '\n') };
      }),
    ),
  );
  await refused(file, /La copia no es válida: en log\.jsonl: La línea de cierre \(línea \d+\) dice que el archivo es del formato 2/);
});

test('photos already in the target storage are refused, and left as they were', async () => {
  const photo = (await entriesOf(archive)).find((entry) => entry.name.startsWith('uploads/photos/'))!;
  await refused(
    archive,
    `El almacenamiento de fotos de destino ya tiene ${photo.name.slice('uploads/'.length)}, distinto del de la copia: restaure solo en un almacenamiento vacío.`,
    (target) => {
      mkdirSync(path.join(target.dataDir, 'uploads', 'photos'), { recursive: true });
      writeFileSync(path.join(target.dataDir, photo.name), 'una foto que ya estaba');
    },
  );
});

test('when the database write fails after the photos were written, the photos are removed again', async () => {
  // Every check passes, but a second article with the same slug breaks the read table's unique rule
  // while the read tables are rebuilt, after the photos have gone into the store.
  const file = await rewritten('falla-al-reconstruir.tar.gz', (entries) => {
    const lines = logLinesOf(entries);
    const parsed = lines.map((line) => JSON.parse(line));
    const created = parsed.find((line) => line.type === 'NewsArticleCreated');
    const last = parsed.findLast((line) => line.kind === 'event');
    lines.splice(parsed.indexOf(last) + 1, 0, JSON.stringify({ ...created, streamId: randomUUID(), position: last.position + 1 }));
    return withManifestFor(entries.map((entry) => (entry.name === 'log.jsonl' ? { name: entry.name, bytes: sealedLog(lines) } : entry)));
  });
  const result = await refused(file, /No se pudo restaurar: .*No quedó nada escrito en el destino\./);
  assert.match(result.stderr, 'Fotos escritas: 100 % (4 de 4)');
  assert.match(result.stderr, 'Quitando los 4 archivos de fotos ya escritos');
});

test('when writing a photo fails, the database transaction is not committed and the photos written are removed', async () => {
  // The reduced copies' folder points nowhere (a lost mount): the cleaned photos go in, then a PDF copy fails.
  const result = await refused(archive, /No se pudo restaurar: .*No quedó nada escrito en el destino\./, (target) => {
    mkdirSync(path.join(target.dataDir, 'uploads'), { recursive: true });
    symlinkSync(path.join(root, 'no-existe'), path.join(target.dataDir, 'uploads', 'pdf'));
  });
  assert.match(result.stderr, /Quitando los \d+ archivos de fotos ya escritos/);
});

test('a restore stopped by the operator before its commit leaves nothing: no events, no photos', async () => {
  const target = await freshDatabase();
  const uploads = mkdtempSync(path.join(root, 'interrumpida-'));
  try {
    const verified = await verifyBackup(archive);
    const interrupt = new AbortController();
    // Stopped once the photos are all written, before the commit.
    const progress = (message: string) => (message.startsWith('Fotos escritas: 100 %') ? interrupt.abort() : undefined);
    const error = await restoreVerified({ db: target.db, blobs: localBlobStore(uploads), file: archive, verified, progress, signal: interrupt.signal }).catch(
      (error: Error) => error,
    );
    assert.instance(error, Error);
    assert.match((error as Error).message, 'Restauración interrumpida por el operador');
    assert.equal(
      readdirSync(uploads, { recursive: true }).filter((name) => !statSync(path.join(uploads, String(name))).isDirectory()),
      [],
    );
    const [tables] = await target.db.query<{ events: boolean }>(`SELECT to_regclass('public.events') IS NOT NULL AS events`);
    assert.is(tables.events, false, 'the database is as it was');
  } finally {
    await target.drop();
  }
});

test('a restore killed after writing photos can be run again: the archive’s own photos left behind are taken back', async () => {
  // What a SIGKILL before the commit leaves: an empty database, and some of the archive's photos, byte for byte.
  const photos = (await entriesOf(archive)).filter((entry) => entry.name.startsWith('uploads/'));
  const target = await freshTarget();
  try {
    for (const photo of photos.slice(0, 3)) {
      mkdirSync(path.dirname(path.join(target.dataDir, photo.name)), { recursive: true });
      writeFileSync(path.join(target.dataDir, photo.name), photo.bytes);
    }
    const restored = await command('restore', [archive], target.env);
    assert.is(restored.code, 0, restored.stderr);
    assert.match(restored.stderr, 'ya tiene 3 archivos idénticos a los de la copia');
    assert.match(restored.stderr, `Restaurados ${sourceEvents} eventos, 2 fotos registradas y 4 archivos de fotos`);
    for (const photo of photos) assert.equal(readFileSync(path.join(target.dataDir, photo.name)), photo.bytes, photo.name);
  } finally {
    await target.drop();
  }
});

test('a commit that happened but whose answer was lost keeps the photos and reports the restore as done', async () => {
  const postgres = await startPrivatePostgres();
  const proxy = await startCommitCutProxy(postgres.port);
  const dataDir = mkdtempSync(path.join(root, 'corte-'));
  try {
    const databaseUrl = `postgres://postgres@127.0.0.1:${proxy.port}/postgres`;
    const restored = await command('restore', [archive], { DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
    assert.is(proxy.cuts(), 1, restored.stderr);
    assert.is(restored.code, 0, restored.stderr);
    assert.match(restored.stderr, 'La carga sí quedó escrita entera');
    assert.not.match(restored.stderr, 'Quitando');
    assert.match(restored.stderr, `Restaurados ${sourceEvents} eventos, 2 fotos registradas y 4 archivos de fotos`);
    for (const entry of (await entriesOf(archive)).filter((entry) => entry.name.startsWith('uploads/')))
      assert.equal(readFileSync(path.join(dataDir, entry.name)), entry.bytes, entry.name);
    const db = await openDb({ databaseUrl: postgres.url });
    try {
      const [{ n }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM events');
      assert.is(n, sourceEvents);
    } finally {
      await db.close();
    }
  } finally {
    await proxy.close();
    postgres.destroy();
  }
});

test.run();
