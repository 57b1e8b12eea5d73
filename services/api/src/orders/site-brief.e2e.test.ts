import { DateTime } from 'luxon';
import { quoteRequestBody } from '../test-support/order-bodies.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';

type Created = { data: { _id: string; refId: string; version: number; status: string } };
type Refused = { error: string; details: { path: string; code: string }[] };
type Detail = { data: { content: { additionalInformation: Record<string, unknown> } } };

/** The site brief (D213): what the technicians meet on site, checked when the request is submitted. */
describe('the site brief of a quote request', () => {
  let t: TestApp;
  let customer: string;
  beforeAll(async () => {
    t = await startTestApp();
    customer = await t.login('ec.admin@demo.onsite.test');
  });
  afterAll(async () => t.close());

  const day = (days: number) => DateTime.now().setZone('Europe/London').plus({ days }).toISODate()!;
  const withBrief = (brief: Record<string, unknown>) => {
    const body = quoteRequestBody();
    return { ...body, content: { ...body.content, additionalInformation: { ...body.content.additionalInformation, ...brief } } };
  };
  const submit = async (brief: Record<string, unknown>) => {
    const created = await t.post<Created>('/api/order/create', withBrief(brief), customer);
    expect(created.status).toBe(200);
    const { _id, refId } = created.body.data;
    const submitted = await t.post<Created | Refused>('/api/order/submit', { orderId: _id, version: 1, disclaimerAccepted: true }, customer);
    return { orderId: _id, refId, submitted };
  };

  it('keeps a site walk, certificates, allergens, environments and tools as the customer entered them', async () => {
    const brief = {
      siteWalk: true,
      siteWalkDate: day(20),
      selectedCertificates: ['safety_passport', 'working_at_heights'],
      selectedAllergies: ['nuts'],
      selectedEnvironments: [
        { key: 'food_processing', name: 'food_processing' },
        { key: 'other', name: 'other', value: 'Paint shop next door' },
      ],
      toolsRequiredByCustomer: 'Torque wrench 40–200 Nm',
    };
    const { refId, submitted } = await submit(brief);
    expect(submitted.status).toBe(200);
    expect((submitted.body as Created).data.status).toBe('REQUESTED_QUOTE');
    const detail = await t.post<Detail>('/api/order/getByRefId', { refId }, customer);
    expect(detail.body.data.content.additionalInformation).toMatchObject(brief);
  });

  it('refuses each broken rule at its field and writes nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ siteWalk: true }, 'additionalInformation.siteWalkDate', 'required'],
      [{ siteWalk: true, siteWalkDate: day(-2) }, 'additionalInformation.siteWalkDate', 'date_in_past'],
      [{ siteWalk: true, siteWalkDate: day(45) }, 'additionalInformation.siteWalkDate', 'site_walk_after_start'],
      [{ siteWalkDate: day(10) }, 'additionalInformation.siteWalkDate', 'site_walk_not_wanted'],
      [{ selectedCertificates: ['pilot_licence'] }, 'additionalInformation.selectedCertificates.0', 'unknown_option'],
      [{ selectedEnvironments: [{ key: 'other', name: 'other' }] }, 'additionalInformation.selectedEnvironments.0.value', 'required'],
    ];
    for (const [brief, path, code] of cases) {
      const { orderId, submitted } = await submit(brief);
      expect([submitted.status, (submitted.body as Refused).error]).toEqual([400, 'validation_error']);
      expect((submitted.body as Refused).details).toContainEqual(expect.objectContaining({ path, code }));
      // The draft stays as it was: only its creation is in its stream.
      expect((await t.runtime.eventStore.readStream(`order-${orderId}`)).map((e) => e.type)).toEqual(['CREATE']);
    }
  });
});
