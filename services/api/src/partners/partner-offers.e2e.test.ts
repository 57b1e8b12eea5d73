import type { PartnerOfferContent } from '@onsite/domain';
import type { PartnerOfferList } from '@onsite/contracts';
import { startTestApp, type TestApp } from '../test-support/test-app.js';

type Data<T> = { data: T };
type Failure = { error: string; message: string };

const today = () => new Date().toISOString().slice(0, 10);
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const content = (over: Partial<PartnerOfferContent> = {}): PartnerOfferContent => ({
  type: 'TRAINING',
  partnerName: 'Alpine Safety School',
  title: { en: 'Working at height, certified', de: 'Arbeiten in der Höhe, zertifiziert' },
  description: { en: 'One-day course for your crew.', de: 'Eintägiger Kurs für Ihr Team.' },
  keywords: ['safety', 'height'],
  products: ['Harness course'],
  countries: ['ch'],
  validFrom: day(-1),
  validTo: day(30),
  ...over,
});

describe('partner offers', () => {
  let t: TestApp;
  let staff: string;
  let planner: string;
  let oemSwiss: string;
  let ecUk: string;
  let ecGerman: string;

  beforeAll(async () => {
    t = await startTestApp();
    [staff, planner, oemSwiss, ecUk, ecGerman] = await Promise.all([
      t.login('bl.sales@demo.onsite.test'),
      t.login('bl.planner@demo.onsite.test'),
      t.login('oem.admin@demo.onsite.test'),
      t.login('ec.admin@demo.onsite.test'),
      t.login('ec2.admin@demo.onsite.test'),
    ]);
  });
  afterAll(async () => t.close());

  const list = async (token: string, body: Record<string, unknown> = {}) =>
    (await t.post<Data<PartnerOfferList>>('/api/partner-offers/list', body, token)).body.data.items;

  it('shows a customer only the seeded offers running today in their country, in their language, without the editable content', async () => {
    const uk = await list(ecUk);
    expect(uk.length).toBeGreaterThan(0);
    expect(uk.every((o) => o.phase === 'CURRENT' && o.countries.includes('uk') && o.validFrom <= today() && o.validTo >= today())).toBe(true);
    expect(uk.every((o) => o.content == null)).toBe(true);
    // Financing starts next month, lubricants ended last month: neither is shown.
    expect(uk.map((o) => o.partnerName)).not.toContain('Meridian Equipment Finance');
    const german = await list(ecGerman, { lang: 'de' });
    expect(german.map((o) => o.partnerName)).not.toContain('Kühl & Schmier AG');
    expect(german.find((o) => o.partnerName === 'Rheinwerk Ersatzteile GmbH')?.title).toBe('Originalersatzteile mit Lieferung am nächsten Tag');
    // Untranslated texts fall back to English.
    const portuguese = await list(ecUk, { lang: 'pt' });
    expect(portuguese.find((o) => o.partnerName === 'Thames Technical Academy')?.title).toBe('Operator training for your maintenance team');
  });

  it('lets staff publish, edit and retire an offer; customers of its country see it exactly while it runs', async () => {
    const created = await t.post<Data<{ offerId: string; version: number }>>('/api/partner-offers/create', { content: content() }, staff);
    expect(created.status).toBe(200);
    const { offerId, version } = created.body.data;
    expect((await list(oemSwiss)).map((o) => o.offerId)).toContain(offerId);
    expect((await list(ecUk)).map((o) => o.offerId)).not.toContain(offerId);

    const staffView = (await list(planner, { search: 'alpine HARNESS' })).find((o) => o.offerId === offerId);
    expect(staffView).toMatchObject({ phase: 'CURRENT', version, content: { title: { de: 'Arbeiten in der Höhe, zertifiziert' } } });

    // Moved to start next week: scheduled for staff, gone for the customer.
    const updated = await t.post<Data<{ version: number }>>(
      '/api/partner-offers/update',
      { offerId, version, content: content({ validFrom: day(7), countries: ['ch', 'uk'] }) },
      staff,
    );
    expect(updated.status).toBe(200);
    expect((await list(oemSwiss)).map((o) => o.offerId)).not.toContain(offerId);
    expect((await list(staff, { phases: ['SCHEDULED'] })).map((o) => o.offerId)).toContain(offerId);

    // An edit at the old version is a conflict, and writes nothing.
    const stale = await t.post<Failure>('/api/partner-offers/update', { offerId, version, content: content({ partnerName: 'Overwritten' }) }, planner);
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe('version_conflict');

    const retired = await t.post<Data<{ version: number }>>(
      '/api/partner-offers/retire',
      { offerId, version: updated.body.data.version, reason: 'Partner left the marketplace.' },
      staff,
    );
    expect(retired.status).toBe(200);
    expect((await list(staff)).map((o) => o.offerId)).not.toContain(offerId);
    const inRetired = (await list(staff, { phases: ['RETIRED'] })).find((o) => o.offerId === offerId);
    expect(inRetired).toMatchObject({ phase: 'RETIRED', partnerName: 'Alpine Safety School' });
    const again = await t.post<Failure>('/api/partner-offers/update', { offerId, version: retired.body.data.version, content: content() }, staff);
    expect([again.status, again.body.error]).toEqual([409, 'partner_offer_retired']);
  });

  it('refuses bad input with validation_error and writes nothing', async () => {
    const before = (await list(staff, { phases: ['SCHEDULED', 'CURRENT', 'EXPIRED', 'RETIRED'] })).length;
    const backwards = await t.post<Failure & { details: { path: string }[] }>(
      '/api/partner-offers/create',
      { content: content({ validFrom: day(10), validTo: day(2) }) },
      staff,
    );
    expect([backwards.status, backwards.body.error]).toEqual([400, 'validation_error']);
    expect(JSON.stringify(backwards.body.details)).toContain('validTo');
    const noCountry = await t.post<Failure>('/api/partner-offers/create', { content: content({ countries: [] }) }, staff);
    expect([noCountry.status, noCountry.body.error]).toEqual([400, 'validation_error']);
    const badLink = await t.post<Failure>('/api/partner-offers/create', { content: { ...content(), link: 'javascript:alert(1)' } }, staff);
    expect([badLink.status, badLink.body.error]).toEqual([400, 'validation_error']);
    expect((await list(staff, { phases: ['SCHEDULED', 'CURRENT', 'EXPIRED', 'RETIRED'] })).length).toBe(before);
  });

  it('refuses customers every write; an offer they may not manage is unknown to them', async () => {
    const created = await t.post<Failure>('/api/partner-offers/create', { content: content() }, oemSwiss);
    expect([created.status, created.body.error]).toEqual([403, 'forbidden']);
    const [visible] = await list(oemSwiss);
    const retire = await t.post<Failure>('/api/partner-offers/retire', { offerId: visible!.offerId, version: visible!.version }, oemSwiss);
    expect(retire.status).toBe(404);
    expect((await t.post<Failure>('/api/partner-offers/list', {})).status).toBe(401);
  });

  it('of two concurrent edits at one version exactly one wins', async () => {
    const { offerId, version } = (
      await t.post<Data<{ offerId: string; version: number }>>('/api/partner-offers/create', { content: content({ partnerName: 'Race Partner' }) }, staff)
    ).body.data;
    const results = await Promise.all(
      ['A', 'B'].map((suffix) =>
        t.post(
          '/api/partner-offers/update',
          { offerId, version, content: content({ partnerName: `Race Partner ${suffix}` }) },
          suffix === 'A' ? staff : planner,
        ),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});
