import AxeBuilder from '@axe-core/playwright';
import { expect, request as apiRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { texts } from './i18n';

const PASSWORD = 'Onsite-demo-1';
const SCREENSHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));
mkdirSync(SCREENSHOTS, { recursive: true });
const PDF = { base64: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n').toString('base64'), name: 'Offer.pdf', mime: 'application/pdf' };

type Lang = 'en' | 'de';
interface OrderRef { _id: string; refId: string; version: number }

/** Set-up through the api, as the steps not under test: a customer's quote request and staff's offer for it. */
async function offeredOrder(customer: string): Promise<OrderRef> {
  const baseURL = test.info().project.use.baseURL;
  const api = await apiRequest.newContext({ baseURL });
  const as = async (email: string) => ((await (await api.post('/api/log-in', { data: { email, password: PASSWORD } })).json()) as { token: string }).token;
  const post = async (token: string, path: string, data: unknown) => {
    const r = await api.post(path, { data, headers: { authorization: `Bearer ${token}` } });
    expect(r.status(), `${path}: ${await r.text()}`).toBe(200);
    return ((await r.json()) as { data: OrderRef }).data;
  };
  const start = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const customerToken = await as(customer);
  // Other specs edit the demo companies; an offer can only be accepted once the company profile is complete.
  const profile = (await (await api.post('/api/user/getProfile', { data: {}, headers: { authorization: `Bearer ${customerToken}` } })).json()) as { data: { company: { _id: string } } };
  const completed = await api.post('/api/admin/company/update', {
    data: { companyId: profile.data.company._id, completed: true }, headers: { authorization: `Bearer ${await as('bl.admin@demo.onsite.test')}` },
  });
  expect(completed.status(), await completed.text()).toBe(200);
  const draft = await post(customerToken, '/api/order/create', {
    creationType: 'QUOTE_REQUEST',
    content: {
      location: { name: 'E2E plant', addressLine1: 'Hafenstraße 1', city: 'Hamburg', postCode: '20095', country: 'de', timeZone: 'Europe/Berlin' },
      timeframes: [{ date: { from: `${start}T08:00:00`, to: `${start}T17:00:00` } }],
      services: [{ serviceId: 'svc-calibration' }],
      additionalInformation: { serviceTechnicians: { expectedNumberOfTechnicians: 1 } },
    },
  });
  const requested = await post(customerToken, '/api/order/submit', { orderId: draft._id, version: draft.version, disclaimerAccepted: true });
  const offered = await post(await as('bl.sales@demo.onsite.test'), '/api/order/offer', {
    orderId: requested._id, version: requested.version, pdf: PDF, expiresAt: new Date(Date.now() + 3 * 86_400_000 + 5 * 3_600_000).toISOString(), externalComment: 'Two technicians, one day.',
  });
  await api.dispose();
  return offered;
}

/** Set-up through the api: the customer accepts, staff prepare the job; the order is JOB_IN_PLANNING. */
async function jobInPlanning(customer: string): Promise<OrderRef> {
  const offered = await offeredOrder(customer);
  const api = await apiRequest.newContext({ baseURL: test.info().project.use.baseURL });
  const as = async (email: string) => ((await (await api.post('/api/log-in', { data: { email, password: PASSWORD } })).json()) as { token: string }).token;
  const staff = await as('bl.planner@demo.onsite.test');
  const detail = (await (await api.post('/api/order/getByRefId', { data: { refId: offered.refId }, headers: { authorization: `Bearer ${staff}` } })).json()) as { data: { openOfferId: string } };
  const accepted = await api.post('/api/order/accept', {
    data: { orderId: offered._id, version: offered.version, offerID: detail.data.openOfferId, po: '-', tc: true,
      billingAddress: { id: 'b-1', firstName: 'Ann', lastName: 'Lee', email: 'ap@thames.example', department: 'AP', addressLine1: '1 Way', addressCity: 'Reading', addressPostCode: 'RG1 8DB', addressCountry: 'uk', taxNumber: 'GB1' } },
    headers: { authorization: `Bearer ${await as(customer)}` },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const { version } = ((await accepted.json()) as { data: OrderRef }).data;
  const prepared = await api.post('/api/order/prepare-job', { data: { orderId: offered._id, version }, headers: { authorization: `Bearer ${staff}` } });
  expect(prepared.status(), await prepared.text()).toBe(200);
  await api.dispose();
  return offered;
}

async function bumpVersion(order: OrderRef): Promise<void> {
  const api = await apiRequest.newContext({ baseURL: test.info().project.use.baseURL });
  const token = ((await (await api.post('/api/log-in', { data: { email: 'bl.sales@demo.onsite.test', password: PASSWORD } })).json()) as { token: string }).token;
  const detail = (await (await api.post('/api/order/getByRefId', { data: { refId: order.refId }, headers: { authorization: `Bearer ${token}` } })).json()) as { data: OrderRef };
  const r = await api.post('/api/order/comment', { data: { orderId: order._id, version: detail.data.version, externalComment: 'We can also come a day earlier.' }, headers: { authorization: `Bearer ${token}` } });
  expect(r.status()).toBe(200);
  await api.dispose();
}

async function logIn(page: Page, email: string, lang: Lang) {
  const t = texts(lang);
  await page.goto(`/${lang}/login`);
  await page.getByLabel(new RegExp(`^${t('fields.email')}`)).fill(email);
  await page.getByLabel(new RegExp(`^${t('fields.password')}\\s*\\*?$`)).fill(PASSWORD);
  await page.getByRole('button', { name: t('actions.login'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/my-service-orders`));
}

async function openOffer(page: Page, lang: Lang, order: OrderRef) {
  const t = texts(lang);
  await page.goto(`/${lang}/order/${order.refId}`);
  await page.getByRole('tab', { name: t('orders.detail.tabs.offer'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${order.refId}/offer$`));
  await expect(page.getByRole('heading', { name: t('orders.offer.title') })).toBeVisible();
}

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(', ')}`)).toEqual([]);
}

async function shot(page: Page, name: string) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await page.screenshot({ path: `${SCREENSHOTS}${name}.png`, fullPage: true });
}

test('an end customer sees the offer with its countdown and accepts it with a PO and a new billing address (en)', async ({ page }) => {
  const t = texts('en');
  const order = await offeredOrder('ec.admin@demo.onsite.test');
  await logIn(page, 'ec.admin@demo.onsite.test', 'en');
  await openOffer(page, 'en', order);
  await expect(page.getByTestId('offer-countdown')).toHaveText(/Expires in 3 d (4|5) h/);
  await expect(page.getByText('Two technicians, one day.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Offer.pdf' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await shot(page, 'offer-tab-en');

  await page.getByTestId('accept-offer').click();
  const dialog = page.getByRole('dialog', { name: t('orders.offer.acceptDialog.title') });
  await expect(dialog).toBeVisible();
  // Nothing filled in: the rules of the billing address and the terms speak first.
  await dialog.getByTestId('confirm-accept').click();
  await expect(dialog.getByText(t('validation.mustAccept'))).toBeVisible();
  await expect(dialog.getByText(t('validation.required')).first()).toBeVisible();
  await dialog.getByLabel(t('orders.offer.acceptDialog.poNumber')).fill('PO-4711');
  const f = (key: string) => dialog.getByLabel(new RegExp(`^${t(`orders.offer.acceptDialog.fields.${key}`)}`));
  await f('firstName').fill('Ann');
  await f('lastName').fill('Lee');
  await f('email').fill('ap@thames.example');
  await f('department').fill('Accounts payable');
  await f('addressLine1').fill('14 Riverside Way');
  await f('addressPostCode').fill('RG1 8DB');
  await f('addressCity').fill('Reading');
  await f('taxNumber').fill('GB123456789');
  await dialog.getByRole('checkbox').check();
  await expectNoSeriousViolations(page);
  await shot(page, 'offer-accept-dialog-en');
  await dialog.getByTestId('confirm-accept').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(t('status.ORDER_SUBMITTED')).first()).toBeVisible();
  await expect(page.getByTestId('offer-outcome')).toHaveText(t('orders.offer.outcome.accepted'));
  await expect(page.getByTestId('accept-offer')).toHaveCount(0);
});

test('a German end customer rejects an offer: a reason is needed, and a comment with "other" (de)', async ({ page }) => {
  const t = texts('de');
  const order = await offeredOrder('ec2.admin@demo.onsite.test');
  await logIn(page, 'ec2.admin@demo.onsite.test', 'de');
  await openOffer(page, 'de', order);
  await expect(page.getByTestId('offer-countdown')).toHaveText(/Läuft ab in 3 T/);
  await expectNoSeriousViolations(page);
  await shot(page, 'offer-tab-de');
  await page.getByRole('button', { name: t('orders.offer.reject') }).click();
  const dialog = page.getByRole('dialog', { name: t('orders.offer.rejectDialog.title') });
  await dialog.getByTestId('confirm-reject').click();
  await expect(dialog.getByText(t('orders.offer.rejectDialog.reasonRequired'))).toBeVisible();
  // 'Someone else' is offered for an offer (not for a plain quote request).
  await expect(dialog.getByLabel(t('orders.offer.rejectReason.SOMEONE_ELSE'))).toBeVisible();
  await dialog.getByLabel(t('orders.offer.rejectReason.OTHER')).check();
  await dialog.getByTestId('confirm-reject').click();
  await expect(dialog.getByText(t('validation.required'))).toBeVisible();
  await dialog.getByLabel(new RegExp(`^${t('orders.offer.rejectDialog.comment')}`)).fill('Budget eingefroren.');
  await expectNoSeriousViolations(page);
  await shot(page, 'offer-reject-dialog-de');
  await dialog.getByTestId('confirm-reject').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('offer-outcome')).toHaveText(t('orders.offer.outcome.rejected'));
  await expect(page.getByText(t('status.DECLINED')).first()).toBeVisible();
});

test('a stale accept shows the conflict with a reload button, never a silent overwrite', async ({ page }) => {
  const t = texts('en');
  const order = await offeredOrder('ec.admin@demo.onsite.test');
  await logIn(page, 'ec.admin@demo.onsite.test', 'en');
  await openOffer(page, 'en', order);
  await page.getByTestId('accept-offer').click();
  const dialog = page.getByRole('dialog', { name: t('orders.offer.acceptDialog.title') });
  await bumpVersion(order);
  const fill = async () => {
    const f = (key: string) => dialog.getByLabel(new RegExp(`^${t(`orders.offer.acceptDialog.fields.${key}`)}`));
    for (const [key, value] of [['firstName', 'Ann'], ['lastName', 'Lee'], ['email', 'ap@thames.example'], ['department', 'AP'], ['addressLine1', '1 Way'], ['addressPostCode', 'RG1 8DB'], ['addressCity', 'Reading'], ['taxNumber', 'GB1']] as const) {
      await f(key).fill(value);
    }
    await dialog.getByRole('checkbox').check();
  };
  await fill();
  await dialog.getByTestId('confirm-accept').click();
  await expect(dialog.getByTestId('conflict-alert')).toContainText(t('orders.offer.conflict'));
  // Trying again with the same stale version shows the one message, not two.
  await dialog.getByTestId('confirm-accept').click();
  await expect(dialog.getByTestId('conflict-alert')).toHaveCount(1);
  await shot(page, 'offer-conflict-en');
  await dialog.getByRole('button', { name: t('actions.reload') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(t('status.OFFERED')).first()).toBeVisible();
  // Reloaded, the customer decides again, on the current version.
  await page.getByTestId('accept-offer').click();
  await fill();
  await dialog.getByTestId('confirm-accept').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(t('status.ORDER_SUBMITTED')).first()).toBeVisible();
});

test('a role that may not accept sees why; the offer works at phone width', async ({ page }) => {
  const t = texts('en');
  const order = await offeredOrder('ec.admin@demo.onsite.test');
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, 'ec.quotation_only@demo.onsite.test', 'en');
  await openOffer(page, 'en', order);
  const accept = page.getByTestId('accept-offer');
  await expect(accept).toHaveAttribute('aria-disabled', 'true');
  await accept.hover();
  await expect(page.getByText(t('orders.offer.blocker.role_restriction'))).toBeVisible();
  await expect(page.getByRole('button', { name: t('orders.offer.reject') })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'offer-tab-en-390');
});

test('an order whose job is being planned is never hidden silently from the customer\'s list', async ({ page }) => {
  const t = texts('en');
  const order = await jobInPlanning('ec.admin@demo.onsite.test');
  await logIn(page, 'ec.admin@demo.onsite.test', 'en');
  const hint = page.getByTestId('hidden-orders');
  await expect(hint).toBeVisible();
  await expect(page.getByRole('link', { name: order.refId })).toHaveCount(0);
  await hint.getByRole('button', { name: t('orders.list.showAll') }).click();
  await expect(page.getByRole('link', { name: order.refId })).toBeVisible();
  await expect(hint).toHaveCount(0);
  // The 'job planned' button alone shows it too: it stands for the job being planned as well.
  await page.goto('/en/my-service-orders?status=JOB_PLANNED');
  await expect(page.getByRole('link', { name: order.refId })).toBeVisible();
  await expectNoSeriousViolations(page);
});
