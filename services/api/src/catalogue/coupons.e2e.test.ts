import { startTestApp, type TestApp } from '../test-support/test-app.js';

type Data<T> = { data: T };
type Coupon = {
  code: string;
  countries: string[];
  validFrom?: string;
  validTo?: string;
  discountPercent?: number;
  retired: boolean;
  description: Record<string, string>;
};
type Change = { at: string; actor: { name: string | null }; type: string; data: Record<string, unknown> };
type Check = { status: string; code: string; validTo?: string; discountPercent?: number };

describe('coupons managed by staff (D204)', () => {
  let t: TestApp;
  let admin: string;
  let customer: string;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login('bl.admin@demo.onsite.test');
    customer = await t.login('ec.planner@demo.onsite.test');
  });
  afterAll(async () => t.close());

  const check = async (code: string, country = 'uk') => (await t.post<Data<Check>>('/api/cms/getDiscountCode', { code, country }, customer)).body.data;
  const streamLength = async (code: string) => (await t.runtime.eventStore.readStream(`coupon-${code}`)).length;

  it('lists the coupons the seed created through the same commands, with their history', async () => {
    const list = (await t.get<Data<Coupon[]>>('/api/coupons', admin)).body.data;
    expect(list.map((c) => c.code)).toEqual(expect.arrayContaining(['CHONLY', 'FUTURE30', 'SPRING2025', 'WELCOME10']));
    expect(list.find((c) => c.code === 'WELCOME10')).toMatchObject({ discountPercent: 10, retired: false, validTo: '2099-12-31' });
    const history = (await t.get<Data<Change[]>>('/api/coupons/history/WELCOME10', admin)).body.data;
    expect(history).toEqual([expect.objectContaining({ type: 'COUPON_CREATED', actor: { userId: expect.any(String), name: 'Lena Vogt' } })]);
  });

  it('creates, changes and retires a coupon; customers judge codes by what staff set last', async () => {
    const created = await t.post<Data<Coupon>>(
      '/api/coupons/create',
      {
        code: 'winter-26',
        description: { en: 'Winter service', de: 'Winterservice' },
        countries: ['de', 'uk'],
        validFrom: '2026-01-01',
        validTo: '2026-02-28',
        discountPercent: 15,
      },
      admin,
    );
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ code: 'WINTER-26', countries: ['de', 'uk'], discountPercent: 15, retired: false });
    expect(await check('winter-26')).toMatchObject({ status: 'expired', validTo: '2026-02-28', discountPercent: 15 });

    const changed = await t.post<Data<Coupon>>(
      '/api/coupons/change',
      { code: 'WINTER-26', countries: ['de'], validFrom: '2026-01-01', validTo: '2099-02-28' },
      admin,
    );
    expect(changed.body.data).toMatchObject({ countries: ['de'], validTo: '2099-02-28', description: {} });
    expect(await check('WINTER-26', 'uk')).toMatchObject({ status: 'not_for_country' });
    expect(await check('WINTER-26', 'de')).toMatchObject({ status: 'valid' });

    const retired = await t.post<Data<Coupon>>('/api/coupons/retire', { code: 'winter-26' }, admin);
    expect(retired.body.data.retired).toBe(true);
    expect(await check('WINTER-26', 'de')).toMatchObject({ status: 'not_found' });
    // The code stays taken, and a retired coupon is not changed again.
    expect((await t.post('/api/coupons/create', { code: 'WINTER-26' }, admin)).body.error).toBe('coupon_exists');
    expect((await t.post('/api/coupons/change', { code: 'WINTER-26' }, admin)).body.error).toBe('coupon_retired');
    const history = (await t.get<Data<Change[]>>('/api/coupons/history/WINTER-26', admin)).body.data;
    expect(history.map((h) => h.type)).toEqual(['COUPON_RETIRED', 'COUPON_CHANGED', 'COUPON_CREATED']);
  });

  it('refuses bad input with the field and its message, writing nothing', async () => {
    const cases: [unknown, string][] = [
      [{ code: 'x' }, 'code'],
      [{ code: 'BAD CODE' }, 'code'],
      [{ code: 'GOOD1', validFrom: '2026-03-01', validTo: '2026-02-01' }, 'validTo'],
      [{ code: 'GOOD1', validFrom: '1 March' }, 'validFrom'],
      [{ code: 'GOOD1', countries: ['mars'] }, 'countries.0'],
      [{ code: 'GOOD1', discountPercent: 0 }, 'discountPercent'],
      [{ code: 'GOOD1', discountPercent: 12.5 }, 'discountPercent'],
    ];
    for (const [body, path] of cases) {
      const refused = await t.post<{ error: string; details: { path: string; message: string }[] }>('/api/coupons/create', body, admin);
      expect([refused.status, refused.body.error, refused.body.details.map((d) => d.path)]).toEqual([400, 'validation_error', [path]]);
      expect(refused.body.details[0]!.message.length).toBeGreaterThan(10);
    }
    expect(await streamLength('GOOD1')).toBe(0);
    expect((await t.post('/api/coupons/change', { code: 'NOSUCH' }, admin)).status).toBe(404);
    expect((await t.get('/api/coupons/history/NOSUCH', admin)).status).toBe(404);
    expect((await t.get('/api/coupons/history/bad%20code', admin)).status).toBe(400);
  });

  it('of two concurrent creations of one code, exactly one wins', async () => {
    const [a, b] = await Promise.all([
      t.post('/api/coupons/create', { code: 'RACE-1', discountPercent: 5 }, admin),
      t.post('/api/coupons/create', { code: 'RACE-1', discountPercent: 7 }, admin),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await streamLength('RACE-1')).toBe(1);
  });

  it('lets sales staff manage coupons; refuses customers, other staff, auditors and staff acting for a customer (403), writing nothing', async () => {
    const sales = await t.login('bl.sales@demo.onsite.test');
    expect((await t.post('/api/coupons/create', { code: 'SALES-1' }, sales)).status).toBe(200);
    const commands: [string, unknown][] = [
      ['/api/coupons/create', { code: 'NOPE-1' }],
      ['/api/coupons/change', { code: 'WELCOME10', discountPercent: 50 }],
      ['/api/coupons/retire', { code: 'WELCOME10' }],
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
    expect((await t.post('/api/coupons/create', { code: 'NOPE-2', onBehalfOfUserId: ecPlanner }, admin)).status).toBe(403);
    expect(await streamLength('NOPE-1')).toBe(0);
    expect(await streamLength('NOPE-2')).toBe(0);
    expect(await streamLength('WELCOME10')).toBe(1);
    // Reading: every staff member, auditors included; customers never.
    expect((await t.get('/api/coupons', await t.login('bl.auditor@demo.onsite.test'))).status).toBe(200);
    expect((await t.get('/api/coupons', customer)).status).toBe(403);
    expect((await t.get('/api/coupons/history/WELCOME10', customer)).status).toBe(403);
    expect((await t.get('/api/coupons')).status).toBe(401);
  });
});
