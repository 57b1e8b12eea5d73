import { decideOrder, evolveOrder, initialOrderState, type OrderEvent } from '@onsite/domain';
import { OrderFlows } from '../test-support/order-flows.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { READ_ONLY_POST_ROUTES, SELF_SERVICE_ROUTES } from './read-only-routes.js';

type Operation = { security?: unknown[] };
type Docs = { paths: Record<string, { post?: Operation; put?: Operation; patch?: Operation; delete?: Operation }> };

/** D15: the auditor (BL, read-only) sees every order of its countries and is refused every command route. */
describe('the auditor role', () => {
  let t: TestApp;
  let flows: OrderFlows;
  beforeAll(async () => {
    t = await startTestApp();
    flows = new OrderFlows(t);
  });
  afterAll(async () => t.close());

  it('is refused (403 forbidden) on every command route of the OpenAPI document, and nothing is written', async () => {
    const order = await flows.submitted('ec.admin');
    const token = await flows.as('bl.auditor');
    const docs = (await t.get<Docs>('/api/docs-json')).body;
    const before = await t.runtime.eventStore.countEvents();

    const commandRoutes = Object.entries(docs.paths)
      .flatMap(([path, ops]) => (['post', 'put', 'patch', 'delete'] as const).filter((m) => ops[m]).map((m) => [m.toUpperCase(), path, ops[m]!] as const))
      .filter(([, path, op]) => (op.security?.length ?? 0) > 0 && !READ_ONLY_POST_ROUTES.has(path) && !SELF_SERVICE_ROUTES.has(path) && !path.includes('{'));
    expect(commandRoutes.length).toBeGreaterThan(40);
    for (const [method, path] of commandRoutes) {
      // A body that names a real order the auditor can see, so that only its role can refuse it.
      const body = { orderId: order._id, version: order.version, refId: order.refId, ids: [order._id], userId: 'x', companyId: 'x' };
      const r = await fetch(`${t.baseUrl}${path}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      const json = (await r.json()) as { error?: string };
      expect([method, path, r.status, json.error]).toEqual([method, path, 403, 'forbidden']);
    }
    expect(await t.runtime.eventStore.countEvents()).toBe(before);
    // The order is untouched and still readable.
    expect((await flows.detail(order.refId, 'bl.auditor')).version).toBe(order.version);
  });

  it('sees every order of its countries with staff data, the lists and the stats', async () => {
    const order = await flows.submitted('oem.planner');
    const detail = await flows.detail(order.refId, 'bl.auditor');
    expect(detail).toMatchObject({ refId: order.refId, status: 'ORDER_SUBMITTED' });
    expect(detail.events.length).toBeGreaterThan(3);
    const list = await flows.ok<{ items: { refId: string }[] }>('/api/order/list', { pageSize: 100 }, 'bl.auditor');
    expect(list.items.map((i) => i.refId)).toContain(order.refId);
  });

  it('is refused by the domain too: the order decider rejects a command issued by an auditor', async () => {
    const order = await flows.submitted('ec.admin');
    const events = await t.runtime.eventStore.readStream(`order-${order._id}`);
    const state = events.reduce((s, e) => evolveOrder(s, { type: e.type, data: e.data } as OrderEvent), initialOrderState);
    const auditor = { userId: 'a', type: 'BL' as const, role: 'AUDITOR' as const, companyId: 'c', country: 'de' };
    expect(() => decideOrder({ type: 'CloseOrder', data: { comment: 'x' } } as never, state, { actor: auditor } as never)).toThrow(/Auditors/);
  });
});
