import { startTestApp, type TestApp } from '../test-support/test-app.js';

/* Staff add companies; an Indian billing address needs a valid GST number (docs/product.md, fields). */

const address = (taxNumber: string) => ({
  firstName: 'Asha',
  lastName: 'Rao',
  email: 'accounts@example.in',
  department: 'Accounts',
  addressLine1: '12 MG Road',
  addressCity: 'Pune',
  addressPostCode: '411001',
  addressState: 'Maharashtra',
  addressCountry: 'in',
  taxNumber,
});

describe('companies: staff', () => {
  let t: TestApp;
  let staff: string;
  beforeAll(async () => {
    t = await startTestApp();
    staff = await t.login('bl.admin@demo.onsite.test');
  });
  afterAll(async () => t.close());

  it('adds a customer company that then appears in the list', async () => {
    const created = await t.post<{ data: { _id: string; uid: string; completed: boolean; country: string } }>(
      '/api/admin/company/create',
      { name: 'Pune Packaging Pvt Ltd', type: 'EC', country: 'in' },
      staff,
    );
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ country: 'in', completed: false, uid: expect.stringMatching(/^EC-/) });
    const list = await t.post<{ data: { items: { name: string }[] } }>('/api/company/list', { search: 'Pune Packaging' }, staff);
    expect(list.body.data.items.map((c) => c.name)).toEqual(['Pune Packaging Pvt Ltd']);
  });

  it('refuses customers', async () => {
    const customer = await t.login('ec.admin@demo.onsite.test');
    expect((await t.post('/api/admin/company/create', { name: 'X', type: 'EC', country: 'de' }, customer)).status).toBe(403);
  });

  it('refuses an Indian billing address without a valid GST number, and accepts a valid one', async () => {
    const created = await t.post<{ data: { _id: string } }>('/api/admin/company/create', { name: 'Mumbai Motion Ltd', type: 'OEM', country: 'in' }, staff);
    const companyId = created.body.data._id;
    const refused = await t.post('/api/company/add-billing-address', { companyId, billingAddress: address('12345') }, staff);
    expect([refused.status, refused.body.error]).toEqual([400, 'validation_error']);
    expect(refused.body.details).toEqual([expect.objectContaining({ path: 'billingAddress.taxNumber' })]);
    const accepted = await t.post<{ data: { billingAddresses: { taxNumber: string }[] } }>(
      '/api/company/add-billing-address',
      { companyId, billingAddress: address('27AAPFU0939F1ZV') },
      staff,
    );
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.billingAddresses.map((a) => a.taxNumber)).toEqual(['27AAPFU0939F1ZV']);
  });

  it('renames a tag of a company, which the tag search then finds by its new name', async () => {
    const created = await t.post<{ data: { _id: string } }>('/api/admin/company/create', { name: 'Leeds Lathes Ltd', type: 'EC', country: 'uk' }, staff);
    const companyId = created.body.data._id;
    for (const tag of ['fleet', 'spring-promo']) await t.post('/api/company/addTag', { companyId, tag }, staff);
    const renamed = await t.post<{ data: { tags: string[] } }>('/api/company/renameTag', { companyId, from: 'spring-promo', to: 'autumn-promo' }, staff);
    expect([renamed.status, renamed.body.data]).toEqual([200, { tags: ['autumn-promo', 'fleet'] }]);
    expect((await t.post<{ data: string[] }>('/api/company/findTag', { tag: 'autumn' }, staff)).body.data).toContain('autumn-promo');
    const company = await t.post<{ data: { tags: string[] } }>('/api/company/list', { search: 'Leeds Lathes' }, staff);
    expect(company.body.data).toMatchObject({ items: [{ tags: ['autumn-promo', 'fleet'] }] });

    const unknown = await t.post('/api/company/renameTag', { companyId, from: 'spring-promo', to: 'x' }, staff);
    expect([unknown.status, unknown.body.error]).toEqual([404, 'tag_not_found']);
    const customer = await t.login('ec.admin@demo.onsite.test');
    expect((await t.post('/api/company/renameTag', { companyId, from: 'fleet', to: 'x' }, customer)).status).toBe(404);
  });
});
