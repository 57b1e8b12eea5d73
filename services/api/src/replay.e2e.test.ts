import { ORDER_EVENT_TYPES } from '@onsite/domain';
import { START } from '@onsite/infrastructure';
import { ALL_PROJECTIONS, rebuild } from '@onsite/projections';
import { quoteRequestBody } from './test-support/order-bodies.js';
import { BILLING_ADDRESS, companyIdOf, FILES, inAWeek, OrderFlows, userIdOf, type OrderDetail, type OrderRef } from './test-support/order-flows.js';
import { startTestApp, type TestApp } from './test-support/test-app.js';

/** Every document of every read model, by collection, in id order. */
async function snapshot(t: TestApp) {
  const out: Record<string, unknown[]> = {};
  for (const projection of ALL_PROJECTIONS) {
    for (const { name } of projection.collections) {
      const docs = await t.runtime.documentStore.collection(name).findDocuments({ sort: [{ path: '_id', direction: 'asc' }] });
      out[name] = docs.sort((a, b) => a.id.localeCompare(b.id));
    }
  }
  return out;
}

/** Every event type in the log. */
async function storedEventTypes(t: TestApp): Promise<Set<string>> {
  const types = new Set<string>();
  for (let checkpoint = START; ;) {
    const batch = await t.runtime.eventStore.readAll(checkpoint, 1000);
    if (batch.events.length === 0) return types;
    for (const event of batch.events) types.add(event.type);
    checkpoint = batch.checkpoint;
  }
}

/**
 * Orders driven through the api (the job-planning tool's reports through the staff's job-progress path, the offer
 * expiry as the expiry worker records it) so that together they append every order event type.
 */
