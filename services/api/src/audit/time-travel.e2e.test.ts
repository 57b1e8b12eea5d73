import { quoteRequestBody } from '../test-support/order-bodies.js';
import { BILLING_ADDRESS, companyIdOf, FILES, inAWeek, OrderFlows, type OrderDetail, type OrderRef } from '../test-support/order-flows.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';

type Detail = OrderDetail & { updatedAt: string; historical?: { asOf: string | null; asOfVersion: number; latestVersion: number } };
const INTERNAL = 'INTERNAL margin 27 %';

/** D16: the order as of any event or instant, folded from its stream, equals what the live detail said then. */
describe('order time travel (asOf / asOfVersion on the order detail)', () => {
  let t: TestApp;
  let flows: OrderFlows;
  beforeAll(async () => {
    t = await startTestApp();
    flows = new OrderFlows(t);
  });
  afterAll(async () => t.close());

  const asOf = async (refId: string, login: string, at: { asOf: string } | { asOfVersion: number } | { asOfEventId: string }) => {
    return flows.post<Detail>('/api/order/getByRefId', { refId, ...at }, login);
  };
  const withoutHistorical = ({ historical: _h, ...detail }: Detail) => detail;

  it('equals the live detail of every moment of a lifecycle with a change request and a reopen, for staff and for the customer', async () => {
    const live = { staff: new Map<number, Detail>(), customer: new Map<number, Detail>() };
    // The live detail of this moment, once the read model has caught up with the command (it may lag under load).
    const liveDetail = async (ref: OrderRef, login: string): Promise<Detail> => {
      for (let attempt = 0; ; attempt++) {
        const detail = (await flows.detail(ref.refId, login)) as Detail;
        if (detail.version === ref.version || attempt === 100) return detail;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const record = async (ref: OrderRef) => {
      const staff = await liveDetail(ref, 'bl.admin');
      expect(staff.version).toBe(ref.version);
      live.staff.set(staff.version, staff);
      live.customer.set(staff.version, await liveDetail(ref, 'ec.admin'));
      return ref;
    };
    let order = await record(await flows.draft('ec.admin'));
    const id = order._id;
    const step = async (path: string, body: object, login: string) =>
      (order = await record(await flows.ok(path, { orderId: id, version: order.version, ...body }, login)));

    await step('/api/order/submit', { disclaimerAccepted: true }, 'ec.admin');
    await step('/api/order/comment', { externalComment: 'We are on it.', internalComment: INTERNAL }, 'bl.admin');
    await step(
      '/api/order/financial-info',
      { financialInfo: { expectedRevenue: { amount: 4242, currency: 'GBP' }, probability: 60, relevantForForecast: true } },
      'bl.admin',
    );
    await step(
      '/api/order/offer',
      { pdf: await flows.upload('bl.sales', FILES.pdf('Offer 1.pdf')), expiresAt: inAWeek(), internalComment: INTERNAL, externalComment: 'First offer.' },
      'bl.sales',
    );
    await step('/api/order/change', {}, 'ec.admin');
    await step('/api/order/update', { content: { ...quoteRequestBody().content, services: [{ serviceId: 'svc-repair' }] } }, 'ec.admin');
    await step('/api/order/submit', { disclaimerAccepted: true }, 'ec.admin');
    await step(
      '/api/order/offer',
      { pdf: await flows.upload('bl.sales', FILES.pdf('Offer 2.pdf')), expiresAt: inAWeek(), externalComment: 'Second offer.' },
      'bl.sales',
    );
    const { openOfferId } = await flows.detail(order.refId, 'ec.admin');
    await step('/api/order/accept', { offerID: openOfferId, billingAddress: BILLING_ADDRESS, po: 'PO-77', tc: true }, 'ec.admin');
    await step('/api/order/prepare-job', {}, 'bl.planner');
    await step('/api/order/close', { comment: 'On hold' }, 'bl.admin');
    await step('/api/order/reopen', {}, 'bl.admin');
    const { job } = await flows.detail(order.refId, 'bl.admin');
    await record(await flows.report(id, { type: 'RecordJobPlanned', data: { jobId: job!.jobId, team: [{ id: 'tech-1', name: 'Max Huber' }] } }));

    const latest = order.version + 1;
    expect(live.staff.size).toBeGreaterThan(12);
    expect((await flows.detail(order.refId, 'bl.admin')).events.map((e) => e.event)).toEqual(
      expect.arrayContaining(['CHANGE_REQUEST', 'REOPEN', 'ACCEPT_OFFER']),
    );

    const stream = await t.runtime.eventStore.readStream(`order-${id}`);
    for (let version = 1; version <= latest; version++) {
      const staff = await asOf(order.refId, 'bl.admin', { asOfVersion: version });
      expect([version, staff.status]).toEqual([version, 200]);
      expect(staff.body.data!.historical).toEqual({ asOf: null, asOfVersion: version, latestVersion: latest });
      const customer = await asOf(order.refId, 'ec.admin', { asOfVersion: version });
      expect([version, customer.status]).toEqual([version, 200]);
      // A customer's historical view never holds staff-only data.
      const text = JSON.stringify(customer.body.data);
      expect([version, text.includes('INTERNAL'), text.includes('4242')]).toEqual([version, false, false]);
      expect(customer.body.data).toMatchObject({ financialInfo: null, ownerUserId: null });
      if (live.staff.has(version)) {
        expect(withoutHistorical(staff.body.data!)).toEqual(live.staff.get(version));
        expect(withoutHistorical(customer.body.data!)).toEqual(live.customer.get(version));
        // The same moment by instant: every event that occurred up to the live detail's last change (unless a
        // later event shares that millisecond).
        const at = live.staff.get(version)!.updatedAt;
        if (!stream.some((e) => e.streamVersion > version && e.metadata.occurredAt === at)) {
          const byInstant = await asOf(order.refId, 'bl.admin', { asOf: at });
          expect(withoutHistorical(byInstant.body.data!)).toEqual(live.staff.get(version));
        }
      }
    }
    // By event id (what the console's events table sends): exactly the version of that event.
    for (const e of stream) {
      const byEvent = await asOf(order.refId, 'bl.admin', { asOfEventId: e.eventId });
      expect([e.type, byEvent.body.data!.historical!.asOfVersion]).toEqual([e.type, e.streamVersion]);
      if (live.staff.has(e.streamVersion)) expect(withoutHistorical(byEvent.body.data!)).toEqual(live.staff.get(e.streamVersion));
    }
    expect((await asOf(order.refId, 'bl.admin', { asOfEventId: 'no-such-event' })).status).toBe(404);
    // The staff view of the past does hold staff-only data (it is the same fold, not a different one).
    expect(JSON.stringify((await asOf(order.refId, 'bl.admin', { asOfVersion: 3 })).body.data)).toContain(INTERNAL);
    // The auditor sees the past like staff.
    expect(withoutHistorical((await asOf(order.refId, 'bl.auditor', { asOfVersion: 5 })).body.data!)).toEqual(live.staff.get(5));
  });

  it('answers 404 before the order existed and to other companies, 400 to a malformed moment', async () => {
    const order = await flows.requested('ec.admin');
    expect((await asOf(order.refId, 'ec.admin', { asOf: '2001-01-01T00:00:00Z' })).status).toBe(404);
    expect((await asOf(order.refId, 'ec2.admin', { asOfVersion: 1 })).status).toBe(404);
    expect((await asOf(order.refId, 'oem.admin', { asOf: new Date().toISOString() })).status).toBe(404);
    const bad = await flows.post('/api/order/getByRefId', { refId: order.refId, asOf: 'yesterday' }, 'ec.admin');
    expect([bad.status, bad.body.error]).toEqual([400, 'validation_error']);
    expect((await flows.post('/api/order/getByRefId', { refId: order.refId, asOfVersion: 0 }, 'ec.admin')).status).toBe(400);
    expect((await flows.post('/api/order/getByRefId', { refId: order.refId, asOfVersion: 1, asOf: new Date().toISOString() }, 'ec.admin')).status).toBe(400);
    // Past the last event: the current state.
    const future = await asOf(order.refId, 'ec.admin', { asOfVersion: 999 });
    expect(withoutHistorical(future.body.data! as Detail)).toEqual(await flows.detail(order.refId, 'ec.admin'));
  });

  it('keeps the versions of an order still in preparation from the customer, as the live detail did', async () => {
    const prepared = await flows.ok('/api/order/create-in-preparation', { companyId: companyIdOf('ec'), content: quoteRequestBody().content }, 'bl.sales');
    await flows.ok('/api/convert', { orderId: prepared._id, version: 1 }, 'bl.sales');
    expect((await asOf(prepared.refId, 'ec.admin', { asOfVersion: 1 })).status).toBe(404);
    expect((await asOf(prepared.refId, 'bl.auditor', { asOfVersion: 1 })).body.data).toMatchObject({ status: 'IN_PREPARATION' });
    expect((await asOf(prepared.refId, 'ec.admin', { asOfVersion: 2 })).body.data).toMatchObject({ status: 'REQUESTED_QUOTE' });
  });
});
