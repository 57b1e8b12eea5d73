import { billingAddressField, companyStreamId } from '@onsite/domain';
import { type CompanyViewData as CompanyView } from '@onsite/contracts';
import { openRuntime } from '../bootstrap.js';
import { loadConfig } from '../config/config.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { demoId, seedDemoData } from './demo-seed.js';

/** The demo companies with their country and admin (the main contact). */
const COMPANIES = [
  { uid: 'ONS-0001', country: 'de', admin: 'bl.admin@demo.onsite.test' },
  { uid: 'OEM-1001', country: 'ch', admin: 'oem.admin@demo.onsite.test' },
  { uid: 'OEM-1002', country: 'us', admin: 'oem2.admin@demo.onsite.test' },
  { uid: 'EC-2001', country: 'uk', admin: 'ec.admin@demo.onsite.test' },
  { uid: 'EC-2002', country: 'de', admin: 'ec2.admin@demo.onsite.test' },
] as const;

/** What the company-information screen computes on save (web CompanyForm): general data, main contact, a billing address. */
const completeAsTheFormSees = (c: CompanyView): boolean =>
  [c.name, c.address?.addressLine1, c.address?.postCode, c.address?.city, c.contactPersonFirstName, c.contactPersonLastName, c.contactPersonEmail].every(
    (v) => !!v?.trim(),
  ) && c.billingAddresses.length > 0;

describe('the demo companies', () => {
  let t: TestApp;
  let staff: string;
  const company = async (uid: string, token = staff) => (await t.post<{ data: CompanyView }>('/api/company/getByUID', { uid }, token)).body.data as CompanyView;
  beforeAll(async () => {
    t = await startTestApp();
    staff = await t.login('bl.admin@demo.onsite.test');
  });
  afterAll(async () => t.close());

  it('are complete as the company-information screen counts it: main contact, invoice e-mail, one billing address in their country', async () => {
    for (const { uid, country, admin } of COMPANIES) {
      const c = await company(uid);
      expect([uid, c.completed, completeAsTheFormSees(c)]).toEqual([uid, true, true]);
      expect(c).toMatchObject({ country, contactPersonEmail: admin, invoiceEmail: expect.stringMatching(/@demo\.onsite\.test$/) });
      expect(c.billingAddresses).toHaveLength(1);
      const [address] = c.billingAddresses;
      expect(address).toMatchObject({
        addressCountry: country,
        email: admin,
        firstName: c.contactPersonFirstName,
        lastName: c.contactPersonLastName,
        invoiceEmail: c.invoiceEmail,
      });
      // The domain's rules for a billing address hold (a state outside the UK).
      const { _id, ...input } = address!;
      expect(billingAddressField.safeParse(input).success).toBe(true);
      expect([uid, !!address!.addressState]).toEqual([uid, country !== 'uk']);
    }
  });

  it('seed once: a second run adds nothing, and a company its admin has edited is left as they made it', async () => {
    expect(await seedDemoData(t.runtime)).toEqual({ created: 0 });
    const admin = await t.login('ec2.admin@demo.onsite.test');
    const before = await company('EC-2002', admin);
    await t.post('/api/company/delete-billing-address', { companyId: before._id, billingAddressId: before.billingAddresses[0]!._id }, admin);
    expect(await seedDemoData(t.runtime)).toEqual({ created: 0 });
    expect((await company('EC-2002', admin)).billingAddresses).toEqual([]);
  });
});

describe('a data directory seeded before the demo companies had a main contact and a billing address', () => {
  it('has its untouched demo companies completed on the next start', async () => {
    const config = loadConfig({ PROFILE: 'embedded', DATA_DIR: 'memory://', WEB_DIST: '/nonexistent', LOG_LEVEL: 'error' });
    // In memory, as the test servers are (the loaded DATA_DIR is a resolved path).
    const runtime = await openRuntime({ ...config, dataDir: 'memory://' });
    try {
      const companyId = demoId('company:ec');
      const occurredAt = runtime.clock().toISOString();
      await runtime.eventStore.appendToStream(
        companyStreamId(companyId),
        [
          {
            type: 'COMPANY_REGISTERED',
            data: {
              companyId,
              uid: 'EC-2001',
              name: 'Thames Precision Ltd',
              type: 'EC',
              country: 'uk',
              address: { addressLine1: '14 Riverside Way', city: 'Reading', postCode: 'RG1 8DB' },
              completed: true,
            },
            metadata: { actorUserId: 'system', correlationId: 'old-seed', causationId: 'old-seed', occurredAt },
          },
        ],
        0,
      );
      await seedDemoData(runtime);
      const events = await runtime.eventStore.readStream(companyStreamId(companyId));
      expect(events.map((e) => e.type)).toEqual(['COMPANY_REGISTERED', 'COMPANY_UPDATED', 'BILLING_ADDRESS_ADDED']);
      expect(events[1]!.data).toMatchObject({
        changes: { contactPersonFirstName: 'Oliver', contactPersonLastName: 'Bennett', contactPersonEmail: 'ec.admin@demo.onsite.test', completed: true },
      });
    } finally {
      await runtime.close();
    }
  });
});
