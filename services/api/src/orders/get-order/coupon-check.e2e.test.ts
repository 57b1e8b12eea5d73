import { quoteRequestBody } from '../../test-support/order-bodies.js';
import { OrderFlows, type OrderDetail } from '../../test-support/order-flows.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';

type WithCoupon = OrderDetail & {
  requestedAt: string | null;
  couponCheck: { code: string; status: string; judgedAt: string | null; validFrom?: string; validTo?: string } | null;
};

/** A UK quote request (ec.admin) with this coupon code. */
const withCoupon = (couponCode: string) => {
  const body = quoteRequestBody();
  return { ...body, content: { ...body.content, couponCode } };
};

describe("the order's coupon as staff see it, judged at the time of the quote request (D201)", () => {
  let t: TestApp;
  let flows: OrderFlows;
  beforeAll(async () => {
    t = await startTestApp();
    flows = new OrderFlows(t);
  });
  afterAll(() => t.close());

  it('staff see each outcome of the demo coupons with the request time; customers see none of it', async () => {
    const outcomes: Array<[string, Record<string, unknown>]> = [
      ['welcome10', { code: 'welcome10', status: 'valid', validFrom: '2025-01-01', validTo: '2099-12-31' }],
      ['SPRING2025', { status: 'expired', validTo: '2025-05-31' }],
      ['FUTURE30', { status: 'not_yet_valid', validFrom: '2099-01-01' }],
      ['CHONLY', { status: 'not_for_country' }],
      ['NO-SUCH-CODE', { status: 'not_found' }],
    ];
    for (const [code, expected] of outcomes) {
      const order = await flows.requested('ec.admin', withCoupon(code));
      const staff = (await flows.detail(order.refId, 'bl.sales')) as WithCoupon;
      expect(staff.couponCheck).toMatchObject({ ...expected, judgedAt: staff.requestedAt });
      expect(((await flows.detail(order.refId, 'ec.admin')) as WithCoupon).couponCheck).toBeNull();
    }
  });

  it('a draft has no request time to judge by; an order without a coupon has no check', async () => {
    const draft = await flows.draft('ec.admin', withCoupon('WELCOME10'));
    expect(((await flows.detail(draft.refId, 'bl.sales')) as WithCoupon).couponCheck).toEqual({
      code: 'WELCOME10',
      status: 'not_requested',
      judgedAt: null,
      validFrom: '2025-01-01',
      validTo: '2099-12-31',
    });
    const plain = await flows.requested('ec.admin');
    expect(((await flows.detail(plain.refId, 'bl.sales')) as WithCoupon).couponCheck).toBeNull();
  });
});
