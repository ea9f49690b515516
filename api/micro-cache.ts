// A one-second cache of visitors' answers (news lists), as nginx micro-caching does: a burst of the same
// page costs one query. This instance drops it the moment it commits a news event; every other
// instance sharing the database drops it when the append's notification reaches its per-instance
// subscription (a few milliseconds later). Signed-in staff never read from it.
import { allEventTypes, touches, type EventStore, type Processor, type ReadModel } from '../events';

export class MicroCache<T> {
  private entries = new Map<string, { at: number; value: T }>();
  private pending = new Map<string, Promise<T>>();

  constructor(
    private readonly ttlMs = 1000,
    private readonly maxEntries = 500,
  ) {}

  async get(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.value;
    // Concurrent misses of one key share a single load.
    const running = this.pending.get(key);
    if (running) return running;
    const generation = this.generation;
    const loading = load()
      .then((value) => {
        // A load that began before an invalidation may hold old rows: use it, don't keep it.
        if (generation === this.generation) {
          if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
          this.entries.set(key, { at: Date.now(), value });
        }
        return value;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, loading);
    return loading;
  }

  private generation = 0;

  clear() {
    this.generation += 1;
    this.entries.clear();
    this.pending.clear();
  }

  /** Clears the cache after every committed event that the catalogue says touches `model`. */
  clearOn(store: EventStore, model: ReadModel) {
    store.onCommitted((events) => {
      if (events.some((event) => touches(event.type, model))) this.clear();
    });
    return this;
  }
}

/** A per-instance processor that clears `cache` on every event that touches `model`, whichever instance wrote it. */
export function cacheClearing(name: string, model: ReadModel, cache: { clear(): void }): Processor {
  const handles = allEventTypes.filter((type) => touches(type, model));
  return { name, mode: 'per-instance', startAt: 'head', handles, handle: async () => cache.clear() };
}
