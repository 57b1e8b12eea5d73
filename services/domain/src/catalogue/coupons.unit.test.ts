import { couponStatus, normalizeCouponCode } from './coupons.js';

const coupon = { code: 'SUMMER', countries: ['de', 'at'], validFrom: '2026-06-01', validTo: '2026-08-31' };

describe('coupon validity', () => {
  it('is not found without a coupon', () => {
    expect(couponStatus(undefined, 'de', '2026-07-01T10:00:00Z')).toBe('not_found');
  });
  it('counts validFrom and validTo as whole days, both inclusive', () => {
    expect(couponStatus(coupon, 'de', '2026-05-31T23:59:59Z')).toBe('not_yet_valid');
    expect(couponStatus(coupon, 'de', '2026-06-01T00:00:00Z')).toBe('valid');
    expect(couponStatus(coupon, 'de', '2026-08-31T23:59:59Z')).toBe('valid');
    expect(couponStatus(coupon, 'de', '2026-09-01T00:00:00Z')).toBe('expired');
  });
  it('applies only in its countries, and everywhere when it names none', () => {
    expect(couponStatus(coupon, 'uk', '2026-07-01T10:00:00Z')).toBe('not_for_country');
    expect(couponStatus(coupon, 'AT', '2026-07-01T10:00:00Z')).toBe('valid');
    expect(couponStatus({ ...coupon, countries: [] }, 'uk', '2026-07-01T10:00:00Z')).toBe('valid');
  });
  it('reads codes as typed: trimmed and case-insensitive', () => {
    expect(normalizeCouponCode('  welcome10 ')).toBe('WELCOME10');
  });
});
