import { expect, request as apiRequest, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { texts } from './i18n';
import { apiUploadPdf, expectAccessible, logIn, PASSWORD, screenshot } from './staff-support';

interface OrderRef {
  _id: string;
  refId: string;
  version: number;
}

/** Set-up through the api (not under test): a customer's quote request, staff's offer, the customer's acceptance. */
async function acceptedOrder(customer: string): Promise<OrderRef> {
  const api = await apiRequest.newContext({ baseURL: test.info().project.use.baseURL });
  const as = async (email: string) => ((await (await api.post('/api/log-in', { data: { email, password: PASSWORD } })).json()) as { token: string }).token;
  const post = async (token: string, path: string, data: unknown) => {
    const r = await api.post(path, { data, headers: { authorization: `Bearer ${token}` } });
    expect(r.status(), `${path}: ${await r.text()}`).toBe(200);
    return ((await r.json()) as { data: OrderRef & { openOfferId: string } }).data;
  };
  const customerToken = await as(customer);
  const staff = await as('bl.admin@demo.onsite.test');
  // Other specs edit the demo companies; an offer can only be accepted once the company profile is complete.
  const profile = (await (await api.post('/api/user/getProfile', { data: {}, headers: { authorization: `Bearer ${customerToken}` } })).json()) as {
    data: { company: { _id: string } };
  };
  await post(staff, '/api/admin/company/update', { companyId: profile.data.company._id, completed: true });
  const start = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const draft = await post(customerToken, '/api/order/create', {
    creationType: 'QUOTE_REQUEST',
    content: {
      location: { name: 'Audit plant', addressLine1: 'Hafenstraße 1', city: 'Hamburg', postCode: '20095', country: 'de', timeZone: 'Europe/Berlin' },
      timeframes: [{ date: { from: `${start}T08:00:00`, to: `${start}T17:00:00` } }],
      services: [{ serviceId: 'svc-calibration' }],
      additionalInformation: { serviceTechnicians: { expectedNumberOfTechnicians: 1 } },
    },
  });
  const requested = await post(customerToken, '/api/order/submit', { orderId: draft._id, version: draft.version, disclaimerAccepted: true });
  const sales = await as('bl.sales@demo.onsite.test');
  const offered = await post(sales, '/api/order/offer', {
    orderId: requested._id,
    version: requested.version,
    pdf: await apiUploadPdf(api, sales),
    expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    externalComment: 'One technician, one day.',
  });
  const { openOfferId } = await post(customerToken, '/api/order/getByRefId', { refId: offered.refId });
  await post(customerToken, '/api/order/accept', {
    orderId: offered._id,
    version: offered.version,
    offerID: openOfferId,
    po: 'PO-AUDIT-1',
    tc: true,
    billingAddress: {
      id: 'b-1',
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ap@example.test',
      department: 'AP',
      addressLine1: '1 Way',
      addressCity: 'Hamburg',
      addressPostCode: '20095',
      addressCountry: 'de',
      taxNumber: 'DE1',
    },
  });
  await api.dispose();
  return offered;
}

/** Presses 'show as of this event' on the offer row: the moment just before the acceptance. */
async function stepBackToTheOffer(page: Page, lang: 'en' | 'de') {
  const t = texts(lang);
  const offerRow = page.locator('[data-testid="event-row"][data-event="OFFER"]');
  await offerRow.getByRole('button', { name: new RegExp(t('orderEvent.OFFER')) }).click();
  await expect(page).toHaveURL(/[?&]asOfEvent=/);
  const banner = page.getByTestId('historical-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(t('audit.historical.title'));
  // The status of that moment: offered, not yet submitted; the acceptance is not in the table.
  await expect(page.locator('[data-status="OFFERED"]').first()).toBeVisible();
  await expect(page.locator('[data-status="ORDER_SUBMITTED"]')).toHaveCount(0);
  await expect(page.locator('[data-testid="event-row"][data-event="ACCEPT_OFFER"]')).toHaveCount(0);
}

test('an auditor steps back to the moment before acceptance and downloads the evidence pack (en)', async ({ page }) => {
  const t = texts('en');
  const order = await acceptedOrder('ec.admin@demo.onsite.test');
  await logIn(page, 'bl.auditor@demo.onsite.test');
  await page.goto(`/en/order/${order.refId}`);
  await expect(page.locator('[data-testid="event-row"][data-event="ACCEPT_OFFER"]')).toBeVisible();
  await expect(page.locator('[data-status="ORDER_SUBMITTED"]').first()).toBeVisible();

  await stepBackToTheOffer(page, 'en');
  // Nothing can be done in the past: no accept or reject, also on the offer tab.
  await page.getByRole('tab', { name: t('orders.detail.tabs.offer'), exact: true }).click();
  await expect(page.getByTestId('historical-banner')).toBeVisible();
  await expect(page.getByTestId('accept-offer')).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, 'audit-historical-en');

  await page.getByRole('button', { name: t('audit.historical.backToNow') }).click();
  await expect(page.getByTestId('historical-banner')).toHaveCount(0);
  await expect(page.locator('[data-status="ORDER_SUBMITTED"]').first()).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: t('audit.evidence.json') }).click();
  const file = await (await download).path();
  const pack = JSON.parse(readFileSync(file, 'utf8')) as {
    order: { refId: string };
    acceptance: { purchaseOrder: { number: string }; acceptedBy: { email: string } };
    offer: { document: { sha256: string } };
    eventChain: { events: { type: string }[] };
  };
  expect(pack.order.refId).toBe(order.refId);
  expect(pack.acceptance).toMatchObject({ purchaseOrder: { number: 'PO-AUDIT-1' }, acceptedBy: { email: 'ec.admin@demo.onsite.test' } });
  expect(pack.offer.document.sha256).toMatch(/^[0-9a-f]{64}$/);
  expect(pack.eventChain.events.map((e) => e.type)).toEqual(['CREATE', 'GET_QUOTE', 'OFFER', 'ACCEPT_OFFER']);
  await screenshot(page, 'audit-order-auditor-en');
});

test("a customer's admin sees their order as of the offer, in German (de)", async ({ page }) => {
  const t = texts('de');
  const order = await acceptedOrder('ec2.admin@demo.onsite.test');
  await page.goto('/de/login');
  await page.getByLabel(new RegExp(`^${t('fields.email')}`)).fill('ec2.admin@demo.onsite.test');
  await page.getByLabel(new RegExp(`^${t('fields.password')}\\s*\\*?$`)).fill(PASSWORD);
  await page.getByRole('button', { name: t('actions.login'), exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/de/order/${order.refId}`);
  await stepBackToTheOffer(page, 'de');
  await expect(page.getByRole('button', { name: t('audit.historical.backToNow') })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'audit-historical-de');
});
