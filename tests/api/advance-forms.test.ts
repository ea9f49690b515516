// /api/advance-forms over HTTP: admin and public create, required fields, switches, list and detail,
// and the Idempotency-Key that makes an offline draft's retried send create one record only
// (its corrections: advance-form-corrections.test.ts).
import { randomUUID } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { validForm } from '../helpers/forms';
import { startTestApp, type Client, type TestApp } from '../helpers/app';

let app: TestApp;
let admin: Client;
let visitor: Client;
let adminId: string;

const submittedEvents = async (id: string) =>
  Number((await app.services.db.query(`SELECT count(*)::int AS n FROM events WHERE stream_id = $1 AND type = 'AdvanceFormSubmitted'`, [id]))[0].n);
const formRows = async (id: string) => Number((await app.services.db.query('SELECT count(*)::int AS n FROM advance_forms WHERE id = $1', [id]))[0].n);

test.before(async () => {
  app = await startTestApp();
  admin = await app.admin();
  visitor = app.client();
  adminId = (await admin.get('/api/auth/me')).body.id;
});
test.after(() => app.close());

test('an admin create answers 201 with the record and submittedBy set from the session', async () => {
  const answer = await admin.post('/api/advance-forms', validForm({ submittedBy: '00000000-0000-4000-8000-000000000000' }));
  assert.is(answer.status, 201, answer.text);
  assert.match(answer.body.id, /^[0-9a-f-]{36}$/);
  assert.is(answer.body.submittedBy, adminId);
  assert.is(answer.body.hostName, 'Laura Jiménez');
  assert.is(answer.body.eventDate, '2026-12-15');
  assert.is(answer.body.estimatedAttendees, 40);
  assert.ok(Math.abs(Date.parse(answer.body.createdAt) - Date.now()) < 60_000);
  assert.is(answer.body.updatedAt, answer.body.createdAt);
});

test('a public create without credentials stores submittedBy null', async () => {
  const answer = await visitor.post('/api/advance-forms/public', validForm({ hostName: 'Visitante' }));
  assert.is(answer.status, 201, answer.text);
  assert.is(answer.body.submittedBy, null);
  assert.is(answer.body.hostName, 'Visitante');
  const detail = await admin.get(`/api/advance-forms/${answer.body.id}`);
  assert.is(detail.body.submittedBy, null);
});

test("a form carries when it was completed on site (device time) beside the server's createdAt", async () => {
  const onSite = '2026-11-20T15:04:05.000Z';
  const answer = await visitor.post('/api/advance-forms/public', validForm({ hostName: 'En sitio', completedOnSiteAt: '2026-11-20T09:04:05-06:00' }));
  assert.is(answer.status, 201, answer.text);
  assert.is(answer.body.completedOnSiteAt, onSite);
  assert.ok(Math.abs(Date.parse(answer.body.createdAt) - Date.now()) < 60_000);
  const detail = await admin.get(`/api/advance-forms/${answer.body.id}`);
  assert.is(detail.body.completedOnSiteAt, onSite);
  const rows = await app.services.db.query<{ completed_on_site_at: string }>('SELECT completed_on_site_at FROM advance_forms WHERE id = $1', [answer.body.id]);
  assert.is(new Date(rows[0].completed_on_site_at).toISOString(), onSite);
  // Without it (an older client): null, never the server's time.
  const plain = await admin.post('/api/advance-forms', validForm());
  assert.is(plain.body.completedOnSiteAt, null);
});

test('a completed-on-site time that is not a date-time is refused in Spanish; one in the future is a wrong clock, accepted', async () => {
  for (const bad of ['ayer', '2026-11-20', 12345, '2026-13-40T10:00:00Z']) {
    const answer = await visitor.post('/api/advance-forms/public', validForm({ completedOnSiteAt: bad }));
    assert.is(answer.status, 400, String(bad));
    assert.is(answer.body.errors.completedOnSiteAt, 'La fecha de llenado en sitio no es válida');
  }
  // The clock note is tested in advance-form-corrections.test.ts.
  for (const ahead of [5 * 60 * 1000, 3 * 24 * 60 * 60 * 1000]) {
    assert.is((await admin.post('/api/advance-forms', validForm({ completedOnSiteAt: new Date(Date.now() + ahead).toISOString() }))).status, 201);
  }
});

