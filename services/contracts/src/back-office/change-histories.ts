import { z } from 'zod';
import { CURRENCIES } from '@onsite/domain';
import { ManagedSegmentSchema, ManagedServiceSchema } from '../catalogue/catalogue-views.js';

/*
 * What the back office's history dialogs read: each change of a managed item (catalogue, coupons, help, support
 * contacts), who made it and for whom, newest first; and the catalogue's price import.
 */

/** A person a change names: null name when the user is gone. */
const ChangePersonSchema = z.object({ userId: z.string(), name: z.string().nullable() });

const changeOf = <const T extends readonly [string, ...string[]]>(types: T) =>
  z.object({ at: z.string(), actor: ChangePersonSchema, onBehalfOf: ChangePersonSchema.optional(), type: z.enum(types) });
const changeWithDataOf = <const T extends readonly [string, ...string[]]>(types: T) => changeOf(types).extend({ data: z.record(z.string(), z.unknown()) });

export const CATALOGUE_CHANGE_TYPES = [
  'CATALOGUE_SEGMENT_CREATED',
  'CATALOGUE_SEGMENT_CHANGED',
  'CATALOGUE_SEGMENT_RETIRED',
  'CATALOGUE_SERVICE_CREATED',
  'CATALOGUE_SERVICE_CHANGED',
  'CATALOGUE_SERVICE_PUBLISHED',
  'CATALOGUE_SERVICE_RETIRED',
] as const;
export const CatalogueChangeSchema = changeWithDataOf(CATALOGUE_CHANGE_TYPES).meta({ id: 'CatalogueChange' });
export type CatalogueChange = z.infer<typeof CatalogueChangeSchema>;

/** Staff: every segment and service in any status. */
export const ManagedCatalogueSchema = z
  .object({ segments: z.array(ManagedSegmentSchema), services: z.array(ManagedServiceSchema) })
  .meta({ id: 'ManagedCatalogue' });
export type ManagedCatalogue = z.infer<typeof ManagedCatalogueSchema>;

export const CouponChangeSchema = changeWithDataOf(['COUPON_CREATED', 'COUPON_CHANGED', 'COUPON_RETIRED']).meta({ id: 'CouponChange' });
export type CouponChange = z.infer<typeof CouponChangeSchema>;

export const FaqChangeSchema = changeOf(['FAQ_CREATED', 'FAQ_CHANGED', 'FAQ_REMOVED']).meta({ id: 'FaqChange' });
export type FaqChange = z.infer<typeof FaqChangeSchema>;

export const ManualChangeSchema = changeOf(['MANUAL_CREATED', 'MANUAL_CHANGED', 'MANUAL_REMOVED']).meta({ id: 'ManualChange' });
export type ManualChange = z.infer<typeof ManualChangeSchema>;

export const SupportContactsChangeSchema = changeWithDataOf(['SUPPORT_GROUP_CONTACT_SET', 'PERSONAL_CONTACTS_SET', 'IT_SUPPORT_EMAIL_SET']).meta({
  id: 'SupportContactsChange',
});
export type SupportContactsChange = z.infer<typeof SupportContactsChangeSchema>;

const localized = z.object({ en: z.string(), de: z.string().optional(), pt: z.string().optional() });
/** Staff: the home page's banner in every language, who changed it last, and every change, newest first. */
export const ManagedBannerSchema = z
  .object({
    banner: z.object({ title: localized, text: localized }).nullable(),
    changed: z.object({ at: z.string(), by: z.string().nullable() }).nullable(),
    /** Every change, newest first: who set or cleared the banner, and when. */
    history: z.array(z.object({ at: z.string(), by: z.string().nullable(), type: z.enum(['BANNER_SET', 'BANNER_CLEARED']) })),
  })
  .meta({ id: 'ManagedBanner' });
export type ManagedBanner = z.infer<typeof ManagedBannerSchema>;

/** `POST /api/catalogue/prices/import`: a changed price spreadsheet, previewed or applied (D208). */
export const PriceImportRequestSchema = z
  .object({
    /** The .xlsx file, base64-encoded. */
    file: z.base64({ error: 'Send the spreadsheet as base64.' }).max(240_000, { error: 'The spreadsheet is too large (170 KB at most).' }),
    /** False: only the preview. True: apply it, provided no row has a mistake. */
    apply: z.boolean().default(false),
  })
  .meta({ id: 'CataloguePriceImport' });
export type PriceImportRequest = z.infer<typeof PriceImportRequestSchema>;

export const PriceChangeSchema = z.object({
  row: z.number(),
  serviceId: z.string(),
  currency: z.enum(CURRENCIES),
  from: z.number().nullable(),
  to: z.number().nullable(),
});
export type PriceChange = z.infer<typeof PriceChangeSchema>;

export const PriceRowErrorSchema = z.object({ row: z.number(), column: z.string(), code: z.string(), message: z.string() });
export type PriceRowError = z.infer<typeof PriceRowErrorSchema>;

export const PriceImportResultSchema = z
  .object({ changes: z.array(PriceChangeSchema), errors: z.array(PriceRowErrorSchema), applied: z.boolean() })
  .meta({ id: 'CataloguePriceImportResult' });
export type PriceImportResult = z.infer<typeof PriceImportResultSchema>;
