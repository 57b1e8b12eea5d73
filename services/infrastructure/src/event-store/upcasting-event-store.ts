import { upcastRecorded, type RecordedEvent } from '@onsite/domain';
import type { EventStore } from './event-store.js';

/** Events in today's shape; the same array when none needed upcasting (the usual case). */
function upcastAll(events: readonly RecordedEvent[]): RecordedEvent[] {
  let changed = false;
  const result = events.map((event) => {
    const current = upcastRecorded(event);
    if (current !== event) changed = true;
    return current;
  });
  return changed ? result : (events as RecordedEvent[]);
}

/**
 * The store as every reader sees it: each event read (a stream, the global order, a subscription) in today's shape,
 * through the domain's upcasters (docs/event-catalogue.md). Appends and everything else are the store's own. The
 * audit chains read the store underneath (`Stores.storedEvents`): they hash what is stored, never the upcast form.
 */
export function upcastingEventStore(store: EventStore): EventStore {
  const overrides: Partial<EventStore> = {
    readStream: async (streamId, options) => upcastAll(await store.readStream(streamId, options)),
    readAll: async (checkpoint, batchSize) => {
      const batch = await store.readAll(checkpoint, batchSize);
      return { ...batch, events: upcastAll(batch.events) };
    },
    subscribe: (options) => store.subscribe({ ...options, onEvents: (events, checkpoint) => options.onEvents(upcastAll(events), checkpoint) }),
  };
  return new Proxy(store, {
    get(target, property) {
      if (property in overrides) return overrides[property as keyof EventStore];
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