test('a completed-on-site time or event date naming no real day or time is refused in Spanish and stores nothing', async () => {
  const stored = async () =>
    (
      await app.services.db.query<{ events: number; rows: number }>(
        `SELECT (SELECT count(*)::int FROM events WHERE type = 'AdvanceFormSubmitted') AS events, (SELECT count(*)::int FROM advance_forms) AS rows`,
      )
    )[0];
  const before = await stored();
  const impossible = [
    '2026-02-30T00:00:00Z',
    '2026-02-30T10:00:00-06:00',
    '2027-02-29T12:00:00Z',
    '2026-04-31T12:00Z',
    '2026-11-20T24:00Z',
    '2026-11-20T24:00:00Z',
    '2026-11-20T23:60:00Z',
    '2026-11-20T23:59:60Z',
    '2026-11-20T12:00:00+24:00',
  ];
  for (const bad of impossible) {
    for (const [client, path] of [
      [visitor, '/api/advance-forms/public'],
      [admin, '/api/advance-forms'],
    ] as const) {
      const onSite = await client.post(path, validForm({ completedOnSiteAt: bad }));
      assert.is(onSite.status, 400, `${path} completedOnSiteAt ${bad}`);
      assert.equal(onSite.body.errors, { completedOnSiteAt: 'La fecha de llenado en sitio no es válida' }, bad);
      const day = await client.post(path, validForm({ eventDate: bad }));
      assert.is(day.status, 400, `${path} eventDate ${bad}`);
      assert.equal(day.body.errors, { eventDate: 'La fecha del evento es requerida' }, bad);
    }
  }
  assert.equal(await stored(), before, 'nothing was stored');
});

test('real edge dates and times are kept: 29 February of a leap year, 23:59:59, an offset of -06:00', async () => {
  const cases = [
    ['2028-02-29T12:00:00Z', '2028-02-29T12:00:00.000Z'],
    ['2026-12-31T23:59:59Z', '2026-12-31T23:59:59.000Z'],
    ['2026-12-31T23:59:59.999-06:00', '2027-01-01T05:59:59.999Z'],
    ['2026-11-20T00:00-06:00', '2026-11-20T06:00:00.000Z'],
  ];
  for (const [sent, kept] of cases) {
    const answer = await visitor.post('/api/advance-forms/public', validForm({ completedOnSiteAt: sent }));
    assert.is(answer.status, 201, `${sent}: ${answer.text}`);
    assert.is(answer.body.completedOnSiteAt, kept, sent);
    assert.is((await admin.get(`/api/advance-forms/${answer.body.id}`)).body.completedOnSiteAt, kept, sent);
  }
  // An event date given as a date-time is its day in Costa Rica (UTC-6).
  for (const [sent, day] of [
    ['2028-02-29', '2028-02-29'],
    ['2028-02-29T23:59:59-06:00', '2028-02-29'],
    ['2028-03-01T05:59:59Z', '2028-02-29'],
  ]) {
    const answer = await admin.post('/api/advance-forms', validForm({ eventDate: sent }));
    assert.is(answer.status, 201, `${sent}: ${answer.text}`);
    assert.is(answer.body.eventDate, day, sent);
  }
});

test('the public form refuses a filled honeypot with the answer of every public write, even when the rest is invalid', async () => {
  const answer = await visitor.post('/api/advance-forms/public', validForm({ website: 'spam' }));
  assert.is(answer.status, 400);
  assert.equal(answer.body, { message: 'No se pudo procesar el mensaje' });
  const invalid = await visitor.post('/api/advance-forms/public', { website: 'spam' });
  assert.equal(invalid.body, { message: 'No se pudo procesar el mensaje' });
});

