import type { CatalogueService, ManagedService, ServiceCatalogue } from '@onsite/domain';
import { recordedStream, storeFor } from '../test-support/recorded.js';
import { COUPONS } from './coupons.projection.js';
import { catalogueProjection, findCoupon, findOrderableServices, readCatalogue } from './catalogue.projection.js';
import { managedCatalogueProjection, MANAGED_SEGMENTS, MANAGED_SERVICES } from './managed-catalogue.projection.js';

const RENAMED = { en: 'Renamed service', de: 'Umbenannter Dienst', pt: 'Serviço renomeado' };
const names = (en: string) => ({ en, de: en, pt: en });
const PRICES = { EUR: 100, GBP: 90, CHF: 95, USD: 110, CAD: 150, INR: 9000 };
const legacyService = (id: string): CatalogueService => ({
  id,
  name: names(id),
  description: names(id),
  segmentIds: ['seg-a'],
  subSegmentIds: [],
  prices: PRICES,
  equipmentItems: [],
});
const LEGACY: ServiceCatalogue = {
  segments: [
    { id: 'seg-a', name: names('A'), subSegments: [{ id: 'seg-a-1', name: names('A1') }] },
    { id: 'seg-b', name: names('B'), subSegments: [] },
  ],
  services: [legacyService('svc-one'), legacyService('svc-two')],
};
const published = (...catalogues: ServiceCatalogue[]) =>
  recordedStream(
    'catalogue-main',
    catalogues.map((catalogue) => ({ type: 'CATALOGUE_PUBLISHED', data: { catalogue } })),
  );

describe('catalogue read model', () => {
  let stores: Awaited<ReturnType<typeof storeFor>>;
  beforeAll(async () => {
    stores = await storeFor(catalogueProjection);
    // Coupons and services staff manage (D204, D208) come first; none here, so the catalogue's own answer.
    await stores.documentStore.ensureCollection({ name: COUPONS });
    await stores.documentStore.ensureCollection({ name: MANAGED_SEGMENTS });
    await stores.documentStore.ensureCollection({ name: MANAGED_SERVICES });
  });
  afterAll(async () => stores.close());

  it('CATALOGUE_PUBLISHED: the published segments, services and coupons replace the previous ones; the stream applied twice changes nothing', async () => {
    const [first, removed] = LEGACY.services;
    const smaller: ServiceCatalogue = { segments: LEGACY.segments, services: [{ ...first!, name: RENAMED }], coupons: [] };
    // Catalogues published before D204 carried the coupons.
    const coupon = { code: 'LEGACY10', countries: [], validFrom: '2025-01-01' };
    const stream = published({ ...LEGACY, coupons: [coupon] }, smaller);

    await stores.apply(stream.slice(0, 1));
    const full = await readCatalogue(stores.documentStore);
    expect(full.services).toHaveLength(2);
    expect(full.segments).toHaveLength(2);
    expect(await findCoupon(stores.documentStore, coupon.code)).toEqual(coupon);
    // One id is read by id (cached in the embedded profile), several with one query: both see the same catalogue.
    expect([...(await findOrderableServices(stores.documentStore, [removed!.id], 'uk')).offered.values()]).toEqual([removed]);

    await stores.apply(stream.slice(1));
    await stores.apply(stream);
    const now = await readCatalogue(stores.documentStore);
    expect(now.services.map((service) => [service.id, service.name])).toEqual([[first!.id, RENAMED]]);
    expect((await findOrderableServices(stores.documentStore, [first!.id, 'svc-unknown'], 'uk')).offered.get(first!.id)?.name).toEqual(RENAMED);
    expect((await findOrderableServices(stores.documentStore, [first!.id], 'de')).offered.get(first!.id)?.name).toEqual(RENAMED);
    expect((await findOrderableServices(stores.documentStore, [removed!.id, removed!.id], 'uk')).known.size).toBe(0);
    expect(await findCoupon(stores.documentStore, coupon.code)).toBeUndefined();
  });

  it('managed services take the place of a published one with their id, and are offered only where published for', async () => {
    const managed = await storeFor(managedCatalogueProjection);
    const service: ManagedService = {
      id: 'svc-one',
      name: { en: 'Managed one', de: 'Verwaltet' },
      description: { en: 'Managed' },
      segmentIds: ['seg-a'],
      subSegmentIds: [],
      countries: ['de'],
      prices: { EUR: 500 },
      equipmentItems: [],
    };
    const events = recordedStream('catalogue-service-svc-one', [
      { type: 'CATALOGUE_SERVICE_CREATED', data: { service } },
      { type: 'CATALOGUE_SERVICE_PUBLISHED', data: { serviceId: 'svc-one' } },
    ]);
    await managed.apply(events);
    await managed.apply(events);
    // The two read models live in one store in the product; here the managed documents are copied over.
    for (const doc of await managed.documentStore.collection<{ id: string }>(MANAGED_SERVICES).find({}))
      await stores.documentStore.transaction((session) => session.collection(MANAGED_SERVICES).upsert(doc.id, doc, 2));
    await managed.close();

    expect((await readCatalogue(stores.documentStore, { country: 'de' })).services).toEqual([
      expect.objectContaining({ id: 'svc-one', name: { en: 'Managed one', de: 'Verwaltet', pt: 'Managed one' }, prices: { EUR: 500 } }),
    ]);
    expect((await readCatalogue(stores.documentStore, { country: 'uk' })).services).toEqual([]);
    expect((await findOrderableServices(stores.documentStore, ['svc-one'], 'uk')).offered.size).toBe(0);
    expect((await findOrderableServices(stores.documentStore, ['svc-one'], 'uk')).known.has('svc-one')).toBe(true);
    expect((await findOrderableServices(stores.documentStore, ['svc-one'], 'de')).offered.get('svc-one')?.prices).toEqual({ EUR: 500 });
  });
});
