import type { DomainEvent, RecordedEvent } from '@onsite/domain';
import { createStores, type Stores } from '@onsite/infrastructure';
import type { Projection } from '../runner/index.js';

/** A stream's events as the event store records them, one second apart from `start`. */
export function recordedStream(streamId: string, events: readonly DomainEvent[], start = '2026-03-01T09:00:00.000Z'): RecordedEvent[] {
  return events.map((event, i) => {
    const at = new Date(Date.parse(start) + i * 1000).toISOString();
    return {
      eventId: `${streamId}-${i + 1}`,
      streamId,
      streamVersion: i + 1,
      checkpoint: String(i + 1),
      globalPosition: String(i + 1),
      type: event.type,
      data: event.data,
      metadata: { actorUserId: 'staff-1', correlationId: 'c', causationId: 'c', occurredAt: at },
      recordedAt: at,
    } as RecordedEvent;
  });
}

/** An in-memory PGlite store with the projection's collections, and a way to apply events to it one transaction each. */
export async function storeFor(projection: Projection): Promise<Stores & { apply(events: readonly RecordedEvent[]): Promise<void> }> {
  const stores = await createStores({ profile: 'embedded', dataDir: 'memory://' });
  for (const c of projection.collections) await stores.documentStore.ensureCollection(c);
  return Object.assign(stores, {
    async apply(events: readonly RecordedEvent[]) {
      for (const event of events) await stores.documentStore.transaction((session) => projection.apply(event, session));
    },
  });
}
