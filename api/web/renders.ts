// Visitors' page renders under way, and the stale lists waiting to be rendered again behind them.
// A render costs a millisecond or more of the one thread; a burst of article writes makes every kept list
// out of date at once, and each visitor asking for one would render it in line behind the others (at
// five writes a second and hundreds of searches in rotation, more renders than the thread can do).
// So while the server is busy (its event loop at work 90% of the time since it was last measured, a
// tenth of a second or more before, or `busyAt` renders under way), a visitor asking for a list that a
// change made out of date gets the stale copy (page-cache.ts, at most `maxStaleMs` old) and the list is
// queued to be rendered again in the background, one at a time, between the requests. When the server
// is not busy, the next visitor renders the page: a change is in the next page asked for.
import { performance, type EventLoopUtilization } from 'node:perf_hooks';

/** The share of the event loop's time spent at work above which the server is busy. */
const busyUtilization = 0.9;
/** How long a measure of the event loop's work lasts before it is taken again, ms. */
const utilizationWindowMs = 100;
/** How long a background render waits while the server is busy, ms: renders then take a fifth of the loop or so. */
const busyPauseMs = 10;

export class Renders {
  private underWay = 0;
  private readonly queued = new Set<string>();
  private draining = false;
  private loop: EventLoopUtilization = performance.eventLoopUtilization();
  private loopAt = performance.now();
  private utilization = 0;

  constructor(
    /** How many renders under way make the server busy. */
    private readonly busyAt: number,
    /** Renders `url` again and keeps it (if nobody did meanwhile). */
    private readonly renderAgain: (url: string) => Promise<void>,
  ) {}

  get busy(): boolean {
    const now = performance.now();
    if (now - this.loopAt >= utilizationWindowMs) {
      const loop = performance.eventLoopUtilization();
      this.utilization = performance.eventLoopUtilization(loop, this.loop).utilization;
      this.loop = loop;
      this.loopAt = now;
    }
    return this.underWay >= this.busyAt || this.utilization >= busyUtilization;
  }

  /** Stale pages waiting for their render. */
  get waiting(): number {
    return this.queued.size;
  }

  /** Counts `render` as under way until it settles. */
  async run<T>(render: () => Promise<T>): Promise<T> {
    this.underWay += 1;
    try {
      return await render();
    } finally {
      this.underWay -= 1;
    }
  }

  /** Queues `url` to be rendered again in the background (once, however often it is asked for meanwhile). */
  later(url: string): void {
    this.queued.add(url);
    if (!this.draining) void this.drain();
  }

  private async drain() {
    this.draining = true;
    try {
      // Each URL leaves the queue once rendered: asked for again meanwhile, it is not queued twice.
      for (const url of this.queued) {
        // Requests that arrived meanwhile are answered first; while the server stays busy, a render
        // waits a while more (visitors get the stale copies meanwhile).
        await new Promise((resolve) => (this.busy ? setTimeout(resolve, busyPauseMs) : setImmediate(resolve)));
        await this.run(() => this.renderAgain(url)).catch(() => {});
        this.queued.delete(url);
      }
    } finally {
      this.draining = false;
    }
  }
}