async function fullLifecycle(t: TestApp, flows: OrderFlows): Promise<void> {
  /** One order and its version: each step posts with it and keeps the answer's. */
  const order = (ref: OrderRef) => {
    let version = ref.version;
    return {
      ref,
      step: async (path: string, body: object, login: string) => {
        const answer = await flows.ok(path, { orderId: ref._id, version, ...body }, login);
        version = answer.version;
        return answer;
      },
      /** As the expiry worker records it, once the offer's time is up (unless the worker came first). */
      expireOffer: async (offerId: string) => {
        version = (await flows.report(ref._id, { type: 'ExpireOffer', data: { offerId } })).version;
      },
    };
  };
  const openOffer = async (ref: OrderRef) => (await flows.detail(ref.refId, 'bl.admin')).openOfferId!;
  const jobOf = async (ref: OrderRef) => (await flows.detail(ref.refId, 'bl.admin')).job!.jobId;

  // A quote request from draft to billed, closed and reopened, with everything staff and customer do on the way.
  const a = order(await flows.draft('ec.admin'));
  await a.step('/api/order/update', { content: quoteRequestBody({}).content }, 'ec.admin');
  await a.step('/api/order/submit', { disclaimerAccepted: true }, 'ec.admin');
  await a.step('/api/order/offer', { pdf: await flows.upload('bl.sales', FILES.pdf('first.pdf')), expiresAt: inAWeek() }, 'bl.sales');
  await a.step('/api/order/remove-offer', { offerId: await openOffer(a.ref), reason: 'Wrong price list' }, 'bl.sales');
  await a.step(
    '/api/order/offer',
    { pdf: await flows.upload('bl.sales', FILES.pdf('second.pdf')), expiresAt: inAWeek(), externalComment: 'Valid one week.' },
    'bl.sales',
  );
  const offerId = await openOffer(a.ref);
  await a.step('/api/order/request-more-time', { offerId, comment: 'Budget on Friday.' }, 'ec.admin');
  await a.step('/api/order/extend-offer', { offerId, expiresAt: new Date(Date.now() + 20 * 86_400_000).toISOString() }, 'bl.sales');
  await a.step('/api/order/comment', { externalComment: 'Gate 4, please.', internalComment: 'Call ahead' }, 'bl.admin');
  await a.step('/api/order/accept', { offerID: offerId, billingAddress: BILLING_ADDRESS, po: '-', tc: true }, 'ec.admin');
  await a.step('/api/order/updatePurchaseOrderNumber', { po: 'PO-10' }, 'ec.admin');
  await a.step('/api/order/addSupervisor', { userId: userIdOf('ec.supervisor') }, 'bl.planner');
  await a.step('/api/order/removeSupervisor', { userId: userIdOf('ec.supervisor') }, 'bl.planner');
  await a.step('/api/order/change-owner', { ownerUserId: userIdOf('bl.planner') }, 'bl.admin');
  await a.step(
    '/api/order/financial-info',
    { financialInfo: { expectedRevenue: { amount: 1_250_000, currency: 'GBP' }, probability: 80, relevantForForecast: true } },
    'bl.admin',
  );
  await a.step('/api/order/local-contact', { localCustomerContact: { name: 'Tom Weber', phone: '+441184960000' } }, 'ec.admin');
  await a.step('/api/order/prepare-job', { teamSize: 2 }, 'bl.planner');
  const jobId = await jobOf(a.ref);
  for (const step of ['PLANNING', 'PLANNED', 'IN_PROGRESS', 'COMPLETED'] as const) {
    await a.step('/api/order/job-progress', { jobId, step, ...(step === 'PLANNED' ? { team: [{ id: 't-1', name: 'Jonas Weber' }] } : {}) }, 'bl.planner');
  }
  await a.step('/api/feedback/save', { refId: a.ref.refId, feedbacks: [{ type: 'JOB_RATING', rating: 4 }] }, 'ec.admin');
  await a.step('/api/order/job-progress', { jobId, step: 'CLOSED' }, 'bl.planner');
  await a.step('/api/order/bill', { invoiceReference: 'INV-2026-001' }, 'bl.admin');
  await a.step('/api/order/close', { comment: 'Done' }, 'bl.admin');
  await a.step('/api/order/reopen', {}, 'bl.admin');

  // An OEM accepts and completes the order afterwards; another changes an offered request and removes a file.
  const b = order(await flows.offered('oem.admin'));
  await b.step('/api/order/accept', { offerID: await openOffer(b.ref), billingAddress: BILLING_ADDRESS, po: 'PO-2', tc: true }, 'oem.admin');
  await b.step('/api/order/complete', { content: { ...quoteRequestBody().content, billingAddress: BILLING_ADDRESS }, disclaimerAccepted: true }, 'oem.admin');
  const withFile = {
    ...quoteRequestBody().content,
    additionalInformation: { ...quoteRequestBody().content.additionalInformation, files: [await flows.upload('ec.admin', FILES.pdf('plan.pdf'))] },
  };
  const c = order(await flows.requested('ec.admin', quoteRequestBody({ content: withFile })));
  await c.step('/api/order/change', {}, 'ec.admin');
  const [plan] = (await flows.detail(c.ref.refId, 'ec.admin')).content.additionalInformation.files!;
  await c.step('/api/order/fileRemove', { files: [plan!.path] }, 'ec.admin');

  // Declined, rejected, expired, cancelled, deleted.
  await order(await flows.requested('ec.admin')).step(
    '/api/order/decline',
    { externalComment: 'Not in our region.', internalComment: 'No capacity' },
    'bl.sales',
  );
  const rejected = await flows.offered('ec.admin');
  await order(rejected).step('/api/order/reject', { offerID: rejected.offerId, reasons: ['PRICE_TOO_HIGH'] }, 'ec.admin');
  const expiring = await flows.offered('ec.admin', { expiresAt: new Date(Date.now() + 1500).toISOString() });
  await new Promise((resolve) => setTimeout(resolve, 2000));
  await order(expiring).expireOffer(expiring.offerId);
  await order(await flows.requested('ec.admin')).step('/api/order/cancel', { comment: 'Shutdown moved' }, 'ec.admin');
  await order(await flows.requested('ec.admin')).step('/api/order/remove', { reason: 'Duplicate', internalComment: 'Entered twice' }, 'bl.admin');

  // Orders staff prepare: one converted to a request, one handed over as a draft; a direct order; a cancelled job.
  const prepared = order(await flows.ok('/api/order/create-in-preparation', { companyId: companyIdOf('ec'), content: quoteRequestBody().content }, 'bl.sales'));
  await prepared.step('/api/update-in-preparation', { content: quoteRequestBody().content }, 'bl.sales');
  await prepared.step('/api/convert', {}, 'bl.sales');
  await order(await flows.ok('/api/order/create-in-preparation', { companyId: companyIdOf('ec'), content: quoteRequestBody().content }, 'bl.sales')).step(
    '/api/convert-incomplete',
    {},
    'bl.sales',
  );
  const direct = order(
    await flows.draft(
      'oem.admin',
      quoteRequestBody({ creationType: 'DIRECT_ORDER', content: { ...quoteRequestBody().content, billingAddress: BILLING_ADDRESS } }),
    ),
  );
  await direct.step('/api/order/submit', { disclaimerAccepted: true }, 'oem.admin');
  const planned = await flows.jobPlanned('ec.admin');
  await order(planned).step('/api/order/job-progress', { jobId: await jobOf(planned), step: 'CANCELLED', reason: 'Customer request' }, 'bl.planner');

  const detail = await flows.detail(a.ref.refId, 'bl.admin');
  expect(detail).toMatchObject<Partial<OrderDetail>>({ status: 'BILLED', po: { number: 'PO-10' }, ownerUserId: userIdOf('bl.planner') });
  expect(await flows.eventTypes(a.ref._id)).toEqual([
    'CREATE',
    'UPDATE',
    'GET_QUOTE',
    'OFFER',
    'OFFER_REMOVED',
    'OFFER',
    'OFFER_EXTENSION_REQUESTED',
    'OFFER_EXTENDED',
    'COMMENT',
    'ACCEPT_OFFER',
    'PO_UPDATED',
    'SUPERVISOR_ADDED',
    'SUPERVISOR_REMOVED',
    'CHANGE_OWNER',
    'FINANCIAL_INFO_UPDATED',
    'LOCAL_CONTACT_UPDATED',
    'CREATE_JOB_SPECIFICATION',
    'JOB_PLANNING',
    'JOB_PLANNED',
    'JOB_IN_PROGRESS',
    'JOB_COMPLETED',
    'FEEDBACK_SAVED',
    'JOB_CLOSED',
    'BILLED',
    'CLOSE',
    'REOPEN',
  ]);
}

