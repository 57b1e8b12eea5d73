import { DEMO_SERVICES } from '../seed/demo-catalogue.js';
import { DEMO_COUPONS } from '../seed/demo-coupons.js';
import { demoUsers, DEMO_PASSWORD } from '../seed/demo-seed.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';

type Profile = { _id: string; email: string; type: string; role: string; company: { _id: string; uid: string } };

/**
 * Every identity and company endpoint, called by every demo (type, role) for their own company and for another
 * tenant's. Expected outcomes follow docs/security.md; another tenant's data never comes back.
 */
describe('authorization matrix for users and companies', () => {
  let t: TestApp;
  const tokens = new Map<string, string>();
  const profiles = new Map<string, Profile>();
  let otherEc: Profile;
  let otherOem: Profile;

  beforeAll(async () => {
    t = await startTestApp();
    for (const u of [...demoUsers().map((d) => d.email)]) {
      const r = await t.post<{ data: { profile: Profile } }>('/api/log-in', { email: u, password: DEMO_PASSWORD }, undefined, {
        'x-forwarded-for': `10.1.${tokens.size}.1`,
      });
      tokens.set(u, r.body.token!);
      profiles.set(u, (r.body.data as { profile: Profile }).profile);
    }
    otherEc = profiles.get('ec2.planner@demo.onsite.test')!;
    otherOem = profiles.get('oem2.planner@demo.onsite.test')!;
  });
  afterAll(async () => t.close());

  const callers = () => demoUsers().filter((u) => !u.email.startsWith('ec2.') && !u.email.startsWith('oem2.'));

  it('lets staff, and admins of their own company, list and read users; nobody reads another tenant', async () => {
    for (const caller of callers()) {
      const token = tokens.get(caller.email)!;
      const me = profiles.get(caller.email)!;
      const own = await t.post<{ data: Profile[] }>('/api/company/getUsers', { companyId: me.company._id }, token);
      const mayList = caller.type === 'BL' || caller.role === 'ADMIN' || (caller.type === 'OEM' && caller.role !== 'MANAGEMENT');
      expect([caller.email, own.status]).toEqual([caller.email, mayList ? 200 : 403]);
      const foreign = caller.type === 'OEM' ? otherOem : otherEc;
      const other = await t.post('/api/company/getUsers', { companyId: foreign.company._id }, token);
      expect([caller.email, other.status]).toEqual([caller.email, caller.type === 'BL' ? 200 : 404]);

      const list = await t.post<{ data: { items: Profile[] } }>('/api/user/list', { pageSize: 100 }, token);
      if (caller.type === 'BL') expect(list.status).toBe(200);
      else if (mayList) expect((list.body.data as { items: Profile[] }).items.every((u) => u.company._id === me.company._id)).toBe(true);
      else expect(list.status).toBe(403);
    }
  });

  it('lets staff find the customer users they may act for by company name, never a staff user; customers stay in their company', async () => {
    const staff = tokens.get('bl.admin@demo.onsite.test')!;
    const found = await t.post<{ data: { items: Profile[]; total: number } }>(
      '/api/user/list',
      { search: 'kessler', filter: { types: ['OEM', 'EC'], status: 'ACTIVE' } },
      staff,
    );
    expect(found.status).toBe(200);
    const items = found.body.data.items;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((u) => u.type === 'OEM' && u.email.startsWith('oem.'))).toBe(true);
    const customersOnly = await t.post<{ data: { items: Profile[] } }>('/api/user/list', { pageSize: 100, filter: { types: ['OEM', 'EC'] } }, staff);
    expect(customersOnly.body.data.items.some((u) => u.type === 'BL')).toBe(false);
    // A customer admin searching another company's name finds nobody: the list stays scoped to their company.
    const ecAdmin = tokens.get('ec.admin@demo.onsite.test')!;
    const foreign = await t.post<{ data: { items: Profile[] } }>('/api/user/list', { search: 'kessler', filter: { types: ['OEM', 'EC'] } }, ecAdmin);
    expect(foreign.body.data.items).toEqual([]);
    expect((await t.post('/api/user/list', { filter: { types: ['ROBOT'] } }, staff)).body).toMatchObject({ error: 'validation_error' });
  });

  it('lets only staff and the own company admin manage users; other tenants get user_not_found', async () => {
    for (const caller of callers()) {
      const token = tokens.get(caller.email)!;
      const me = profiles.get(caller.email)!;
      const colleague = [...profiles.values()].find((p) => p.company._id === me.company._id && p.role === 'SUPERVISOR')!;
      // The auditor (BL, read-only) reads like staff and is refused every change (403), its own company's or another's.
      const auditor = caller.role === 'AUDITOR';
      const manages = (caller.type === 'BL' && !auditor) || caller.role === 'ADMIN';
      const tag = await t.post('/api/user/addTag', { userId: colleague._id, tag: `t-${caller.role}` }, token);
      expect([caller.email, tag.status]).toEqual([caller.email, manages ? 200 : 403]);
      const foreign = await t.post('/api/user/addTag', { userId: otherEc._id, tag: 'x' }, token);
      expect([caller.email, foreign.status]).toEqual([caller.email, auditor ? 403 : caller.type === 'BL' ? 200 : 404]);
      if (caller.type !== 'BL') expect(JSON.stringify(foreign.body)).not.toContain(otherEc.email);
      const activate = await t.post('/api/admin/user/activate', { id: otherOem._id }, token);
      expect([caller.email, activate.status]).toEqual([caller.email, auditor ? 403 : caller.type === 'BL' ? 200 : 404]);
    }
  });

  it('keeps staff-only tools for staff: consents reset, force login, staff fields, companies list and tags', async () => {
    for (const caller of callers()) {
      const token = tokens.get(caller.email)!;
      const me = profiles.get(caller.email)!;
      const staff = caller.type === 'BL';
      const auditor = caller.role === 'AUDITOR';
      const expectStatus = (r: { status: number }, ok: number, label: string, write = true) =>
        expect([caller.email, label, r.status]).toEqual([caller.email, label, staff && auditor && write ? 403 : staff ? 200 : ok]);
      expectStatus(await t.post('/api/resetUserConsents', { userId: otherEc._id }, token), 404, 'consents-foreign');
      expectStatus(await t.post('/api/admin/force/login', { userId: otherOem._id }, token), 404, 'force');
      expectStatus(await t.post('/api/company/list', {}, token), 403, 'companies', false);
      expectStatus(await t.post('/api/company/findTag', { tag: '' }, token), 403, 'findTag', false);
      expectStatus(await t.post('/api/company/addTag', { companyId: otherEc.company._id, tag: 'key-account' }, token), 404, 'addTag');
      if (!staff && caller.role === 'ADMIN') {
        const colleague = [...profiles.values()].find((p) => p.company._id === me.company._id && p.role === 'PLANNER')!;
        const r = await t.post('/api/user/update', { userId: colleague._id, hasKibanaAccess: true }, token);
        expect(r.status).toBe(403);
      }
    }
    const list = await t.post<{ data: { items: { uid: string; tags: string[]; contactPerson: string | null }[]; total: number; pageSize: number } }>(
      '/api/company/list',
      { pageSize: 10, filter: { tag: 'key-account' } },
      tokens.get('bl.planner@demo.onsite.test'),
    );
    expect(list.body.data).toMatchObject({ total: 1, pageSize: 10, items: [{ uid: 'EC-2002', tags: ['key-account'] }] });
    const found = await t.post<{ data: string[] }>('/api/company/findTag', { tag: 'KEY' }, tokens.get('bl.planner@demo.onsite.test'));
    expect(found.body.data).toEqual(['key-account']);
  });

  it('lets company admins and staff edit the company and its billing addresses; others of the company are refused', async () => {
    const address = {
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ap@thames.test',
      department: 'Accounts',
      addressLine1: '1 Quay',
      addressCity: 'Reading',
      addressPostCode: 'RG1 1AA',
      addressCountry: 'uk',
      taxNumber: 'GB123',
    };
    for (const caller of callers()) {
      const token = tokens.get(caller.email)!;
      const me = profiles.get(caller.email)!;
      const read = await t.post('/api/company/getByUID', { uid: me.company.uid }, token);
      expect(read.status).toBe(200);
      expect((await t.post('/api/company/getByUID', { uid: otherEc.company.uid }, token)).status).toBe(caller.type === 'BL' ? 200 : 404);
      const auditor = caller.role === 'AUDITOR';
      const edits = (caller.type === 'BL' && !auditor) || caller.role === 'ADMIN';
      const added = await t.post('/api/company/add-billing-address', { companyId: me.company._id, billingAddress: address }, token);
      expect([caller.email, added.status]).toEqual([caller.email, edits ? 200 : 403]);
      const foreign = await t.post('/api/company/add-billing-address', { companyId: otherEc.company._id, billingAddress: address }, token);
      expect([caller.email, foreign.status]).toEqual([caller.email, auditor ? 403 : caller.type === 'BL' ? 200 : 404]);
    }
  });
});

