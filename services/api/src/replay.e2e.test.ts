import { ALL_PROJECTIONS, rebuild } from '@onsite/projections';
import { quoteRequestBody } from './test-support/order-bodies.js';
import { startTestApp, type TestApp } from './test-support/test-app.js';

type Created = { data: { _id: string; refId: string } };

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

describe('replay', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('rebuilds every read model from position 0 into exactly the documents the live projections wrote', async () => {
    const ec = await t.login('ec.admin@demo.onsite.test');
    const staff = await t.login('bl.admin@demo.onsite.test');
    const customerId = ((await t.post<{ data: { _id: string } }>('/api/user/getProfile', {}, ec)).body.data as { _id: string })._id;
    for (let i = 0; i < 3; i++) {
      const created = await t.post<Created>('/api/order/create', quoteRequestBody(), ec);
      const { _id } = (created.body as Created).data;
      if (i < 2) await t.post('/api/order/submit', { orderId: _id, version: 1, disclaimerAccepted: true }, ec);
    }
    await t.post('/api/order/create', { ...quoteRequestBody(), onBehalfOfUserId: customerId }, staff);

    await t.runtime.projections.stop();
    const live = await snapshot(t);
    expect(live.order_list).toHaveLength(4);
    expect(live.users!.length).toBeGreaterThanOrEqual(23);

    const progress: string[] = [];
    await rebuild(t.runtime, ALL_PROJECTIONS, { onProgress: (p) => progress.push(`${p.projection}:${p.processed}/${p.total}`) });
    expect(await snapshot(t)).toEqual(live);
    // One pass over the log rebuilds every read model.
    expect(progress.some((line) => line.split(':')[0]!.split(', ').includes('orders'))).toBe(true);

    // A second rebuild over the rebuilt models changes nothing either.
    await rebuild(t.runtime, ALL_PROJECTIONS);
    expect(await snapshot(t)).toEqual(live);
    await t.runtime.projections.start();
  });
});
