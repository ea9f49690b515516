// The queue's clock with a fake clock: 2^n seconds after n failed tries in a row, at most 5 minutes,
// ±20 %; one run at a time; a stop once nothing is left for it; the counts it reports.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { backoffDelayMs, judgeRun, maxRetryDelayMs } from '../../pwa/offline/retry-policy';
import { QueueRunner, type RunnerState } from '../../pwa/offline/queue-runner';
import type { SyncOutcome } from '../../pwa/offline/retry-policy';
import { FakeClock, settle } from './fake-clock';

const middle = () => 0.5;

test('the wait doubles from 2 s after each failed try in a row, up to 5 minutes', () => {
  const seconds = [1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 40].map((n) => backoffDelayMs(n, middle) / 1000);
  assert.equal(seconds, [2, 4, 8, 16, 32, 64, 128, 256, 300, 300, 300]);
  assert.is(backoffDelayMs(0, middle), 2_000, 'never shorter than the first retry');
  assert.is(maxRetryDelayMs, 300_000);
});

test('each wait is spread ±20 % at random', () => {
  assert.is(
    backoffDelayMs(1, () => 0),
    1_600,
  );
  assert.is(
    backoffDelayMs(1, () => 1),
    2_400,
  );
  assert.is(
    backoffDelayMs(20, () => 1),
    360_000,
  );
  for (let i = 0; i < 200; i++) {
    const wait = backoffDelayMs(3);
    assert.ok(wait >= 6_400 && wait <= 9_600, `${wait} ms is within 8 s ± 20 %`);
  }
});

test('a run counts what it sent, and retries only what the queue itself can send later', () => {
  assert.equal(judgeRun(['sent', 'waiting', 'sent']), { sent: 2, failed: true, retry: true });
  assert.equal(judgeRun(['busy', 'skipped']), { sent: 0, failed: false, retry: true });
  assert.equal(judgeRun(['signIn', 'refused']), { sent: 0, failed: false, retry: false }, 'a person must act');
  assert.equal(judgeRun([]), { sent: 0, failed: false, retry: false });
});

function runnerWith(answers: SyncOutcome[][], clock = new FakeClock(), maxDelayMs?: number) {
  const runs: number[] = [];
  const states: RunnerState[] = [];
  const verdicts: number[] = [];
  let failures = 0;
  let active = 0;
  let overlapped = false;
  const runner = new QueueRunner({
    clock,
    random: middle,
    maxDelayMs,
    send: async () => {
      active++;
      overlapped ||= active > 1;
      runs.push(clock.now());
      await settle();
      active--;
      return answers.shift() ?? [];
    },
    onRun: (verdict) => verdicts.push(verdict.sent),
    onFailure: () => failures++,
    onState: (state) => states.push(state),
  });
  return { runner, clock, runs, states, verdicts, failures: () => failures, overlapped: () => overlapped };
}

test('a refusing network is retried by itself at 2, 4 and 8 s, and the queue stops once the form is sent', async () => {
  const q = runnerWith([['waiting'], ['waiting'], ['waiting'], ['sent']]);
  await q.runner.run();
  assert.equal(q.clock.pending, [2_000]);
  assert.is(q.runner.current.nextTryAt, 2_000);
  await q.clock.advance(2_000);
  assert.equal(q.clock.pending, [4_000]);
  await q.clock.advance(4_000);
  assert.equal(q.clock.pending, [8_000]);
  assert.is(q.runner.current.failures, 3);
  await q.clock.advance(8_000);
  assert.equal(q.runs, [0, 2_000, 6_000, 14_000]);
  assert.equal(q.clock.pending, [], 'nothing left: no timer');
  assert.is(q.runner.current.failures, 0);
  assert.is(q.runner.current.nextTryAt, null);
  assert.is(q.runner.current.lastTryAt, 14_000);
  assert.equal(q.verdicts, [0, 0, 0, 1]);
  assert.is(q.failures(), 3, 'each failed try asks for a Background Sync');
  await q.clock.advance(3_600_000);
  assert.is(q.runs.length, 4, 'no more runs once the queue is empty');
});

test('the wait stops growing at 5 minutes', async () => {
  const q = runnerWith(Array.from({ length: 12 }, () => ['waiting'] as SyncOutcome[]));
  await q.runner.run();
  for (let i = 0; i < 11; i++) await q.clock.advance(q.clock.pending[0]);
  const gaps = q.runs.slice(1).map((at, i) => (at - q.runs[i]) / 1000);
  assert.equal(gaps, [2, 4, 8, 16, 32, 64, 128, 256, 300, 300, 300]);
});

