// What an in-memory cache of read models needs to stay true: drop it the moment this instance commits an
// event that the catalogue says touches one of `models` (before the writer's answer leaves), and when any
// instance's such event reaches a per-instance processor (milliseconds later, through the append's NOTIFY).
// `clear` is told which events those were, for a cache that drops only what they changed.
import { allEventTypes, touches, type EventStore, type Processor, type ReadModel } from '../events';

type Change = { type: string; streamId: string };

export function clearOnChange(store: EventStore, name: string, models: readonly ReadModel[], clear: (changes: readonly Change[]) => void): Processor {
  const changes = (type: string) => models.some((model) => touches(type, model));
  // This instance's own commits reach its processor too, milliseconds later: dropping again then threw
  // away what was rendered or read in between (a second render of every page after each write).
  const own = new Set<number>();
  store.onCommitted((events) => {
    const changed = events.filter((event) => changes(event.type));
    if (changed.length === 0) return;
    if (own.size > 100_000) own.clear();
    for (const event of changed) own.add(event.position);
    clear(changed);
  });
  return {
    name,
    mode: 'per-instance',
    startAt: 'head',
    handles: allEventTypes.filter(changes),
    handle: async (event) => {
      if (!own.delete(event.position)) clear([event]);
    },
  };
}
