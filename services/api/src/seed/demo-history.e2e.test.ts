import { ORDER_STATUSES, orderStreamId } from '@onsite/domain';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { seedClock, seedDemoHistory } from './demo-history.js';
import { demoId } from './demo-seed.js';

describe('the demo history', () => {
  let t: TestApp;
  const clock = seedClock();
  let first: { orders: number; failures: number };
  beforeAll(async () => {
    t = await startTestApp({}, { clock: clock.now });
    // One order per kind of story: every ending of the past year and of the running ones.
    first = await seedDemoHistory(t.app, t.runtime, clock, () => {}, { pastOrders: 14, currentOrders: 10 });
  });
  afterAll(async () => t.close());

  const allOrders = async () => {
    const token = await t.login('bl.admin@demo.onsite.test');
    const r = await t.post<{ data: { items: { _id: string; status: string; refId: string; updatedAt: string; requestedAt?: string }[]; total: number } }>(
      '/api/order/list',
      { page: 1, pageSize: 100 },
      token,
    );
    return r.body.data;
  };

  it('tells every story to its end, through the api, without a failure', async () => {
    expect(first).toEqual({ orders: 24, failures: 0 });
    const { items, total } = await allOrders();
    expect(total).toBe(24);
    const reached = new Set(items.map((o) => o.status));
    const never = ['REOPENED'];
    expect(ORDER_STATUSES.filter((s) => !reached.has(s) && !never.includes(s))).toEqual([]);
  });

  it('puts nothing in the future and spreads the requests over the past year', async () => {
    const { items } = await allOrders();
    const now = Date.now();
    expect(items.filter((o) => Date.parse(o.updatedAt) > now)).toEqual([]);
    const oldest = Math.min(...items.map((o) => Date.parse(o.requestedAt ?? o.updatedAt)));
    expect(now - oldest).toBeGreaterThan(300 * 24 * 3_600_000);
  });

  it('records staff acting on behalf on the order entered for a customer', async () => {
    const { items } = await allOrders();
    const streams = await Promise.all(items.map((o) => t.runtime.eventStore.readStream(orderStreamId(o._id))));
    const onBehalf = streams.filter((events) => events.some((e) => e.metadata.onBehalfOfUserId));
    expect(onBehalf).toHaveLength(1);
    expect(onBehalf[0]!.every((e) => e.metadata.actorUserId === demoId('user:bl.sales@demo.onsite.test') && e.metadata.onBehalfOfUserId)).toBe(true);
  });

  it('is made once: a second run adds nothing', async () => {
    expect(await seedDemoHistory(t.app, t.runtime, clock, () => {}, { pastOrders: 14, currentOrders: 10 })).toEqual({ orders: 0, failures: 0 });
    expect((await allOrders()).total).toBe(24);
  });
});