test('a queue may stop the wait growing sooner (the news editor: 30 s), still ±20 %', async () => {
  const q = runnerWith(
    Array.from({ length: 7 }, () => ['waiting'] as SyncOutcome[]),
    new FakeClock(),
    30_000,
  );
  await q.runner.run();
  for (let i = 0; i < 6; i++) await q.clock.advance(q.clock.pending[0]);
  const gaps = q.runs.slice(1).map((at, i) => (at - q.runs[i]) / 1000);
  assert.equal(gaps, [2, 4, 8, 16, 30, 30]);
  assert.is(
    backoffDelayMs(9, () => 1, 30_000),
    36_000,
  );
});

test('something left to send outside a run sets one try, counts nothing, and never puts off a try already set', async () => {
  const q = runnerWith([['waiting'], ['waiting'], []]);
  q.runner.wake();
  assert.equal(q.clock.pending, [2_000]);
  assert.is(q.runner.current.failures, 0);
  q.runner.wake();
  assert.equal(q.clock.pending, [2_000], 'one timer, not moved');
  await q.clock.advance(1_000);
  q.runner.wake();
  assert.equal(q.clock.pending, [1_000], 'the try set stays where it was');
  await q.clock.advance(1_000);
  assert.is(q.runner.current.failures, 1);
  assert.equal(q.clock.pending, [2_000]);
  await q.clock.advance(2_000);
  assert.is(q.runner.current.failures, 2);
  // Woken again after two failed tries: the wait they set stays, not a shorter one.
  q.runner.wake();
  assert.equal(q.clock.pending, [4_000]);
  await q.clock.advance(4_000);
  assert.equal(q.runs, [2_000, 4_000, 8_000]);
  assert.equal(q.clock.pending, [], 'nothing left: the queue stops');
  assert.is(q.runner.current.failures, 0, 'and starts over');
});

test('woken during a run that found nothing to retry, the queue still tries again after it', async () => {
  const clock = new FakeClock();
  let wakeDuring = true;
  let runs = 0;
  const runner: QueueRunner = new QueueRunner({
    clock,
    random: middle,
    send: async () => {
      runs++;
      await settle();
      // A copy kept while this run was past the point where it looked.
      if (wakeDuring) runner.wake();
      wakeDuring = false;
      return ['sent'];
    },
  });
  await runner.run();
  assert.is(runner.current.failures, 0);
  assert.equal(clock.pending, [2_000]);
  await clock.advance(2_000);
  assert.is(runs, 2);
  assert.equal(clock.pending, []);
});

test('a form held elsewhere (busy) is tried again without counting as a failed try; a refusal or a sign-in is not retried', async () => {
  const q = runnerWith([['busy'], ['busy'], ['refused', 'signIn']]);
  await q.runner.run();
  assert.is(q.runner.current.failures, 0);
  assert.equal(q.clock.pending, [2_000]);
  await q.clock.advance(2_000);
  assert.is(q.runner.current.failures, 0);
  assert.equal(q.clock.pending, [4_000], 'a form corrected for long is not knocked at every 2 s');
  await q.clock.advance(4_000);
  assert.equal(q.clock.pending, []);
  assert.is(q.failures(), 0);
});

test('never two runs at once: a run asked for during one follows it, once', async () => {
  const q = runnerWith([['sent'], ['sent']]);
  const first = q.runner.run();
  void q.runner.run();
  void q.runner.run();
  await first;
  await settle();
  assert.is(q.runs.length, 2);
  assert.is(q.overlapped(), false);
});

test("the form's own failed send sets the timer at 2 s; 'Enviar ahora' starts the backoff over", async () => {
  const q = runnerWith([['waiting'], ['waiting'], ['sent']]);
  q.runner.noteFailedTry();
  assert.equal(q.clock.pending, [2_000]);
  assert.is(q.runner.current.lastTryAt, 0);
  await q.clock.advance(2_000);
  assert.is(q.runner.current.failures, 2);
  assert.equal(q.clock.pending, [4_000]);
  await q.runner.retryNow();
  assert.is(q.runner.current.failures, 1, 'counted from zero again');
  assert.equal(q.clock.pending, [2_000]);
  await q.clock.advance(2_000);
  assert.equal(q.clock.pending, []);
});

test('a sender that throws counts as a failed try, and the queue keeps trying', async () => {
  const clock = new FakeClock();
  let calls = 0;
  const runner = new QueueRunner({
    clock,
    random: middle,
    send: async () => {
      calls++;
      if (calls === 1) throw new Error('IndexedDB cerrada');
      return ['sent'];
    },
  });
  const warn = console.warn;
  console.warn = () => undefined;
  await runner.run();
  console.warn = warn;
  assert.equal(clock.pending, [2_000]);
  await clock.advance(2_000);
  assert.is(calls, 2);
  assert.equal(clock.pending, []);
});

test.run();
