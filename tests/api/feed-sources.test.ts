// /api/rss/sources over HTTP: create with defaults, unique URL (and its length in bytes), toggle, interval bounds, delete.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type Client, type TestApp } from '../helpers/app';

let app: TestApp;
let admin: Client;

const source = (overrides: Record<string, unknown> = {}) => ({
  name: 'Fuente',
  url: 'https://example.com/feed.xml',
  defaultCategory: 'Ciberseguridad',
  ...overrides,
});

test.before(async () => {
  app = await startTestApp();
  admin = await app.admin();
});
test.after(() => app.close());

test('a created feed source answers 201 with the create defaults', async () => {
  const answer = await admin.post('/api/rss/sources', source({ url: 'https://example.com/defaults.xml' }));
  assert.is(answer.status, 201);
  const { id, createdAt, ...rest } = answer.body;
  assert.match(id, /^[0-9a-f-]{36}$/);
  assert.ok(Math.abs(Date.parse(createdAt) - Date.now()) < 60_000);
  assert.equal(rest, {
    name: 'Fuente',
    url: 'https://example.com/defaults.xml',
    format: 'rss',
    enabled: true,
    defaultCategory: 'Ciberseguridad',
    autoPublish: false,
    scheduleIntervalHours: 12,
    includeKeywords: [],
    excludeKeywords: [],
    lastFetchedAt: null,
    lastRun: null,
  });
  const list = await admin.get('/api/rss/sources');
  assert.is(list.status, 200);
  assert.equal(
    list.body.map((s: any) => s.id),
    [id],
  );
});

test('a second source with the same URL is a 409 with a Spanish message, on create and update', async () => {
  await admin.post('/api/rss/sources', source({ url: 'https://example.com/unica.xml' }));
  const clash = await admin.post('/api/rss/sources', source({ name: 'Otra', url: 'https://example.com/unica.xml' }));
  assert.is(clash.status, 409);
  assert.equal(clash.body, { message: 'Ya existe una fuente RSS con esa URL', errors: { url: 'Ya existe una fuente RSS con esa URL' } });
  const { body: other } = await admin.post('/api/rss/sources', source({ url: 'https://example.com/otra.xml' }));
  const update = await admin.patch(`/api/rss/sources/${other.id}`, { url: 'https://example.com/unica.xml' });
  assert.is(update.status, 409);
  assert.is(update.body.message, 'Ya existe una fuente RSS con esa URL');
});

test('PATCH {enabled} toggles a source and changes nothing else', async () => {
  const { body: created } = await admin.post(
    '/api/rss/sources',
    source({ url: 'https://example.com/toggle.xml', autoPublish: true, scheduleIntervalHours: 3 }),
  );
  const off = await admin.patch(`/api/rss/sources/${created.id}`, { enabled: false });
  assert.is(off.status, 200);
  assert.equal(off.body, { ...created, enabled: false });
  const on = await admin.patch(`/api/rss/sources/${created.id}`, { enabled: true });
  assert.equal(on.body, created);
  const edited = await admin.patch(`/api/rss/sources/${created.id}`, { name: 'Renombrada', defaultCategory: 'Tecnología', format: 'atom' });
  assert.equal(edited.body, { ...created, name: 'Renombrada', defaultCategory: 'Tecnología', format: 'atom' });
});

test('the interval is at least 1 hour; a non-number falls back to 1', async () => {
  const zero = await admin.post('/api/rss/sources', source({ url: 'https://example.com/cero.xml', scheduleIntervalHours: 0 }));
  assert.is(zero.status, 400);
  assert.equal(zero.body.errors, { scheduleIntervalHours: 'El intervalo mínimo es 1 hora' });
  const one = await admin.post('/api/rss/sources', source({ url: 'https://example.com/uno.xml', scheduleIntervalHours: 1 }));
  assert.is(one.status, 201);
  assert.is(one.body.scheduleIntervalHours, 1);
  const text = await admin.post('/api/rss/sources', source({ url: 'https://example.com/texto.xml', scheduleIntervalHours: 'abc' }));
  assert.is(text.status, 201);
  assert.is(text.body.scheduleIntervalHours, 1);
  const patch = await admin.patch(`/api/rss/sources/${one.body.id}`, { scheduleIntervalHours: -5 });
  assert.is(patch.status, 400);
  assert.equal(patch.body.errors, { scheduleIntervalHours: 'El intervalo mínimo es 1 hora' });
});

test('an invalid source is a 400 with Spanish messages per field', async () => {
  const answer = await admin.post('/api/rss/sources', { url: 'ftp://example.com/feed', defaultCategory: 'Deportes', format: 'xml' });
  assert.is(answer.status, 400);
  assert.equal(answer.body, {
    message: 'Revise los campos marcados',
    errors: {
      name: 'El nombre es requerido',
      url: 'Ingrese una URL válida (http o https)',
      format: 'Formato inválido',
      defaultCategory: 'Seleccione una categoría válida',
    },
  });
});

test('a URL longer than the unique index holds is a 400 on url, on create and update, and nothing is stored', async () => {
  // Characters that do not repeat: the database compresses a repetitive value before indexing it.
  const cjk = (count: number) => Array.from({ length: count }, (_, i) => String.fromCodePoint(0x4e00 + ((i * 7919) % 20_000))).join('');
  const tooLong = `https://93.184.216.34/${cjk(1970)}`;
  const refusal = {
    message: 'Revise los campos marcados',
    errors: { url: 'La URL es demasiado larga: admite hasta 2000 bytes y cada carácter no ASCII (acentos, otros alfabetos) ocupa de 2 a 4' },
  };
  const sourcesBefore = (await admin.get('/api/rss/sources')).body.length;
  const created = await admin.post('/api/rss/sources', source({ url: tooLong }));
  assert.is(created.status, 400, created.text);
  assert.equal(created.body, refusal);
  assert.is((await admin.get('/api/rss/sources')).body.length, sourcesBefore);

  const { body: kept } = await admin.post('/api/rss/sources', source({ url: 'https://example.com/larga.xml' }));
  const updated = await admin.patch(`/api/rss/sources/${kept.id}`, { url: tooLong });
  assert.is(updated.status, 400, updated.text);
  assert.equal(updated.body, refusal);
  assert.equal(
    (await admin.get('/api/rss/sources')).body.find((s: any) => s.id === kept.id),
    kept,
  );

  // The limit counts bytes: 2000 of them are stored, whatever characters make them up; one more is refused.
  const atLimit = `https://93.184.216.34/${cjk(659)}`;
  assert.is(Buffer.byteLength(atLimit), 1999);
  const fits = await admin.post('/api/rss/sources', source({ url: `${atLimit}a` }));
  assert.is(fits.status, 201, fits.text);
  const over = await admin.post('/api/rss/sources', source({ url: `${atLimit}ñ` }));
  assert.is(over.status, 400);
  assert.equal(over.body, refusal);
});

test('a deleted source is gone and its URL may be used again', async () => {
  const { body: created } = await admin.post('/api/rss/sources', source({ url: 'https://example.com/borrar.xml' }));
  assert.is((await admin.delete(`/api/rss/sources/${created.id}`)).status, 204);
  assert.not.ok((await admin.get('/api/rss/sources')).body.some((s: any) => s.id === created.id));
  const again = await admin.delete(`/api/rss/sources/${created.id}`);
  assert.is(again.status, 404);
  assert.equal(again.body, { message: 'Fuente RSS no encontrada' });
  assert.is((await admin.post('/api/rss/sources', source({ url: 'https://example.com/borrar.xml' }))).status, 201);
});

test.run();
