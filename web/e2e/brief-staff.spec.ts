import { expect, request as apiRequest, test, type Locator, type Page } from '@playwright/test';
import { texts } from './i18n';
import { plannedJob, requestedOrder, type Site } from './order-setup';
import { apiPost, apiToken, expectAccessible, expectNoPageOverflow, logIn, newActiveUser, screenshot } from './staff-support';

const en = texts('en');
const de = texts('de');

/** A site of its own, so that a search finds only this spec's orders. */
function siteNamed(name: string): Site {
  return { name, addressLine1: 'Werkstraße 7', city: 'Augsburg', postCode: '86150', country: 'de', timeZone: 'Europe/Berlin' };
}

/** The red, green and blue of a coupon check's badge. */
async function colourOf(check: Locator): Promise<[number, number, number]> {
  const background = await check.locator('.mantine-Badge-root').evaluate((el) => getComputedStyle(el).backgroundColor);
  const [red = 0, green = 0, blue = 0] = (background.match(/\d+/g) ?? []).map(Number);
  return [red, green, blue];
}

const GANTT_HEADERS = (t: ReturnType<typeof texts>) => [
  t('fields.reference'),
  t('fields.customer'),
  t('fields.location'),
  t('fields.services'),
  t('fields.status'),
  t('fields.start'),
  t('orders.gantt.columns.end'),
  t('orders.gantt.columns.duration'),
  t('orders.gantt.columns.technicians'),
];

