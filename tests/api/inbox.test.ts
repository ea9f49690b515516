// The contact inbox as staff use it: accent-blind search, status filter, internal notes (in the
// history, erased with the message), the CSV export and response times computed from the log.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatDateTime, inboxExportHeader } from '../../domain';
import { startTestApp, type Client, type TestApp } from '../helpers/app';

let app: TestApp;
let admin: Client;

const send = async (name: string, message: string, phone: string | null = null) =>
  (
    await app.client().post('/api/contact', {
      name,
      email: `${name
        .split(' ')[0]
        .toLowerCase()
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')}@example.com`,
      phone,
      message,
    })
  ).body;
const inboxHeaderLine = inboxExportHeader.map((title) => `"${title}"`).join(',');
const names = (answer: { body: { name: string }[] }) => answer.body.map((m) => m.name).sort();

test.before(async () => {
  app = await startTestApp();
  admin = await app.admin();
});
test.after(() => app.close());

test('search ignores accents and case over name, e-mail, phone and message; status filters', async () => {
  const jose = await send('José Martínez', 'Quiero una revisión de cámaras ocultas', '+506 8888-1234');
  await send('Ana Solís', 'Necesito un BARRIDO electrónico');
  await send('Carlos Pérez', 'Consulta de precios');
  assert.equal(names(await admin.get('/api/contact/messages?search=jose')), ['José Martínez']);
  assert.equal(names(await admin.get('/api/contact/messages?search=CAMARAS')), ['José Martínez']);
  assert.equal(names(await admin.get('/api/contact/messages?search=barrido')), ['Ana Solís']);
  assert.equal(names(await admin.get('/api/contact/messages?search=carlos%40example')), ['Carlos Pérez']);
  assert.equal(names(await admin.get('/api/contact/messages?search=8888%201234')), ['José Martínez']);
  const none = await admin.get('/api/contact/messages?search=%25');
  assert.equal(none.body, []);
  assert.is(none.headers.get('x-total-count'), '0');

  await admin.patch(`/api/contact/${jose.id}/status`, { status: 'read' });
  assert.equal(names(await admin.get('/api/contact/messages?status=read')), ['José Martínez']);
  assert.equal(names(await admin.get('/api/contact/messages?status=unread')), ['Ana Solís', 'Carlos Pérez']);
  assert.is((await admin.get('/api/contact/messages?status=all')).body.length, 3);
  const bad = await admin.get('/api/contact/messages?status=archivado');
  assert.is(bad.status, 400);
  assert.match(bad.body.errors.status, 'Estado inválido');
  assert.is((await app.client().get('/api/contact/messages?search=jose')).status, 401);
});

test('internal notes are kept in order, appear in the history, and are erased with the message', async () => {
  const message = await send('Laura Nota', 'Mensaje con notas');
  const first = await admin.post(`/api/contact/${message.id}/notes`, { text: 'Llamé, no contestó' });
  assert.is(first.status, 201);
  const second = await admin.post(`/api/contact/${message.id}/notes`, { text: 'Cita el lunes' });
  assert.equal(
    second.body.notes.map((n: any) => [n.text, n.author]),
    [
      ['Llamé, no contestó', 'admin'],
      ['Cita el lunes', 'admin'],
    ],
  );
  const empty = await admin.post(`/api/contact/${message.id}/notes`, { text: '   ' });
  assert.is(empty.status, 400);
  assert.is(empty.body.errors.text, 'La nota no puede estar vacía');
  assert.is((await app.client().post(`/api/contact/${message.id}/notes`, { text: 'x' })).status, 401);
  const history = await admin.get(`/api/history?streamId=${message.id}`);
  assert.equal(
    history.body.items.filter((i: any) => i.type === 'ContactNoteAdded').map((i: any) => i.changes.note.to),
    ['Cita el lunes', 'Llamé, no contestó'],
  );

  assert.is((await admin.delete(`/api/contact/${message.id}`)).status, 204);
  const after = await admin.get(`/api/history?streamId=${message.id}`);
  assert.not.match(JSON.stringify(after.body), 'Cita el lunes');
  const [row] = await app.services.db.query(`SELECT count(*)::int AS n FROM events WHERE stream_id = $1 AND data::text LIKE '%lunes%'`, [message.id]);
  assert.is(row.n, 0, 'no note left in the log');
  assert.is((await admin.post(`/api/contact/${message.id}/notes`, { text: 'tarde' })).status, 404);
});

test('the CSV export is the filtered list, UTF-8 with a BOM, staff only, formulas neutralised', async () => {
  await send('Óscar Exportado', '=HYPERLINK("http://malo")', '8777 0000');
  const csv = await admin.get('/api/contact/messages/export?search=oscar');
  assert.is(csv.status, 200);
  assert.match(csv.headers.get('content-type')!, 'text/csv');
  assert.match(csv.headers.get('content-disposition')!, /attachment; filename="mensajes-\d{4}-\d{2}-\d{2}\.csv"/);
  assert.ok(csv.text.startsWith('\uFEFF"Recibido","Estado","Nombre","Correo electrónico","Teléfono","Mensaje"'), csv.text.slice(0, 80));
  const lines = csv.text.trim().split('\r\n');
  assert.is(lines.length, 2);
  assert.match(lines[1], '"Sin leer","Óscar Exportado","oscar@example.com","8777 0000","\'=HYPERLINK(""http://malo"")"');
  assert.is((await app.client().get('/api/contact/messages/export')).status, 401);
});

