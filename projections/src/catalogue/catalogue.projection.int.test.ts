import { DEMO_CATALOGUE, type ServiceCatalogue } from '@onsite/domain';
import { recordedStream, storeFor } from '../test-support/recorded.js';
import { COUPONS } from './coupons.projection.js';
import { catalogueProjection, findCatalogueServices, findCoupon, readCatalogue } from './catalogue.projection.js';

const RENAMED = { en: 'Renamed service', de: 'Umbenannter Dienst', pt: 'Serviço renomeado' };
const published = (...catalogues: ServiceCatalogue[]) =>
  recordedStream(
    'catalogue-main',
    catalogues.map((catalogue) => ({ type: 'CATALOGUE_PUBLISHED', data: { catalogue } })),
  );

describe('catalogue read model', () => {
  let stores: Awaited<ReturnType<typeof storeFor>>;
  beforeAll(async () => {
    stores = await storeFor(catalogueProjection);
    // Coupons staff manage (D204) come first; none here, so the catalogue's own answer.
    await stores.documentStore.ensureCollection({ name: COUPONS });
  });
  afterAll(async () => stores.close());

  it('CATALOGUE_PUBLISHED: the published segments, services and coupons replace the previous ones; the stream applied twice changes nothing', async () => {
    const [first] = DEMO_CATALOGUE.services;
    const smaller: ServiceCatalogue = { segments: DEMO_CATALOGUE.segments, services: [{ ...first!, name: RENAMED }], coupons: [] };
    // Catalogues published before D204 carried the coupons.
    const coupon = { code: 'LEGACY10', countries: [], validFrom: '2025-01-01' };
    const stream = published({ ...DEMO_CATALOGUE, coupons: [coupon] }, smaller);

    await stores.apply(stream.slice(0, 1));
    const full = await readCatalogue(stores.documentStore);
    expect(full.services).toHaveLength(DEMO_CATALOGUE.services.length);
    expect(full.segments).toHaveLength(DEMO_CATALOGUE.segments.length);
    expect(await findCoupon(stores.documentStore, coupon.code)).toEqual(coupon);
    const removed = DEMO_CATALOGUE.services[1]!;
    // One id is read by id (cached in the embedded profile), several with one query: both see the same catalogue.
    expect([...(await findCatalogueServices(stores.documentStore, [removed.id])).values()]).toEqual([removed]);

    await stores.apply(stream.slice(1));
    await stores.apply(stream);
    const now = await readCatalogue(stores.documentStore);
    expect(now.services.map((service) => [service.id, service.name])).toEqual([[first!.id, RENAMED]]);
    expect((await findCatalogueServices(stores.documentStore, [first!.id, 'svc-unknown'])).get(first!.id)?.name).toEqual(RENAMED);
    expect((await findCatalogueServices(stores.documentStore, [first!.id])).get(first!.id)?.name).toEqual(RENAMED);
    expect((await findCatalogueServices(stores.documentStore, [removed.id, removed.id])).size).toBe(0);
    expect((await findCatalogueServices(stores.documentStore, [removed.id])).size).toBe(0);
    expect(await findCoupon(stores.documentStore, coupon.code)).toBeUndefined();
  });
});
