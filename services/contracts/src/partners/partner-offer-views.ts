import { z } from 'zod';
import {
  COUNTRY_CODES,
  DEFAULT_LANGUAGE,
  LANGUAGES,
  PARTNER_OFFER_PHASES,
  PARTNER_OFFER_TYPES,
  PartnerOfferContentSchema,
  partnerOfferPhase,
  type Language,
  type PartnerOfferRecord,
} from '@onsite/domain';

/** The text in `language`, else in English. */
function localizedText(texts: { readonly en: string } & Partial<Record<Language, string>>, language: Language): string {
  return texts[language] ?? texts.en;
}

/** A partner offer as the list shows it: staff get every language to edit, customers the texts in theirs. */
export const PartnerOfferViewSchema = z
  .object({
    offerId: z.string(),
    version: z.number().int(),
    type: z.enum(PARTNER_OFFER_TYPES),
    partnerName: z.string(),
    title: z.string(),
    description: z.string(),
    keywords: z.array(z.string()),
    products: z.array(z.string()),
    countries: z.array(z.string()),
    validFrom: z.string(),
    validTo: z.string(),
    link: z.string().nullish(),
    phase: z.enum(PARTNER_OFFER_PHASES),
    /** Staff only: the content in every language, as it is edited. */
    content: PartnerOfferContentSchema.nullish(),
    updatedAt: z.string(),
  })
  .meta({ id: 'PartnerOffer' });

export type PartnerOfferView = z.infer<typeof PartnerOfferViewSchema>;

export function partnerOfferView(record: PartnerOfferRecord, language: Language, today: string, withContent: boolean): PartnerOfferView {
  const { content } = record;
  return {
    offerId: record.offerId,
    version: record.version,
    type: content.type,
    partnerName: content.partnerName,
    title: localizedText(content.title, language),
    description: localizedText(content.description, language),
    keywords: content.keywords,
    products: content.products,
    countries: content.countries,
    validFrom: content.validFrom,
    validTo: content.validTo,
    link: content.link ?? null,
    phase: partnerOfferPhase({ ...content, retired: record.retired }, today),
    ...(withContent ? { content } : {}),
    updatedAt: record.updatedAt,
  };
}

export const PartnerOfferListRequestSchema = z
  .object({
    lang: z.enum(LANGUAGES).default(DEFAULT_LANGUAGE),
    /** Words to find in the title, partner, keywords and products (every word must match), case-insensitive. */
    search: z.string().trim().max(100).optional(),
    type: z.enum(PARTNER_OFFER_TYPES).optional(),
    /** Staff only: offers of these phases (default: every phase but RETIRED). Customers always get CURRENT. */
    phases: z.array(z.enum(PARTNER_OFFER_PHASES)).max(PARTNER_OFFER_PHASES.length).optional(),
    /** Staff only: offers for this country. */
    country: z.enum(COUNTRY_CODES as [string, ...string[]]).optional(),
  })
  .meta({ id: 'PartnerOfferListRequest' });

export type PartnerOfferListRequest = z.infer<typeof PartnerOfferListRequestSchema>;

/** What a partner-offer command answers: the offer and its new version. */
export const PartnerOfferVersionSchema = z.object({ offerId: z.string(), version: z.number().int() }).meta({ id: 'PartnerOfferVersion' });

export const PartnerOfferListSchema = z.object({ items: z.array(PartnerOfferViewSchema) }).meta({ id: 'PartnerOfferList' });

export type PartnerOfferList = z.infer<typeof PartnerOfferListSchema>;
