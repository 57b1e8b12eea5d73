import { z } from 'zod';
import type { Coupon } from './types.js';

/** What a coupon code is worth for an order (D21). */
export const COUPON_STATUSES = ['valid', 'not_found', 'expired', 'not_yet_valid', 'not_for_country'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];

/**
 * Staff only, on the order detail: the order's coupon judged at the time of its quote request (D201). The coupon
 * statuses of ordering, and `not_requested` for an order not requested yet (no time to judge it by).
 */
export const ORDER_COUPON_STATUSES = [...COUPON_STATUSES, 'not_requested'] as const;
export type OrderCouponStatus = (typeof ORDER_COUPON_STATUSES)[number];

export const OrderCouponCheckSchema = z
  .object({
    /** The code as the customer typed it. */
    code: z.string(),
    status: z.enum(ORDER_COUPON_STATUSES),
    /** The time it was judged at: when the customer first submitted; null before. */
    judgedAt: z.string().nullable(),
    /** `YYYY-MM-DD`, inclusive, in UTC (when the coupon was found and has them). */
    validFrom: z.string().optional(),
    validTo: z.string().optional(),
  })
  .meta({ id: 'OrderCouponCheck' });
export type OrderCouponCheck = z.infer<typeof OrderCouponCheckSchema>;

/** A code as customers type it: trimmed, case-insensitive (stored upper case). */
export const normalizeCouponCode = (code: string): string => code.trim().toUpperCase();

/**
 * Whether a coupon applies to an order placed in `country` on `at` (D21): unknown codes are
 * not found; a coupon limited to countries does not apply elsewhere; `validFrom` and `validTo` are whole UTC days,
 * both inclusive.
 */
export function couponStatus(coupon: Coupon | undefined, country: string | undefined, at: string): CouponStatus {
  if (!coupon) return 'not_found';
  const day = at.slice(0, 10);
  if (coupon.validFrom && day < coupon.validFrom) return 'not_yet_valid';
  if (coupon.validTo && day > coupon.validTo) return 'expired';
  if (coupon.countries.length > 0 && country && !coupon.countries.includes(country.toLowerCase())) return 'not_for_country';
  return 'valid';
}

/**
 * An order's coupon as staff see it (D201): judged by `couponStatus` at the time of the quote request, in the order's
 * country; an order not requested yet has no such time and is `not_requested`.
 */
export function orderCouponCheck(code: string, coupon: Coupon | undefined, country: string | undefined, requestedAt: string | null): OrderCouponCheck {
  const dates = coupon ? { ...(coupon.validFrom ? { validFrom: coupon.validFrom } : {}), ...(coupon.validTo ? { validTo: coupon.validTo } : {}) } : {};
  if (!requestedAt) return { code, status: 'not_requested', judgedAt: null, ...dates };
  return { code, status: couponStatus(coupon, country, requestedAt), judgedAt: requestedAt, ...dates };
}
