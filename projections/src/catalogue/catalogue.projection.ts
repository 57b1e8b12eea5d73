import {
  isOfferedIn,
  segmentForReaders,
  serviceForReaders,
  type CatalogueEvent,
  type CatalogueSegment,
  type CatalogueService,
  type Coupon,
  type RecordedEvent,
} from '@onsite/domain';
import type { CollectionDefinition, DocumentSession } from '@onsite/infrastructure';
import type { Projection } from '../runner/index.js';
import { findManagedCoupon } from './coupons.projection.js';
import { findManagedServices, readManagedCatalogue } from './managed-catalogue.projection.js';

export const CATALOGUE_SERVICES = 'catalogue_services';
export const CATALOGUE_SEGMENTS = 'catalogue_segments';
export const CATALOGUE_COUPONS = 'catalogue_coupons';

const collections: CollectionDefinition[] = [{ name: CATALOGUE_SEGMENTS }, { name: CATALOGUE_SERVICES }, { name: CATALOGUE_COUPONS }];

type CouponDocument = Coupon & { readonly id: string };

/** The published service catalogue, one document per segment and per service. */
export const catalogueProjection: Projection = {
  name: 'catalogue',
  collections,
  handles: ['CATALOGUE_PUBLISHED'] satisfies readonly CatalogueEvent['type'][],
  async apply(recorded: RecordedEvent, session: DocumentSession): Promise<void> {
    const { catalogue } = recorded.data as CatalogueEvent['data'];
    const replace = async <T extends { id: string }>(name: string, items: readonly T[]) => {
      const collection = session.collection<T>(name);
      const keep = new Set(items.map((i) => i.id));
      for (const stale of await collection.findDocuments({ filter: {} })) {
        if (!keep.has(stale.id) && stale.revision < recorded.streamVersion) await collection.delete(stale.id);
      }
      for (const item of items) await collection.upsert(item.id, item, recorded.streamVersion);
    };
    await replace<CatalogueSegment>(CATALOGUE_SEGMENTS, catalogue.segments);
    await replace<CatalogueService>(CATALOGUE_SERVICES, catalogue.services);
    await replace<CouponDocument>(
      CATALOGUE_COUPONS,
      (catalogue.coupons ?? []).map((c) => ({ ...c, id: c.code })),
    );
  },
};

/** Whom the catalogue is read for: an end customer's country (only what is offered there), or every published service. */
export interface CatalogueReader {
  readonly country?: string;
}

/**
 * The catalogue the ordering form offers (D208): the published services staff manage — for a customer only those
 * offered in the customer's country — and the segments not retired; then, for stores seeded before, the services and
 * segments of a catalogue published whole whose ids no managed one has taken.
 */
export async function readCatalogue(
  store: DocumentSession,
  reader: CatalogueReader = {},
): Promise<{ segments: CatalogueSegment[]; services: CatalogueService[] }> {
  const [legacySegments, legacyServices, managed] = await Promise.all([
    store.collection<CatalogueSegment>(CATALOGUE_SEGMENTS).find({ sort: [{ path: 'id', direction: 'asc' }] }),
    store.collection<CatalogueService>(CATALOGUE_SERVICES).find({ sort: [{ path: 'id', direction: 'asc' }] }),
    readManagedCatalogue(store),
  ]);
  const managedSegmentIds = new Set(managed.segments.map((s) => s.id));
  const managedServiceIds = new Set(managed.services.map((s) => s.id));
  const segments = [
    ...managed.segments.filter((s) => !s.retired).map((s) => segmentForReaders(s.segment)),
    ...legacySegments.filter((s) => !managedSegmentIds.has(s.id)),
  ].sort((a, b) => a.id.localeCompare(b.id));
  const offered = managed.services.flatMap(({ state }) =>
    state.service && state.status === 'published' && (!reader.country || isOfferedIn(state.service, reader.country)) ? [serviceForReaders(state.service)] : [],
  );
  const services = [...offered, ...legacyServices.filter((s) => !managedServiceIds.has(s.id))].sort((a, b) => a.id.localeCompare(b.id));
  return { segments, services };
}

/** What an order may name: the services offered in the order's country, and every id the catalogue knows at all. */
export interface OrderableServices {
  readonly offered: Map<string, CatalogueService>;
  readonly known: ReadonlySet<string>;
}

/**
 * The services with these ids an order placed in `country` may name: a managed service when published and offered
 * there, else one of a catalogue published whole (stores seeded before D208). One service, the common case of an
 * order, is read by id: the embedded profile answers that from its document cache.
 */
export async function findOrderableServices(store: DocumentSession, ids: readonly string[], country: string): Promise<OrderableServices> {
  const unique = [...new Set(ids)];
  const managed = await findManagedServices(store, unique);
  const rest = unique.filter((id) => !managed.has(id));
  const collection = store.collection<CatalogueService>(CATALOGUE_SERVICES);
  const legacy =
    rest.length === 0
      ? []
      : rest.length === 1
        ? [(await collection.get(rest[0]!))?.data].filter((s): s is CatalogueService => s !== undefined)
        : await collection.find({ filter: { id: { in: rest } } });
  const offered = new Map<string, CatalogueService>(legacy.map((s) => [s.id, s]));
  for (const [id, { service, status }] of managed) if (status === 'published' && isOfferedIn(service, country)) offered.set(id, serviceForReaders(service));
  return { offered, known: new Set([...managed.keys(), ...legacy.map((s) => s.id)]) };
}

/**
 * The coupon with this (normalized) code that orders are judged against: the one staff manage (none when retired),
 * else one published with an older catalogue (D204).
 */
export async function findCoupon(store: DocumentSession, code: string): Promise<Coupon | undefined> {
  const managed = await findManagedCoupon(store, code);
  if (managed) return managed.coupon ?? undefined;
  const [found] = await store.collection<CouponDocument>(CATALOGUE_COUPONS).find({ filter: { id: code }, limit: 1 });
  if (!found) return undefined;
  const { id: _id, ...coupon } = found;
  return coupon;
}