test('the admin create needs a session', async () => {
  const answer = await visitor.post('/api/advance-forms', validForm());
  assert.is(answer.status, 401);
  assert.equal(answer.body, { message: 'Debe iniciar sesión' });
});

test('every required field has its Spanish message, the event date its required one', async () => {
  const answer = await visitor.post('/api/advance-forms/public', {});
  assert.is(answer.status, 400);
  assert.is(answer.body.message, 'Revise los campos marcados');
  assert.equal(answer.body.errors, {
    hostName: 'El nombre del anfitrión es requerido',
    hostPosition: 'El cargo del anfitrión es requerido',
    eventDate: 'La fecha del evento es requerida',
    eventTime: 'La hora del evento es requerida',
    address: 'La dirección es requerida',
    eventNature: 'Seleccione la naturaleza del evento',
    estimatedAttendees: 'Indique el número estimado de asistentes',
    vipStayDuration: 'La duración de la estancia del VIP es requerida',
    mainVehicleRoute: 'La ruta vehicular principal es requerida',
    internalTransitRoutes: 'Las rutas de tránsito interno son requeridas',
    emergencyExits: 'Las salidas de emergencia son requeridas',
    emergencyContact: 'El contacto de emergencia es requerido',
  });
  for (const eventDate of ['', 'mañana', '2026-02-30', null]) {
    const bad = await admin.post('/api/advance-forms', validForm({ eventDate }));
    assert.is(bad.status, 400, String(eventDate));
    assert.equal(bad.body.errors, { eventDate: 'La fecha del evento es requerida' }, String(eventDate));
  }
  const nature = await admin.post('/api/advance-forms', validForm({ eventNature: 'Boda', firstAidKitLevel: 'Experto', hasFirstAidKit: true }));
  assert.equal(nature.body.errors, { eventNature: 'Seleccione la naturaleza del evento', firstAidKitLevel: 'Seleccione un nivel válido' });
});

test('an ISO timestamp as eventDate is stored as its calendar day in Costa Rica', async () => {
  // 03:00Z on the 16th is still the 15th in Costa Rica (UTC-6).
  const answer = await admin.post('/api/advance-forms', validForm({ eventDate: '2026-12-16T03:00:00.000Z' }));
  assert.is(answer.status, 201);
  assert.is(answer.body.eventDate, '2026-12-15');
});

test('detail fields of a switch that is off are stored as null; those of a switch that is on are kept', async () => {
  const { body } = await admin.post('/api/advance-forms', validForm());
  const { body: detail } = await admin.get(`/api/advance-forms/${body.id}`);
  for (const field of [
    'serviceEntranceDetails',
    'evacuationPlanDetails',
    'evacuationPlanPhoto',
    'securityCompanyName',
    'numberOfGuards',
    'guardsArmed',
    'fireAlarmsDetails',
  ]) {
    assert.is(detail[field], null, field);
  }
  assert.is(detail.parkingDetails, 'Sótano con guarda');
  assert.is(detail.extinguishersDetails, 'Tres extintores');
  assert.is(detail.firstAidKitLevel, 'Intermedio');
  assert.is(detail.emergencyExitsPhoto, null);
  assert.is(detail.alternativeRoute, null);
  assert.is(detail.requiresTSCM, true);
  assert.is(detail.website, undefined);
  const guards = await admin.post('/api/advance-forms', validForm({ hasSecurityGuards: true }));
  assert.is(guards.body.securityCompanyName, 'Guardas S.A.');
  assert.is(guards.body.numberOfGuards, 5);
  assert.is(guards.body.guardsArmed, 'Sí');
});