describe('users and companies: lifecycle and rules', () => {
  let t: TestApp;
  let n = 0;
  const login = async (email: string, password = DEMO_PASSWORD) => {
    const r = await t.post('/api/log-in', { email, password }, undefined, { 'x-forwarded-for': `10.2.0.${++n}` });
    return r.body.token!;
  };
  const profile = async (token: string) => (await t.post<{ data: Profile }>('/api/user/getProfile', {}, token)).body.data as Profile;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('invites a user, who sets a password once and becomes ACTIVE', async () => {
    const admin = await login('ec.admin@demo.onsite.test');
    const bad = await t.post('/api/admin/user/invite', { email: 'x', firstName: '', lastName: 'L', role: 'ADMIN', communicationChannels: ['sms'] }, admin);
    expect(bad.body.details?.map((d) => d.path)).toEqual(expect.arrayContaining(['email', 'firstName']));
    expect(
      (
        await t.post(
          '/api/admin/user/invite',
          { email: 'n@thames.test', firstName: 'N', lastName: 'L', role: 'ADMIN', communicationChannels: ['email', 'sms'] },
          admin,
        )
      ).body.details?.[0]?.code,
    ).toBe('phone_required');
    expect(
      (await t.post('/api/admin/user/invite', { email: 'm@thames.test', firstName: 'M', lastName: 'L', role: 'MANAGEMENT' }, admin)).body.details?.[0]?.code,
    ).toBe('invalid_role');
    expect(
      (await t.post('/api/admin/user/invite', { email: 's@thames.test', firstName: 'S', lastName: 'L', role: 'SUPERVISOR' }, admin)).body.details?.[0]?.path,
    ).toBe('phone');
    expect(
      (await t.post('/api/admin/user/invite', { email: 'ec.planner@demo.onsite.test', firstName: 'S', lastName: 'L', role: 'PLANNER' }, admin)).body.error,
    ).toBe('email_used');

    const invited = await t.post<{ data: Profile & { status: string } }>(
      '/api/admin/user/invite',
      {
        email: 'New.Planner@Thames.test',
        firstName: 'Nia',
        lastName: 'Moss',
        phone: '+447911123457',
        role: 'PLANNER',
        communicationChannels: ['email', 'sms', 'whatsapp'],
      },
      admin,
    );
    expect(invited.body.data).toMatchObject({ email: 'new.planner@thames.test', status: 'INVITED' });
    const staffAdmin = await login('bl.admin@demo.onsite.test');
    const messages = (await t.get<{ data: { kind: string; link: string }[] }>('/api/dev/outbox?to=new.planner@thames.test', staffAdmin)).body;
    expect(messages.data[0]).toMatchObject({ kind: 'invitation' });
    const sms = (await t.get<{ data: { channel: string }[] }>('/api/dev/outbox?to=%2B447911123457', staffAdmin)).body;
    expect(sms.data.map((m) => m.channel).sort()).toEqual(['sms', 'whatsapp']);
    const token = new URL(messages.data[0]!.link).searchParams.get('token');
    expect((await t.post('/api/log-in', { email: 'new.planner@thames.test', password: 'Planner-pass-1' })).body.error).toBe('invalid_credentials');
    expect((await t.post('/api/user/set-password', { token, password: 'Planner-pass-1', confirmPassword: 'Planner-pass-1' })).status).toBe(200);
    expect((await t.post('/api/user/set-password', { token, password: 'Planner-pass-1', confirmPassword: 'Planner-pass-1' })).body.error).toBe('invalid_token');
    expect((await profile(await login('new.planner@thames.test', 'Planner-pass-1'))).email).toBe('new.planner@thames.test');
  });

  it('refuses to delete the last active admin and a responsible person; archive hands over and ends sessions', async () => {
    const staff = await login('bl.admin@demo.onsite.test');
    const ecAdmin = await profile(await login('ec2.admin@demo.onsite.test'));
    const plannerToken = await login('ec2.planner@demo.onsite.test');
    const planner = await profile(plannerToken);
    const sales = await profile(await login('ec2.quotation_only@demo.onsite.test'));
    expect((await t.post('/api/admin/user/delete', { id: ecAdmin._id }, staff)).body.error).toBe('last_company_admin');
    expect((await t.post('/api/admin/user/delete', { id: planner._id }, staff)).body.error).toBe('last_responsible_user');
    const archived = await t.post<{ data: { status: string } }>('/api/admin/user/archive', { id: planner._id, newResponsiblePerson: sales._id }, staff);
    expect(archived.body.data).toMatchObject({ status: 'DELETED' });
    expect((await t.post('/api/user/getProfile', {}, plannerToken)).status).toBe(401);
    expect((await t.post('/api/log-in', { email: 'ec2.planner@demo.onsite.test', password: DEMO_PASSWORD })).body.error).toBe('user_deleted');
    const company = await t.post<{ data: { responsibleUserId: string } }>('/api/company/getByUID', { uid: 'EC-2002' }, staff);
    expect(company.body.data).toMatchObject({ responsibleUserId: sales._id });
    const supervisorToken = await login('ec2.supervisor@demo.onsite.test');
    const supervisor = await profile(supervisorToken);
    expect((await t.post('/api/admin/user/delete', { id: supervisor._id }, staff)).status).toBe(200);
    expect((await t.post('/api/user/getProfile', {}, supervisorToken)).status).toBe(401);
    expect((await t.post<{ data: { status: string } }>('/api/admin/user/activate', { id: supervisor._id }, staff)).body.data).toMatchObject({
      status: 'ACTIVE',
    });
  });

  it('applies the role rules: MANAGEMENT forces dashboard access, staff set countries, and the staff filter scopes orders', async () => {
    const staff = await login('bl.admin@demo.onsite.test');
    const oemSales = await profile(await login('oem.sales@demo.onsite.test'));
    const r = await t.post<{ data: { role: string; hasKibanaAccess: boolean; countriesToOrder: string[] } }>(
      '/api/user/update',
      { userId: oemSales._id, role: 'MANAGEMENT', countriesToOrder: ['de', 'ch'] },
      staff,
    );
    expect(r.body.data).toMatchObject({ role: 'MANAGEMENT', hasKibanaAccess: true, countriesToOrder: ['de', 'ch'] });
    const ecPlanner = await profile(await login('ec.planner@demo.onsite.test'));
    expect((await t.post('/api/user/update', { userId: ecPlanner._id, countriesToOrder: ['de'] }, staff)).body.details?.[0]?.path).toBe('countriesToOrder');
    expect((await t.post('/api/user/update', { userId: ecPlanner._id, password: 'alllowercase1' }, staff)).body.details?.[0]?.message).toBe(
      'The password is too weak.',
    );
    expect(
      (await t.post('/api/user/update', { userId: ecPlanner._id, notificationSettings: { emails: [], sms: false, whatsapp: false } }, staff)).body.details?.[0]
        ?.path,
    ).toBe('notificationSettings.emails');

    const blSales = await profile(await login('bl.sales@demo.onsite.test'));
    await t.post('/api/user/update', { userId: blSales._id, countriesFilter: ['us'] }, staff);
    const ec = await login('ec.admin@demo.onsite.test');
    const { quoteRequestBody } = await import('../test-support/order-bodies.js');
    const created = await t.post<{ data: { refId: string } }>('/api/order/create', quoteRequestBody(), ec);
    const filtered = await login('bl.sales@demo.onsite.test');
    const list = await t.post<{ data: { items: { refId: string }[] } }>('/api/order/list', { pageSize: 100 }, filtered);
    expect((list.body.data as { items: { refId: string }[] }).items.map((i) => i.refId)).not.toContain((created.body.data as { refId: string }).refId);
  });

  it('validates billing addresses (state optional for uk only, said with every other problem) and answers with billingAddresses', async () => {
    const admin = await login('ec.admin@demo.onsite.test');
    const me = await profile(admin);
    const base = {
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ap@thames.test',
      department: 'Accounts',
      addressLine1: '1 Quay',
      addressCity: 'Reading',
      addressPostCode: 'RG1 1AA',
      taxNumber: 'GB123',
    };
    const de = await t.post(
      '/api/company/add-billing-address',
      { companyId: me.company._id, billingAddress: { ...base, addressCountry: 'de', accountingPhoneNumber: '0711', invoiceEmail: 'x' } },
      admin,
    );
    expect(de.body.details?.map((d) => d.path).sort()).toEqual([
      'billingAddress.accountingPhoneNumber',
      'billingAddress.addressState',
      'billingAddress.invoiceEmail',
    ]);
    const noState = await t.post('/api/company/add-billing-address', { companyId: me.company._id, billingAddress: { ...base, addressCountry: 'de' } }, admin);
    expect(noState.body.details?.map((d) => d.path)).toEqual(['billingAddress.addressState']);
    // The demo company has its seeded billing address: the new one comes after it, and deleting it leaves the seeded one.
    type Addresses = { billingAddresses: { _id: string; addressCity: string }[] };
    const stored = ((await t.post<{ data: Addresses }>('/api/company/getByUID', { uid: me.company.uid }, admin)).body.data as Addresses).billingAddresses;
    expect(stored).toEqual([expect.objectContaining({ addressCity: 'Reading' })]);
    const added = await t.post<{ data: Addresses }>(
      '/api/company/add-billing-address',
      { companyId: me.company._id, billingAddress: { ...base, addressCountry: 'uk' } },
      admin,
    );
    const all = (added.body.data as Addresses).billingAddresses;
    expect(all.slice(0, stored.length)).toEqual(stored);
    const address = all[stored.length];
    const updated = await t.post<{ data: Addresses }>(
      '/api/company/update-billing-address',
      { companyId: me.company._id, billingAddress: { ...base, addressCountry: 'uk', addressCity: 'Slough', _id: address!._id } },
      admin,
    );
    expect(updated.body.data).toEqual({ billingAddresses: [...stored, expect.objectContaining({ _id: address!._id, addressCity: 'Slough' })] });
    const deleted = await t.post('/api/company/delete-billing-address', { companyId: me.company._id, billingAddressId: address!._id }, admin);
    expect(deleted.body.data).toEqual({ billingAddresses: stored });
    const done = await t.post<{ data: { completed: boolean; companyPhone: string } }>(
      '/api/company/update',
      { companyId: me.company._id, companyPhone: '+441189000000', completed: true },
      admin,
    );
    expect(done.body.data).toMatchObject({ completed: true, companyPhone: '+441189000000' });
  });

  it('lets only staff administrators change the provider content (support contacts, manuals); everyone else gets 403', async () => {
    const manuals = (
      await t.get<{ data: { id: string; createdAt: string; updatedAt: string }[] }>('/api/help-content/manuals', await login('bl.admin@demo.onsite.test'))
    ).body.data;
    // Every demo user who can still log in: an earlier test of this file archives ec2.planner.
    for (const caller of demoUsers().filter((user) => user.email !== 'ec2.planner@demo.onsite.test')) {
      const token = await login(caller.email);
      // The value already set: an administrator's command is accepted and records nothing, so the callers stay independent.
      const set = await t.post('/api/support-contacts/set-it-support', { email: 'it-support@onsite.example' }, token);
      const manages = caller.type === 'BL' && caller.role === 'ADMIN';
      expect([caller.email, set.status]).toEqual([caller.email, manages ? 200 : 403]);
      // A manual as it is (D212): the same rule, and only staff read the back office's list.
      const guide = manuals.find((m) => m.id === 'ordering-guide')!;
      const { createdAt: _created, updatedAt: _updated, ...unchanged } = guide;
      expect([caller.email, (await t.post('/api/help-content/manuals/change', unchanged, token)).status]).toEqual([caller.email, manages ? 200 : 403]);
      expect([caller.email, (await t.get('/api/help-content/manuals', token)).status]).toEqual([caller.email, caller.type === 'BL' ? 200 : 403]);
    }
  });

  it('lets only staff administrators publish legal documents; every other user gets 403, and only staff read them', async () => {
    for (const caller of demoUsers().filter((user) => user.email !== 'ec2.planner@demo.onsite.test')) {
      const token = await login(caller.email);
      // An upload id that names nothing: an administrator is answered 400 and nothing is published (no user has to
      // accept anything again); everyone else is refused before the uploads are looked at.
      const published = await t.post('/api/legal-documents/publish', { kind: 'PRIVACY_POLICY', basedOn: 0, files: { en: { uploadId: 'none' } } }, token);
      const publishes = caller.type === 'BL' && caller.role === 'ADMIN';
      expect([caller.email, published.status]).toEqual([caller.email, publishes ? 400 : 403]);
      const read = await t.get('/api/legal-documents', token);
      expect([caller.email, read.status]).toEqual([caller.email, caller.type === 'BL' ? 200 : 403]);
    }
  });

  it('lets only staff administrators and sales staff change coupons; every other user gets 403, and only staff read them', async () => {
    const welcome = DEMO_COUPONS.find((c) => c.code === 'WELCOME10')!;
    for (const caller of demoUsers().filter((user) => user.email !== 'ec2.planner@demo.onsite.test')) {
      const token = await login(caller.email);
      // The coupon as it is: an allowed caller's change is accepted and records nothing, so the callers stay independent.
      const changed = await t.post('/api/coupons/change', welcome, token);
      const manages = caller.type === 'BL' && (caller.role === 'ADMIN' || caller.role === 'SALES');
      expect([caller.email, changed.status]).toEqual([caller.email, manages ? 200 : 403]);
      const read = await t.get('/api/coupons', token);
      expect([caller.email, read.status]).toEqual([caller.email, caller.type === 'BL' ? 200 : 403]);
    }
  });

  it("lets customer administrators manage their company's API tokens and staff administrators any company's; everyone else gets 403", async () => {
    const expiresAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const ec2Admin = await profile(await login('ec2.admin@demo.onsite.test'));
    const oem2Admin = await profile(await login('oem2.admin@demo.onsite.test'));
    for (const caller of demoUsers().filter((user) => user.email !== 'ec2.planner@demo.onsite.test')) {
      const token = await login(caller.email);
      const me = await profile(token);
      const staff = caller.type === 'BL';
      const manages = caller.role === 'ADMIN';
      // Staff name a customer company (and the user a token acts as; a US one: an earlier test limits bl.sales to the US); customers their own.
      const companyId = staff ? oem2Admin.company._id : me.company._id;
      const list = await t.post('/api/api-tokens/list', { companyId }, token);
      expect([caller.email, list.status]).toEqual([caller.email, manages ? 200 : 403]);
      const created = await t.post<{ data: { token: { id: string } } }>(
        '/api/api-tokens/create',
        { name: `matrix ${caller.email}`, scope: 'orders:read', expiresAt, ...(staff ? { userId: oem2Admin._id } : {}) },
        token,
      );
      expect([caller.email, created.status]).toEqual([caller.email, manages ? 200 : 403]);
      if (manages) {
        const revoked = await t.post('/api/api-tokens/revoke', { id: created.body.data.token.id }, token);
        expect([caller.email, revoked.status]).toEqual([caller.email, 200]);
      }
      // Another tenant's tokens are not there for a customer.
      const foreignCompany = (caller.type === 'OEM' ? oem2Admin : ec2Admin).company._id;
      if (!staff && foreignCompany !== me.company._id) {
        const foreign = await t.post('/api/api-tokens/list', { companyId: foreignCompany }, token);
        expect([caller.email, foreign.status]).toEqual([caller.email, 404]);
      }
    }
  });

  it('lets only staff administrators and sales staff change the catalogue; every other user gets 403, and only staff read it whole', async () => {
    const repair = DEMO_SERVICES.find((s) => s.id === 'svc-repair')!;
    for (const caller of demoUsers().filter((user) => user.email !== 'ec2.planner@demo.onsite.test')) {
      const token = await login(caller.email);
      // The service as it is: an allowed caller's change is accepted and records nothing, so the callers stay independent.
      const changed = await t.post('/api/catalogue/services/change', repair, token);
      const published = await t.post('/api/catalogue/services/publish', { id: repair.id }, token);
      const manages = caller.type === 'BL' && (caller.role === 'ADMIN' || caller.role === 'SALES');
      expect([caller.email, changed.status, published.status]).toEqual([caller.email, manages ? 200 : 403, manages ? 200 : 403]);
      const read = await t.get('/api/catalogue/manage', token);
      expect([caller.email, read.status]).toEqual([caller.email, caller.type === 'BL' ? 200 : 403]);
    }
  });
});
