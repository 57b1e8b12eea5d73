import { quoteRequestBody } from '../test-support/order-bodies.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';

type OrderResponse = { data: { _id: string; refId: string; version: number; status: string } };
type ListResponse = {
  data: {
    items: { refId: string; status: string; customerName: string; serviceNames: string[]; serviceIds: string[] }[];
    total: number;
    page: number;
    pageSize: number;
  };
};
type DetailResponse = {
  data: {
    refId: string;
    status: string;
    version: number;
    customer: { name: string };
    content: { services: { serviceId: string; name: string; price: { amount: number; currency: string } }[]; location: { city: string } };
    events: {
      event: string;
      status: string;
      previousStatus: string | null;
      author: { userId: string; name: string };
      onBehalfOf: { name: string } | null;
      internalComment?: string;
    }[];
  };
};

describe('the first order slice: an end customer requests a quote', () => {
  let t: TestApp;
  let ecAdmin: string;
  beforeAll(async () => {
    t = await startTestApp();
    ecAdmin = await t.login('ec.admin@demo.onsite.test');
  });
  afterAll(async () => t.close());

  async function eventsOf(orderId: string) {
    return t.runtime.eventStore.readStream(`order-${orderId}`);
  }

  it('creates a draft, submits it as a quote request, and lists and shows it', async () => {
    const created = await t.post<OrderResponse>('/api/order/create', quoteRequestBody(), ecAdmin);
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ status: 'INCOMPLETE', version: 1 });
    const { _id, refId } = (created.body as OrderResponse).data;
    expect(refId).toMatch(/^ON-\d{2}-[0-9A-HJKMNP-TV-Z]{6}$/);

    const submitted = await t.post<OrderResponse>('/api/order/submit', { orderId: _id, version: 1, disclaimerAccepted: true }, ecAdmin);
    expect(submitted.status).toBe(200);
    expect(submitted.body.data).toMatchObject({ _id, refId, status: 'REQUESTED_QUOTE', version: 2 });

    const events = await eventsOf(_id);
    expect(events.map((e) => e.type)).toEqual(['CREATE', 'GET_QUOTE']);
    const profile = await t.post<{ data: { _id: string } }>('/api/user/getProfile', {}, ecAdmin);
    for (const e of events) {
      expect(e.metadata.actorUserId).toBe((profile.body.data as { _id: string })._id);
      expect(e.metadata.correlationId).toEqual(expect.any(String));
      expect(e.metadata.causationId).toEqual(expect.any(String));
      expect(Date.parse(e.metadata.occurredAt)).not.toBeNaN();
      expect(e.metadata.onBehalfOfUserId).toBeUndefined();
    }

    const list = await t.post<ListResponse>('/api/order/list', { page: 1, pageSize: 10 }, ecAdmin);
    expect(list.status).toBe(200);
    const row = (list.body as ListResponse).data.items.find((i) => i.refId === refId);
    expect(row).toMatchObject({
      status: 'REQUESTED_QUOTE',
      customerName: 'Thames Precision Ltd',
      serviceNames: ['Preventive maintenance inspection'],
      serviceIds: ['svc-preventive-maintenance'],
    });

    const detail = await t.post<DetailResponse>('/api/order/getByRefId', { refId }, ecAdmin);
    expect(detail.status).toBe(200);
    const d = (detail.body as DetailResponse).data;
    expect(d).toMatchObject({ refId, status: 'REQUESTED_QUOTE', version: 2, customer: { name: 'Thames Precision Ltd' } });
    // The price comes from the catalogue in the location's currency, never from the request.
    expect(d.content.services[0]).toMatchObject({ serviceId: 'svc-preventive-maintenance', price: { currency: 'GBP' } });
    expect(d.content.services[0]!.price.amount).toBeGreaterThan(0);
    expect(d.events.map((e) => [e.event, e.status, e.previousStatus])).toEqual([
      ['CREATE', 'INCOMPLETE', null],
      ['GET_QUOTE', 'REQUESTED_QUOTE', 'INCOMPLETE'],
    ]);
    expect(d.events[0]!.author.name).toBe('Oliver Bennett');
  });

  it('scopes the list and the detail to the caller’s company', async () => {
    const created = await t.post<OrderResponse>('/api/order/create', quoteRequestBody(), ecAdmin);
    const { refId } = (created.body as OrderResponse).data;

    const colleague = await t.login('ec.planner@demo.onsite.test');
    const other = await t.login('ec2.admin@demo.onsite.test');
    const oem = await t.login('oem.admin@demo.onsite.test');
    const staff = await t.login('bl.sales@demo.onsite.test');

    expect((await t.post<ListResponse>('/api/order/list', {}, colleague)).body.data).toMatchObject({
      items: expect.arrayContaining([expect.objectContaining({ refId })]),
    });
    for (const token of [other, oem]) {
      const list = await t.post<ListResponse>('/api/order/list', { pageSize: 100 }, token);
      expect((list.body as ListResponse).data.items.map((i) => i.refId)).not.toContain(refId);
      const detail = await t.post('/api/order/getByRefId', { refId }, token);
      expect(detail.status).toBe(404);
      expect(detail.body.error).toBe('not_found');
    }
    const staffList = await t.post<ListResponse>('/api/order/list', { pageSize: 100, filter: { status: ['INCOMPLETE'] } }, staff);
    expect((staffList.body as ListResponse).data.items.map((i) => i.refId)).toContain(refId);
  });

  it('pages the list with 10, 25 or 100 rows and refuses other page sizes', async () => {
    for (let i = 0; i < 11; i++) await t.post('/api/order/create', quoteRequestBody(), ecAdmin);
    const first = await t.post<ListResponse>('/api/order/list', { page: 1, pageSize: 10 }, ecAdmin);
    const second = await t.post<ListResponse>('/api/order/list', { page: 2, pageSize: 10 }, ecAdmin);
    const a = (first.body as ListResponse).data;
    const b = (second.body as ListResponse).data;
    expect(a.items).toHaveLength(10);
    expect(a.total).toBeGreaterThanOrEqual(13);
    expect(b.items.length).toBe(Math.min(10, a.total - 10));
    expect(new Set([...a.items, ...b.items].map((i) => i.refId)).size).toBe(a.items.length + b.items.length);

    const bad = await t.post('/api/order/list', { pageSize: 50 }, ecAdmin);
    expect(bad.status).toBe(400);
    expect(bad.body.details?.[0]?.path).toBe('pageSize');
  });

  it('refuses a stale version with 409 version_conflict and writes nothing', async () => {
    const created = await t.post<OrderResponse>('/api/order/create', quoteRequestBody(), ecAdmin);
    const { _id } = (created.body as OrderResponse).data;
    const ok = await t.post('/api/order/submit', { orderId: _id, version: 1, disclaimerAccepted: true }, ecAdmin);
    expect(ok.status).toBe(200);
    const stale = await t.post('/api/order/submit', { orderId: _id, version: 1, disclaimerAccepted: true }, ecAdmin);
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe('version_conflict');
    expect((await eventsOf(_id)).map((e) => e.type)).toEqual(['CREATE', 'GET_QUOTE']);
  });

  it('lets exactly one of two concurrent submits win', async () => {
    const created = await t.post<OrderResponse>('/api/order/create', quoteRequestBody(), ecAdmin);
    const { _id } = (created.body as OrderResponse).data;
    const results = await Promise.all([1, 2, 3].map(() => t.post('/api/order/submit', { orderId: _id, version: 1, disclaimerAccepted: true }, ecAdmin)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect((await eventsOf(_id)).map((e) => e.type)).toEqual(['CREATE', 'GET_QUOTE']);
  });

  it('rejects bad input with its error code and writes nothing', async () => {
    const before = (await t.runtime.eventStore.readAll('0', 100_000)).events.length;
    const cases: [unknown, number, string][] = [
      [{ ...quoteRequestBody(), creationType: 'SOMETHING' }, 400, 'validation_error'],
      [quoteRequestBody({ content: { ...quoteRequestBody().content, services: [{ serviceId: 'svc-does-not-exist' }] } }), 400, 'validation_error'],
      [
        quoteRequestBody({ content: { ...quoteRequestBody().content, location: { ...quoteRequestBody().content.location, timeZone: 'Mars/Olympus' } } }),
        400,
        'validation_error',
      ],
      ['not json at all', 400, 'validation_error'],
    ];
    for (const [body, status, error] of cases) {
      const r = await t.post('/api/order/create', body, ecAdmin);
      expect([r.status, r.body.error]).toEqual([status, error]);
    }
    const missingVersion = await t.post('/api/order/submit', { orderId: 'x', disclaimerAccepted: true }, ecAdmin);
    expect(missingVersion.status).toBe(400);
    expect(missingVersion.body.details?.map((d) => d.path)).toContain('version');
    expect((await t.runtime.eventStore.readAll('0', 100_000)).events.length).toBe(before);
  });

  it('refuses to submit an incomplete quote request and says what is missing', async () => {
    const draft = await t.post<OrderResponse>('/api/order/create', { creationType: 'QUOTE_REQUEST', content: {} }, ecAdmin);
    expect(draft.status).toBe(200);
    const { _id } = (draft.body as OrderResponse).data;
    const r = await t.post('/api/order/submit', { orderId: _id, version: 1, disclaimerAccepted: false }, ecAdmin);
    expect(r.status).toBe(400);
    expect(r.body.details?.length).toBeGreaterThan(0);
    expect((await eventsOf(_id)).map((e) => e.type)).toEqual(['CREATE']);
  });

  it('forces an end customer draft to a quote request, and applies the ordering roles', async () => {
    const direct = await t.post<OrderResponse>('/api/order/create', quoteRequestBody({ creationType: 'DIRECT_ORDER' }), ecAdmin);
    expect(direct.status).toBe(200);
    const detail = await t.post<DetailResponse>('/api/order/getByRefId', { refId: (direct.body as OrderResponse).data.refId }, ecAdmin);
    expect(detail.body.data).toMatchObject({ creationType: 'QUOTE_REQUEST' });

    // OEM sales may request quotes but not place a direct order (only ADMIN and PLANNER order).
    const oemSales = await t.login('oem.sales@demo.onsite.test');
    const draft = await t.post<OrderResponse>('/api/order/create', quoteRequestBody({ creationType: 'DIRECT_ORDER' }), oemSales);
    const refused =
      draft.status === 200
        ? await t.post('/api/order/submit', { orderId: (draft.body as OrderResponse).data._id, version: 1, disclaimerAccepted: true }, oemSales)
        : draft;
    expect([refused.status, refused.body.error]).toEqual([403, 'forbidden']);

    // OEM management has no ordering screens at all.
    const management = await t.login('oem.management@demo.onsite.test');
    const none = await t.post('/api/order/create', quoteRequestBody(), management);
    expect([none.status, none.body.error]).toEqual([403, 'forbidden']);
  });

  it('records staff acting on behalf of the customer on every event', async () => {
    const staff = await t.login('bl.planner@demo.onsite.test');
    const customer = await t.post<{ data: { _id: string } }>('/api/user/getProfile', {}, ecAdmin);
    const customerId = (customer.body.data as { _id: string })._id;
    // Staff's own company (read by the guard with them) is no customer: without acting for one, no order.
    const own = await t.post('/api/order/create', quoteRequestBody(), staff);
    expect(own.status).toBe(403);
    const created = await t.post<OrderResponse>('/api/order/create', { ...quoteRequestBody(), onBehalfOfUserId: customerId }, staff);
    expect(created.status).toBe(200);
    const { _id, refId } = (created.body as OrderResponse).data;
    const submitted = await t.post('/api/order/submit', { orderId: _id, version: 1, disclaimerAccepted: true, onBehalfOfUserId: customerId }, staff);
    expect(submitted.status).toBe(200);
    for (const e of await eventsOf(_id)) expect(e.metadata.onBehalfOfUserId).toBe(customerId);
    const detail = await t.post<DetailResponse>('/api/order/getByRefId', { refId }, ecAdmin);
    // The order is the acted-for customer's company's, not the staff member's.
    expect((detail.body as DetailResponse).data.customer.name).toBe('Thames Precision Ltd');
    expect((detail.body as DetailResponse).data.events.map((e) => [e.author.name, e.onBehalfOf?.name])).toEqual([
      ['Jonas Keller', 'Oliver Bennett'],
      ['Jonas Keller', 'Oliver Bennett'],
    ]);
  });

  it('returns the first result for a retried create with the same Idempotency-Key', async () => {
    const headers = { 'idempotency-key': 'checkout-7f3a' };
    const a = await t.post<OrderResponse>('/api/order/create', quoteRequestBody(), ecAdmin, headers);
    const b = await t.post<OrderResponse>('/api/order/create', quoteRequestBody(), ecAdmin, headers);
    expect(a.status).toBe(200);
    expect(b.body.data).toEqual(a.body.data);
  });
});
