import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_PASSWORD } from '../seed/demo-seed.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';

type Data<T> = { data: T };

/** A local stand-in for a Nominatim service over real HTTP: answers by the query text. */
function fakeNominatim(): Promise<{ url: string; requests: URL[]; close: () => Promise<void> }> {
  const requests: URL[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push(url);
    const q = url.searchParams.get('q') ?? '';
    if (q.includes('Slow')) return void setTimeout(() => res.end('[]'), 2_000);
    if (q.includes('Broken')) return void res.writeHead(500).end('oops');
    res.setHeader('content-type', 'application/json');
    if (q.includes('Nowhere')) return void res.end('[]');
    res.end(JSON.stringify([{ lat: '51.4543', lon: '-0.9781', display_name: 'Riverside Way, Reading, United Kingdom' }]));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, requests, close: () => new Promise((done) => server.close(() => done())) }),
    ),
  );
}

describe('ordering support: coupons and geocoding', () => {
  let t: TestApp;
  let bare: TestApp;
  let nominatim: Awaited<ReturnType<typeof fakeNominatim>>;
  let token: string;

  beforeAll(async () => {
    nominatim = await fakeNominatim();
    t = await startTestApp({ GEOCODER_URL: nominatim.url, GEOCODER_TIMEOUT_MS: '500' });
    bare = await startTestApp();
    token = (await t.post<{ token: string }>('/api/log-in', { email: 'ec.admin@demo.onsite.test', password: DEMO_PASSWORD })).body.token!;
  });
  afterAll(async () => {
    await t.close();
    await bare.close();
    await nominatim.close();
  });

  it('judges a coupon code as typed: valid, expired, not yet valid, not for the country, unknown', async () => {
    const check = async (code: string, country?: string) =>
      (await t.post<Data<{ status: string; code: string; validTo?: string }>>('/api/cms/getDiscountCode', { code, ...(country ? { country } : {}) }, token)).body.data;
    expect(await check(' welcome10 ', 'uk')).toMatchObject({ status: 'valid', code: 'WELCOME10' });
    expect(await check('SPRING2025', 'uk')).toMatchObject({ status: 'expired', validTo: '2025-05-31' });
    expect(await check('future30', 'uk')).toMatchObject({ status: 'not_yet_valid' });
    expect(await check('CHONLY', 'uk')).toMatchObject({ status: 'not_for_country' });
    expect(await check('CHONLY', 'ch')).toMatchObject({ status: 'valid' });
    expect(await check('NOSUCHCODE', 'uk')).toEqual({ status: 'not_found', code: 'NOSUCHCODE' });
  });

  it('refuses an empty code with the field error, and callers without a session', async () => {
    const empty = await t.post<{ error: string; details: { path: string }[] }>('/api/cms/getDiscountCode', { code: '  ' }, token);
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('validation_error');
    expect((await t.post('/api/cms/getDiscountCode', { code: 'WELCOME10' })).status).toBe(401);
    expect((await t.post('/api/geocode', { country: 'uk', city: 'Reading' })).status).toBe(401);
  });

  it('geocodes through the configured service, with the country as ISO code', async () => {
    const found = await t.post<Data<{ status: string; results: { lat: number; lng: number; label: string }[] }>>('/api/geocode', { addressLine1: '14 Riverside Way', postCode: 'RG1 8DB', city: 'Reading', country: 'uk' }, token);
    expect(found.body.data).toEqual({ status: 'found', results: [{ lat: 51.4543, lng: -0.9781, label: 'Riverside Way, Reading, United Kingdom' }] });
    const sent = nominatim.requests.at(-1)!;
    expect(sent.pathname).toBe('/search');
    expect(sent.searchParams.get('countrycodes')).toBe('gb');
    expect(sent.searchParams.get('q')).toBe('14 Riverside Way, RG1 8DB Reading');
    const nowhere = await t.post<Data<{ status: string }>>('/api/geocode', { city: 'Nowhere', country: 'de' }, token);
    expect(nowhere.body.data).toEqual({ status: 'not_found', results: [] });
  });

  it('answers unavailable when the service fails or is too slow, and when none is configured', async () => {
    const broken = await t.post<Data<{ status: string }>>('/api/geocode', { city: 'Broken', country: 'de' }, token);
    expect(broken.body.data).toEqual({ status: 'unavailable', results: [] });
    const started = Date.now();
    const slow = await t.post<Data<{ status: string }>>('/api/geocode', { city: 'Slow', country: 'de' }, token);
    expect(slow.body.data).toEqual({ status: 'unavailable', results: [] });
    expect(Date.now() - started).toBeLessThan(1_900);
    const bareToken = (await bare.post<{ token: string }>('/api/log-in', { email: 'ec.admin@demo.onsite.test', password: DEMO_PASSWORD })).body.token!;
    const none = await bare.post<Data<{ status: string }>>('/api/geocode', { city: 'Reading', country: 'uk' }, bareToken);
    expect(none.body.data).toEqual({ status: 'unavailable', results: [] });
  });

  it('tells the console where map tiles come from and whether addresses can be geocoded', async () => {
    expect((await t.get<Data<{ maps: unknown }>>('/api/health')).body.data.maps).toEqual({ tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: '© OpenStreetMap contributors', geocoder: true });
    expect((await bare.get<Data<{ maps: { geocoder: boolean } }>>('/api/health')).body.data.maps.geocoder).toBe(false);
  });

  it('records a described missing service for staff, with who asked; refuses bad input and plain staff, writing nothing', async () => {
    const staff = (await t.post<{ token: string }>('/api/log-in', { email: 'bl.admin@demo.onsite.test', password: DEMO_PASSWORD })).body.token!;
    const list = async () => (await t.get<Data<{ description: string; requestedBy: { name: string; companyName?: string } }[]>>('/api/catalogue/missing-services', staff)).body.data;
    const before = (await list()).length;
    const bad = await t.post<{ error: string }>('/api/catalogue/describeMissingService', { description: '  ', country: 'uk' }, token);
    expect([bad.status, bad.body.error]).toEqual([400, 'validation_error']);
    expect((await t.post('/api/catalogue/describeMissingService', { description: 'Robot welding audits', country: 'de' }, staff)).status).toBe(403);
    expect(await list()).toHaveLength(before);

    const sent = await t.post<Data<{ _id: string }>>('/api/catalogue/describeMissingService', { description: 'Thermography of switch cabinets', country: 'uk', contactTime: 'mornings' }, token);
    expect(sent.status).toBe(200);
    const [newest] = await list();
    expect(newest).toMatchObject({ _id: sent.body.data._id, description: 'Thermography of switch cabinets', country: 'uk', contactTime: 'mornings', requestedBy: { companyName: 'Thames Precision Ltd' } });
    expect((await t.get('/api/catalogue/missing-services', token)).status).toBe(403);
  });

  it('sends the contact form to the support team of the sender\'s country, refusing an empty message', async () => {
    const empty = await t.post<{ error: string }>('/api/cms/contact', { subject: 'Question', message: ' ' }, token);
    expect([empty.status, empty.body.error]).toEqual([400, 'validation_error']);
    const sent = await t.post<Data<{ sentTo: string }>>('/api/cms/contact', { subject: 'Invoice question', message: 'Which PO belongs to ON-1?', phone: '+441180000000', callBack: true }, token);
    expect(sent.body.data).toEqual({ sentTo: 'support-uk@onsite.example' });
    const staff = (await t.post<{ token: string }>('/api/log-in', { email: 'bl.admin@demo.onsite.test', password: DEMO_PASSWORD })).body.token!;
    const outbox = await t.get<Data<{ subject: string; text: string; kind: string }[]>>('/api/dev/outbox?to=support-uk@onsite.example', staff);
    const message = outbox.body.data.find((m) => m.kind === 'contact-form');
    expect(message).toMatchObject({ subject: '[Onsite contact] Invoice question' });
    expect(message!.text).toContain('Which PO belongs to ON-1?');
    expect(message!.text).toContain('Thames Precision Ltd');
    expect(message!.text).toContain('please call back');
  });
});
