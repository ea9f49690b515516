// The queue's clock: runs the sender at most once at a time, counts failed tries in a row and sets a
// timer for the next one (retry-policy.ts), until nothing is left for it to send. No browser APIs here:
// the sender, the clock and the random source are given, so tests drive it with a fake clock
// (tests/pwa/queue-runner.test.ts); sync.ts gives it the real ones.
import type { SyncOutcome } from './retry-policy';
import { backoffDelayMs, judgeRun, type RunVerdict } from './retry-policy';

export type Clock = {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** What the screens show: a run under way, the last try, the next one, failed tries in a row. */
export type RunnerState = { running: boolean; failures: number; lastTryAt: number | null; nextTryAt: number | null };

export type QueueRunnerOptions = {
  /** Sends what is pending; answers one outcome per form it looked at (none: the queue is empty). */
  send: () => Promise<SyncOutcome[]>;
  clock?: Clock;
  random?: () => number;
  /** The longest wait between two tries (5 minutes unless given: retry-policy.ts). */
  maxDelayMs?: number;
  /** After every run that looked at a form. */
  onRun?: (verdict: RunVerdict, outcomes: SyncOutcome[]) => void;
  /** After a failed try (the worker's Background Sync is asked for then). */
  onFailure?: () => void;
  onState?: (state: RunnerState) => void;
};

export class QueueRunner {
  private readonly clock: Clock;
  private readonly random: () => number;
  private running: Promise<void> | null = null;
  private again = false;
  /** A failed send outside a run under way: the run's end sets the timer even if it saw nothing to retry. */
  private failedMeanwhile = false;
  /** Runs in a row that found a form held elsewhere (an editor open on it): they back off too, uncounted. */
  private heldRuns = 0;
  private timer: unknown = null;
  private state: RunnerState = { running: false, failures: 0, lastTryAt: null, nextTryAt: null };

  constructor(private readonly options: QueueRunnerOptions) {
    this.clock = options.clock ?? realClock;
    this.random = options.random ?? Math.random;
  }

  get current(): RunnerState {
    return this.state;
  }

  /** Runs now; during a run, once more right after it. Resolves when the queue is idle again. */
  run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.runOnce().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        void this.run();
      }
    });
    return this.running;
  }

  /** A person asked ('Enviar ahora') or the connection came back: no waiting out the backoff. */
  retryNow(): Promise<void> {
    this.setState({ failures: 0 });
    return this.run();
  }

  /**
   * Something was left to send outside a run (a save that got no answer, made by whoever holds the text):
   * a try is set if none is, after the wait the failed tries so far call for; nothing more is counted.
   * During a run, the run's end sets it.
   */
  wake(): void {
    if (this.running) this.failedMeanwhile = true;
    else if (this.timer === null) this.schedule(Math.max(1, this.state.failures));
  }

  /** A send outside the runner (the form's own 'Guardar') got no answer: it counts, and the timer is set. */
  noteFailedTry(): void {
    const failures = this.state.failures + 1;
    this.setState({ failures, lastTryAt: this.clock.now() });
    this.options.onFailure?.();
    if (this.running) this.failedMeanwhile = true;
    else this.schedule(failures);
  }

  stop(): void {
    this.clearTimer();
    this.setState({ nextTryAt: null });
  }

  private async runOnce(): Promise<void> {
    this.clearTimer();
    const startedAt = this.clock.now();
    this.setState({ running: true, nextTryAt: null });
    let outcomes: SyncOutcome[];
    try {
      outcomes = await this.options.send();
    } catch (error) {
      console.warn('[cola] envío fallido', error);
      outcomes = ['waiting'];
    }
    const verdict = judgeRun(outcomes);
    const failures = verdict.failed ? this.state.failures + 1 : verdict.retry ? this.state.failures : 0;
    this.setState({ running: false, failures, lastTryAt: outcomes.length ? startedAt : this.state.lastTryAt });
    if (outcomes.length) this.options.onRun?.(verdict, outcomes);
    if (verdict.failed) this.options.onFailure?.();
    this.heldRuns = verdict.retry && !verdict.failed ? this.heldRuns + 1 : 0;
    const retry = verdict.retry || this.failedMeanwhile;
    this.failedMeanwhile = false;
    if (retry && !this.again) this.schedule(Math.max(1, this.state.failures, this.heldRuns));
  }

  private schedule(failures: number): void {
    this.clearTimer();
    const delay = backoffDelayMs(failures, this.random, this.options.maxDelayMs);
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      void this.run();
    }, delay);
    this.setState({ nextTryAt: this.clock.now() + delay });
  }

  private clearTimer(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  private setState(change: Partial<RunnerState>): void {
    this.state = { ...this.state, ...change };
    this.options.onState?.(this.state);
  }
}
