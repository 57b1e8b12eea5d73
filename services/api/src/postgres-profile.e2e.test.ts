import { describeWithPostgres, dropSchema, uniqueSchemaName } from '../../infrastructure/src/test-support/postgres.js';
import { quoteRequestBody } from './test-support/order-bodies.js';
import { startTestApp, type TestApp } from './test-support/test-app.js';
import { openUpdates, until } from './test-support/updates-stream.js';

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
    expect((list.body.data as { items: { refId: string; status: string }[] }).items).toEqual(
      expect.arrayContaining([expect.objectContaining({ refId, status: 'REQUESTED_QUOTE' })]),
    );
    const detail = await t.post<{ data: { events: { event: string }[] } }>('/api/order/getByRefId', { refId }, ec);
    expect((detail.body.data as { events: { event: string }[] }).events.map((e) => e.event)).toEqual(['CREATE', 'GET_QUOTE']);
    expect((await t.runtime.eventStore.readStream(`order-${_id}`)).map((e) => e.type)).toEqual(['CREATE', 'GET_QUOTE']);
  });
});

describeWithPostgres('two api instances on one PostgreSQL database', (url) => {
  const schema = uniqueSchemaName('api_pair');
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp({ PROFILE: 'postgres', DATABASE_URL: url, DATABASE_SCHEMA: schema });
    b = await startTestApp({ PROFILE: 'postgres', DATABASE_URL: url, DATABASE_SCHEMA: schema });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await dropSchema(url, schema);
  });

  it('a change written through instance A is announced on the updates stream of instance B, and B serves it', async () => {
    const ec = await a.login('ec.admin@demo.onsite.test');
    // The console is connected to B (sessions live in the database, so A's token works there too).
    const onB = await openUpdates(b, ec);
    const created = await a.post<Created>('/api/order/create', quoteRequestBody(), ec);
    expect(created.status).toBe(200);
    const { _id, refId } = (created.body as Created).data;
    expect((await a.post('/api/order/submit', { orderId: _id, version: 1, disclaimerAccepted: true }, ec)).status).toBe(200);

    await until(() => onB.orders().filter((o) => o.refId === refId).length > 0, "B's stream to announce A's order");
    // B's own read models have it by the time B announces it: the console's reload right after finds it there.
    const detail = await b.post<{ data: { status: string } }>('/api/order/getByRefId', { refId }, ec);
    expect((detail.body.data as { status: string }).status).toBe('REQUESTED_QUOTE');
    expect(onB.orders().every((o) => o.orderId === _id)).toBe(true);
    onB.close();
  });
});