describe('replay', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('rebuilds every read model from position 0 into exactly the documents the live projections wrote, over every order event type', async () => {
    const flows = new OrderFlows(t);
    const customerId = userIdOf('ec.admin');
    await flows.ok('/api/order/create', { ...quoteRequestBody(), onBehalfOfUserId: customerId }, 'bl.admin');
    await fullLifecycle(t, flows);
    const storedTypes = await storedEventTypes(t);
    expect(ORDER_EVENT_TYPES.filter((type) => !storedTypes.has(type))).toEqual([]);

    await t.runtime.projections.stop();
    const live = await snapshot(t);
    expect(live.order_list).toHaveLength(13);
    expect(live.users!.length).toBeGreaterThanOrEqual(23);

    const progress: string[] = [];
    await rebuild(t.runtime, ALL_PROJECTIONS, { onProgress: (p) => progress.push(`${p.projection}:${p.processed}/${p.total}`) });
    expect(await snapshot(t)).toEqual(live);
    // One pass over the log rebuilds every read model.
    expect(progress.some((line) => line.split(':')[0]!.split(', ').includes('orders'))).toBe(true);

    // A second rebuild over the rebuilt models changes nothing either.
    await rebuild(t.runtime, ALL_PROJECTIONS);
    expect(await snapshot(t)).toEqual(live);
    // Small chunks with few documents kept between them: documents are read back, replaced and deleted across chunks.
    await rebuild(t.runtime, ALL_PROJECTIONS, { batchSize: 5, cachedDocuments: 2 });
    expect(await snapshot(t)).toEqual(live);
    await t.runtime.projections.start();
  });
});
