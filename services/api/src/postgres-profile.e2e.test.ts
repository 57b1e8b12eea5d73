import { describeWithPostgres, dropSchema, uniqueSchemaName } from '../../infrastructure/src/test-support/postgres.js';
import { quoteRequestBody } from './test-support/order-bodies.js';
import { startTestApp, type TestApp } from './test-support/test-app.js';

type Created = { data: { _id: string; refId: string; status: string } };

describeWithPostgres('the postgres profile serves the quote-request slice', (url) => {
  const schema = uniqueSchemaName('api_e2e');
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ PROFILE: 'postgres', DATABASE_URL: url, DATABASE_SCHEMA: schema });
  });
  afterAll(async () => {
    await t?.close();
    await dropSchema(url, schema);
  });

  it('names PostgreSQL as the active adapters', async () => {
    expect((await t.get('/api/health')).body.data).toMatchObject({ profile: 'postgres', adapters: { eventStore: 'postgres', documentStore: 'postgres' } });
  });

  it('creates, submits, lists and shows a quote request, and lets one of two concurrent submits win', async () => {
    const ec = await t.login('ec.admin@demo.onsite.test');
    const created = await t.post<Created>('/api/order/create', quoteRequestBody(), ec);
    expect(created.status).toBe(200);
    const { _id, refId } = (created.body as Created).data;
    const results = await Promise.all([1, 2].map(() => t.post('/api/order/submit', { orderId: _id, version: 1, disclaimerAccepted: true }, ec)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const list = await t.post<{ data: { items: { refId: string; status: string }[] } }>('/api/order/list', {}, ec);
    expect((list.body.data as { items: { refId: string; status: string }[] }).items).toEqual(expect.arrayContaining([expect.objectContaining({ refId, status: 'REQUESTED_QUOTE' })]));
    const detail = await t.post<{ data: { events: { event: string }[] } }>('/api/order/getByRefId', { refId }, ec);
    expect((detail.body.data as { events: { event: string }[] }).events.map((e) => e.event)).toEqual(['CREATE', 'GET_QUOTE']);
    expect((await t.runtime.eventStore.readStream(`order-${_id}`)).map((e) => e.type)).toEqual(['CREATE', 'GET_QUOTE']);
  });
});