test('the timeline shows its nine columns for a planned job, its reference kept in sight at 390 px (en)', async ({ page }) => {
  const site = `Gantt hall ${Date.now()}`;
  // A job planned for 12 January 2027, 8:00–16:00, with Lukas Brandt.
  const order = await plannedJob('ec.admin@demo.onsite.test', siteNamed(site));
  await logIn(page, 'ec.admin@demo.onsite.test');
  await page.goto(`/en/my-service-orders?view=timeline&status=JOB_PLANNED&from=2027-01-11&q=${encodeURIComponent(site)}`);
  const gantt = page.getByTestId('gantt');
  for (const header of GANTT_HEADERS(en)) await expect(gantt.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  const row = gantt.locator(`[data-ref-id="${order.refId}"]`);
  await expect(row.getByTestId('gantt-customer')).toHaveText('Thames Precision Ltd');
  await expect(row.getByTestId('gantt-location')).toHaveText(`${site}, Augsburg`);
  await expect(row.getByTestId('gantt-services')).not.toHaveText('–');
  await expect(row.getByTestId('gantt-duration')).toHaveText('8 hours');
  await expect(row.getByTestId('gantt-technicians')).toHaveText('Lukas Brandt');
  await expectAccessible(page);
  await screenshot(page, 'brief-gantt-en');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(row.getByTestId('gantt-technicians')).toHaveText('Lukas Brandt');
  await expectNoPageOverflow(page);
  // Scrolled sideways to the technicians, the reference stays at the left edge.
  await row.getByTestId('gantt-technicians').scrollIntoViewIfNeeded();
  const reference = row.getByTestId('gantt-ref');
  await expect(reference).toBeInViewport();
  expect((await reference.boundingBox())!.x).toBeLessThan(60);
  await screenshot(page, 'brief-gantt-en-390');
  await reference.click();
  await expect(page).toHaveURL(new RegExp(`/order/${order.refId}$`));
});

test('the timeline in German, for a customer whose job is planned (de)', async ({ page }) => {
  const site = `Gantt-Halle ${Date.now()}`;
  const order = await plannedJob('ec2.admin@demo.onsite.test', siteNamed(site));
  await logIn(page, 'ec2.admin@demo.onsite.test', undefined, 'de');
  await page.goto(`/de/my-service-orders?view=timeline&status=JOB_PLANNED&from=2027-01-11&q=${encodeURIComponent(site)}`);
  const gantt = page.getByTestId('gantt');
  for (const header of GANTT_HEADERS(de)) await expect(gantt.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  const row = gantt.locator(`[data-ref-id="${order.refId}"]`);
  await expect(row.getByTestId('gantt-customer')).toHaveText('Rheinwerk Maschinenbau GmbH');
  await expect(row.getByTestId('gantt-location')).toHaveText(`${site}, Augsburg`);
  await expect(row.getByTestId('gantt-duration')).toHaveText('8 Stunden');
  await expect(row.getByTestId('gantt-technicians')).toHaveText('Lukas Brandt');
  await expectAccessible(page);
  await screenshot(page, 'brief-gantt-de');
});

test("staff see the coupon's validity at the quote request: a valid one green, an expired one red with its date; customers see only the code (en, de)", async ({
  page,
}) => {
  const valid = await requestedOrder('ec.admin@demo.onsite.test', undefined, { couponCode: 'WELCOME10' });
  const expired = await requestedOrder('ec2.admin@demo.onsite.test', undefined, { couponCode: 'SPRING2025' });
  await logIn(page, 'bl.sales@demo.onsite.test');

  await page.goto(`/en/order/${valid.refId}`);
  await expect(page.getByTestId('order-coupon')).toHaveText('WELCOME10');
  const validCheck = page.getByTestId('coupon-check');
  await expect(validCheck).toHaveAttribute('data-status', 'valid');
  await expect(validCheck.getByText(en('orders.detail.couponCheck.valid'), { exact: true })).toBeVisible();
  // Green: the badge's background is the theme's teal.
  const [r, g] = await colourOf(validCheck);
  expect(g).toBeGreaterThan(r + 50);
  await expectAccessible(page);
  await screenshot(page, 'brief-coupon-valid-en');

  await page.goto(`/en/order/${expired.refId}`);
  const expiredCheck = page.getByTestId('coupon-check');
  await expect(expiredCheck).toHaveAttribute('data-status', 'expired');
  await expect(expiredCheck.getByText(en('orders.detail.couponCheck.expired', { date: '31/05/2025' }), { exact: true })).toBeVisible();
  // Red.
  const [red, green] = await colourOf(expiredCheck);
  expect(red).toBeGreaterThan(green + 100);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(expiredCheck).toBeVisible();
  await expectNoPageOverflow(page);
  await screenshot(page, 'brief-coupon-expired-en-390');

  // The customer reads the code in German, without the staff's judgement.
  await page.setViewportSize({ width: 1366, height: 900 });
  await logIn(page, 'ec2.admin@demo.onsite.test', undefined, 'de');
  await page.goto(`/de/order/${expired.refId}`);
  await expect(page.getByTestId('order-coupon')).toHaveText('SPRING2025');
  await expect(page.getByText(de('ordering.coupon.label'))).toBeVisible();
  await expect(page.getByTestId('coupon-check')).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, 'brief-coupon-customer-de');
});

/** Set-up through the api: an end customer's quote request at short notice (in two days), with a contact on site and mobile support declined. */
async function shortNoticeRequest(customer: string, siteName: string): Promise<{ refId: string }> {
  const api = await apiRequest.newContext({ baseURL: test.info().project.use.baseURL });
  const token = await apiToken(api, customer);
  const start = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const draft = await apiPost<{ _id: string; version: number }>(api, token, '/api/order/create', {
    creationType: 'QUOTE_REQUEST',
    content: {
      location: { ...siteNamed(siteName) },
      timeframes: [{ date: { from: `${start}T08:00:00`, to: `${start}T17:00:00` } }],
      services: [{ serviceId: 'svc-calibration' }],
      additionalInformation: { serviceTechnicians: { expectedNumberOfTechnicians: 1 } },
      mobileSupport: false,
      contacts: { localCustomerContact: { name: 'Greta Vorort', phone: '+491701234567', email: 'greta.vorort@example.com' }, additionalContacts: [] },
    },
  });
  const submitted = await apiPost<{ refId: string }>(api, token, '/api/order/submit', {
    orderId: draft._id,
    version: draft.version,
    disclaimerAccepted: true,
    shortNoticeConfirmed: true,
  });
  await api.dispose();
  return submitted;
}

test('the quote-request tab shows the contact on site, the mobile-support answer and the short notice before any job (de, en, 390 px)', async ({ page }) => {
  const order = await shortNoticeRequest('ec2.admin@demo.onsite.test', `Kurzfristig ${Date.now()}`);
  await logIn(page, 'ec2.admin@demo.onsite.test', undefined, 'de');
  await page.goto(`/de/order/${order.refId}`);
  const contact = page.getByTestId('contact-on-site');
  await expect(contact.getByText(de('orders.detail.contactOnSite'))).toBeVisible();
  await expect(contact).toContainText('Greta Vorort');
  await expect(contact).toContainText('+491701234567');
  await expect(contact).toContainText('greta.vorort@example.com');
  await expect(page.getByTestId('order-mobile-support')).toHaveText(de('orders.detail.answerNo'));
  const shortNotice = page.getByTestId('short-notice');
  await expect(shortNotice).toContainText(de('orders.detail.shortNotice.title'));
  await expect(shortNotice).toContainText(/\d+ Stunden/);
  await expectAccessible(page);
  await screenshot(page, 'brief-request-tab-de');

  await logIn(page, 'bl.sales@demo.onsite.test');
  await page.goto(`/en/order/${order.refId}`);
  await expect(page.getByTestId('contact-on-site')).toContainText('Greta Vorort');
  await expect(page.getByTestId('order-mobile-support')).toHaveText(en('orders.detail.answerNo'));
  await expect(page.getByTestId('short-notice')).toContainText(en('orders.detail.shortNotice.title'));
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('contact-on-site')).toBeVisible();
  await expectNoPageOverflow(page);
  await expectAccessible(page);
  await screenshot(page, 'brief-request-tab-en-390');
});

