import { quoteRequestBody } from '../test-support/order-bodies.js';
import { OrderFlows } from '../test-support/order-flows.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { DEMO_SERVICES } from '../seed/demo-catalogue.js';

type Data<T> = { data: T };
type Texts = { en: string; de?: string; pt?: string };
type Service = { id: string; name: Texts; countries: string[]; prices: Record<string, number>; status: string; segmentIds: string[] };
type Segment = { id: string; name: Texts; subSegments: { id: string }[]; retired: boolean };
type Change = { at: string; actor: { name: string | null }; type: string; data: Record<string, unknown> };
type Refusal = { error: string; details: { path: string; code: string; message: string }[] };
type Catalogue = { segments: { id: string }[]; services: { id: string; name: Record<string, string>; prices: Record<string, number> }[] };

const newService = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  name: { en: 'Vision system tuning', de: 'Einstellung von Kamerasystemen' },
  description: { en: 'Camera and lighting set-up for inspection.' },
  segmentIds: ['packaging'],
  subSegmentIds: ['packaging-labelling'],
  countries: ['uk', 'de'],
  prices: { GBP: 50_000, EUR: 58_000 },
  equipmentItems: [{ machineModel: 'Vision camera', quantity: 2 }],
  ...overrides,
});

describe('the catalogue managed by staff (D208)', () => {
  let t: TestApp;
  let flows: OrderFlows;
  let admin: string;
  let customer: string;

  beforeAll(async () => {
    t = await startTestApp();
    flows = new OrderFlows(t);
    admin = await t.login('bl.admin@demo.onsite.test');
    customer = await t.login('ec.planner@demo.onsite.test');
  });
  afterAll(async () => t.close());

  const streamLength = async (streamId: string) => (await t.runtime.eventStore.readStream(streamId)).length;
  const catalogueOf = async (token: string) => (await t.get<Data<Catalogue>>('/api/catalogue', token)).body.data;

  it('holds the segments and services the seed created through the same commands, with their history', async () => {
    const managed = (await t.get<Data<{ segments: Segment[]; services: Service[] }>>('/api/catalogue/manage', admin)).body.data;
    expect(managed.segments.map((s) => s.id)).toEqual(['food-beverage', 'packaging', 'pharma']);
    expect(managed.services).toHaveLength(DEMO_SERVICES.length);
    expect(managed.services.every((s) => s.status === 'published')).toBe(true);
    const history = (await t.get<Data<Change[]>>('/api/catalogue/history/service/svc-repair', admin)).body.data;
    expect(history.map((h) => [h.type, h.actor.name])).toEqual([
      ['CATALOGUE_SERVICE_PUBLISHED', 'Lena Vogt'],
      ['CATALOGUE_SERVICE_CREATED', 'Lena Vogt'],
    ]);
    expect((await t.get<Data<Change[]>>('/api/catalogue/history/segment/pharma', admin)).body.data[0]).toMatchObject({ type: 'CATALOGUE_SEGMENT_CREATED' });
    // The ordering form's catalogue: the published services, every language filled.
    const catalogue = await catalogueOf(customer);
    expect(catalogue.services.map((s) => s.id)).toEqual([...DEMO_SERVICES.map((s) => s.id)].sort());
  });

  it('creates a segment and a service as a draft, publishes it for its countries only, and retires it', async () => {
    const sales = await t.login('bl.sales@demo.onsite.test');
    const segment = await t.post<Data<Segment>>(
      '/api/catalogue/segments/create',
      { id: 'automotive', name: { en: 'Automotive', de: 'Automobil' }, subSegments: [{ id: 'automotive-body', name: { en: 'Body shop' } }] },
      sales,
    );
    expect(segment.status).toBe(200);
    expect(segment.body.data).toMatchObject({ id: 'automotive', retired: false, name: { en: 'Automotive', de: 'Automobil' } });

    const created = await t.post<Data<Service>>('/api/catalogue/services/create', newService('svc-vision', { segmentIds: ['automotive', 'packaging'] }), admin);
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ id: 'svc-vision', status: 'draft', countries: ['de', 'uk'], prices: { GBP: 50_000, EUR: 58_000 } });
    expect((await catalogueOf(customer)).services.map((s) => s.id)).not.toContain('svc-vision');

    const published = await t.post<Data<Service>>('/api/catalogue/services/publish', { id: 'svc-vision' }, sales);
    expect(published.body.data.status).toBe('published');
    // A UK customer sees it (German name where given, English elsewhere); a Swiss end customer would not.
    const uk = (await catalogueOf(customer)).services.find((s) => s.id === 'svc-vision');
    expect(uk).toMatchObject({
      name: { en: 'Vision system tuning', de: 'Einstellung von Kamerasystemen', pt: 'Vision system tuning' },
      prices: { GBP: 50_000 },
    });
    expect((await catalogueOf(await t.login('ec2.planner@demo.onsite.test'))).services.find((s) => s.id === 'svc-vision')?.prices).toEqual({
      GBP: 50_000,
      EUR: 58_000,
    });
    // OEM users order for customers in many countries: they see every published service; an order is checked by country.
    expect((await catalogueOf(await t.login('oem.planner@demo.onsite.test'))).services.map((s) => s.id)).toContain('svc-vision');
    // Staff see every published service; the draft list shows every status.
    expect((await catalogueOf(admin)).services.map((s) => s.id)).toContain('svc-vision');

    // An order for it in the UK takes the GBP price and the names as ordered.
    const draft = await flows.draft('ec.admin', {
      ...quoteRequestBody(),
      content: { ...quoteRequestBody().content, services: [{ serviceId: 'svc-vision' }] },
    } as never);
    const detail = await flows.detail(draft.refId, 'ec.admin');
    expect(detail.content.services).toEqual([
      expect.objectContaining({
        serviceId: 'svc-vision',
        name: 'Vision system tuning',
        names: expect.objectContaining({ de: 'Einstellung von Kamerasystemen' }),
        price: { amount: 50_000, currency: 'GBP' },
      }),
    ]);

    const retired = await t.post<Data<Service>>('/api/catalogue/services/retire', { id: 'svc-vision' }, admin);
    expect(retired.body.data.status).toBe('retired');
    expect((await catalogueOf(customer)).services.map((s) => s.id)).not.toContain('svc-vision');
    // A new order cannot name it; the draft holding it keeps it as ordered.
    const refused = await t.post<Refusal>(
      '/api/order/create',
      { ...quoteRequestBody(), content: { ...quoteRequestBody().content, services: [{ serviceId: 'svc-vision' }] } },
      await flows.as('ec.admin'),
    );
    expect([refused.status, refused.body.error, refused.body.details.map((d) => d.code)]).toEqual([400, 'validation_error', ['service_not_offered']]);
    const kept = await flows.ok(
      '/api/order/update',
      { orderId: draft._id, version: draft.version, content: { ...quoteRequestBody().content, services: [{ serviceId: 'svc-vision' }] } },
      'ec.admin',
    );
    expect(kept).toMatchObject({ version: draft.version + 1 });
    expect((await flows.detail(draft.refId, 'ec.admin')).content.services[0]).toMatchObject({ price: { amount: 50_000, currency: 'GBP' } });

    const history = (await t.get<Data<Change[]>>('/api/catalogue/history/service/svc-vision', admin)).body.data;
    expect(history.map((h) => [h.type, h.actor.name])).toEqual([
      ['CATALOGUE_SERVICE_RETIRED', 'Lena Vogt'],
      ['CATALOGUE_SERVICE_PUBLISHED', expect.any(String)],
      ['CATALOGUE_SERVICE_CREATED', 'Lena Vogt'],
    ]);
  });

  it('refuses a service not offered in the country of the order with service_not_offered', async () => {
    await t.post('/api/catalogue/services/create', newService('svc-de-only', { countries: ['de'], prices: { EUR: 10_000 } }), admin);
    await t.post('/api/catalogue/services/publish', { id: 'svc-de-only' }, admin);
    expect((await catalogueOf(customer)).services.map((s) => s.id)).not.toContain('svc-de-only');
    const refused = await t.post<Refusal>(
      '/api/order/create',
      { ...quoteRequestBody(), content: { ...quoteRequestBody().content, services: [{ serviceId: 'svc-de-only' }] } },
      await flows.as('ec.admin'),
    );
    expect(refused.body.details).toEqual([expect.objectContaining({ path: 'content.services.0.serviceId', code: 'service_not_offered' })]);
  });

  it('leaves an existing order, its offer and its evidence pack unchanged when the price changes', async () => {
    const submitted = await flows.submitted('ec.admin');
    const before = await flows.detail(submitted.refId, 'bl.admin');
    const ordered = before.content.services[0]!;
    expect(ordered.serviceId).toBe('svc-preventive-maintenance');
    const evidence = async () =>
      (await fetch(`${t.baseUrl}/api/audit/evidence`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${await flows.as('bl.auditor')}` },
        body: JSON.stringify({ refId: submitted.refId, format: 'json' }),
      }).then((r) => r.json())) as { generatedAt?: string };
    const withoutTime = ({ generatedAt: _at, ...pack }: { generatedAt?: string }) => pack;
    const packBefore = withoutTime(await evidence());
    expect(JSON.stringify(packBefore)).toContain(`"amount":${ordered.price.amount}`);

    const demo = DEMO_SERVICES.find((s) => s.id === 'svc-preventive-maintenance')!;
    const changed = await t.post<Data<Service>>(
      '/api/catalogue/services/change',
      { ...demo, name: { en: 'Preventive maintenance (new)' }, prices: { ...demo.prices, GBP: ordered.price.amount + 12_345 } },
      admin,
    );
    expect(changed.status).toBe(200);
    expect(changed.body.data.prices.GBP).toBe(ordered.price.amount + 12_345);

    const after = await flows.detail(submitted.refId, 'bl.admin');
    expect(after.content.services).toEqual(before.content.services);
    expect(after.offers).toEqual(before.offers);
    expect(withoutTime(await evidence())).toEqual(packBefore);
    // A new order takes the new price and name.
    const fresh = await flows.draft();
    expect((await flows.detail(fresh.refId, 'ec.admin')).content.services[0]).toMatchObject({
      name: 'Preventive maintenance (new)',
      price: { amount: ordered.price.amount + 12_345, currency: 'GBP' },
    });
  });

  it('refuses bad input with the field, its code and message, writing nothing', async () => {
    const cases: [string, unknown, string, string?][] = [
      ['/api/catalogue/services/create', newService('X'), 'id'],
      ['/api/catalogue/services/create', newService('svc-bad', { name: { en: '' } }), 'name.en'],
      ['/api/catalogue/services/create', newService('svc-bad', { countries: [] }), 'countries'],
      ['/api/catalogue/services/create', newService('svc-bad', { countries: ['mars'] }), 'countries.0'],
      ['/api/catalogue/services/create', newService('svc-bad', { prices: { GBP: 50_000 } }), 'prices.EUR'],
      ['/api/catalogue/services/create', newService('svc-bad', { prices: { GBP: -1, EUR: 1 } }), 'prices.GBP'],
      ['/api/catalogue/services/create', newService('svc-bad', { prices: { GBP: 10.5, EUR: 1 } }), 'prices.GBP'],
      ['/api/catalogue/services/create', newService('svc-bad', { segmentIds: ['nowhere'], subSegmentIds: [] }), 'segmentIds.0', 'unknown_segment'],
      ['/api/catalogue/services/create', newService('svc-bad', { subSegmentIds: ['pharma-solid-dosage'] }), 'subSegmentIds.0', 'unknown_sub_segment'],
      ['/api/catalogue/services/create', newService('svc-bad', { equipmentItems: [{ machineModel: 'A', quantity: 0 }] }), 'equipmentItems.0.quantity'],
      [
        '/api/catalogue/segments/create',
        { id: 'segment-bad', name: { en: 'Bad' }, subSegments: [{ id: 'food-dairy', name: { en: 'Dairy' } }] },
        'subSegments.0.id',
        'sub_segment_exists',
      ],
      ['/api/catalogue/segments/create', { id: 'segment-bad', name: { de: 'Nur Deutsch' } }, 'name.en'],
    ];
    for (const [path, body, field, code] of cases) {
      const refused = await t.post<Refusal>(path, body, admin);
      expect([path, refused.status, refused.body.error, refused.body.details.map((d) => d.path)]).toEqual([path, 400, 'validation_error', [field]]);
      if (code) expect(refused.body.details[0]!.code).toBe(code);
      expect(refused.body.details[0]!.message.length).toBeGreaterThan(10);
    }
    expect(await streamLength('catalogue-service-svc-bad')).toBe(0);
    expect((await t.get<Data<{ segments: Segment[] }>>('/api/catalogue/manage', admin)).body.data.segments.map((s) => s.id)).not.toContain('segment-bad');
    expect((await t.post<Refusal>('/api/catalogue/services/create', newService('svc-repair'), admin)).body.error).toBe('service_exists');
    expect((await t.post<Refusal>('/api/catalogue/segments/create', { id: 'pharma', name: { en: 'Pharma' } }, admin)).body.error).toBe('segment_exists');
    expect((await t.post('/api/catalogue/services/change', newService('svc-nosuch'), admin)).status).toBe(404);
    expect((await t.post('/api/catalogue/services/publish', { id: 'svc-nosuch' }, admin)).status).toBe(404);
    expect((await t.get('/api/catalogue/history/service/svc-nosuch', admin)).status).toBe(404);
    expect((await t.get('/api/catalogue/history/service/Bad%20Id', admin)).status).toBe(400);
  });

  it('of two concurrent creations of one service, exactly one wins', async () => {
    const [a, b] = await Promise.all([
      t.post('/api/catalogue/services/create', newService('svc-race'), admin),
      t.post('/api/catalogue/services/create', newService('svc-race', { prices: { GBP: 1, EUR: 2 } }), admin),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await streamLength('catalogue-service-svc-race')).toBe(1);
  });

  it('refuses customers, other staff, auditors and staff acting for a customer (403), writing nothing; every staff member reads', async () => {
    const segmentsBefore = await streamLength('catalogue-segments');
    const commands: [string, unknown][] = [
      ['/api/catalogue/segments/create', { id: 'nope-segment', name: { en: 'Nope' } }],
      ['/api/catalogue/segments/change', { id: 'pharma', name: { en: 'Pharma' } }],
      ['/api/catalogue/segments/retire', { id: 'pharma' }],
      ['/api/catalogue/services/create', newService('svc-nope')],
      ['/api/catalogue/services/change', newService('svc-repair')],
      ['/api/catalogue/services/publish', { id: 'svc-repair' }],
      ['/api/catalogue/services/retire', { id: 'svc-repair' }],
    ];
    for (const email of ['ec.admin@demo.onsite.test', 'oem.admin@demo.onsite.test', 'bl.planner@demo.onsite.test', 'bl.auditor@demo.onsite.test']) {
      const token = await t.login(email);
      for (const [path, body] of commands) {
        const refused = await t.post(path, body, token);
        expect([email, path, refused.status]).toEqual([email, path, 403]);
      }
    }
    const ecPlanner = (await t.post<Data<{ profile: { _id: string } }>>('/api/log-in', { email: 'ec.planner@demo.onsite.test', password: 'Onsite-demo-1' }))
      .body.data.profile._id;
    expect((await t.post('/api/catalogue/services/create', { ...newService('svc-nope-2'), onBehalfOfUserId: ecPlanner }, admin)).status).toBe(403);
    expect(await streamLength('catalogue-segments')).toBe(segmentsBefore);
    expect(await streamLength('catalogue-service-svc-nope')).toBe(0);
    expect(await streamLength('catalogue-service-svc-nope-2')).toBe(0);
    expect(await streamLength('catalogue-service-svc-repair')).toBe(2);
    // Reading the managed catalogue and its history: every staff member, auditors included; customers never.
    const auditor = await t.login('bl.auditor@demo.onsite.test');
    expect((await t.get('/api/catalogue/manage', auditor)).status).toBe(200);
    expect((await t.get('/api/catalogue/history/service/svc-repair', auditor)).status).toBe(200);
    expect((await t.get('/api/catalogue/manage', customer)).status).toBe(403);
    expect((await t.get('/api/catalogue/history/service/svc-repair', customer)).status).toBe(403);
    expect((await t.get('/api/catalogue/manage')).status).toBe(401);
  });
});
