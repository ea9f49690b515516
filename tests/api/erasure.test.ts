// Erasure: after deleting a contact message or an advance form, its personal data is nowhere in the
// database (every table searched, the event log included), while the log keeps who erased it and when.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Db } from '../../events';
import { startTestApp, type Client, type TestApp } from '../helpers/app';
import { advanceForm } from '../helpers/forms';

let app: TestApp;
let admin: Client;
let adminId: string;

/** Every table of the database (all schemas but the system's), each row cast to text, searched for `needle`. */
async function tablesContaining(db: Db, needle: string): Promise<string[]> {
  const tables = await db.query<{ schema: string; name: string }>(
    `SELECT n.nspname AS schema, c.relname AS name FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind IN ('r', 'p', 'm') AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast') ORDER BY 1, 2`,
  );
  assert.ok(tables.some((t) => t.name === 'events') && tables.some((t) => t.name === 'contact_messages') && tables.some((t) => t.name === 'sessions'));
  // One query over all tables: each branch answers its table's name when some row holds the text.
  const branches = tables.map(
    ({ schema, name }, i) => `(SELECT ${i} AS i FROM "${schema}"."${name}" AS t WHERE lower(t::text) LIKE '%' || lower($1) || '%' LIMIT 1)`,
  );
  const rows = await db.query<{ i: number }>(`${branches.join(' UNION ALL ')} ORDER BY 1`, [needle]);
  return rows.map((r) => `${tables[Number(r.i)].schema}.${tables[Number(r.i)].name}`);
}

async function streamOf(id: string) {
  return app.services.db.query<any>(`SELECT type, data, metadata, recorded_at FROM events WHERE stream_id = $1 ORDER BY stream_version`, [id]);
}

test.before(async () => {
  app = await startTestApp();
  admin = await app.admin();
  adminId = (await admin.get('/api/auth/me')).body.id;
});
test.after(() => app.close());

test("the search finds a contact message's text before its deletion (the probe works)", async () => {
  const sent = await app.client().post('/api/contact', { name: 'Prueba Sonda', email: 'sonda@example.com', message: 'Texto Sondeable Xq' });
  assert.is(sent.status, 201);
  assert.equal(await tablesContaining(app.services.db, 'Texto Sondeable Xq'), ['public.contact_messages', 'public.events']);
});

test('a deleted contact message leaves no personal data in any table; the log keeps the erasure', async () => {
  const marker = 'Zorbanquell';
  const sent = await app.client().post('/api/contact', {
    name: `Ana ${marker}`,
    email: `${marker.toLowerCase()}@example.com`,
    phone: '+506 7777 4242',
    message: `Encontré un micrófono ${marker} en la sala`,
  });
  assert.is(sent.status, 201);
  const { id } = sent.body;
  await admin.patch(`/api/contact/${id}/status`, { status: 'read' });
  assert.ok((await tablesContaining(app.services.db, marker)).length > 0);
  const started = Date.now();
  assert.is((await admin.delete(`/api/contact/${id}`)).status, 204);
  for (const needle of [marker, '7777 4242', 'Encontré un micrófono']) assert.equal(await tablesContaining(app.services.db, needle), [], needle);
  const events = await streamOf(id);
  assert.equal(
    events.map((e) => [e.type, e.data]),
    [
      ['ContactMessageReceived', { redacted: true }],
      ['ContactStatusChanged', { redacted: true }],
      ['ContactMessageErased', {}],
    ],
  );
  const erased = events[2];
  assert.equal(erased.metadata.actor, { id: adminId, username: 'admin', role: 'admin' });
  assert.is(erased.metadata.origin, 'api');
  assert.ok(Math.abs(new Date(erased.recorded_at).getTime() - started) < 60_000);
});

test('a deleted advance form leaves no personal data in any table; the log keeps the erasure', async () => {
  const marker = 'Quixwelding';
  const sent = await admin.post(
    '/api/advance-forms',
    advanceForm({
      hostName: `Don ${marker}`,
      address: `Casa ${marker}, Santa Ana`,
      mainVehicleRoute: 'Autopista Próspero Fernández',
      emergencyContact: 'Guardaespaldas 8123-4567',
      hasSecurityGuards: true,
      securityCompanyName: `Seguridad ${marker}`,
      numberOfGuards: 4,
      guardsArmed: 'Algunos',
    }),
    { 'Idempotency-Key': '5b1f0f3c-8c1e-4c55-9a43-3d3c8a1d2e77' },
  );
  assert.is(sent.status, 201, sent.text);
  const { id } = sent.body;
  assert.ok((await tablesContaining(app.services.db, marker)).length > 0);
  assert.is((await admin.delete(`/api/advance-forms/${id}`)).status, 204);
  for (const needle of [marker, '8123-4567', 'Próspero Fernández']) assert.equal(await tablesContaining(app.services.db, needle), [], needle);
  const events = await streamOf(id);
  assert.equal(
    events.map((e) => [e.type, e.data]),
    [
      ['AdvanceFormSubmitted', { redacted: true }],
      ['AdvanceFormErased', {}],
    ],
  );
  assert.equal(events[1].metadata.actor, { id: adminId, username: 'admin', role: 'admin' });
  assert.is((await admin.get(`/api/advance-forms/${id}`)).status, 404);
});

test('erasing one record leaves the others whole', async () => {
  const keep = await app.client().post('/api/contact', { name: 'Permanece Intacta', email: 'queda@example.com', message: 'Sigo aquí' });
  const gone = await app.client().post('/api/contact', { name: 'Se Borra', email: 'borra@example.com', message: 'Adiós' });
  await admin.delete(`/api/contact/${gone.body.id}`);
  const [received] = await streamOf(keep.body.id);
  assert.is(received.data.name, 'Permanece Intacta');
  assert.equal(await tablesContaining(app.services.db, 'Permanece Intacta'), ['public.contact_messages', 'public.events']);
});

test.run();
