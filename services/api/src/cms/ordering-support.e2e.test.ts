import { DEMO_PASSWORD } from '../seed/demo-seed.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';

type Data<T> = { data: T };

describe('ordering support: coupons, missing services and the contact form (geocoding: geocoding.e2e.test.ts)', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await startTestApp();
    token = (await t.post<{ token: string }>('/api/log-in', { email: 'ec.admin@demo.onsite.test', password: DEMO_PASSWORD })).body.token!;
  });
  afterAll(async () => {
    await t.close();
  });

  it('judges a coupon code as typed: valid, expired, not yet valid, not for the country, unknown', async () => {
    const check = async (code: string, country?: string) =>
      (await t.post<Data<{ status: string; code: string; validTo?: string }>>('/api/cms/getDiscountCode', { code, ...(country ? { country } : {}) }, token))
        .body.data;
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
  });

  it('records a described missing service for staff, with who asked; refuses bad input and plain staff, writing nothing', async () => {
    const staff = (await t.post<{ token: string }>('/api/log-in', { email: 'bl.admin@demo.onsite.test', password: DEMO_PASSWORD })).body.token!;
    const list = async () =>
      (await t.get<Data<{ description: string; requestedBy: { name: string; companyName?: string } }[]>>('/api/catalogue/missing-services', staff)).body.data;
    const before = (await list()).length;
    const bad = await t.post<{ error: string }>('/api/catalogue/describeMissingService', { description: '  ', country: 'uk' }, token);
    expect([bad.status, bad.body.error]).toEqual([400, 'validation_error']);
    expect((await t.post('/api/catalogue/describeMissingService', { description: 'Robot welding audits', country: 'de' }, staff)).status).toBe(403);
    expect(await list()).toHaveLength(before);

    const sent = await t.post<Data<{ _id: string }>>(
      '/api/catalogue/describeMissingService',
      { description: 'Thermography of switch cabinets', country: 'uk', contactTime: 'mornings' },
      token,
    );
    expect(sent.status).toBe(200);
    const [newest] = await list();
    expect(newest).toMatchObject({
      _id: sent.body.data._id,
      description: 'Thermography of switch cabinets',
      country: 'uk',
      contactTime: 'mornings',
      requestedBy: { companyName: 'Thames Precision Ltd' },
    });
    expect((await t.get('/api/catalogue/missing-services', token)).status).toBe(403);
  });

  it("sends the contact form to the support team of the sender's country, refusing an empty message", async () => {
    const empty = await t.post<{ error: string }>('/api/cms/contact', { subject: 'Question', message: ' ' }, token);
    expect([empty.status, empty.body.error]).toEqual([400, 'validation_error']);
    const sent = await t.post<Data<{ sentTo: string }>>(
      '/api/cms/contact',
      { subject: 'Invoice question', message: 'Which PO belongs to ON-1?', phone: '+441180000000', callBack: true },
      token,
    );
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
