import type { Currency, Language } from '../shared/countries.js';

/** A text in every console language. */
export type LocalizedText = Readonly<Record<Language, string>>;

export interface CatalogueSubSegment {
  readonly id: string;
  readonly name: LocalizedText;
}

/** An industry segment of the service portfolio filters. */
export interface CatalogueSegment {
  readonly id: string;
  readonly name: LocalizedText;
  readonly subSegments: readonly CatalogueSubSegment[];
}

/** A machine the service usually covers; the customer adjusts it when ordering. */
export interface EquipmentItemTemplate {
  readonly manufacturer?: string;
  readonly machineModel: string;
  readonly machineVariant?: string;
  readonly quantity: number;
}

export interface CatalogueService {
  readonly id: string;
  readonly name: LocalizedText;
  readonly description: LocalizedText;
  readonly segmentIds: readonly string[];
  readonly subSegmentIds: readonly string[];
  /** 'Price from', in minor units, per currency: every currency in a catalogue published whole; the currencies of its countries for a managed service (D208). */
  readonly prices: Readonly<Partial<Record<Currency, number>>>;
  readonly equipmentItems: readonly EquipmentItemTemplate[];
}

/** A discount code customers may enter when ordering; staff judge it against the request's date and country. */
export interface Coupon {
  /** Upper case. */
  readonly code: string;
  readonly description?: Partial<LocalizedText>;
  /** Countries the coupon applies in; empty: every country. */
  readonly countries: readonly string[];
  /** `YYYY-MM-DD`, inclusive, UTC. */
  readonly validFrom?: string;
  readonly validTo?: string;
  /** Percent off the offer's price, when the coupon names one. */
  readonly discountPercent?: number;
}

export interface ServiceCatalogue {
  readonly segments: readonly CatalogueSegment[];
  readonly services: readonly CatalogueService[];
  /** Published with the portfolio (absent in catalogues published before coupons existed). */
  readonly coupons?: readonly Coupon[];
}
