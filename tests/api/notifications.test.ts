// Staff notices about new messages and forms, sent by the notifications processor to a real SMTP
// server that accepts, refuses, stalls or rejects; each attempt's outcome is on the record's card.
import { randomUUID } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type Client, type TestApp } from '../helpers/app';
import { usingPostgres } from '../helpers/database';
import { validForm } from '../helpers/forms';
import { startSmtp, type TestSmtp } from '../helpers/smtp';
import { waitFor } from '../helpers/wait';

const retry = { firstDelayMs: 250, maxDelayMs: 500, giveUpAfterMs: 60_000 };
let smtp: TestSmtp;
let app: TestApp;
let admin: Client;

const mailConfig = () => ({
  smtpUrl: `smtp://bot:secreto@127.0.0.1:${smtp.port}`,
  notifyEmail: 'equipo@example.com',
  notifyRetry: retry,
  smtpTimeoutMs: 5_000,
});
const contact = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  email: 'visita@example.com',
  phone: '8888 1234',
  message: `Hola, soy ${name}`,
  ...extra,
});
const mailsAbout = (name: string) => smtp.received.filter((mail) => mail.subject?.includes(name));

async function noticeOf(name: string) {
  const list = await admin.get(`/api/contact/messages?search=${encodeURIComponent(name)}`);
  return list.body[0]?.notice ?? null;
}

test.before(async () => {
  smtp = await startSmtp({ user: 'bot', pass: 'secreto' });
  app = await startTestApp(mailConfig(), {}, { subscriptions: { lockRetryMs: 200 } });
  admin = await app.admin();
});
test.after(async () => {
  await app.close();
  await smtp.close();
});

test("a visitor's message is mailed to NOTIFY_EMAIL with its essentials and a link, and its card says so", async () => {
  const sent = await app.client().post('/api/contact', contact('Lucía Fernández', { message: 'Necesito un barrido en mi oficina' }));
  assert.is(sent.status, 201);
  await waitFor(() => mailsAbout('Lucía Fernández').length === 1, 30_000, 'the mail');
  const [mail] = mailsAbout('Lucía Fernández');
  assert.is(mail.subject, 'Contraespionaje CR: nuevo mensaje de Lucía Fernández');
  assert.is((mail.to as any).text, 'equipo@example.com');
  assert.match(mail.text!, 'Correo electrónico: visita@example.com');
  assert.match(mail.text!, 'Teléfono: 8888 1234');
  assert.match(mail.text!, 'Necesito un barrido en mi oficina');
  assert.match(mail.text!, `/admin/dashboard?tab=contacts&buscar=${sent.body.id}`);
  assert.ok(smtp.logins.includes('bot:secreto'), "logged in with the URL's credentials");
  await waitFor(async () => (await noticeOf('Lucía Fernández'))?.status === 'sent', 30_000, 'the card');
});

test('advance forms from the public page, from staff and from an offline draft are each noticed once, with a link to the form', async () => {
  const key = randomUUID();
  const made = [
    await app.client().post('/api/advance-forms/public', validForm({ hostName: 'Anfitrión Público' })),
    await admin.post('/api/advance-forms', validForm({ hostName: 'Anfitrión Personal' })),
    await admin.post('/api/advance-forms', validForm({ hostName: 'Anfitrión Borrador' }), { 'Idempotency-Key': key }),
    await admin.post('/api/advance-forms', validForm({ hostName: 'Anfitrión Borrador' }), { 'Idempotency-Key': key }),
  ];
  assert.equal(
    made.map((answer) => answer.status),
    [201, 201, 201, 201],
  );
  await waitFor(() => ['Público', 'Personal', 'Borrador'].every((n) => mailsAbout(`Anfitrión ${n}`).length === 1), 30_000, 'three mails');
  await new Promise((r) => setTimeout(r, 500));
  assert.is(mailsAbout('Anfitrión Borrador').length, 1, 'a retried sync is one form and one notice');
  assert.match(mailsAbout('Anfitrión Público')[0].text!, 'Enviado por: formulario público');
  assert.match(mailsAbout('Anfitrión Borrador')[0].text!, `/admin/avanzadas/${key}`);
  // Each card says its notice went out: three forms (the retried sync is the same one), three 'sent'.
  const ids = [...new Set(made.map((answer) => answer.body.id))];
  const cards = async () => (await admin.get('/api/advance-forms')).body.filter((form: any) => ids.includes(form.id));
  await waitFor(async () => (await cards()).every((form: any) => form.notice?.status === 'sent'), 5_000, 'every card says sent');
  assert.equal(
    (await cards()).map((form: any) => form.notice.status),
    ['sent', 'sent', 'sent'],
  );
});

