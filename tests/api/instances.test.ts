// Two app instances on one PostgreSQL: a news write on one clears the visitors' news cache of the
// other at once (its per-instance subscription, woken by NOTIFY), not when the cache expires; and
// when the instance running the notices dies, the other takes over and nothing is mailed twice.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../helpers/app';
import { usingPostgres } from '../helpers/database';
import { startSmtp, type TestSmtp } from '../helpers/smtp';
import { waitFor } from '../helpers/wait';
import { skipBecause } from '../helpers/skip';

const article = (title: string, slug: string) => ({
  title,
  slug,
  excerpt: 'Resumen',
  content: '<p>Contenido</p>',
  category: 'Ciberseguridad',
  author: 'Equipo',
  image: null,
});

if (usingPostgres) {
  let a: TestApp;
  let b: TestApp;
  let smtp: TestSmtp;
  test.before(async () => {
    smtp = await startSmtp();
    const mail = { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, notifyEmail: 'equipo@example.com' };
    a = await startTestApp(mail, {}, { subscriptions: { lockRetryMs: 300 } });
    b = await startTestApp(mail, {}, { shareDatabaseOf: a, subscriptions: { lockRetryMs: 300 } });
  });
  test.after(async () => {
    await b.close();
    await a.close();
    await smtp.close();
  });

  test("when the connection that holds the notices' lock dies, the other instance takes over; each notice is sent once", async () => {
    const mailsAbout = (name: string) => smtp.received.filter((mail) => mail.subject?.includes(name)).length;
    await a.client().post('/api/contact', { name: 'Antes Caída', email: 'x@example.com', message: 'uno' });
    await waitFor(() => mailsAbout('Antes Caída') === 1, 30_000, 'the first mail');
    // As if the holder's process died: PostgreSQL ends its session, and the advisory lock goes with it.
    const lockKey = `subscription:notifications`;
    const [holder] = await a.services.db.query(
      `SELECT l.pid FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    assert.ok(holder, `someone holds ${lockKey}`);
    await a.services.db.query('SELECT pg_terminate_backend($1)', [holder.pid]);
    for (const name of ['Después Uno', 'Después Dos']) {
      await (name.endsWith('Uno') ? a : b).client().post('/api/contact', { name, email: 'x@example.com', message: 'dos' });
    }
    await waitFor(() => mailsAbout('Después Uno') === 1 && mailsAbout('Después Dos') === 1, 30_000, 'the mails after the takeover');
    await new Promise((r) => setTimeout(r, 1_000));
    assert.is(mailsAbout('Antes Caída'), 1);
    assert.is(mailsAbout('Después Uno'), 1);
    assert.is(mailsAbout('Después Dos'), 1);
    const holders = await a.services.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND granted`);
    assert.ok(holders[0].n >= 1, 'the lock is held again');
  });

  test("an article published on instance A shows on instance B's cached visitors' list right away", async () => {
    const visitor = b.client();
    const staff = await a.admin();
    for (const round of [1, 2, 3]) {
      const before = await visitor.get('/api/news');
      const cachedAt = Date.now();
      assert.is(before.status, 200);
      const created = await staff.post('/api/news', article(`Alerta ${round}`, `alerta-${round}`));
      assert.is(created.status, 201);
      let seen = false;
      while (!seen && Date.now() - cachedAt < 900) {
        seen = (await visitor.get('/api/news')).body.some((item: { slug: string }) => item.slug === `alerta-${round}`);
        if (!seen) await new Promise((r) => setTimeout(r, 10));
      }
      // Without the subscription B would serve its cached page until the one-second cache expires.
      assert.ok(seen, `round ${round}: B served a stale list`);
    }
  });
} else {
  skipBecause('instances on one PostgreSQL', 'two instances need PostgreSQL: set TEST_DATABASE_URL');
}

test.run();
