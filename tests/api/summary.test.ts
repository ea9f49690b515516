// The 'Resumen' endpoints as staff use them: one JSON answer per chart and its CSV for a collaborator and
// an admin, 401 for a visitor; the response target set by an admin only, with Spanish validation; an
// admin's choice of the weekly e-mail; and that e-mail, sent once on Monday from 7:00 with the figures.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addWeeksToDay, businessTimeOn, formatWeekLabel, weekStartOf } from '../../domain';
import { prepareWeeklySummary } from '../../api/weekly-summary';
import { startTestApp, type Client, type TestApp } from '../helpers/app';
import { advanceForm } from '../helpers/forms';
import { startSmtp, type TestSmtp } from '../helpers/smtp';
import { waitFor } from '../helpers/wait';

let app: TestApp;
let smtp: TestSmtp;
let admin: Client;
let colaborador: Client;
// A Monday at 7:01 in Costa Rica, a week from now: the week summarised is the current one, which holds this test's data.
const thisWeek = weekStartOf(new Date());
const nextMonday = new Date(businessTimeOn(addWeeksToDay(thisWeek, 1), 7).getTime() + 60_000);

test.before(async () => {
  smtp = await startSmtp();
  app = await startTestApp(
    { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, notifyEmail: 'equipo@example.com' },
    {},
    { weeklySummary: { now: () => nextMonday, everyMs: 100 } },
  );
  admin = await app.admin();
  colaborador = await app.userWithRole('colaborador');
});
test.after(async () => {
  await app.close();
  await smtp.close();
});

const charts = ['leads', 'response-times', 'advance-forms', 'feeds'];

test('each chart answers its 12 weeks to staff, collaborators included; a visitor gets 401', async () => {
  const visitor = app.client();
  const spanish = (await visitor.post('/api/contact', { name: 'Ana', email: 'ana@example.com', message: 'Hola' })).body;
  await visitor.post('/api/contact', { name: 'John', email: 'john@example.com', message: 'Hello', language: 'en' });
  assert.is((await visitor.post('/api/advance-forms/public', advanceForm({ language: 'en' }))).status, 201);
  assert.is((await admin.post('/api/advance-forms', advanceForm())).status, 201);
  assert.is((await colaborador.patch(`/api/contact/${spanish.id}/status`, { status: 'read' })).status, 200);

  for (const chart of charts) {
    assert.is((await visitor.get(`/api/summary/${chart}`)).status, 401, chart);
    assert.is((await visitor.get(`/api/summary/${chart}/export`)).status, 401, chart);
    for (const client of [admin, colaborador]) {
      const answer = await client.get(`/api/summary/${chart}`);
      assert.is(answer.status, 200, `${chart}: ${answer.text}`);
      assert.is(answer.body.weeks.length, 12);
      assert.is(answer.body.weeks[11].week, thisWeek);
    }
  }
  const leads = (await colaborador.get('/api/summary/leads')).body;
  assert.equal(leads.weeks[11], { week: thisWeek, total: 3, contact: 2, publicForm: 1, es: 1, en: 2 });
  assert.is(leads.previousWeeks.length, 12);
  const responses = (await colaborador.get('/api/summary/response-times')).body;
  assert.equal(
    { ...responses.weeks[11], medianMs: undefined, p90Ms: undefined },
    {
      week: thisWeek,
      received: 2,
      answered: 1,
      unanswered: 1,
      medianMs: undefined,
      p90Ms: undefined,
      withinTarget: 1,
    },
  );
  assert.ok(responses.weeks[11].medianMs >= 0 && responses.weeks[11].medianMs < 60_000);
  const forms = (await admin.get('/api/summary/advance-forms')).body;
  assert.equal(forms.weeks[11], { week: thisWeek, total: 2, staff: 1, public: 1, late: 0 });
});

test('a chart as CSV: UTF-8 with a byte-order mark, CRLF lines, Spanish headers and week labels', async () => {
  const csv = await colaborador.get('/api/summary/leads/export');
  assert.is(csv.status, 200);
  assert.match(csv.headers.get('content-type') ?? '', 'text/csv');
  assert.match(csv.headers.get('content-disposition') ?? '', `resumen-contactos-${thisWeek}.csv`);
  assert.ok(csv.text.startsWith('\uFEFF"Semana","Total","Formulario de contacto"'), csv.text.slice(0, 80));
  const lines = csv.text.split('\r\n');
  assert.is(lines.length, 14, 'header, 12 weeks and the closing line break');
  assert.is(lines[12], `"${formatWeekLabel(thisWeek)}","3","2","1","1","2","0"`);
  const times = await admin.get('/api/summary/response-times/export');
  assert.match(times.text.split('\r\n')[0], '"Mediana (horas)","Percentil 90 (horas)","Objetivo (horas)"');
});

