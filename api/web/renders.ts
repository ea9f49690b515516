// Visitors' page renders under way, and the stale lists waiting to be rendered again behind them.
// A render costs a millisecond or two of the one thread; a burst of article writes makes every kept list
// out of date at once, and each visitor asking for one would render it in line behind the others (at
// five writes a second and hundreds of searches in rotation, more renders than the thread can do).
// So while `busyAt` renders are under way, a visitor asking for a list that a change made out of date
// gets the stale copy (page-cache.ts, at most `maxStaleMs` old) and the list is queued to be rendered
// again in the background, one at a time, between the requests. When the server is not busy, the next
// visitor renders the page: a change is in the next page asked for.

export class Renders {
  private underWay = 0;
  private readonly queued = new Set<string>();
  private draining = false;

  constructor(
    /** How many renders under way make the server busy. */
    private readonly busyAt: number,
    /** Renders `url` again and keeps it (if nobody did meanwhile). */
    private readonly renderAgain: (url: string) => Promise<void>,
  ) {}

  get busy(): boolean {
    return this.underWay >= this.busyAt;
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
        // Requests that arrived meanwhile are answered first.
        await new Promise((resolve) => setImmediate(resolve));
        await this.run(() => this.renderAgain(url)).catch(() => {});
        this.queued.delete(url);
      }
    } finally {
      this.draining = false;
    }
  }
}