/** The row of a user in user management, found by a search for their e-mail, and its edit dialog opened. */
async function openUserEdit(page: Page, email: string, name: string): Promise<Locator> {
  await page.getByTestId('user-search').fill(email);
  const row = page.locator(`[data-testid="user-row"][data-email="${email}"]`);
  await row.getByTestId('user-actions').click();
  await page.getByRole('menuitem', { name: en('staffCommon.edit'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: en('users.dialog.editTitle', { name }) });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("staff set an OEM user's countries to order and dashboard tags; they persist, and the user's header offers the contacts (en, de)", async ({
  page,
  request,
  browser,
}) => {
  const tag = `fleet-${Date.now().toString(36)}`;
  // A planner of Kessler Automation (Switzerland): the console speaks German to them.
  const user = await newActiveUser(request, 'oem.admin@demo.onsite.test', { role: 'PLANNER' });
  await logIn(page, 'bl.admin@demo.onsite.test');
  await page.goto('/en/user-management');

  let dialog = await openUserEdit(page, user.email, user.name);
  const countries = dialog.getByRole('combobox', { name: en('users.fields.countriesToOrder') });
  for (const country of ['Germany', 'Austria']) {
    await countries.click();
    await countries.fill(country);
    await page.getByRole('option', { name: country, exact: true }).click();
  }
  const tags = dialog.getByRole('combobox', { name: en('users.fields.dashboardTags') });
  await tags.fill(tag);
  await tags.press('Enter');
  await expectAccessible(page, '[role="dialog"]');
  await screenshot(page, 'brief-user-edit-en');
  await dialog.getByTestId('save-user').click();
  await expect(page.getByText(en('users.notify.updated'))).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.reload();
  dialog = await openUserEdit(page, user.email, user.name);
  await expect(dialog.getByTestId('countries-to-order')).toBeVisible();
  const chosen = dialog.locator('.mantine-MultiSelect-pill');
  await expect(chosen).toHaveText(['Germany', 'Austria']);
  await expect(dialog.locator('.mantine-TagsInput-pill')).toContainText([tag]);
  await page.setViewportSize({ width: 390, height: 844 });
  // The dialog scrolls to its buttons at phone width.
  await dialog.getByTestId('countries-to-order').scrollIntoViewIfNeeded();
  await expect(dialog.getByTestId('countries-to-order')).toBeInViewport();
  await dialog.getByTestId('save-user').scrollIntoViewIfNeeded();
  await expect(dialog.getByTestId('save-user')).toBeInViewport();
  await expectNoPageOverflow(page);
  await screenshot(page, 'brief-user-edit-en-390');
  await dialog.getByRole('button', { name: en('staffCommon.cancel') }).click();

  // The countries to order give the OEM user the header's contact list, in German.
  const theirs = await browser.newContext();
  const oem = await theirs.newPage();
  await logIn(oem, user.email, undefined, 'de');
  await oem.goto('/de/my-service-orders');
  await expect(oem.getByTestId('header-contact')).toHaveText(de('shell.contact.link'));
  await oem.getByTestId('header-contact').click();
  await expect(oem.getByRole('dialog')).toBeVisible();
  await expectAccessible(oem, '[role="dialog"]');
  await screenshot(oem, 'brief-user-contacts-de');
  await theirs.close();
});
