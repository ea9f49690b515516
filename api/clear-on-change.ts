// What an in-memory cache of read models needs to stay true: drop it the moment this instance commits an
// event that the catalogue says touches one of `models` (before the writer's answer leaves), and when any
// instance's such event reaches a per-instance processor (milliseconds later, through the append's NOTIFY).
import { allEventTypes, touches, type EventStore, type Processor, type ReadModel } from '../events';

export function clearOnChange(store: EventStore, name: string, models: readonly ReadModel[], clear: () => void): Processor {
  const changes = (type: string) => models.some((model) => touches(type, model));
  store.onCommitted((events) => {
    if (events.some((event) => changes(event.type))) clear();
  });
  return { name, mode: 'per-instance', startAt: 'head', handles: allEventTypes.filter(changes), handle: async () => clear() };
}