test('the response target: everyone reads it, only an admin sets it, in whole hours from 1 to 168', async () => {
  assert.equal((await colaborador.get('/api/summary/settings')).body, { responseTargetHours: 24 });
  assert.is((await app.client().get('/api/summary/settings')).status, 401);
  const refused = await colaborador.put('/api/summary/settings', { responseTargetHours: 8 });
  assert.is(refused.status, 403);
  for (const [value, message] of [
    [0, 'El objetivo debe ser de al menos 1 hora'],
    [200, 'El objetivo no puede pasar de 168 horas (una semana)'],
    [2.5, 'El objetivo debe ser un número entero de horas'],
    ['ocho', 'Indique el objetivo en horas'],
  ] as const) {
    const bad = await admin.put('/api/summary/settings', { responseTargetHours: value });
    assert.is(bad.status, 400);
    assert.is(bad.body.errors.responseTargetHours, message);
  }
  const set = await admin.put('/api/summary/settings', { responseTargetHours: 8 });
  assert.equal(set.body, { responseTargetHours: 8 });
  assert.is((await colaborador.get('/api/summary/response-times')).body.targetHours, 8);
  const history = (await admin.get('/api/history?type=SummarySettingsChanged')).body.items;
  assert.equal(history[0].changes, { responseTargetHours: { from: 24, to: 8 } });
  // The same value again records nothing.
  await admin.put('/api/summary/settings', { responseTargetHours: 8 });
  assert.is((await admin.get('/api/history?type=SummarySettingsChanged')).body.items.length, 1);
});

test('the weekly e-mail: admins only, at their notice address; sent once on Monday from 7:00 with the figures', async () => {
  const denied = await colaborador.put('/api/account/weekly-summary', { weeklySummary: true });
  assert.is(denied.status, 403);
  assert.is(denied.body.message, 'El resumen semanal por correo es solo para administradores');
  const noAddress = await admin.put('/api/account/weekly-summary', { weeklySummary: true });
  assert.is(noAddress.status, 409);
  assert.match(noAddress.body.message, 'correo de avisos');
  assert.is((await admin.put('/api/account/weekly-summary', { weeklySummary: 'sí' })).status, 400);
  // Until someone asks for it, the scheduler records nothing.
  assert.is(smtp.received.filter((mail) => mail.subject?.includes('resumen')).length, 0);
  assert.is((await admin.put('/api/account/notice-email', { noticeEmail: 'jefa@example.com', password: admin.password })).status, 200);
  const opted = await admin.put('/api/account/weekly-summary', { weeklySummary: true });
  assert.is(opted.status, 200);
  assert.is(opted.body.weeklySummary, true);

  const summaries = () => smtp.received.filter((mail) => mail.subject?.includes('resumen de la'));
  await waitFor(() => summaries().length === 1, 15_000, 'the weekly summary');
  const [mail] = summaries();
  assert.is(mail.subject, `Contraespionaje CR: resumen de la ${formatWeekLabel(thisWeek)}`);
  assert.match(String((mail.to as { text: string }).text), 'jefa@example.com');
  const text = mail.text ?? '';
  assert.match(text, 'Contactos por semana');
  assert.match(text, 'La última semana: 3 contacto(s) (formulario de contacto 2, formulario público 1; español 1, inglés 2).');
  assert.match(text, 'Tiempo hasta la primera respuesta');
  assert.match(text, 'Formularios de avanzada por semana');
  assert.match(text, 'Importación de fuentes RSS');
  assert.match(text, '/admin/dashboard?tab=summary');
  // The scheduler keeps looking all Monday: the week already has its event, so nothing more.
  // This call may meet the scheduler's own look holding the lock ('busy'): it asks again until it gets a turn.
  await new Promise((resolve) => setTimeout(resolve, 600));
  const ownTurn = async () => {
    for (const started = Date.now(); Date.now() - started < 15_000; await new Promise((resolve) => setTimeout(resolve, 100))) {
      const outcome = await prepareWeeklySummary(app.services, nextMonday);
      if (outcome !== 'busy') return outcome;
    }
    return 'busy';
  };
  assert.is(await ownTurn(), 'already-prepared');
  assert.is(summaries().length, 1);
  assert.is(await prepareWeeklySummary(app.services, new Date(nextMonday.getTime() - 2 * 60_000)), 'not-due');
  const history = (await admin.get('/api/history?type=WeeklySummaryDue')).body.items;
  assert.is(history.length, 1);
  assert.equal(history[0].changes, { week: { from: null, to: thisWeek }, recipients: { from: null, to: 'admin' } });
});

test.run();
