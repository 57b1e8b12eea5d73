import type { Actor } from '../identity/actor.js';
import {
  partnerOfferDecider,
  partnerOfferPhase,
  PartnerOfferContentSchema,
  type PartnerOfferContent,
  type PartnerOfferEvent,
  type PartnerOfferState,
} from './partner-offers.js';

const actor = (type: 'BL' | 'OEM' | 'EC', role: string, onBehalf = false): Actor =>
  ({
    userId: 'u-1',
    type,
    role,
    companyId: 'c-1',
    country: 'de',
    ...(onBehalf ? { onBehalfOf: { userId: 'u-2', type: 'EC', role: 'ADMIN', companyId: 'c-2', country: 'uk' } } : {}),
  }) as Actor;
const ctx = (a: Actor) => ({ actor: a, now: '2026-11-25T10:00:00.000Z', newId: () => 'id-1' });
const content: PartnerOfferContent = {
  type: 'SPARE_PARTS',
  partnerName: 'Example Parts GmbH',
  title: { en: 'Spare parts with next-day delivery', de: 'Ersatzteile mit Lieferung am nächsten Tag' },
  description: { en: 'Wear parts from stock.', de: 'Verschleißteile ab Lager.' },
  keywords: ['spare parts'],
  products: ['Bearings', 'Seals'],
  countries: ['de', 'uk'],
  validFrom: '2026-09-26',
  validTo: '2027-03-25',
  link: 'https://partners.example/parts',
};
const fold = (events: PartnerOfferEvent[]): PartnerOfferState => events.reduce(partnerOfferDecider.evolve, partnerOfferDecider.initialState);

describe('partner offers', () => {
  it('are published, edited and retired by staff; a retired one cannot change again', () => {
    const staff = actor('BL', 'SALES');
    const published = partnerOfferDecider.decide(
      { type: 'PublishPartnerOffer', data: { offerId: 'o-1', content: content } },
      partnerOfferDecider.initialState,
      ctx(staff),
    );
    expect(published.map((e) => e.type)).toEqual(['PARTNER_OFFER_PUBLISHED']);
    const retired = partnerOfferDecider.decide({ type: 'RetirePartnerOffer', data: { offerId: 'o-1' } }, fold(published), ctx(staff));
    const state = fold([...published, ...retired]);
    expect(state.status).toBe('RETIRED');
    expect(() => partnerOfferDecider.decide({ type: 'UpdatePartnerOffer', data: { offerId: 'o-1', content: content } }, state, ctx(staff))).toThrow(
      expect.objectContaining({ code: 'partner_offer_retired' }),
    );
  });

  it('keep a keyword, product or country given twice once', () => {
    const [event] = partnerOfferDecider.decide(
      { type: 'PublishPartnerOffer', data: { offerId: 'o-1', content: { ...content, keywords: ['a', 'a'], countries: ['de', 'de', 'at'] } } },
      partnerOfferDecider.initialState,
      ctx(actor('BL', 'ADMIN')),
    );
    expect(event!.type === 'PARTNER_OFFER_PUBLISHED' && [event!.data.content.keywords, event!.data.content.countries]).toEqual([['a'], ['de', 'at']]);
  });

  it('are refused to customers, to staff acting for one and to auditors; customers cannot even see an existing one', () => {
    for (const a of [actor('EC', 'ADMIN'), actor('OEM', 'ADMIN'), actor('BL', 'ADMIN', true), actor('BL', 'AUDITOR')]) {
      expect(() =>
        partnerOfferDecider.decide({ type: 'PublishPartnerOffer', data: { offerId: 'o-1', content: content } }, partnerOfferDecider.initialState, ctx(a)),
      ).toThrow(expect.objectContaining({ kind: 'forbidden' }));
    }
    const existing = fold([{ type: 'PARTNER_OFFER_PUBLISHED', data: { offerId: 'o-1', content: content } }]);
    expect(partnerOfferDecider.canSee!(existing, actor('OEM', 'ADMIN'))).toBe(false);
    expect(partnerOfferDecider.canSee!(existing, actor('BL', 'AUDITOR'))).toBe(true);
  });

  it('run from their first to their last day, both included', () => {
    const offer = { validFrom: '2026-11-20', validTo: '2026-11-25', retired: false };
    expect(['2026-11-19', '2026-11-20', '2026-11-25', '2026-11-26'].map((day) => partnerOfferPhase(offer, day))).toEqual([
      'SCHEDULED',
      'CURRENT',
      'CURRENT',
      'EXPIRED',
    ]);
    expect(partnerOfferPhase({ ...offer, retired: true }, '2026-11-22')).toBe('RETIRED');
  });

  it('refuse a last day before the first and a link that is not a web address', () => {
    expect(PartnerOfferContentSchema.safeParse({ ...content, validFrom: '2026-12-02', validTo: '2026-12-01' }).success).toBe(false);
    expect(PartnerOfferContentSchema.safeParse({ ...content, link: 'javascript:alert(1)' }).success).toBe(false);
    expect(PartnerOfferContentSchema.safeParse(content).success).toBe(true);
  });
});
