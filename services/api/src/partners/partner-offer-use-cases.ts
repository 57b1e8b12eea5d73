import { randomUUID } from 'node:crypto';
import { partnerOfferDecider, partnerOfferStreamId, PublishPartnerOfferSchema, RetirePartnerOfferSchema, UpdatePartnerOfferSchema } from '@onsite/domain';
import { PartnerOfferVersionSchema } from '@onsite/contracts';
import { useCasesOf } from '../common/command-routes.js';

const offer = useCasesOf(partnerOfferDecider);
const onOffer = (offerId: string, expectedVersion: number) => ({ streamId: partnerOfferStreamId(offerId), id: offerId, expectedVersion });
const versionOf = (request: { offerId: string }, { result }: { result: { version: number } }) => ({ offerId: request.offerId, version: result.version });

/**
 * The partner offers' commands (D34), each on the offer's stream at the version the caller last saw (409
 * version_conflict when someone changed it meanwhile). Staff may; the decider refuses everyone else.
 */
export const PARTNER_OFFER_USE_CASES = {
  publishPartnerOffer: offer({
    route: 'partner-offers/create',
    summary: 'Staff: publish a partner offer; it shows to customers of its countries from its first to its last day.',
    schema: PublishPartnerOfferSchema,
    response: PartnerOfferVersionSchema,
    target: () => onOffer(randomUUID(), 0),
    command: (request, { target }) => ({ type: 'PublishPartnerOffer', data: { offerId: target.id, content: request.content } }),
    answer: (_request, { target, result }) => ({ offerId: target.id, version: result.version }),
  }),
  updatePartnerOffer: offer({
    route: 'partner-offers/update',
    summary: 'Staff: change a partner offer, at the version last seen (409 version_conflict when someone changed it meanwhile).',
    schema: UpdatePartnerOfferSchema,
    response: PartnerOfferVersionSchema,
    target: (request) => onOffer(request.offerId, request.version),
    command: (request) => ({ type: 'UpdatePartnerOffer', data: { offerId: request.offerId, content: request.content } }),
    answer: versionOf,
  }),
  retirePartnerOffer: offer({
    route: 'partner-offers/retire',
    summary: 'Staff: retire a partner offer before its last day; customers no longer see it. It stays listed for staff as retired.',
    schema: RetirePartnerOfferSchema,
    response: PartnerOfferVersionSchema,
    target: (request) => onOffer(request.offerId, request.version),
    command: (request) => ({ type: 'RetirePartnerOffer', data: { offerId: request.offerId, ...(request.reason ? { reason: request.reason } : {}) } }),
    answer: versionOf,
  }),
};