test('a mail server that refuses for a while: the submission answers at once, the card counts retries, and the notice arrives exactly once', async () => {
  smtp.mode = 'refuse';
  const started = Date.now();
  const sent = await app.client().post('/api/contact', contact('Marta Refusada'));
  assert.is(sent.status, 201);
  assert.ok(Date.now() - started < 3_500, 'the answer never waits for the mail server');
  await waitFor(async () => ((await noticeOf('Marta Refusada'))?.attempts ?? 0) >= 2, 30_000, 'two failed attempts');
  const pending = await noticeOf('Marta Refusada');
  assert.is(pending.status, 'pending');
  assert.match(pending.reason, 'servidor de correo');
  // Later messages are not held back by the one waiting for its retry.
  smtp.mode = 'accept';
  await waitFor(() => mailsAbout('Marta Refusada').length === 1, 30_000, 'the retried mail');
  await waitFor(async () => (await noticeOf('Marta Refusada'))?.status === 'sent', 5_000);
  await new Promise((r) => setTimeout(r, 1_000));
  assert.is(mailsAbout('Marta Refusada').length, 1);
});

test('a mail server that is down, then stalls, then comes back on the same port: every notice arrives exactly once', async () => {
  await smtp.stop();
  const names = ['Pedro Caído', 'Rosa Caída'];
  for (const name of names) assert.is((await app.client().post('/api/contact', contact(name))).status, 201);
  await waitFor(async () => (await noticeOf('Pedro Caído'))?.status === 'pending', 30_000);
  assert.match((await noticeOf('Pedro Caído')).reason, 'rechazó la conexión');
  smtp.mode = 'stall';
  await smtp.start();
  const stalled = Date.now();
  assert.is((await app.client().post('/api/contact', contact('Sofía Lenta'))).status, 201);
  // Sent inline, the answer would wait for the 5-second greeting timeout.
  assert.ok(Date.now() - stalled < 3_500, 'a stalled mail server never delays a submission');
  await waitFor(async () => /no respondió a tiempo/.test((await noticeOf('Sofía Lenta'))?.reason ?? ''), 40_000, 'a timeout');
  smtp.mode = 'accept';
  await waitFor(() => [...names, 'Sofía Lenta'].every((name) => mailsAbout(name).length >= 1), 40_000, 'every mail');
  await new Promise((r) => setTimeout(r, 1_500));
  for (const name of [...names, 'Sofía Lenta']) assert.is(mailsAbout(name).length, 1, `${name}: exactly once`);
});

test('a recipient the server rejects for good: no more retries, and the card says why', async () => {
  smtp.mode = 'reject-recipient';
  await app.client().post('/api/contact', contact('Tomás Rechazado'));
  await waitFor(async () => (await noticeOf('Tomás Rechazado'))?.status === 'failed', 30_000);
  const notice = await noticeOf('Tomás Rechazado');
  assert.match(notice.reason, 'rechazó el destinatario');
  assert.match(notice.reason, '550');
  smtp.mode = 'accept';
  await new Promise((r) => setTimeout(r, 800));
  assert.is(mailsAbout('Tomás Rechazado').length, 0);
});

