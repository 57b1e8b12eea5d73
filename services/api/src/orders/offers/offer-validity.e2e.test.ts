import { OrderFlows, type OrderDetail } from '../../test-support/order-flows.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';

describe('offer validity over HTTP', () => {
  let t: TestApp;
  let flows: OrderFlows;
  beforeAll(async () => {
    t = await startTestApp();
    flows = new OrderFlows(t);
  });
  afterAll(async () => t.close());

  it('customers ask for more time, staff extend; each refused to the other side and to a stale version', async () => {
    const offered = await flows.offered('ec.admin');
    await flows.expectRefused(
      '/api/order/extend-offer',
      { orderId: offered._id, version: offered.version, offerId: offered.offerId, expiresAt: new Date(Date.now() + 20 * 86_400_000).toISOString() },
      'ec.admin',
      [403, 'forbidden'],
      offered._id,
    );
    await flows.expectRefused(
      '/api/order/request-more-time',
      { orderId: offered._id, version: offered.version, offerId: offered.offerId },
      'bl.sales',
      [403, 'forbidden'],
      offered._id,
    );
    const asked = await flows.ok(
      '/api/order/request-more-time',
      { orderId: offered._id, version: offered.version, offerId: offered.offerId, comment: 'Budget on Friday.' },
      'ec.admin',
    );
    expect(asked.status).toBe('OFFERED');
    const staffView = await flows.detail(offered.refId, 'bl.sales');
    expect(staffView.offers[0]).toMatchObject({ extensionRequestedAt: expect.any(String) });
    expect(staffView.events.at(-1)?.event).toBe('OFFER_EXTENSION_REQUESTED');

    await flows.expectRefused(
      '/api/order/extend-offer',
      { orderId: offered._id, version: asked.version, offerId: offered.offerId, expiresAt: new Date(Date.now() + 3_600_000).toISOString() },
      'bl.sales',
      [400, 'validation_error'],
      offered._id,
    );
    await flows.expectRefused(
      '/api/order/extend-offer',
      { orderId: offered._id, version: offered.version, offerId: offered.offerId, expiresAt: new Date(Date.now() + 20 * 86_400_000).toISOString() },
      'bl.sales',
      [409, 'version_conflict'],
      offered._id,
    );
    const to = new Date(Date.now() + 20 * 86_400_000).toISOString();
    await flows.ok('/api/order/extend-offer', { orderId: offered._id, version: asked.version, offerId: offered.offerId, expiresAt: to }, 'bl.sales');
    const customerView = await flows.detail(offered.refId, 'ec.admin');
    expect(customerView.offers[0]).toMatchObject({ expiresAt: to, originalExpiresAt: expect.any(String) });
    expect(customerView.events.map((e) => e.event).slice(-2)).toEqual(['OFFER_EXTENSION_REQUESTED', 'OFFER_EXTENDED']);
    expect((customerView as OrderDetail).status).toBe('OFFERED');
  });
});
