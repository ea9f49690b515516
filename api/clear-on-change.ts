// What an in-memory cache of read models needs to stay true: drop it the moment this instance commits an
// event that the catalogue says touches one of `models` (before the writer's answer leaves), and when any
// instance's such event reaches a per-instance processor (milliseconds later, through the append's NOTIFY).
// `clear` is told which events those were, for a cache that drops only what they changed.
import { allEventTypes, touches, type EventStore, type Processor, type ReadModel } from '../events';

type Change = { type: string; streamId: string };

export function clearOnChange(store: EventStore, name: string, models: readonly ReadModel[], clear: (changes: readonly Change[]) => void): Processor {
  const changes = (type: string) => models.some((model) => touches(type, model));
  store.onCommitted((events) => {
    const changed = events.filter((event) => changes(event.type));
    if (changed.length > 0) clear(changed);
  });
  return { name, mode: 'per-instance', startAt: 'head', handles: allEventTypes.filter(changes), handle: async (event) => clear([event]) };
}
