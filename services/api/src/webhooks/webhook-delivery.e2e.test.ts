import { WEBHOOK_SOURCE_EVENTS, webhookStreamId, type RecordedEvent } from '@onsite/domain';
import { START } from '@onsite/infrastructure';
import { checkSignature } from '@onsite/workers';
import { BILLING_ADDRESS, FILES, OrderFlows, type OrderDetail, type OrderRef } from '../test-support/order-flows.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { WebhookReceiver } from '../test-support/webhook-receiver.js';

type View = { id: string; status: string; pausedReason: string | null; pending: number };
type WithSecret = { webhook: View; secret: string };
type Delivery = {
  id: string;
  eventId: string;
  kind: string;
  orderRef: string;
  status: string;
  attempts: number;
  lastError: string | null;
  lastStatus: number | null;
};

const INTERNAL = {
  offer: 'INTERNAL-offer-margin-note',
  comment: 'INTERNAL-customer-is-price-sensitive',
  price: 987_654,
  revenue: 42_424_242,
  external: 'EXTERNAL-best-price',
};
const LEAKS = [
  INTERNAL.offer,
  INTERNAL.comment,
  String(INTERNAL.price),
  String(INTERNAL.revenue),
  INTERNAL.external,
  BILLING_ADDRESS.taxNumber,
  'Max Huber',
  'price',
  'amount',
  'Comment',
];

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Webhook deliveries end to end (D215): a real server with its in-process job queue, a real receiver on loopback, and
 * the runtime clock moved where a day must pass.
 */