test('a server that is not on this machine must offer TLS: without it the password is never sent', async () => {
  // 0.0.0.0 reaches this machine but is no loopback name, so the mailer requires STARTTLS, which the test server lacks.
  const remote = await startTestApp({ ...mailConfig(), smtpUrl: `smtp://bot:secreto@0.0.0.0:${smtp.port}` });
  const logins = smtp.logins.length;
  try {
    const staff = await remote.admin();
    await remote.client().post('/api/contact', contact('Iván Sin TLS'));
    await waitFor(async () => (await staff.get('/api/contact/messages')).body[0]?.notice?.status === 'pending', 30_000);
    const [message] = (await staff.get('/api/contact/messages')).body;
    assert.match(message.notice.reason, 'TLS');
    assert.is(smtp.logins.length, logins, 'no login attempted in clear');
    assert.is(mailsAbout('Iván Sin TLS').length, 0);
  } finally {
    await remote.close();
  }
});

test('contact retries with one Idempotency-Key make one message; the same key with another body is 409', async () => {
  const key = randomUUID();
  const first = await app.client().post('/api/contact', contact('Elena Repetida'), { 'Idempotency-Key': key });
  const again = await app.client().post('/api/contact', contact('Elena Repetida'), { 'Idempotency-Key': key });
  assert.is(first.status, 201);
  assert.is(again.status, 201);
  assert.is(first.body.id, key);
  assert.is(again.body.id, key);
  assert.is((await admin.get('/api/contact/messages?search=Elena%20Repetida')).body.length, 1);
  const other = await app.client().post('/api/contact', contact('Elena Repetida', { message: 'Otro texto' }), { 'Idempotency-Key': key });
  assert.is(other.status, 409);
  assert.is(other.body.message, 'Esta clave de idempotencia ya se usó con otro mensaje');
  const bad = await app.client().post('/api/contact', contact('Elena Repetida'), { 'Idempotency-Key': 'no-es-uuid' });
  assert.is(bad.status, 400);
  await waitFor(() => mailsAbout('Elena Repetida').length === 1, 30_000);
  await new Promise((r) => setTimeout(r, 500));
  assert.is(mailsAbout('Elena Repetida').length, 1);
});

if (usingPostgres) {
  test('two instances on one PostgreSQL send each notice once; when one stops the other goes on', async () => {
    const second = await startTestApp(mailConfig(), {}, { shareDatabaseOf: app, subscriptions: { lockRetryMs: 200 } });
    const names = Array.from({ length: 6 }, (_, i) => `Gemelo ${i}`);
    try {
      await Promise.all(names.map((name, i) => (i % 2 ? second : app).client().post('/api/contact', contact(name))));
      await waitFor(() => names.every((name) => mailsAbout(name).length >= 1), 30_000, 'six mails');
      await new Promise((r) => setTimeout(r, 1_000));
      for (const name of names) assert.is(mailsAbout(name).length, 1, `${name}: once`);
    } finally {
      await second.close();
    }
    await app.client().post('/api/contact', contact('Después del cierre'));
    await waitFor(() => mailsAbout('Después del cierre').length === 1, 30_000);
  });
}

test("a sign-in from a device never seen before is mailed to the staff member's own notice address, not to NOTIFY_EMAIL", async () => {
  const staff = await app.userWithRole('colaborador', 'viajera');
  assert.is((await staff.put('/api/account/notice-email', { noticeEmail: 'viajera@example.com', password: staff.password })).status, 200);
  // Another browser: no device cookie, so the server has never seen it.
  await app.client().login('viajera', 'otra-clave-segura-1');
  await waitFor(() => smtp.received.some((mail) => (mail.to as any)?.text === 'viajera@example.com'), 30_000, 'the new-device mail');
  const mail = smtp.received.find((m) => (m.to as any)?.text === 'viajera@example.com')!;
  assert.is(mail.subject, 'Contraespionaje CR: inicio de sesión desde un dispositivo nuevo');
  assert.match(mail.text!, 'Hola, viajera:');
  assert.match(mail.text!, '/admin/seguridad');
});

test.run();
