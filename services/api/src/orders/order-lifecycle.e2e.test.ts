import { quoteRequestBody } from '../test-support/order-bodies.js';
import { BILLING_ADDRESS, FILES, inAWeek, OrderFlows, userIdOf, type OrderDetail, type OrderRef } from '../test-support/order-flows.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';

describe('the order lifecycle over HTTP', () => {
  let t: TestApp;
  let flows: OrderFlows;
  beforeAll(async () => {
    t = await startTestApp();
    flows = new OrderFlows(t);
  });
  afterAll(async () => t.close());

  it('runs from quote request to offer, acceptance, job, close, reopen, feedback and reorder', async () => {
    const requested = await flows.requested('ec.admin');
    expect(requested.status).toBe('REQUESTED_QUOTE');

    // A price in an unknown currency, or not in whole minor units, is refused and writes nothing.
    for (const price of [
      { amount: 1000, currency: 'XYZ' },
      { amount: 10.5, currency: 'EUR' },
      { amount: -1, currency: 'EUR' },
    ]) {
      await flows.expectRefused(
        '/api/order/offer',
        { orderId: requested._id, version: requested.version, pdf: await flows.upload('bl.sales', FILES.pdf()), expiresAt: inAWeek(), price },
        'bl.sales',
        [400, 'validation_error'],
        requested._id,
      );
    }
    // Staff offer the quote with its net price and a real (tiny) PDF.
    const offered = await flows.ok(
      '/api/order/offer',
      {
        orderId: requested._id,
        version: requested.version,
        pdf: await flows.upload('bl.sales', FILES.pdf('Offer ON-1.pdf')),
        expiresAt: inAWeek(),
        price: { amount: 185_050, currency: 'EUR' },
        externalComment: 'Valid one week.',
      },
      'bl.sales',
    );
    expect(offered.status).toBe('OFFERED');
    const { openOfferId, offers } = await flows.detail(requested.refId, 'ec.admin');
    // The customer sees the price.
    expect(offers[0]).toMatchObject({ price: { amount: 185_050, currency: 'EUR' } });

    // The customer opens the offer PDF from the link /file/get gives.
    const [link] = await flows.ok<string[]>('/api/file/get', { fileName: offers[0]!.pdf.path }, 'ec.admin');
    const download = await fetch(`${t.baseUrl}${link}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect((await download.text()).startsWith('%PDF-')).toBe(true);

    // Accept without a PO number ('-'); the response is the updated order.
    const accepted = await flows.ok<OrderDetail>(
      '/api/order/accept',
      { orderId: requested._id, version: offered.version, offerID: openOfferId, billingAddress: BILLING_ADDRESS, po: '-', tc: true },
      'ec.admin',
    );
    expect(accepted).toMatchObject({ status: 'ORDER_SUBMITTED', po: { number: '-' } });

    // A job window that ends before it starts is refused and writes nothing.
    await flows.expectRefused(
      '/api/order/prepare-job',
      { orderId: requested._id, version: accepted.version, teamSize: 2, window: { from: '2027-03-02T08:00:00', to: '2027-03-01T17:00:00' } },
      'bl.planner',
      [400, 'validation_error'],
      requested._id,
    );
    const inPlanning = await flows.ok(
      '/api/order/prepare-job',
      { orderId: requested._id, version: accepted.version, teamSize: 3, window: { from: '2027-03-01T08:00:00', to: '2027-03-02T17:00:00' }, notes: 'Gate 3.' },
      'bl.planner',
    );
    expect(inPlanning.status).toBe('JOB_IN_PLANNING');
    expect((await flows.detail(requested.refId, 'ec.admin')).job).toMatchObject({
      status: 'CREATED',
      requestedTeamSize: 3,
      requestedWindow: { from: '2027-03-01T08:00:00', to: '2027-03-02T17:00:00' },
    });
    const closed = await flows.ok('/api/order/close', { orderId: requested._id, version: inPlanning.version, comment: 'On hold' }, 'bl.admin');
    expect(closed.status).toBe('CLOSED');
    const reopened = await flows.ok('/api/order/reopen', { orderId: requested._id, version: closed.version }, 'bl.admin');
    expect(reopened.status).toBe('JOB_IN_PLANNING');

    // The job-planning tool reports the job planned; the customer gives feedback.
    const { job } = await flows.detail(requested.refId, 'bl.admin');
    const planned = await flows.report(requested._id, { type: 'RecordJobPlanned', data: { jobId: job!.jobId, team: [{ id: 'tech-1', name: 'Max Huber' }] } });
    await flows.ok('/api/feedback/save', { refId: requested.refId, version: planned.version, feedbacks: [{ type: 'JOB_RATING', rating: 4 }] }, 'ec.admin');
    await flows.report(requested._id, { type: 'RecordJobCompleted', data: { jobId: job!.jobId } });
    expect(await flows.ok('/api/feedback/list', { refId: requested.refId }, 'ec.admin')).toEqual([{ type: 'JOB_RATING', rating: 4 }]);

    // The customer orders the same again.
    const again = await flows.ok('/api/re-order', { orderId: requested._id }, 'ec.admin');
    expect(again.status).toBe('INCOMPLETE');

    const detail = await flows.detail(requested.refId, 'ec.admin');
    expect(detail.status).toBe('JOB_COMPLETED');
    expect(detail.events.map((e) => [e.event, e.status])).toEqual([
      ['CREATE', 'INCOMPLETE'],
      ['GET_QUOTE', 'REQUESTED_QUOTE'],
      ['OFFER', 'OFFERED'],
      ['ACCEPT_OFFER', 'ORDER_SUBMITTED'],
      ['CREATE_JOB_SPECIFICATION', 'JOB_IN_PLANNING'],
      ['CLOSE', 'CLOSED'],
      ['REOPEN', 'JOB_IN_PLANNING'],
      ['JOB_PLANNED', 'JOB_PLANNED'],
      ['FEEDBACK_SAVED', 'JOB_PLANNED'],
      ['JOB_COMPLETED', 'JOB_COMPLETED'],
    ]);
  });

  it('lets the customer change an offered quote, which needs a new offer after resubmission', async () => {
    const offered = await flows.offered('oem.planner');
    const changed = await flows.ok<OrderDetail>('/api/order/change', { orderId: offered._id, version: offered.version }, 'oem.planner');
    expect(changed).toMatchObject({ status: 'OFFERED', hasChanges: true });

    // While the customer is changing the order, staff cannot offer and the customer cannot accept.
    await flows.expectRefused(
      '/api/order/offer',
      { orderId: offered._id, version: changed.version, pdf: await flows.upload('bl.sales', FILES.pdf()), expiresAt: inAWeek() },
      'bl.sales',
      [409, 'change_pending'],
      offered._id,
    );
    await flows.expectRefused(
      '/api/order/accept',
      { orderId: offered._id, version: changed.version, offerID: offered.offerId, billingAddress: BILLING_ADDRESS, po: '-', tc: true },
      'oem.planner',
      [409, 'change_pending'],
      offered._id,
    );

    const body = quoteRequestBody();
    const updated = await flows.ok(
      '/api/order/update',
      { orderId: offered._id, version: changed.version, content: { ...body.content, services: [{ serviceId: 'svc-repair' }] } },
      'oem.planner',
    );
    const resubmitted = await flows.ok('/api/order/submit', { orderId: offered._id, version: updated.version, disclaimerAccepted: true }, 'oem.planner');
    expect(resubmitted.status).toBe('REQUESTED_QUOTE');
    const detail = await flows.detail(offered.refId, 'oem.planner');
    expect(detail).toMatchObject({ hasChanges: false, offers: [expect.objectContaining({ outcome: 'superseded' })] });
  });

  it("lists what waits for the customer on their home page, only their company's, and refuses staff", async () => {
    type Waiting = { items: { refId: string; actionRequired: string[] }[] };
    const waiting = async (login: string) =>
      new Map((await flows.ok<Waiting>('/api/order/action-required', {}, login)).items.map((i) => [i.refId, i.actionRequired]));
    const offered = await flows.offered('ec2.admin');
    const draft = await flows.draft('ec2.admin');
    const requested = await flows.requested('ec2.admin');
    const noPo = await flows.offered('ec2.admin');
    await flows.ok(
      '/api/order/accept',
      { orderId: noPo._id, version: noPo.version, offerID: noPo.offerId, billingAddress: BILLING_ADDRESS, po: '-', tc: true },
      'ec2.admin',
    );

    const mine = await waiting('ec2.planner');
    expect(mine.get(offered.refId)).toEqual(['DECIDE_ON_OFFER']);
    expect(mine.get(draft.refId)).toEqual(['FINISH_DRAFT']);
    expect(mine.get(noPo.refId)).toEqual(['ADD_PO_NUMBER']);
    expect(mine.has(requested.refId)).toBe(false);
    // Another company never sees them; staff have their personal page instead, unless acting for the customer.
    const other = await waiting('ec.admin');
    expect([offered, draft, noPo].some((o) => other.has(o.refId))).toBe(false);
    const staff = await flows.post('/api/order/action-required', {}, 'bl.admin');
    expect([staff.status, (staff.body as unknown as { error: string }).error]).toEqual([403, 'forbidden']);
    const acting = await flows.ok<Waiting>('/api/order/action-required', { onBehalfOfUserId: userIdOf('ec2.admin') }, 'bl.admin');
    expect(acting.items.map((i) => i.refId)).toContain(offered.refId);
  });

  it('documents every order path in OpenAPI with its named request schema', async () => {
    const docs = (
      await t.get<{ paths: Record<string, { post?: { requestBody?: { content: Record<string, { schema: { $ref?: string } }> } } }> }>('/api/docs-json')
    ).body;
    const paths = [
      'order/update',
      'order/complete',
      'order/change',
      'convert',
      'order/create-in-preparation',
      'update-in-preparation',
      'convert-incomplete',
      'order/accept',
      'order/reject',
      'order/decline',
      'order/cancel',
      'order/remove',
      'order/removeMany',
      'order/updatePurchaseOrderNumber',
      'order/addSupervisor',
      'order/removeSupervisor',
      'order/fileRemove',
      'order/generate-service-types-dates',
      're-order',
      'feedback/list',
      'feedback/save',
      'file/get',
      'order/offer',
      'order/remove-offer',
      'order/close',
      'order/reopen',
      'order/change-owner',
      'order/prepare-job',
      'order/financial-info',
      'order/comment',
      'order/local-contact',
    ];
    for (const path of paths) {
      expect([path, docs.paths[`/api/${path}`]?.post?.requestBody?.content['application/json']?.schema.$ref]).toEqual([
        path,
        expect.stringMatching(/^#\/components\/schemas\/\w+$/),
      ]);
    }
  });

  describe('staff-only information', () => {
    const INTERNAL = {
      offer: 'INTERNAL offer margin 31 %',
      comment: 'INTERNAL customer is price sensitive',
      decline: 'INTERNAL no capacity in Q3',
      revenue: 42_424_242,
    };

    async function staffWorkedOn(): Promise<{ accepted: OrderRef; declined: OrderRef }> {
      const order = await flows.requested('ec.admin');
      let version = order.version;
      const staff = async (path: string, body: object) => (version = (await flows.ok(path, { orderId: order._id, version, ...body }, 'bl.admin')).version);
      await staff('/api/order/financial-info', {
        financialInfo: { expectedRevenue: { amount: INTERNAL.revenue, currency: 'GBP' }, probability: 80, relevantForForecast: true },
      });
      await staff('/api/order/comment', { externalComment: 'We are on it.', internalComment: INTERNAL.comment });
      await staff('/api/order/comment', { internalComment: `${INTERNAL.comment} (only internal)` });
      await staff('/api/order/change-owner', { ownerUserId: userIdOf('bl.quotation_only') });
      await staff('/api/order/offer', {
        pdf: await flows.upload('bl.admin', FILES.pdf()),
        expiresAt: inAWeek(),
        internalComment: INTERNAL.offer,
        externalComment: 'Best price.',
      });
      const { openOfferId } = await flows.detail(order.refId, 'ec.admin');
      const accepted = await flows.ok<OrderDetail>(
        '/api/order/accept',
        { orderId: order._id, version, offerID: openOfferId, billingAddress: BILLING_ADDRESS, po: 'PO-9', tc: true },
        'ec.admin',
      );

      const toDecline = await flows.requested('ec.admin');
      const declined = await flows.ok(
        '/api/order/decline',
        { orderId: toDecline._id, version: toDecline.version, externalComment: 'Sorry, not this time.', internalComment: INTERNAL.decline },
        'bl.admin',
      );
      return { accepted, declined };
    }

    it('never reaches the customer, through any call', async () => {
      const { accepted, declined } = await staffWorkedOn();
      const customerId = userIdOf('ec.admin');
      const seen: unknown[] = [];
      const asCustomer = async (path: string, body: object) => seen.push(await flows.ok<unknown>(path, body, 'ec.admin'));
      const onBehalf = async (path: string, body: object) => seen.push(await flows.ok<unknown>(path, { ...body, onBehalfOfUserId: customerId }, 'bl.admin'));

      for (const call of [asCustomer, onBehalf]) {
        await call('/api/order/getByRefId', { refId: accepted.refId });
        await call('/api/order/getByRefId', { refId: declined.refId });
        await call('/api/order/list', { pageSize: 100, filter: { status: ['ORDER_SUBMITTED', 'DECLINED'] } });
        await call('/api/feedback/list', { refId: accepted.refId });
      }
      const detail = await flows.detail(accepted.refId, 'ec.admin');
      await asCustomer('/api/file/get', { fileName: detail.offers[0]!.pdf.path });
      await asCustomer('/api/order/updatePurchaseOrderNumber', { orderId: accepted._id, version: detail.version, po: 'PO-10' });
      await asCustomer('/api/order/change', { orderId: accepted._id, version: detail.version + 1 });
      seen.push(accepted);

      const json = JSON.stringify(seen);
      for (const text of [
        INTERNAL.offer,
        INTERNAL.comment,
        INTERNAL.decline,
        String(INTERNAL.revenue),
        'internalComment',
        'expectedRevenue',
        userIdOf('bl.quotation_only'),
      ]) {
        expect(json).not.toContain(text);
      }
      for (const staffOnlyEvent of ['CHANGE_OWNER', 'FINANCIAL_INFO_UPDATED', 'DELETE']) expect(json).not.toContain(`"event":"${staffOnlyEvent}"`);
      // The customer does see what was meant for them.
      expect(json).toContain('We are on it.');
      expect(json).toContain('Sorry, not this time.');

      // Staff see it all.
      const staffView = JSON.stringify(await flows.detail(accepted.refId, 'bl.admin'));
      for (const text of [INTERNAL.offer, INTERNAL.comment, String(INTERNAL.revenue), userIdOf('bl.quotation_only')]) expect(staffView).toContain(text);
    });
  });
});