test('the list is newest first with createdAt and X-Total-Count; the detail has every answer', async () => {
  const { body: made } = await admin.post('/api/advance-forms', validForm({ hostName: 'Último' }));
  const list = await admin.get('/api/advance-forms');
  assert.is(list.status, 200);
  const total = Number((await app.services.db.query('SELECT count(*)::int AS n FROM advance_forms'))[0].n);
  assert.is(list.headers.get('x-total-count'), String(total));
  assert.is(list.body[0].id, made.id);
  assert.is(list.body[0].hostName, 'Último');
  for (const form of list.body) assert.ok(!Number.isNaN(Date.parse(form.createdAt)));
  const paged = await admin.get('/api/advance-forms?limit=1&offset=1');
  assert.equal(
    paged.body.map((f: any) => f.id),
    [list.body[1].id],
  );
  const detail = await admin.get(`/api/advance-forms/${made.id}`);
  assert.equal(detail.body, made);
  const missing = await admin.get('/api/advance-forms/00000000-0000-4000-8000-000000000000');
  assert.is(missing.status, 404);
  assert.equal(missing.body, { message: 'Formulario no encontrado' });
});

for (const [label, path, client] of [
  ['admin', '/api/advance-forms', () => admin],
  ['public', '/api/advance-forms/public', () => visitor],
] as const) {
  test(`${label}: the same Idempotency-Key and body twice make one record and one event, both 201 with the same id`, async () => {
    const key = randomUUID();
    const body = validForm({ hostName: `Borrador ${label}` });
    const first = await client().post(path, body, { 'Idempotency-Key': key });
    const second = await client().post(path, body, { 'Idempotency-Key': key });
    assert.is(first.status, 201, first.text);
    assert.is(second.status, 201, second.text);
    assert.is(first.body.id, key);
    assert.is(second.body.id, key);
    assert.equal(second.body, first.body);
    assert.is(await submittedEvents(key), 1);
    assert.is(await formRows(key), 1);
  });

  test(`${label}: the same Idempotency-Key with another body from the same sender corrects that record`, async () => {
    const key = randomUUID();
    assert.is((await client().post(path, validForm(), { 'Idempotency-Key': key })).status, 201);
    const other = await client().post(path, validForm({ hostName: 'Otro anfitrión' }), { 'Idempotency-Key': key });
    assert.is(other.status, 201, other.text);
    assert.is((await admin.get(`/api/advance-forms/${key}`)).body.hostName, 'Otro anfitrión');
    assert.is(await submittedEvents(key), 1);
    assert.is(await formRows(key), 1);
  });

  test(`${label}: ten concurrent sends with one key make exactly one record and one event`, async () => {
    const key = randomUUID();
    const body = validForm({ hostName: `Concurrente ${label}` });
    const answers = await Promise.all(Array.from({ length: 10 }, () => client().post(path, body, { 'Idempotency-Key': key })));
    assert.equal(
      answers.map((a) => a.status),
      Array(10).fill(201),
      answers.map((a) => a.text).join('\n'),
    );
    assert.ok(answers.every((a) => a.body.id === key));
    assert.is(await submittedEvents(key), 1);
    assert.is(await formRows(key), 1);
  });
}

test('an Idempotency-Key that is not a uuid is a 400', async () => {
  const answer = await admin.post('/api/advance-forms', validForm(), { 'Idempotency-Key': 'no-soy-uuid' });
  assert.is(answer.status, 400);
  assert.equal(answer.body, { message: 'Idempotency-Key debe ser un UUID' });
});

test('a deleted form is gone (204, then 404) and its key cannot bring it back', async () => {
  const key = randomUUID();
  await admin.post('/api/advance-forms', validForm(), { 'Idempotency-Key': key });
  assert.is((await admin.delete(`/api/advance-forms/${key}`)).status, 204);
  assert.is((await admin.get(`/api/advance-forms/${key}`)).status, 404);
  const again = await admin.delete(`/api/advance-forms/${key}`);
  assert.is(again.status, 404);
  assert.equal(again.body, { message: 'Formulario no encontrado' });
  const resend = await admin.post('/api/advance-forms', validForm(), { 'Idempotency-Key': key });
  assert.is(resend.status, 409);
  assert.equal(resend.body, { message: 'Este formulario fue eliminado' });
});

test.run();
