import { couponStatus, normalizeCouponCode, orderCouponCheck } from './coupons.js';

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

describe("an order's coupon as staff see it", () => {
  it('is judged at the time of the quote request, not now', () => {
    expect(orderCouponCheck('SUMMER', coupon, 'de', '2026-07-01T10:00:00.000Z')).toEqual({
      code: 'SUMMER',
      status: 'valid',
      judgedAt: '2026-07-01T10:00:00.000Z',
      validFrom: '2026-06-01',
      validTo: '2026-08-31',
    });
    expect(orderCouponCheck('SUMMER', coupon, 'de', '2026-09-02T10:00:00.000Z')).toMatchObject({ status: 'expired', validTo: '2026-08-31' });
    expect(orderCouponCheck('SUMMER', coupon, 'uk', '2026-07-01T10:00:00.000Z').status).toBe('not_for_country');
  });
  it('is not found without a coupon, and not judged before the request', () => {
    expect(orderCouponCheck('NOPE', undefined, 'de', '2026-07-01T10:00:00.000Z')).toEqual({
      code: 'NOPE',
      status: 'not_found',
      judgedAt: '2026-07-01T10:00:00.000Z',
    });
    expect(orderCouponCheck('SUMMER', coupon, 'de', null)).toMatchObject({ status: 'not_requested', judgedAt: null });
  });
});
