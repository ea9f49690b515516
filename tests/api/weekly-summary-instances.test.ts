// Two app instances on one PostgreSQL, both looking every 50 ms whether the weekly summary is due on a
// Monday at 7:01: the week gets one WeeklySummaryDue event and the admins one e-mail, however many looks
// race, and also when both prepare it at the very same moment.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addWeeksToDay, businessTimeOn, weekStartOf } from '../../domain';
import { prepareWeeklySummary } from '../../api/weekly-summary';
import { startTestApp, type TestApp } from '../helpers/app';
import { usingPostgres } from '../helpers/database';
import { startSmtp, type TestSmtp } from '../helpers/smtp';
import { waitFor } from '../helpers/wait';
import { skipBecause } from '../helpers/skip';

if (usingPostgres) {
  let a: TestApp;
  let b: TestApp;
  let smtp: TestSmtp;
  const monday = addWeeksToDay(weekStartOf(new Date()), 1);
  const at = new Date(businessTimeOn(monday, 7).getTime() + 60_000);
  test.before(async () => {
    smtp = await startSmtp();
    const mail = { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, notifyEmail: 'equipo@example.com' };
    const options = { subscriptions: { lockRetryMs: 200 }, weeklySummary: { now: () => at, everyMs: 50 } };
    a = await startTestApp(mail, {}, options);
    b = await startTestApp(mail, {}, { ...options, shareDatabaseOf: a });
  });
  test.after(async () => {
    await b.close();
    await a.close();
    await smtp.close();
  });

  const summaries = () => smtp.received.filter((mail) => mail.subject?.includes('resumen de la'));
  const dueEvents = async () => Number((await a.services.db.query(`SELECT count(*)::int AS n FROM events WHERE type = 'WeeklySummaryDue'`))[0].n);

  test('with two instances looking, the weekly summary is recorded once and mailed once', async () => {
    const admin = await a.admin();
    await admin.put('/api/account/notice-email', { noticeEmail: 'jefa@example.com', password: admin.password });
    const second = await b.userWithRole('admin', 'segunda');
    await second.put('/api/account/notice-email', { noticeEmail: 'segunda@example.com', password: second.password });
    assert.is((await second.put('/api/account/weekly-summary', { weeklySummary: true })).status, 200);
    assert.is((await admin.put('/api/account/weekly-summary', { weeklySummary: true })).status, 200);
    await waitFor(() => summaries().length >= 1, 30_000, 'the weekly summary');
    // Both instances go on looking every 50 ms for a while: nothing more is recorded or sent.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    assert.is(await dueEvents(), 1);
    assert.is(summaries().length, 1);
    const to = String((summaries()[0].to as { text: string }).text);
    assert.ok(to.includes('jefa@example.com') || to.includes('segunda@example.com'), to);
  });

  test('both instances preparing the same week at the same moment record it once', async () => {
    const later = new Date(at.getTime() + 7 * 86_400_000);
    const outcomes = await Promise.all([...Array(6)].map((_, i) => prepareWeeklySummary(i % 2 ? a.services : b.services, later)));
    assert.is(outcomes.filter((outcome) => outcome === 'prepared').length, 1, outcomes.join(', '));
    assert.ok(
      outcomes.every((outcome) => ['prepared', 'busy', 'already-prepared'].includes(outcome)),
      outcomes.join(', '),
    );
    assert.is(await dueEvents(), 2);
    await waitFor(() => summaries().length === 2, 30_000, "the next week's summary");
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    assert.is(summaries().length, 2);
  });
} else {
  skipBecause('the weekly summary with two instances', 'two instances need PostgreSQL: set TEST_DATABASE_URL');
}

test.run();
