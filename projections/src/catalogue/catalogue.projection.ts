import type { CatalogueEvent, CatalogueSegment, CatalogueService, Coupon, RecordedEvent } from '@onsite/domain';
import type { CollectionDefinition, DocumentSession } from '@onsite/infrastructure';
import type { Projection } from '../runner/index.js';
import { findManagedCoupon } from './coupons.projection.js';

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

export async function readCatalogue(store: DocumentSession): Promise<{ segments: CatalogueSegment[]; services: CatalogueService[] }> {
  const [segments, services] = await Promise.all([
    store.collection<CatalogueSegment>(CATALOGUE_SEGMENTS).find({ sort: [{ path: 'id', direction: 'asc' }] }),
    store.collection<CatalogueService>(CATALOGUE_SERVICES).find({ sort: [{ path: 'id', direction: 'asc' }] }),
  ]);
  return { segments, services };
}

/**
 * The catalogue's services with these ids (a service is stored under its id). One service, the common case of an
 * order, is read by id: the embedded profile answers that from its document cache, so creating an order costs no
 * catalogue query there; several are read with one query.
 */
export async function findCatalogueServices(store: DocumentSession, ids: readonly string[]): Promise<Map<string, CatalogueService>> {
  const unique = [...new Set(ids)];
  const collection = store.collection<CatalogueService>(CATALOGUE_SERVICES);
  if (unique.length === 0) return new Map();
  if (unique.length === 1) {
    const service = (await collection.get(unique[0]!))?.data;
    return new Map(service ? [[service.id, service]] : []);
  }
  const services = await collection.find({ filter: { id: { in: unique } } });
  return new Map(services.map((s) => [s.id, s]));
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
