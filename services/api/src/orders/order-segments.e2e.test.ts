import { quoteRequestBody } from '../test-support/order-bodies.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';

type Created = { data: { _id: string; refId: string; version: number } };
type Refused = { error: string; details: { path: string; code: string }[] };
type Detail = { data: { content: { additionalInformation: { selectedSegments?: string[] } } } };

/** The segments a customer chooses while ordering (D218): the catalogue's, each once; refused, nothing is written. */
describe('the segments of an order', () => {
  let t: TestApp;
  let customer: string;
  beforeAll(async () => {
    t = await startTestApp();
    customer = await t.login('ec.admin@demo.onsite.test');
  });
  afterAll(async () => t.close());

  const withSegments = (selectedSegments: string[]) => {
    const body = quoteRequestBody();
    return { ...body, content: { ...body.content, additionalInformation: { ...body.content.additionalInformation, selectedSegments } } };
  };
  const orderEvents = async () => (await t.runtime.eventStore.readAll('0', 1_000_000)).events.filter((e) => e.streamId.startsWith('order-')).length;

  it('keeps segments and sub-segments of the catalogue, and the draft keeps them when it is saved again', async () => {
    const created = await t.post<Created>('/api/order/create', withSegments(['packaging', 'food-dairy']), customer);
    expect(created.status).toBe(200);
    const { _id, refId } = created.body.data;
    const read = async () => (await t.post<Detail>('/api/order/getByRefId', { refId }, customer)).body.data.content.additionalInformation.selectedSegments;
    expect(await read()).toEqual(['packaging', 'food-dairy']);
    const updated = await t.post<Created>('/api/order/update', { orderId: _id, version: 1, content: withSegments(['food-dairy']).content }, customer);
    expect(updated.status).toBe(200);
    expect(await read()).toEqual(['food-dairy']);
  });

  it('refuses a segment the catalogue does not have, or one named twice, at its place, writing nothing', async () => {
    for (const [segments, path, code] of [
      [['packaging', 'space-travel'], 'content.additionalInformation.selectedSegments.1', 'unknown_option'],
      [['packaging', 'packaging'], 'content.additionalInformation.selectedSegments.1', 'duplicate_option'],
    ] as const) {
      const before = await orderEvents();
      const refused = await t.post<Refused>('/api/order/create', withSegments([...segments]), customer);
      expect([refused.status, refused.body.error]).toEqual([400, 'validation_error']);
      expect(refused.body.details).toContainEqual(expect.objectContaining({ path, code }));
      expect(await orderEvents()).toBe(before);
    }
  });
});
