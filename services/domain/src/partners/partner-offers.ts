import { z } from 'zod';
import type { Actor } from '../identity/actor.js';
import type { Decider } from '../shared/decider.js';
import { COUNTRY_CODES } from '../shared/countries.js';
import { conflict, forbidden, notFound } from '../shared/errors.js';
import { assertNever, type DomainEvent } from '../shared/metadata.js';

/**
 * Partner offers on a partner marketplace (D34; an offer has id, type, keywords,
 * products, countries, validity from and to). Staff publish, edit and retire them; a customer sees those valid today
 * for the country of their company. One stream per offer, so two staff editing two offers never collide, and an
 * edit carries the version its author saw.
 */
export const PARTNER_OFFER_TYPES = ['SPARE_PARTS', 'TRAINING', 'SOFTWARE', 'FINANCING', 'CONSUMABLES'] as const;
export type PartnerOfferType = (typeof PARTNER_OFFER_TYPES)[number];

export const partnerOfferStreamId = (offerId: string): string => `partner-offer-${offerId}`;

const text = (max: number) => z.string().trim().min(1).max(max);
const localized = (max: number) => z.object({ en: text(max), de: text(max).optional(), pt: text(max).optional() });
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date as YYYY-MM-DD.');
/** Keywords and products are short labels (the decider keeps a label given twice once). */
const labels = (max: number, count: number) => z.array(text(max)).max(count).default([]);

export const PartnerOfferContentSchema = z
  .object({
    type: z.enum(PARTNER_OFFER_TYPES),
    partnerName: text(120),
    title: localized(120),
    description: localized(1000),
    keywords: labels(40, 20),
    products: labels(80, 50),
    countries: z
      .array(z.enum(COUNTRY_CODES as [string, ...string[]]))
      .min(1, 'Name at least one country.')
      .max(COUNTRY_CODES.length),
    validFrom: isoDate,
    validTo: isoDate,
    /** The partner's page on the marketplace. */
    link: z
      .url({ protocol: /^https?$/ })
      .max(500)
      .optional(),
  })
  .refine((offer) => offer.validTo >= offer.validFrom, { path: ['validTo'], message: 'The offer must end on or after the day it starts.' })
  .meta({ id: 'PartnerOfferContent' });
export type PartnerOfferContent = z.infer<typeof PartnerOfferContentSchema>;

export type PartnerOfferEvent =
  | DomainEvent<'PARTNER_OFFER_PUBLISHED', { readonly offerId: string; readonly content: PartnerOfferContent }>
  | DomainEvent<'PARTNER_OFFER_UPDATED', { readonly offerId: string; readonly content: PartnerOfferContent }>
  | DomainEvent<'PARTNER_OFFER_RETIRED', { readonly offerId: string; readonly reason?: string }>;

export type PartnerOfferCommand =
  | { readonly type: 'PublishPartnerOffer'; readonly data: { readonly offerId: string; readonly content: PartnerOfferContent } }
  | { readonly type: 'UpdatePartnerOffer'; readonly data: { readonly offerId: string; readonly content: PartnerOfferContent } }
  | { readonly type: 'RetirePartnerOffer'; readonly data: { readonly offerId: string; readonly reason?: string } };

export type PartnerOfferState =
  { readonly status: 'NONE' } | { readonly status: 'ACTIVE' | 'RETIRED'; readonly offerId: string; readonly content: PartnerOfferContent };

/** Staff manage partner offers as themselves (auditors only read); acting for a customer they are that customer. */
export function mayManagePartnerOffers(actor: Actor): boolean {
  return actor.type === 'BL' && actor.role !== 'AUDITOR' && !actor.onBehalfOf;
}

/** Staff as themselves see every offer (to manage them, or as auditors to read them), not only today's. */
export function seesAllPartnerOffers(actor: Actor): boolean {
  return actor.type === 'BL' && !actor.onBehalfOf;
}

/** The content as it is recorded: a keyword, product or country given twice is kept once. */
function normalized(content: PartnerOfferContent): PartnerOfferContent {
  const unique = <T>(items: readonly T[]) => [...new Set(items)];
  return { ...content, keywords: unique(content.keywords), products: unique(content.products), countries: unique(content.countries) };
}

