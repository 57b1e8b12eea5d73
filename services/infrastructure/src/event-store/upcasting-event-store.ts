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
  return delegatingEventStore(store, overrides);
}

/**
 * An event store that is `store` but for `overrides`: every method bound once (a Proxy would run a trap and bind on
 * every call, and the projections compare checkpoints once per event).
 */
export function delegatingEventStore(store: EventStore, overrides: Partial<EventStore>): EventStore {
  return {
    name: store.name,
    init: store.init.bind(store),
    appendToStream: store.appendToStream.bind(store),
    readStream: store.readStream.bind(store),
    readAll: store.readAll.bind(store),
    subscribe: store.subscribe.bind(store),
    compareCheckpoints: store.compareCheckpoints.bind(store),
    countEvents: store.countEvents.bind(store),
    close: store.close.bind(store),
    ...overrides,
  };
}
