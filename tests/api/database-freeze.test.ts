// PostgreSQL frozen under a running app (every process of its cluster stopped with SIGSTOP: connections
// stay open and nothing answers, as when the server hangs or the network is cut): requests that need it
// answer a Spanish 503 once the query deadline has passed instead of hanging, the write they began is
// not half done, and once the server thaws the app serves again by itself, with no restart.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { adminCredentials, startTestApp, type Answer, type TestApp } from '../helpers/app';
import { postgresBin, startPrivatePostgres, type PrivatePostgres } from '../helpers/private-postgres';
import { skipBecause } from '../helpers/skip';

const deadlineMs = 2_000;
const env = {
  ADMIN_USERNAME: adminCredentials.username,
  ADMIN_PASSWORD: adminCredentials.password,
  PUBLIC_WRITE_LIMIT: '0',
  FEED_SCHEDULER: 'off',
  DB_QUERY_DEADLINE_MS: String(deadlineMs),
};
const unavailable = 'El servicio no está disponible en este momento. Intente de nuevo en unos minutos.';
/** The pool's size (openDb's default): after the thaw every one of its connections must be usable. */
const poolSize = 10;

/** The answer, or a failure once `ms` have passed: a request that hangs must fail the test, not stall it. */
async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms)));
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

if (!postgresBin()) {
  skipBecause('PostgreSQL frozen under a running app', 'PostgreSQL binaries not installed: the freeze test needs /usr/lib/postgresql/*/bin');
} else {
  let cluster: PrivatePostgres;
  let app: TestApp;
  test.before(async () => {
    cluster = await startPrivatePostgres();
    app = await startTestApp({ databaseUrl: cluster.url }, env, { configuredDatabase: true });
  });
  test.after(async () => {
    cluster?.thaw();
    await app?.close().catch(() => {});
    cluster?.destroy();
  });

  test('with the database frozen, answers are a Spanish 503 within the deadline; it comes back alone, nothing half written', async () => {
    const admin = await app.admin();
    const visitor = app.client();
    // Several requests at once, so that the pool holds several open connections when the server freezes.
    const warm = await Promise.all(Array.from({ length: 6 }, () => admin.get('/api/contact/messages')));
    assert.equal(
      warm.map((answer) => answer.status),
      Array(6).fill(200),
    );
    const messagesBefore = Number(warm[0].headers.get('x-total-count') ?? warm[0].body.length);

    const stopped = cluster.freeze();
    assert.ok(stopped.length > 1, 'the postmaster and its backends are stopped');
    const bound = deadlineMs + 2_000;
    const timed = async (label: string, request: () => Promise<Answer>) => {
      const started = Date.now();
      const answer = await within(bound + 10_000, label, request());
      const ms = Date.now() - started;
      assert.is(answer.status, 503, `${label}: ${answer.status}`);
      assert.ok(ms < bound, `${label} took ${ms} ms (the deadline is ${deadlineMs} ms)`);
      assert.is(answer.body.message, unavailable, label);
      assert.is(answer.headers.get('retry-after'), '5', label);
      return ms;
    };
    const frozenAt = Date.now();
    const first = await timed('staff list', () => admin.get('/api/contact/messages'));
    // At once: some on connections stuck since the freeze, some queued behind them, some on new connections.
    const together = await Promise.all([
      ...Array.from({ length: 8 }, (_, i) => timed(`staff list ${i + 1} of 8`, () => admin.get('/api/contact/messages'))),
      timed('contact form', () => visitor.post('/api/contact', { name: 'Congelada', email: 'ana@example.com', message: 'Durante la congelación' })),
      // (A visitor's new search is answered from memory now, without the database: a staff read instead.)
      timed('advance forms', () => admin.get('/api/advance-forms')),
    ]);
    assert.is((await visitor.get('/healthz')).status, 200, 'the process itself is alive');
    console.log(`frozen: first 503 in ${first} ms, ten at once in at most ${Math.max(...together)} ms (deadline ${deadlineMs} ms)`);

    cluster.thaw();
    const thawedAt = Date.now();
    let recovered: Answer | null = null;
    while (Date.now() - thawedAt < 15_000) {
      const answer = await within(bound, 'a request after the thaw', admin.get('/api/contact/messages'));
      if (answer.status === 200) {
        recovered = answer;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.ok(recovered, 'requests succeed again within 15 s of the thaw, with no restart');
    console.log(`thawed: first 200 ${Date.now() - thawedAt} ms after the thaw (${((thawedAt - frozenAt) / 1000).toFixed(1)} s frozen)`);

    // The contact write that answered 503 left nothing behind: its transaction never committed.
    assert.is(Number(recovered.headers.get('x-total-count') ?? recovered.body.length), messagesBefore, 'the write refused during the freeze is not there');
    const written = await visitor.post('/api/contact', { name: 'Descongelada', email: 'ana@example.com', message: 'Después' });
    assert.is(written.status, 201, written.text);
    const after = await Promise.all(Array.from({ length: 12 }, () => admin.get('/api/contact/messages')));
    assert.equal(
      after.map((answer) => answer.status),
      Array(12).fill(200),
    );
    assert.is(Number(after[0].headers.get('x-total-count') ?? after[0].body.length), messagesBefore + 1);

    // No connection was lost to the pool: all of them can be held at once (a transaction each).
    let entered = 0;
    await within(
      10_000,
      `${poolSize} transactions at once`,
      Promise.all(
        Array.from({ length: poolSize }, () =>
          app.services.db.transaction(async (tx) => {
            await tx.query('SELECT 1');
            entered += 1;
            while (entered < poolSize) await new Promise((resolve) => setTimeout(resolve, 10));
          }),
        ),
      ),
    );
  });
}

test.run();