export const partnerOfferDecider: Decider<PartnerOfferCommand, PartnerOfferState, PartnerOfferEvent> = {
  initialState: { status: 'NONE' },
  // Customers learn of offers through the list only: to them an existing offer's stream is unknown (404); a new
  // one is refused by the rule of who manages offers (403), which tells nothing.
  canSee: (state, actor) => state.status === 'NONE' || seesAllPartnerOffers(actor),
  decide(command, state, ctx) {
    if (!mayManagePartnerOffers(ctx.actor)) throw forbidden('Only the provider’s staff manage partner offers.');
    switch (command.type) {
      case 'PublishPartnerOffer':
        if (state.status !== 'NONE') throw conflict('already_published', 'This partner offer exists already.');
        return [{ type: 'PARTNER_OFFER_PUBLISHED', data: { offerId: command.data.offerId, content: normalized(command.data.content) } }];
      case 'UpdatePartnerOffer':
        if (state.status === 'NONE') throw notFound('There is no such partner offer.');
        if (state.status === 'RETIRED') throw conflict('partner_offer_retired', 'A retired partner offer cannot be changed.');
        return [{ type: 'PARTNER_OFFER_UPDATED', data: { offerId: command.data.offerId, content: normalized(command.data.content) } }];
      case 'RetirePartnerOffer':
        if (state.status === 'NONE') throw notFound('There is no such partner offer.');
        if (state.status === 'RETIRED') throw conflict('partner_offer_retired', 'This partner offer is retired already.');
        return [{ type: 'PARTNER_OFFER_RETIRED', data: command.data }];
      default:
        return assertNever(command, 'partner offer command');
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'PARTNER_OFFER_PUBLISHED':
      case 'PARTNER_OFFER_UPDATED':
        return { status: 'ACTIVE', offerId: event.data.offerId, content: event.data.content };
      case 'PARTNER_OFFER_RETIRED':
        return state.status === 'NONE' ? state : { ...state, status: 'RETIRED' };
      default:
        return assertNever(event, 'partner offer event');
    }
  },
};

/** Where an offer stands on a day (`YYYY-MM-DD`): staff filter by it, customers only ever see CURRENT ones. */
export const PARTNER_OFFER_PHASES = ['SCHEDULED', 'CURRENT', 'EXPIRED', 'RETIRED'] as const;
export type PartnerOfferPhase = (typeof PARTNER_OFFER_PHASES)[number];
/** What staff see unless they ask for more: every phase but the retired. */
export const STAFF_DEFAULT_PARTNER_OFFER_PHASES: readonly PartnerOfferPhase[] = PARTNER_OFFER_PHASES.filter((phase) => phase !== 'RETIRED');

export function partnerOfferPhase(
  offer: { readonly validFrom: string; readonly validTo: string; readonly retired: boolean },
  today: string,
): PartnerOfferPhase {
  if (offer.retired) return 'RETIRED';
  if (today < offer.validFrom) return 'SCHEDULED';
  if (today > offer.validTo) return 'EXPIRED';
  return 'CURRENT';
}

/** What the read model keeps of an offer. */
export interface PartnerOfferRecord {
  readonly offerId: string;
  readonly version: number;
  readonly content: PartnerOfferContent;
  readonly retired: boolean;
  readonly updatedAt: string;
}

export const PublishPartnerOfferSchema = z.object({ content: PartnerOfferContentSchema }).meta({ id: 'PublishPartnerOffer' });
export const UpdatePartnerOfferSchema = z
  .object({ offerId: z.string().min(1).max(64), version: z.number().int().min(1), content: PartnerOfferContentSchema })
  .meta({ id: 'UpdatePartnerOffer' });
export const RetirePartnerOfferSchema = z
  .object({ offerId: z.string().min(1).max(64), version: z.number().int().min(1), reason: z.string().trim().max(500).optional() })
  .meta({ id: 'RetirePartnerOffer' });
