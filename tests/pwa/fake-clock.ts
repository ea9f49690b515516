// A clock for the queue's tests (pwa/offline/queue-runner.ts's Clock): time moves only when told.
import type { Clock } from '../../pwa/offline/queue-runner';

/** A clock whose time moves only when told; due timers run in order, each followed by the promises it starts. */
export class FakeClock implements Clock {
  time = 0;
  private timers: { at: number; run: () => void; id: number }[] = [];
  private nextId = 1;
  now = () => this.time;
  setTimeout = (run: () => void, ms: number) => {
    const id = this.nextId++;
    this.timers.push({ at: this.time + ms, run, id });
    return id;
  };
  clearTimeout = (handle: unknown) => {
    this.timers = this.timers.filter((timer) => timer.id !== handle);
  };
  get pending(): number[] {
    return this.timers.map((timer) => timer.at - this.time);
  }
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    for (;;) {
      const due = this.timers.filter((timer) => timer.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((timer) => timer !== due);
      this.time = due.at;
      due.run();
      await settle();
    }
    this.time = end;
  }
}

/**
 * Enough turns of the event loop, and of real time, for a send to finish: IndexedDB's callbacks, and
 * Web Crypto's work on Node's thread pool, which a busy machine may answer a few milliseconds late.
 */
export const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
  for (let i = 0; i < 25; i++) await new Promise((resolve) => setTimeout(resolve, 2));
};
