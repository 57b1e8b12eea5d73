import { assertCouponCode, couponDecider, CouponInputSchema, couponStreamId, notFound, RetireCouponSchema } from '@onsite/domain';
import { ManagedCouponSchema } from '@onsite/contracts';
import { getManagedCoupon } from '@onsite/projections';
import { useCasesOf, type UseCaseFacts } from '../common/command-routes.js';

/** The coupon as the read model holds it after the command. */
async function couponNow(code: string, { runtime }: UseCaseFacts) {
  const coupon = await getManagedCoupon(runtime.documentStore, assertCouponCode(code));
  if (!coupon) throw notFound('There is no coupon with this code.', 'coupon_not_found');
  return coupon;
}

const coupon = useCasesOf(couponDecider);

/**
 * The coupons' commands (D204), each decided on the coupon's stream as read: of two concurrent creations of one code,
 * exactly one is appended. Staff administrators and sales staff may; the decider refuses everyone else.
 */
export const COUPON_USE_CASES = {
  createCoupon: coupon({
    route: 'coupons/create',
    summary: 'Staff administrators and sales: a new coupon (409 coupon_exists when the code is taken, retired codes included).',
    schema: CouponInputSchema,
    response: ManagedCouponSchema,
    target: (request) => ({ streamId: couponStreamId(request.code) }),
    command: (request) => ({ type: 'CreateCoupon', data: request }),
    answer: (request, facts) => couponNow(request.code, facts),
  }),
  changeCoupon: coupon({
    route: 'coupons/change',
    summary: "Staff administrators and sales: a coupon's description, countries, validity or discount (the code stays).",
    schema: CouponInputSchema,
    response: ManagedCouponSchema,
    target: (request) => ({ streamId: couponStreamId(request.code) }),
    command: (request) => ({ type: 'ChangeCoupon', data: request }),
    answer: (request, facts) => couponNow(request.code, facts),
  }),
  retireCoupon: coupon({
    route: 'coupons/retire',
    summary: 'Staff administrators and sales: retire a coupon; orders no longer find its code, which stays taken.',
    schema: RetireCouponSchema,
    response: ManagedCouponSchema,
    target: (request) => ({ streamId: couponStreamId(assertCouponCode(request.code)) }),
    command: (request) => ({ type: 'RetireCoupon', code: assertCouponCode(request.code) }),
    answer: (request, facts) => couponNow(request.code, facts),
  }),
};