test('response times come from the events: medians over 4 weeks, and messages unread for more than 24 h', async () => {
  const db = app.services.db;
  const now = Date.now();
  const ago = (hours: number) => new Date(now - hours * 3_600_000).toISOString();
  const shift = (id: string, type: string, hoursAgo: number) =>
    db.query('UPDATE events SET recorded_at = $3::timestamptz WHERE stream_id = $1 AND type = $2', [id, type, ago(hoursAgo)]);
  await db.query(`DELETE FROM events WHERE type LIKE 'Contact%'`);
  await db.query('DELETE FROM contact_messages');
  const a = await send('Tiempo A', 'uno');
  const b = await send('Tiempo B', 'dos');
  const c = await send('Tiempo C', 'tres');
  const old = await send('Tiempo Viejo', 'cuatro');
  await admin.patch(`/api/contact/${a.id}/status`, { status: 'read' });
  await admin.patch(`/api/contact/${a.id}/status`, { status: 'resolved' });
  await admin.patch(`/api/contact/${b.id}/status`, { status: 'resolved' });
  // A: received 10 h ago, read 8 h ago (2 h), resolved 4 h ago (6 h). B: received 5 h ago, resolved 1 h ago (4 h, its first read too).
  await shift(a.id, 'ContactMessageReceived', 10);
  await db.query(`UPDATE events SET recorded_at = $2::timestamptz WHERE stream_id = $1 AND data->>'to' = 'read'`, [a.id, ago(8)]);
  await db.query(`UPDATE events SET recorded_at = $2::timestamptz WHERE stream_id = $1 AND data->>'to' = 'resolved'`, [a.id, ago(4)]);
  await shift(b.id, 'ContactMessageReceived', 5);
  await shift(b.id, 'ContactStatusChanged', 1);
  // C waits unread for 30 h; the old one is 40 days old and unread: outside the medians, still overdue.
  await shift(c.id, 'ContactMessageReceived', 30);
  await shift(old.id, 'ContactMessageReceived', 24 * 40);
  const stats = await admin.get('/api/contact/messages/stats');
  assert.is(stats.status, 200);
  assert.is(stats.body.medianToReadMs, 3 * 3_600_000);
  assert.is(stats.body.medianToResolvedMs, 5 * 3_600_000);
  assert.is(stats.body.unreadOver24h, 2);
  const list = await admin.get('/api/contact/messages?search=Tiempo%20A');
  assert.is(list.body[0].readAfterMs, 2 * 3_600_000);
  assert.is(list.body[0].resolvedAfterMs, 6 * 3_600_000);
  assert.is((await app.client().get('/api/contact/messages/stats')).status, 401);
});

test('the CSV export holds every message the filter keeps, past any page size, newest first, with one header', async () => {
  const db = app.services.db;
  const count = 10_007;
  // Seeded as rows: message i is older than message i - 1, or as old with a smaller id. Seven share
  // each time, 250 µs apart, so pages end inside a group and within one millisecond.
  await db.query(
    `INSERT INTO contact_messages (id, name, email, phone, message, status, created_at)
     SELECT ('00000000-0000-4000-8000-' || lpad(to_hex(100000 - i), 12, '0'))::uuid, 'Lote ' || i, 'lote@example.com', NULL, 'Mensaje ' || i,
       'unread', '2024-03-05T12:00:00Z'::timestamptz - (i / 7) * interval '250 microseconds'
     FROM generate_series(0, $1::int - 1) AS i`,
    [count],
  );
  await send('Fuera del Filtro', 'No es del lote');
  try {
    const csv = await admin.get('/api/contact/messages/export?search=lote%40example');
    assert.is(csv.status, 200);
    const lines = csv.text.split('\r\n');
    assert.is(lines.pop(), '', 'the file ends with a line break');
    assert.is(lines[0], `\uFEFF${inboxHeaderLine}`);
    assert.is(lines.filter((line) => line.endsWith(inboxHeaderLine)).length, 1, 'one header');
    assert.is(lines.length - 1, count);
    const names = lines.slice(1).map((line) => line.split('","')[2]);
    assert.equal(
      names,
      Array.from({ length: count }, (_, i) => `Lote ${i}`),
    );
    assert.is(lines[1], `"${formatDateTime('2024-03-05T12:00:00Z')}","Sin leer","Lote 0","lote@example.com","","Mensaje 0","","",""`);
    const none = await admin.get('/api/contact/messages/export?search=nadie-coincide');
    assert.is(none.text, `\uFEFF${inboxHeaderLine}\r\n`);
  } finally {
    await db.query(`DELETE FROM contact_messages WHERE email = 'lote@example.com'`);
  }
});

test.run();
