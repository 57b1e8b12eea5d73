import {
  segmentsDecider,
  serviceDecider,
  type ManagedSegment,
  type ManagedService,
  type RecordedEvent,
  type SegmentEvent,
  type SegmentsState,
  type ServiceEvent,
  type ServiceState,
} from '@onsite/domain';
import { type ManagedSegmentView, type ManagedServiceView } from '@onsite/contracts';
import type { DocumentSession } from '@onsite/infrastructure';
import type { Projection } from '../runner/index.js';

export const MANAGED_SEGMENTS = 'catalogue_managed_segments';
export const MANAGED_SERVICES = 'catalogue_managed_services';

/** One change of a segment or service as its history shows it: who (and for whom), when, and what was set. */
export interface CatalogueChange {
  readonly at: string;
  readonly actorUserId: string;
  readonly onBehalfOfUserId?: string;
  readonly type: SegmentEvent['type'] | ServiceEvent['type'];
  readonly data: Record<string, unknown>;
}

interface SegmentDocument {
  readonly id: string;
  readonly segment: ManagedSegment;
  readonly retired: boolean;
  readonly updatedAt: string;
  /** Newest last. */
  readonly history: readonly CatalogueChange[];
}

interface ServiceDocument {
  readonly id: string;
  readonly state: ServiceState;
  readonly updatedAt: string;
  /** Newest last. */
  readonly history: readonly CatalogueChange[];
}

const SEGMENT_EVENTS = [
  'CATALOGUE_SEGMENT_CREATED',
  'CATALOGUE_SEGMENT_CHANGED',
  'CATALOGUE_SEGMENT_RETIRED',
] as const satisfies readonly SegmentEvent['type'][];
const SERVICE_EVENTS = [
  'CATALOGUE_SERVICE_CREATED',
  'CATALOGUE_SERVICE_CHANGED',
  'CATALOGUE_SERVICE_PUBLISHED',
  'CATALOGUE_SERVICE_RETIRED',
] as const satisfies readonly ServiceEvent['type'][];

const changeOf = (recorded: RecordedEvent): CatalogueChange => {
  const { actorUserId, onBehalfOfUserId, occurredAt } = recorded.metadata;
  return {
    at: occurredAt,
    actorUserId,
    ...(onBehalfOfUserId ? { onBehalfOfUserId } : {}),
    type: recorded.type as CatalogueChange['type'],
    data: recorded.data as Record<string, unknown>,
  };
};

/**
 * The catalogue staff manage (D208): one document per segment and per service with its history, folded by the
 * domain's own evolve. The stream version guards each document: a repeated or older event changes nothing.
 */
export const managedCatalogueProjection: Projection = {
  name: 'managed-catalogue',
  collections: [{ name: MANAGED_SEGMENTS }, { name: MANAGED_SERVICES }],
  handles: [...SEGMENT_EVENTS, ...SERVICE_EVENTS],
  async apply(recorded: RecordedEvent, session: DocumentSession): Promise<void> {
    if ((SEGMENT_EVENTS as readonly string[]).includes(recorded.type)) {
      const event = { type: recorded.type, data: recorded.data } as SegmentEvent;
      const id = event.type === 'CATALOGUE_SEGMENT_RETIRED' ? event.data.segmentId : event.data.segment.id;
      const collection = session.collection<SegmentDocument>(MANAGED_SEGMENTS);
      const found = await collection.get(id);
      if (found && found.revision >= recorded.streamVersion) return;
      const before: SegmentsState = found ? { segments: { [id]: { segment: found.data.segment, retired: found.data.retired } } } : segmentsDecider.initialState;
      const after = segmentsDecider.evolve(before, event).segments[id];
      if (!after) return;
      await collection.upsert(
        id,
        {
          id,
          segment: after.segment,
          retired: after.retired,
          updatedAt: recorded.metadata.occurredAt,
          history: [...(found?.data.history ?? []), changeOf(recorded)],
        },
        recorded.streamVersion,
      );
      return;
    }
    const event = { type: recorded.type, data: recorded.data } as ServiceEvent;
    const id = event.type === 'CATALOGUE_SERVICE_CREATED' || event.type === 'CATALOGUE_SERVICE_CHANGED' ? event.data.service.id : event.data.serviceId;
    const collection = session.collection<ServiceDocument>(MANAGED_SERVICES);
    const found = await collection.get(id);
    if (found && found.revision >= recorded.streamVersion) return;
    const current = found?.data.state ?? serviceDecider.initialState;
    await collection.upsert(
      id,
      {
        id,
        state: serviceDecider.evolve(current, event),
        updatedAt: recorded.metadata.occurredAt,
        history: [...(found?.data.history ?? []), changeOf(recorded)],
      },
      recorded.streamVersion,
    );
  },
};

