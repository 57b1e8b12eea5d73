import type { CouponStatus, OrderCouponCheck } from './contracts.js';
import type { Coupon } from './types.js';

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
