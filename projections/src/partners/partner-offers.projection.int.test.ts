import type { PartnerOfferContent, PartnerOfferEvent } from '@onsite/domain';
import { recordedStream, storeFor } from '../test-support/recorded.js';
import { findPartnerOffers, partnerOffersProjection } from './partner-offers.projection.js';

const TODAY = '2026-03-01';
const content = (overrides: Partial<PartnerOfferContent> = {}): PartnerOfferContent => ({
  type: 'SPARE_PARTS',
  partnerName: 'Example Parts GmbH',
  title: { en: 'Spare parts with next-day delivery', de: 'Ersatzteile mit Lieferung am nächsten Tag' },
  description: { en: 'Wear parts from stock.' },
  keywords: ['spare parts'],
  products: ['Bearings'],
  link: 'https://partners.example/parts',
  countries: ['de'],
  validFrom: '2026-02-01',
  validTo: '2026-04-30',
  ...overrides,
});

describe('partner offers read model', () => {
  let stores: Awaited<ReturnType<typeof storeFor>>;
  const events: PartnerOfferEvent[] = [
    { type: 'PARTNER_OFFER_PUBLISHED', data: { offerId: 'p1', content: content() } },
    { type: 'PARTNER_OFFER_UPDATED', data: { offerId: 'p1', content: content({ countries: ['de', 'at'], partnerName: 'Renamed partner' }) } },
    { type: 'PARTNER_OFFER_RETIRED', data: { offerId: 'p1', reason: 'Contract ended' } },
  ];
  const stream = recordedStream('partner-offer-p1', events);
  const offers = (query: Parameters<typeof findPartnerOffers>[1]) => findPartnerOffers(stores.documentStore, query);

  beforeAll(async () => {
    stores = await storeFor(partnerOffersProjection);
  });
  afterAll(async () => stores.close());

  it('PARTNER_OFFER_PUBLISHED: listed in its countries while it runs', async () => {
    await stores.apply(stream.slice(0, 1));
    expect(await offers({ country: 'de', validOn: TODAY })).toMatchObject([
      { offerId: 'p1', version: 1, retired: false, updatedAt: stream[0]!.metadata.occurredAt },
    ]);
    expect(await offers({ country: 'at', validOn: TODAY })).toEqual([]);
    expect(await offers({ country: 'de', validOn: '2026-05-01' })).toEqual([]);
  });

  it('PARTNER_OFFER_UPDATED: the new content, in its new countries', async () => {
    await stores.apply(stream.slice(1, 2));
    expect(await offers({ countries: ['at'], validOn: TODAY })).toMatchObject([
      { offerId: 'p1', version: 2, content: { partnerName: 'Renamed partner', countries: ['de', 'at'] } },
    ]);
  });

  it('PARTNER_OFFER_RETIRED: off the running offers, still listed for staff', async () => {
    await stores.apply(stream.slice(2));
    expect(await offers({ country: 'de', validOn: TODAY })).toEqual([]);
    expect(await offers({})).toMatchObject([{ offerId: 'p1', version: 3, retired: true, content: { partnerName: 'Renamed partner' } }]);
  });

  it('applied twice, or older events again, changes nothing', async () => {
    const before = await offers({});
    await stores.apply(stream);
    expect(await offers({})).toEqual(before);
  });
});