const segmentView = (doc: SegmentDocument): ManagedSegmentView => ({
  ...doc.segment,
  subSegments: [...doc.segment.subSegments],
  retired: doc.retired,
  updatedAt: doc.updatedAt,
});

const serviceView = (doc: ServiceDocument): ManagedServiceView => {
  const service = doc.state.service!;
  return {
    ...service,
    segmentIds: [...service.segmentIds],
    subSegmentIds: [...service.subSegmentIds],
    countries: [...service.countries],
    equipmentItems: [...service.equipmentItems],
    status: doc.state.status,
    updatedAt: doc.updatedAt,
  };
};

/** Every managed segment, retired ones included, by id. */
export async function listManagedSegments(store: DocumentSession): Promise<ManagedSegmentView[]> {
  const docs = await store.collection<SegmentDocument>(MANAGED_SEGMENTS).find({ sort: [{ path: 'id', direction: 'asc' }] });
  return docs.map(segmentView);
}

/** Every managed service in any status, by id (a few dozen). */
export async function listManagedServices(store: DocumentSession): Promise<ManagedServiceView[]> {
  const docs = await store.collection<ServiceDocument>(MANAGED_SERVICES).find({ sort: [{ path: 'id', direction: 'asc' }] });
  return docs.filter((d) => d.state.service).map(serviceView);
}

export async function getManagedSegment(store: DocumentSession, id: string): Promise<ManagedSegmentView | null> {
  const doc = (await store.collection<SegmentDocument>(MANAGED_SEGMENTS).get(id))?.data;
  return doc ? segmentView(doc) : null;
}

export async function getManagedService(store: DocumentSession, id: string): Promise<ManagedServiceView | null> {
  const doc = (await store.collection<ServiceDocument>(MANAGED_SERVICES).get(id))?.data;
  return doc?.state.service ? serviceView(doc) : null;
}

/** A segment's or service's changes, newest first; null for an unknown id. */
export async function readCatalogueHistory(store: DocumentSession, kind: 'segment' | 'service', id: string): Promise<CatalogueChange[] | null> {
  const doc = (await store.collection<SegmentDocument | ServiceDocument>(kind === 'segment' ? MANAGED_SEGMENTS : MANAGED_SERVICES).get(id))?.data;
  return doc ? [...doc.history].reverse() : null;
}

/** Managed services with these ids as they are now, in any status (absent: never managed). */
export async function findManagedServices(
  store: DocumentSession,
  ids: readonly string[],
): Promise<Map<string, { service: ManagedService; status: ServiceState['status'] }>> {
  const unique = [...new Set(ids)];
  const collection = store.collection<ServiceDocument>(MANAGED_SERVICES);
  const docs =
    unique.length === 0
      ? []
      : unique.length === 1
        ? [(await collection.get(unique[0]!))?.data].filter((d) => d !== undefined)
        : await collection.find({ filter: { id: { in: unique } } });
  return new Map(docs.filter((d) => d.state.service).map((d) => [d.id, { service: d.state.service!, status: d.state.status }]));
}

/** The managed segments and services as the ordering form's reader needs them. */
export async function readManagedCatalogue(store: DocumentSession): Promise<{ segments: SegmentDocument[]; services: ServiceDocument[] }> {
  const [segments, services] = await Promise.all([
    store.collection<SegmentDocument>(MANAGED_SEGMENTS).find({ sort: [{ path: 'id', direction: 'asc' }] }),
    store.collection<ServiceDocument>(MANAGED_SERVICES).find({ sort: [{ path: 'id', direction: 'asc' }] }),
  ]);
  return { segments, services };
}