describe('webhook deliveries', () => {
  let t: TestApp;
  let flows: OrderFlows;
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);
  const receiver = new WebhookReceiver();
  let endpoint: WithSecret;
  const orders: OrderRef[] = [];
  let registeredAt: RecordedEvent;

  beforeAll(async () => {
    t = await startTestApp({ WEBHOOK_ALLOW_LOOPBACK: 'true', WEBHOOK_BACKOFF_MS: '40', WEBHOOK_MAX_BACKOFF_MS: '300' }, { clock });
    flows = new OrderFlows(t);
    await receiver.start();
  });
  afterAll(async () => {
    await t.close();
    await receiver.stop();
  });

  const deliveries = (id: string) => flows.ok<{ deliveries: Delivery[] }>('/api/webhooks/deliveries', { id, limit: 200 }, 'ec.admin').then((d) => d.deliveries);
  const viewOf = async (id: string) => (await flows.ok<{ webhooks: View[] }>('/api/webhooks/list', {}, 'ec.admin')).webhooks.find((w) => w.id === id)!;
  const settled = (id: string) => until(`webhook ${id} to have nothing pending`, async () => (await viewOf(id)).pending === 0);

  /** Every event of these orders that is a message, after `after`, in log order. */
  async function messagesOf(orderIds: readonly string[], after: RecordedEvent): Promise<RecordedEvent[]> {
    const out: RecordedEvent[] = [];
    let checkpoint = START;
    for (;;) {
      const { events, checkpoint: next } = await t.runtime.eventStore.readAll(checkpoint, 1000);
      for (const e of events) {
        const orderId = e.streamId.startsWith('order-') ? e.streamId.slice(6) : (e.data as { orderId?: string }).orderId;
        if (
          WEBHOOK_SOURCE_EVENTS[e.type] &&
          orderId &&
          orderIds.includes(orderId) &&
          t.runtime.eventStore.compareCheckpoints(e.checkpoint, after.checkpoint) > 0
        )
          out.push(e);
      }
      if (events.length === 0 || next === checkpoint) return out;
      checkpoint = next;
    }
  }

  it('gets every event exactly once after de-duplication, in order per order, through failures and an outage; never a comment or a price', async () => {
    receiver.failNext = 3;
    endpoint = await flows.ok<WithSecret>(
      '/api/webhooks/register',
      {
        url: receiver.url,
        kinds: [
          'quote.requested',
          'offer.made',
          'offer.extended',
          'offer.expiring',
          'offer.expired',
          'order.accepted',
          'offer.rejected',
          'job.planned',
          'job.started',
          'job.completed',
          'order.cancelled',
        ],
      },
      'ec.admin',
    );
    registeredAt = (await t.runtime.eventStore.readStream(webhookStreamId(endpoint.webhook.id)))[0]!;

    // An order from request to completed job, with everything staff keep to themselves on the way.
    const a = await flows.requested('ec.admin');
    let version = a.version;
    const staff = async (path: string, body: object) => (version = (await flows.ok(path, { orderId: a._id, version, ...body }, 'bl.admin')).version);
    await staff('/api/order/financial-info', {
      financialInfo: { expectedRevenue: { amount: INTERNAL.revenue, currency: 'GBP' }, probability: 80, relevantForForecast: true },
    });
    await staff('/api/order/comment', { internalComment: INTERNAL.comment });
    await staff('/api/order/offer', {
      pdf: await flows.upload('bl.admin', FILES.pdf()),
      expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      internalComment: INTERNAL.offer,
      externalComment: INTERNAL.external,
      price: { amount: INTERNAL.price, currency: 'GBP' },
    });
    const { openOfferId } = await flows.detail(a.refId, 'ec.admin');
    const accepted = await flows.ok<OrderDetail>(
      '/api/order/accept',
      { orderId: a._id, version, offerID: openOfferId, billingAddress: BILLING_ADDRESS, po: 'PO-4711', tc: true },
      'ec.admin',
    );
    // The receiver is down while the job is planned and done.
    await receiver.stop();
    const inPlanning = await flows.ok('/api/order/prepare-job', { orderId: a._id, version: accepted.version }, 'bl.admin');
    const { job } = await flows.detail(inPlanning.refId, 'bl.admin');
    await flows.report(a._id, { type: 'RecordJobPlanned', data: { jobId: job!.jobId, team: [{ id: 'tech-1', name: 'Max Huber' }] } });
    await flows.report(a._id, { type: 'RecordJobStarted', data: { jobId: job!.jobId } });
    await flows.report(a._id, { type: 'RecordJobCompleted', data: { jobId: job!.jobId } });

    // More orders meanwhile: rejected, cancelled, extended, expired, and one about to expire (its reminder is due at once).
    const b = await flows.offered('ec.admin');
    await flows.ok(
      '/api/order/reject',
      { orderId: b._id, version: b.version, offerID: b.offerId, reasons: ['PRICE_TOO_HIGH'], comment: INTERNAL.comment },
      'ec.admin',
    );
    const c = await flows.requested('ec.admin');
    await flows.ok('/api/order/cancel', { orderId: c._id, version: c.version, comment: INTERNAL.comment }, 'ec.admin');
    const d = await flows.offered('ec.admin');
    await flows.ok(
      '/api/order/extend-offer',
      { orderId: d._id, version: d.version, offerId: d.offerId, expiresAt: new Date(Date.now() + 20 * 86_400_000).toISOString() },
      'bl.sales',
    );
    const e = await flows.offered('ec.admin', { expiresAt: new Date(Date.now() + 1500).toISOString() });
    const f = await flows.offered('ec.admin', { expiresAt: new Date(Date.now() + 86_400_000 + 1500).toISOString() });
    // Another company's order is never sent.
    const foreign = await flows.offered('ec2.admin');
    orders.push(a, b, c, d, e, f);

    await until('the offer to expire and the reminder to be recorded', async () => {
      const types = [...(await flows.eventTypes(e._id)), ...(await messagesOf([f._id], registeredAt)).map((x) => x.type)];
      return types.includes('EXPIRE') && types.includes('OFFER_REMINDER_SENT');
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    // While the receiver is down, the messages of the moment wait in the log with the failure of their last attempt.
    const whileDown = await deliveries(endpoint.webhook.id);
    expect(whileDown.some((x) => x.status !== 'DELIVERED' && x.attempts > 0 && x.lastError !== null)).toBe(true);
    await receiver.start();
    await settled(endpoint.webhook.id);

    const expected = await messagesOf(
      orders.map((o) => o._id),
      registeredAt,
    );
    const unique = receiver.unique();
    expect(unique.map((m) => m.id).sort()).toEqual(expected.map((x) => x.eventId).sort());
    expect(new Set(unique.map((m) => m.kind))).toEqual(
      new Set([
        'quote.requested',
        'offer.made',
        'offer.extended',
        'offer.expiring',
        'offer.expired',
        'order.accepted',
        'offer.rejected',
        'job.planned',
        'job.started',
        'job.completed',
        'order.cancelled',
      ]),
    );
    for (const order of orders) {
      const sent = unique.filter((m) => m.orderId === order._id).map((m) => m.id);
      expect([order.refId, sent]).toEqual([
        order.refId,
        expected.filter((x) => x.streamId === `order-${order._id}` || (x.data as { orderId?: string }).orderId === order._id).map((x) => x.eventId),
      ]);
    }
    expect(unique.some((m) => m.orderId === foreign._id)).toBe(false);
    // Each message is signed over its timestamp and exact body, and names its id in a header too.
    for (const r of receiver.received) {
      expect(checkSignature(endpoint.secret, r.headers['onsite-signature'] as string, r.raw, clock().getTime())).toEqual({ ok: true });
      expect(r.headers['onsite-event-id']).toBe(r.message.id);
    }
    const bodies = receiver.received.map((r) => r.raw.toString('utf8')).join('\n');
    for (const leak of LEAKS) expect([leak, bodies.includes(leak)]).toEqual([leak, false]);
    const planned = unique.find((m) => m.kind === 'job.planned')!;
    expect(planned).toMatchObject({ orderRef: a.refId, data: { jobId: job!.jobId, technicians: 1 } });
    expect(unique.find((m) => m.kind === 'order.accepted')!.data).toEqual({ offerId: openOfferId, purchaseOrderNumber: 'PO-4711' });

    // The log shows the failures that came first; everything is delivered now.
    const log = await deliveries(endpoint.webhook.id);
    expect(log.every((x) => x.status === 'DELIVERED' && x.lastError === null)).toBe(true);
    expect(log.reduce((sum, x) => sum + x.attempts, 0)).toBeGreaterThanOrEqual(expected.length + 3);
    // The receiver's first three answers were failures (before or after the outage, as the deliveries' timing had it).
    expect(receiver.failNext).toBe(0);
  });

  it('sends a delivery again on request, with the same event id', async () => {
    const [latest] = await deliveries(endpoint.webhook.id);
    const before = receiver.received.length;
    await flows.ok('/api/webhooks/resend', { id: endpoint.webhook.id, deliveryId: latest!.id }, 'ec.admin');
    await until('the repeat', async () => receiver.received.length > before);
    expect(receiver.received.at(-1)!.message.id).toBe(latest!.eventId);
    await settled(endpoint.webhook.id);
    expect((await deliveries(endpoint.webhook.id)).find((x) => x.id === latest!.id)).toMatchObject({ status: 'DELIVERED', attempts: latest!.attempts + 1 });
    const foreign = await flows.post('/api/webhooks/resend', { id: endpoint.webhook.id, deliveryId: latest!.id }, 'ec2.admin');
    expect([foreign.status, foreign.body.error]).toEqual([404, 'webhook_not_found']);
  });

  it("holds back a failing order's later messages, and only that order's", async () => {
    const x = await flows.requested('ec.admin');
    receiver.refuse = (m) => m.orderId === x._id;
    const before = receiver.received.length;
    await flows.ok('/api/order/cancel', { orderId: x._id, version: x.version }, 'ec.admin');
    const y = await flows.requested('ec.admin');
    await until('the other order to arrive', async () => receiver.received.slice(before).some((r) => r.message.orderId === y._id));
    expect(receiver.received.slice(before).some((r) => r.message.orderId === x._id)).toBe(false);
    const pending = (await deliveries(endpoint.webhook.id)).filter((d) => d.orderRef === x.refId);
    expect(pending.map((d) => [d.kind, d.status])).toEqual([
      ['order.cancelled', 'PENDING'],
      ['quote.requested', 'PENDING'],
    ]);
    expect(pending.find((d) => d.kind === 'quote.requested')).toMatchObject({ lastStatus: 500, lastError: expect.stringContaining('500') });
    expect(pending.find((d) => d.kind === 'order.cancelled')!.attempts).toBe(0);
    receiver.refuse = null;
    await settled(endpoint.webhook.id);
    expect(
      receiver
        .unique()
        .filter((m) => m.orderId === x._id)
        .map((m) => m.kind),
    ).toEqual(['quote.requested', 'order.cancelled']);
  });

  it('signs with the old secret beside the new one while the rotation overlaps, then with the new one only', async () => {
    const rotated = await flows.ok<WithSecret>('/api/webhooks/rotate-secret', { id: endpoint.webhook.id, overlapHours: 1 }, 'ec.admin');
    let before = receiver.received.length;
    await flows.requested('ec.admin');
    await until('a message', async () => receiver.received.length > before);
    const during = receiver.received.at(-1)!;
    expect((during.headers['onsite-signature'] as string).match(/v1=/g)).toHaveLength(2);
    for (const secret of [endpoint.secret, rotated.secret])
      expect(checkSignature(secret, during.headers['onsite-signature'] as string, during.raw, clock().getTime())).toEqual({ ok: true });

    offsetMs += 2 * 3_600_000;
    flows = new OrderFlows(t);
    before = receiver.received.length;
    await flows.requested('ec.admin');
    await until('a message', async () => receiver.received.length > before);
    const after = receiver.received.at(-1)!;
    const header = after.headers['onsite-signature'] as string;
    expect(header.match(/v1=/g)).toHaveLength(1);
    expect(checkSignature(rotated.secret, header, after.raw, clock().getTime())).toEqual({ ok: true });
    expect(checkSignature(endpoint.secret, header, after.raw, clock().getTime())).toEqual({ ok: false, reason: 'invalid_signature' });
    endpoint = { ...endpoint, secret: rotated.secret };
  });

  it('pauses an endpoint that has failed for a day; resumed, it gets what waited, in order', async () => {
    await receiver.stop();
    const z = await flows.requested('ec.admin');
    await until('a failed attempt', async () => (await deliveries(endpoint.webhook.id)).find((d) => d.orderRef === z.refId && d.attempts > 0));
    expect((await viewOf(endpoint.webhook.id)).status).toBe('ACTIVE');
    offsetMs += 25 * 3_600_000;
    flows = new OrderFlows(t);
    const paused = await until('the endpoint to pause', async () => {
      const view = await viewOf(endpoint.webhook.id);
      return view.status === 'PAUSED' && view;
    });
    expect(paused.pausedReason).toBe('failing');
    const events = (await t.runtime.eventStore.readStream(webhookStreamId(endpoint.webhook.id))).map((e) => [e.type, e.metadata.actorUserId]);
    expect(events.at(-1)).toEqual(['WEBHOOK_PAUSED', 'system']);

    // Paused: nothing is sent, the messages wait.
    await receiver.start();
    const before = receiver.received.length;
    const later = await flows.ok('/api/order/cancel', { orderId: z._id, version: z.version }, 'ec.admin');
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(receiver.received.length).toBe(before);
    expect((await deliveries(endpoint.webhook.id)).filter((d) => d.orderRef === z.refId && d.status === 'PENDING')).toHaveLength(2);

    await flows.ok('/api/webhooks/resume', { id: endpoint.webhook.id }, 'ec.admin');
    await settled(endpoint.webhook.id);
    expect(
      receiver.received
        .slice(before)
        .filter((r) => r.message.orderRef === z.refId)
        .map((r) => [r.message.orderRef, r.message.kind]),
    ).toEqual([
      [later.refId, 'quote.requested'],
      [later.refId, 'order.cancelled'],
    ]);
  });

  it('replays the company’s messages since a date to a new endpoint', async () => {
    const replaying = new WebhookReceiver();
    await replaying.start();
    try {
      const since = registeredAt.metadata.occurredAt;
      const created = await flows.ok<WithSecret>(
        '/api/webhooks/register',
        { url: replaying.url, kinds: ['order.accepted', 'job.completed', 'order.cancelled'], replayFrom: since },
        'ec.admin',
      );
      await settled(created.webhook.id);
      const [registered] = await t.runtime.eventStore.readStream(webhookStreamId(created.webhook.id));
      const expected = (
        await messagesOf(
          orders.map((o) => o._id),
          registeredAt,
        )
      ).filter(
        (e) =>
          ['ACCEPT_OFFER', 'JOB_COMPLETED', 'CANCEL'].includes(e.type) && t.runtime.eventStore.compareCheckpoints(e.checkpoint, registered!.checkpoint) < 0,
      );
      const got = replaying.unique().filter((m) => orders.some((o) => o._id === m.orderId));
      expect(got.map((m) => m.id)).toEqual(expect.arrayContaining(expected.map((e) => e.eventId)));
      expect(got.map((m) => m.kind).sort()).toEqual(['job.completed', 'order.accepted', 'order.cancelled']);
      for (const r of replaying.received)
        expect(checkSignature(created.secret, r.headers['onsite-signature'] as string, r.raw, clock().getTime())).toEqual({ ok: true });
    } finally {
      await replaying.stop();
    }
  });
});
