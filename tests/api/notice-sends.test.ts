// One notice, two instances: the one that took the notices over while the other was still handing the
// same mail to the SMTP server (its lock went with its connection; its process did not) must not send it
// again. The takeover's try fails and is retried later, when the notice shows as sent.
import { randomUUID } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { allMigrations } from '../../api/app';
import { loadConfig } from '../../api/config';
import type { Mail, Mailer } from '../../api/notifications/mailer';
import { notificationsProcessor } from '../../api/notifications/processor';
import { noticeStates } from '../../api/notifications/state';
import { migrate, type Processor, type StoredEvent } from '../../events';
import { freshDatabase } from '../helpers/database';

type Database = Awaited<ReturnType<typeof freshDatabase>>;
let database: Database;

test.before(async () => {
  database = await freshDatabase();
  await migrate(database.db, allMigrations);
});
test.after(() => database.drop());

const config = loadConfig({}, { smtpUrl: 'smtp://127.0.0.1:1', notifyEmail: 'equipo@example.com', publicUrl: 'https://example.com' });

/** A mailer whose sends wait until let go, recording each mail handed to it. */
function heldMailer() {
  const sent: Mail[] = [];
  let letGo: () => void = () => {};
  const gate = new Promise<void>((resolve) => (letGo = resolve));
  let markStarted: () => void = () => {};
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  const mailer: Mailer = {
    async send(mail) {
      sent.push(mail);
      markStarted();
      await gate;
    },
  };
  return { mailer, sent, letGo: () => letGo(), started };
}

function instance(mailer: Mailer) {
  const processor = notificationsProcessor({ config, mailer, states: noticeStates(database.db), log: () => {} });
  if (processor.mode === 'per-instance') throw new Error('the notices are exclusive');
  return processor as Exclusive;
}
type Exclusive = Exclude<Processor, { mode: 'per-instance' }>;

/** The message a handler's try failed with, or null when it succeeded. */
const failureOf = (attempt: Promise<unknown>) =>
  attempt.then(
    () => null,
    (error: Error) => error.message,
  );

let position = 1_000;
function contactEvent(): StoredEvent {
  position += 1;
  return {
    type: 'ContactMessageReceived',
    data: { name: `Cliente ${position}`, email: 'cliente@example.com', phone: null, message: 'Hola', createdAt: new Date().toISOString() },
    position,
    streamId: randomUUID(),
    streamVersion: 1,
    metadata: { actor: null, origin: 'api', requestId: randomUUID() },
    recordedAt: new Date(),
  } as StoredEvent;
}

test('a takeover during the other instance’s send waits, then finds the notice sent and sends nothing', async () => {
  const a = heldMailer();
  const b = heldMailer();
  b.letGo();
  const event = contactEvent();
  const first = instance(a.mailer).handle(event, { db: database.db, attempt: 1 });
  await a.started;
  const takeover = await failureOf(instance(b.mailer).handle(event, { db: database.db, attempt: 1 }));
  assert.is(takeover, 'Otra instancia está enviando este aviso');
  assert.is(b.sent.length, 0, 'nothing mailed by the takeover while the first send is under way');
  a.letGo();
  await first;
  await instance(b.mailer).handle(event, { db: database.db, attempt: 2 });
  assert.is(a.sent.length, 1);
  assert.is(b.sent.length, 0, 'the retry finds it sent');
  assert.is(await noticeStates(database.db).statusOf(event.position), 'sent');
});

test('a send that failed lets go of its claim: the next try (here or elsewhere) sends it', async () => {
  const event = contactEvent();
  const failing: Mailer = {
    send: () => Promise.reject(new Error('conexión rechazada')),
  };
  const failed = await failureOf(instance(failing).handle(event, { db: database.db, attempt: 1 }));
  assert.is(failed, 'conexión rechazada');
  assert.is(await noticeStates(database.db).statusOf(event.position), 'pending');
  const other = heldMailer();
  other.letGo();
  await instance(other.mailer).handle(event, { db: database.db, attempt: 2 });
  assert.is(other.sent.length, 1);
  assert.is(await noticeStates(database.db).statusOf(event.position), 'sent');
});

test('a claim whose holder died runs out, and the notice is sent then', async () => {
  const event = contactEvent();
  const states = noticeStates(database.db);
  assert.ok(await states.claimSend(event.position, 200), 'taken by an instance that then dies');
  const waiting = heldMailer();
  waiting.letGo();
  const early = await failureOf(instance(waiting.mailer).handle(event, { db: database.db, attempt: 1 }));
  assert.is(early, 'Otra instancia está enviando este aviso');
  await new Promise((resolve) => setTimeout(resolve, 400));
  await instance(waiting.mailer).handle(event, { db: database.db, attempt: 2 });
  assert.is(waiting.sent.length, 1);
});

test.run();
