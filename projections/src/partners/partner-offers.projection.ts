import type { PartnerOfferEvent, PartnerOfferRecord, RecordedEvent } from '@onsite/domain';
import type { DocumentSession, Filter } from '@onsite/infrastructure';
import type { Projection } from '../runner/index.js';

export const PARTNER_OFFERS = 'partner_offers';

/** One document per offer; `countries`, `validFrom` and `validTo` are top-level so the lists filter in the store. */
type PartnerOfferDocument = PartnerOfferRecord & { readonly countries: readonly string[]; readonly validFrom: string; readonly validTo: string };

export const partnerOffersProjection: Projection = {
  name: 'partner-offers',
  collections: [{ name: PARTNER_OFFERS, indexes: [{ name: 'by_valid_to', paths: ['validTo'] }] }],
  handles: ['PARTNER_OFFER_PUBLISHED', 'PARTNER_OFFER_UPDATED', 'PARTNER_OFFER_RETIRED'] satisfies readonly PartnerOfferEvent['type'][],
  async apply(recorded: RecordedEvent, session: DocumentSession): Promise<void> {
    const event = { type: recorded.type, data: recorded.data } as PartnerOfferEvent;
    const collection = session.collection<PartnerOfferDocument>(PARTNER_OFFERS);
    const updatedAt = recorded.metadata.occurredAt;
    // Every write is guarded by the stream version: replaying an event twice, or an older one, changes nothing.
    if (event.type === 'PARTNER_OFFER_RETIRED') {
      await collection.patch(event.data.offerId, { retired: true, version: recorded.streamVersion, updatedAt }, recorded.streamVersion);
      return;
    }
    const { offerId, content } = event.data;
    await collection.upsert(
      offerId,
      {
        offerId,
        version: recorded.streamVersion,
        content,
        retired: false,
        updatedAt,
        countries: content.countries,
        validFrom: content.validFrom,
        validTo: content.validTo,
      },
      recorded.streamVersion,
    );
  },
};

/**
 * Partner offers for a list: `country` keeps those offered there, `validOn` (`YYYY-MM-DD`) those running that day
 * and not retired. Newest validity first; a marketplace holds hundreds, not millions.
 */
export async function findPartnerOffers(
  store: DocumentSession,
  query: { readonly country?: string; readonly countries?: readonly string[]; readonly validOn?: string },
): Promise<PartnerOfferRecord[]> {
  const and: Filter[] = [];
  if (query.country) and.push({ countries: { has: query.country } });
  if (query.countries?.length) and.push({ $or: query.countries.map((c) => ({ countries: { has: c } })) });
  if (query.validOn) and.push({ retired: false }, { validFrom: { lte: query.validOn } }, { validTo: { gte: query.validOn } });
  const found = await store.collection<PartnerOfferDocument>(PARTNER_OFFERS).find({
    filter: and.length ? { $and: and } : {},
    sort: [
      { path: 'validFrom', direction: 'desc' },
      { path: 'offerId', direction: 'asc' },
    ],
  });
  return found.map(({ offerId, version, content, retired, updatedAt }) => ({ offerId, version, content, retired, updatedAt }));
}
