// A sent form corrected from the same draft (its answer lost on the way back), and a tablet whose clock
// is wrong: the same key makes one record whose newest save is shown, whatever order the sends arrive
// in, and a clock off by days is pointed out, never refused (docs/offline.md, 'Corrections and device clocks').
import { execFileSync, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { deviceClockNote } from '../../domain';
import { allProjectors, rebuildProjections } from '../../projections';
import { adminCredentials, startTestApp, type Client, type TestApp } from '../helpers/app';
import { validForm } from '../helpers/forms';
import { skipBecause } from '../helpers/skip';
import { snapshot } from '../helpers/snapshot';

let app: TestApp;
let admin: Client;
let colaborador: Client;
const visitor = () => app.client();

const minute = 60_000;
const day = 24 * 60 * minute;
const iso = (ms: number) => new Date(ms).toISOString();

test.before(async () => {
  app = await startTestApp();
  admin = await app.admin();
  colaborador = await app.userWithRole('colaborador', 'topografa');
});
test.after(() => app.close());

/** Two saves of one draft on a tablet whose clock is right: the first, and the corrected one a few minutes later. */
function twoSaves() {
  const now = Date.now();
  const original = validForm({ hostName: 'Laura Jiménez', address: 'Escazú', completedOnSiteAt: iso(now - 10 * minute) });
  const corrected = validForm({ hostName: 'Laura Jiménez Mora', address: 'Escazú, San José', completedOnSiteAt: iso(now - 2 * minute) });
  return { original, corrected };
}
const send = (client: Client, path: string, key: string, body: object, deviceTime = iso(Date.now())) =>
  client.post(path, body, { 'Idempotency-Key': key, 'Device-Time': deviceTime });
const eventTypes = async (id: string) =>
  (await app.services.db.query<{ type: string }>('SELECT type FROM events WHERE stream_id = $1 ORDER BY stream_version', [id])).map((r) => r.type);
const formRows = async (id: string) => Number((await app.services.db.query('SELECT count(*)::int AS n FROM advance_forms WHERE id = $1', [id]))[0].n);
/** What a person reads of the record: the answers and the clock note, not when the server received it (nor the milliseconds of the clock). */
const content = ({ id: _id, createdAt: _created, updatedAt: _updated, deviceClockSkewMs, ...rest }: Record<string, unknown>) => ({
  ...rest,
  clockNote: deviceClockNote(deviceClockSkewMs as number | null),
});

for (const [label, path, client] of [
  ['staff', '/api/advance-forms', () => colaborador],
  ['public', '/api/advance-forms/public', visitor],
] as const) {
  test(`${label}: a send whose answer was lost, then the corrected save with the same key: one record showing the correction`, async () => {
    const key = randomUUID();
    const { original, corrected } = twoSaves();
    const first = await send(client(), path, key, original); // its answer never reaches the tablet
    assert.is(first.status, 201, first.text);

    const answer = await send(client(), path, key, corrected);
    assert.is(answer.status, 201, answer.text);
    assert.is(answer.body.id, key);
    assert.is(answer.body.hostName, 'Laura Jiménez Mora');
    assert.is(answer.body.address, 'Escazú, San José');
    assert.is(answer.body.completedOnSiteAt, corrected.completedOnSiteAt);
    assert.is(answer.body.createdAt, first.body.createdAt, 'created when it first arrived');
    assert.ok(Date.parse(answer.body.updatedAt) >= Date.parse(first.body.createdAt));
    assert.is(answer.body.submittedBy, first.body.submittedBy);
    assert.equal((await admin.get(`/api/advance-forms/${key}`)).body, answer.body);
    assert.is(await formRows(key), 1);
    assert.equal(await eventTypes(key), ['AdvanceFormSubmitted', 'AdvanceFormCorrected']);

    const history = await admin.get(`/api/history?streamId=${key}`);
    assert.is(history.status, 200);
    const [correction, submission] = history.body.items;
    assert.is(history.body.items.length, 2);
    assert.is(correction.type, 'AdvanceFormCorrected');
    assert.equal(correction.changes.hostName, { from: 'Laura Jiménez', to: 'Laura Jiménez Mora' });
    assert.equal(correction.changes.address, { from: 'Escazú', to: 'Escazú, San José' });
    assert.equal(correction.changes.completedOnSiteAt, { from: original.completedOnSiteAt, to: corrected.completedOnSiteAt });
    assert.not.ok('requestHash' in correction.changes);
    assert.is(submission.type, 'AdvanceFormSubmitted');
    assert.equal(submission.changes.hostName, { from: null, to: 'Laura Jiménez' });
  });

  test(`${label}: the two sends in reverse order end in the same record; the older save records nothing`, async () => {
    const { original, corrected } = twoSaves();
    const inOrder = randomUUID();
    await send(client(), path, inOrder, original);
    const expected = (await send(client(), path, inOrder, corrected)).body;

    const reversed = randomUUID();
    const correctionFirst = await send(client(), path, reversed, corrected);
    assert.is(correctionFirst.status, 201, correctionFirst.text);
    const originalLate = await send(client(), path, reversed, original);
    assert.is(originalLate.status, 201, originalLate.text);
    assert.is(originalLate.body.hostName, 'Laura Jiménez Mora', 'the newer text stays');
    assert.equal(originalLate.body, correctionFirst.body);
    assert.equal(content((await admin.get(`/api/advance-forms/${reversed}`)).body), content(expected));
    assert.equal(await eventTypes(reversed), ['AdvanceFormSubmitted']);
    assert.is(await formRows(reversed), 1);
  });

  test(`${label}: an exact repeat, before or after a correction, is a no-op answered 201 with the record`, async () => {
    const key = randomUUID();
    const { original, corrected } = twoSaves();
    const first = await send(client(), path, key, original);
    const repeat = await send(client(), path, key, original);
    assert.is(repeat.status, 201);
    assert.equal(repeat.body, first.body);
    const correction = await send(client(), path, key, corrected);
    for (const body of [corrected, original]) {
      const again = await send(client(), path, key, body);
      assert.is(again.status, 201, again.text);
      assert.equal(again.body, correction.body);
    }
    assert.equal(await eventTypes(key), ['AdvanceFormSubmitted', 'AdvanceFormCorrected']);
  });
}

test('a correction from another staff member, or through the other door, is refused with a Spanish 409 and changes nothing', async () => {
  const key = randomUUID();
  const { original, corrected } = twoSaves();
  const first = await send(colaborador, '/api/advance-forms', key, original);
  assert.is(first.status, 201);
  const other = await send(admin, '/api/advance-forms', key, corrected);
  assert.is(other.status, 409);
  assert.equal(other.body, { message: 'Solo quien envió este formulario puede corregirlo' });
  const outside = await send(visitor(), '/api/advance-forms/public', key, corrected);
  assert.is(outside.status, 409);
  assert.equal(outside.body, { message: 'Solo quien envió este formulario puede corregirlo' });

  const publicKey = randomUUID();
  assert.is((await send(visitor(), '/api/advance-forms/public', publicKey, original)).status, 201);
  const staffOnPublic = await send(colaborador, '/api/advance-forms', publicKey, corrected);
  assert.is(staffOnPublic.status, 409);
  assert.is(staffOnPublic.body.message, 'Solo quien envió este formulario puede corregirlo');

  assert.equal((await admin.get(`/api/advance-forms/${key}`)).body, first.body);
  assert.equal(await eventTypes(key), ['AdvanceFormSubmitted']);
  assert.equal(await eventTypes(publicKey), ['AdvanceFormSubmitted']);
});

test('a tablet clock two days fast: the form is accepted, keeps the time the device told, and carries the difference', async () => {
  const fast = Date.now() + 2 * day;
  const key = randomUUID();
  const answer = await send(
    colaborador,
    '/api/advance-forms',
    key,
    validForm({ hostName: 'Reloj adelantado', completedOnSiteAt: iso(fast - minute) }),
    iso(fast),
  );
  assert.is(answer.status, 201, answer.text);
  assert.is(answer.body.completedOnSiteAt, iso(fast - minute), 'the device time as told');
  assert.ok(Math.abs(Date.parse(answer.body.createdAt) - Date.now()) < minute, "the server's own time of receipt");
  assert.ok(Math.abs(answer.body.deviceClockSkewMs - 2 * day) < minute, String(answer.body.deviceClockSkewMs));
  assert.is(deviceClockNote(answer.body.deviceClockSkewMs), 'El reloj del dispositivo difería 2 días del servidor (adelantado)');
  assert.equal((await admin.get(`/api/advance-forms/${key}`)).body, answer.body);

  // An older client that does not tell its clock: a form completed 'after' it arrived still shows the clock ran ahead.
  const untold = await colaborador.post('/api/advance-forms', validForm({ completedOnSiteAt: iso(Date.now() + 3 * day) }));
  assert.is(untold.status, 201, untold.text);
  assert.ok(Math.abs(untold.body.deviceClockSkewMs - 3 * day) < minute);
});

test('a form that waited offline for hours is not a wrong clock; a clock a few minutes off or an unreadable header says nothing', async () => {
  const waited = await send(colaborador, '/api/advance-forms', randomUUID(), validForm({ completedOnSiteAt: iso(Date.now() - 5 * 60 * minute) }));
  assert.is(waited.status, 201, waited.text);
  assert.ok(Math.abs(waited.body.deviceClockSkewMs) < minute);
  assert.is(deviceClockNote(waited.body.deviceClockSkewMs), null);

  const slow = await send(colaborador, '/api/advance-forms', randomUUID(), validForm(), iso(Date.now() - 4 * minute));
  assert.is(deviceClockNote(slow.body.deviceClockSkewMs), null);

  const garbled = await send(colaborador, '/api/advance-forms', randomUUID(), validForm(), 'ayer por la tarde');
  assert.is(garbled.status, 201, garbled.text);
  assert.is(garbled.body.deviceClockSkewMs, null);

  const behind = await send(colaborador, '/api/advance-forms', randomUUID(), validForm(), iso(Date.now() - 3 * 60 * minute));
  assert.is(deviceClockNote(behind.body.deviceClockSkewMs), 'El reloj del dispositivo difería 3 horas del servidor (atrasado)');
});

test('a clock put right between the original and its correction: the correction still wins, and the flag follows the version shown', async () => {
  const key = randomUUID();
  const now = Date.now();
  // Saved and sent with the clock a day fast; corrected after the clock was put right, so by the
  // device's own times the correction reads a day older than the original.
  const original = validForm({ hostName: 'Reloj corregido', completedOnSiteAt: iso(now + day - 5 * minute) });
  const first = await send(colaborador, '/api/advance-forms', key, original, iso(now + day));
  assert.ok(first.body.deviceClockSkewMs > day - minute);
  const savedAgain = Date.now();
  const corrected = validForm({ hostName: 'Reloj corregido (bien)', completedOnSiteAt: iso(savedAgain) });
  const answer = await send(colaborador, '/api/advance-forms', key, corrected, iso(savedAgain));
  assert.is(answer.status, 201, answer.text);
  assert.is(answer.body.hostName, 'Reloj corregido (bien)');
  assert.ok(Math.abs(answer.body.deviceClockSkewMs) < minute);
});

test('a correction that kept the save time (edited after resuming, sent by the queue) wins, also when the clock was put right in between', async () => {
  const now = Date.now();
  // First sent with the clock 15 minutes slow, or having lost its time; the answer lost, the draft was
  // opened again and edited, and the queue sent it with the same save time once the clock was right.
  for (const [label, clockAtFirstSend, savedAt] of [
    ['15 minutes slow', iso(now - 15 * minute), iso(now - 20 * minute)],
    ['lost its time', iso(Date.UTC(1970, 0, 1, 0, 5)), iso(Date.UTC(1970, 0, 1, 0, 1))],
  ] as const) {
    const key = randomUUID();
    const original = validForm({ hostName: `Reanudado (${label})`, address: 'Escazú', completedOnSiteAt: savedAt });
    assert.is((await send(colaborador, '/api/advance-forms', key, original, clockAtFirstSend)).status, 201);
    const edited = { ...original, address: 'Escazú, San Rafael' };
    const answer = await send(colaborador, '/api/advance-forms', key, edited, iso(Date.now()));
    assert.is(answer.status, 201, answer.text);
    assert.is(answer.body.address, 'Escazú, San Rafael', label);
    assert.equal(await eventTypes(answer.body.id), ['AdvanceFormSubmitted', 'AdvanceFormCorrected'], label);
    // The same body again is a repeat: nothing more is recorded.
    assert.is((await send(colaborador, '/api/advance-forms', key, edited, iso(Date.now()))).body.address, 'Escazú, San Rafael');
    assert.equal(await eventTypes(answer.body.id), ['AdvanceFormSubmitted', 'AdvanceFormCorrected'], label);
  }
});

test('a completed-on-site time that is not a date-time is still a 400; any real instant, however far off, is accepted', async () => {
  const bad = await colaborador.post('/api/advance-forms', validForm({ completedOnSiteAt: 'mañana' }));
  assert.is(bad.status, 400);
  assert.is(bad.body.errors.completedOnSiteAt, 'La fecha de llenado en sitio no es válida');
  // A tablet whose clock lost its time reads 1970.
  const reset = await colaborador.post('/api/advance-forms', validForm({ completedOnSiteAt: '1970-01-01T00:03:00.000Z' }), {
    'Device-Time': '1970-01-01T00:05:00.000Z',
  });
  assert.is(reset.status, 201, reset.text);
  assert.is(reset.body.completedOnSiteAt, '1970-01-01T00:03:00.000Z');
  assert.match(deviceClockNote(reset.body.deviceClockSkewMs) ?? '', /^El reloj del dispositivo difería \d+ días del servidor \(atrasado\)$/);
});

test('a rebuild of the read tables from the log gives the same records, corrections and clock differences included', async () => {
  const db = app.services.db;
  const live = await snapshot(db);
  assert.ok(live.advance_forms.some((row) => row.includes('Laura Jiménez Mora')));
  assert.ok(live.advance_forms.some((row) => row.includes('"device_clock_skew_ms":')));
  await rebuildProjections(db, allProjectors);
  assert.equal((await snapshot(db)).advance_forms, live.advance_forms);
});

/** The form's PDF as bytes, fetched with an admin session of its own (the test client decodes answers as text). */
async function pdfOf(id: string): Promise<Uint8Array> {
  const login = await fetch(`${app.base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(adminCredentials),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const response = await fetch(`${app.base}/api/advance-forms/${id}/pdf`, { headers: { cookie } });
  assert.is(response.status, 200);
  return new Uint8Array(await response.arrayBuffer());
}

// The PDF read back as a person reads it: the note stands beside the device's time.
if (spawnSync('pdftotext', ['-v']).error !== undefined) skipBecause('the PDF notes a wrong device clock', 'pdftotext is not installed (poppler-utils)');
else
  test('the PDF notes a wrong device clock beside the time the device told', async () => {
    const fast = Date.now() + 2 * day;
    const made = await send(colaborador, '/api/advance-forms', randomUUID(), validForm({ completedOnSiteAt: iso(fast) }), iso(fast));
    const file = join(mkdtempSync(join(tmpdir(), 'clock-note-')), 'form.pdf');
    writeFileSync(file, await pdfOf(made.body.id));
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
    assert.ok(text.includes('Completado en sitio:'), text.slice(0, 400));
    assert.ok(text.includes('El reloj del dispositivo difería 2 días del servidor (adelantado)'), text.slice(0, 600));
  });

test.run();
