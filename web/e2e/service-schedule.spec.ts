import { expect, test, type Locator, type Page } from '@playwright/test';
import { texts } from './i18n';
import { acceptedOrder } from './order-setup';
import { expectAccessible, expectNoPageOverflow, logIn, PASSWORD, screenshot } from './staff-support';
import { dayIn, type T, typeDate } from './ordering-steps';

const stamp = Date.now().toString(36);

const label = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);

/** Opens a day's time-edit dialog from the schedule table and sets its hours, in 15-minute steps, as a person picks them. */
async function editDay(page: Page, t: T, table: Locator, iso: string, from: string, to: string) {
  await table.locator(`tr[data-date="${iso}"]`).getByRole('button').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  for (const [field, value] of [
    [t('fields.timeFrom'), from],
    [t('fields.timeTo'), to],
  ] as const) {
    await dialog.getByRole('combobox', { name: label(field) }).click();
    await page.getByRole('option', { name: value, exact: true }).click();
  }
  await expectAccessible(page, '[role="dialog"]');
  await screenshot(page, `schedule-dialog-${iso}`);
  await dialog.getByTestId('schedule-dialog-save').click();
  await expect(dialog).toBeHidden();
}

/** The day's row shows exactly the hours set, as a work day. */
async function expectDay(t: T, table: Locator, iso: string, from: string, to: string) {
  const row = table.locator(`tr[data-date="${iso}"]`);
  await expect(row.getByTestId('schedule-from')).toHaveText(from);
  await expect(row.getByTestId('schedule-to')).toHaveText(to);
  await expect(row).toContainText(t('schedule.kinds.workDay'));
}

/** The first Monday at least three weeks ahead, so that the window of a week holds a weekend and no short notice. */
function nextMondayOffset(): number {
  for (let days = 21; days < 28; days++) if (new Date(Date.now() + days * 86_400_000).getDay() === 1) return days;
  return 21;
}

const EC = { en: 'ec.admin@demo.onsite.test', de: 'ec2.admin@demo.onsite.test' } as const;

for (const lang of ['en', 'de'] as const) {
  test(`an end customer edits one day of the service schedule and the quote request shows it (${lang})`, async ({ page }) => {
    const t = texts(lang);
    const monday = nextMondayOffset();
    const [first, second, last] = [dayIn(monday), dayIn(monday + 1), dayIn(monday + 6)];
    await logIn(page, EC[lang], PASSWORD, lang);
    await page.goto(`/${lang}/order-form?services=svc-calibration`);
    await expect(page.getByRole('heading', { level: 1, name: t('ordering.title.checkout') })).toBeVisible();

    await page.getByLabel(label(t('fields.locationName'))).fill(`Schedule ${lang} ${stamp}`);
    // Typed into the searchable select, so that the one option left is the country.
    await page.getByRole('combobox', { name: t('fields.country'), exact: true }).fill(t('countries.de'));
    await page.getByRole('option', { name: t('countries.de'), exact: true }).click();
    await page.getByLabel(label(t('fields.addressLine1'))).fill('Industriestraße 12');
    await page.getByLabel(label(t('fields.postCode'))).fill('20095');
    const city = page.getByLabel(label(t('fields.city')));
    await city.fill('Hamburg');
    await city.press('Escape');
    await typeDate(page.getByLabel(label(t('fields.dateFrom'))).first(), first.typed);
    await typeDate(page.getByLabel(label(t('fields.dateTo'))).first(), last.typed);

    // The schedule of the week: five work days, the weekend off; the second day gets other hours.
    const table = page.getByTestId('service-schedule');
    await expect(table.locator('tbody tr')).toHaveCount(7);
    await expect(table.locator('tr[data-kind="weekend"]')).toHaveCount(2);
    await editDay(page, t, table, second.iso, '07:15', '15:45');
    await expectDay(t, table, second.iso, '07:15', '15:45');
    await expectAccessible(page);
    await screenshot(page, `schedule-checkout-${lang}`);

    await page.getByLabel(t('orders.form.disclaimer')).check();
    await page.getByTestId('submit-order').click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/order-confirmation\\?refId=`));
    const refId = new URL(page.url()).searchParams.get('refId') ?? '';

    await page.goto(`/${lang}/order/${refId}`);
    const shown = page.getByTestId('order-schedule');
    await expect(shown).toBeVisible();
    await expectDay(t, shown, second.iso, '07:15', '15:45');
    await expectDay(t, shown, first.iso, '08:00', '18:00');
    await expect(shown.locator('tr[data-kind="weekend"]')).toHaveCount(2);
    await expectAccessible(page);
    await screenshot(page, `schedule-quote-request-${lang}`);

    // At 390 px the table scrolls in its box; the page does not.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(shown).toBeVisible();
    await expectNoPageOverflow(page);
    await screenshot(page, `schedule-quote-request-390-${lang}`);
  });
}

test('an OEM orders directly with one day over midnight, and the order tab shows it (de, and en for staff)', async ({ page }) => {
  const t = texts('de');
  const monday = nextMondayOffset();
  const [first, wednesday, last] = [dayIn(monday), dayIn(monday + 2), dayIn(monday + 4)];
  await logIn(page, 'oem.admin@demo.onsite.test', PASSWORD, 'de');
  await page.goto('/de/service-order?services=svc-calibration');
  const next = page.getByTestId('next-step');
  await page.getByLabel(new RegExp(`^${t('ordering.customer.endCustomerName')}`)).fill(`Brauerei Plan ${stamp}`);
  await next.click();
  await expect(page).toHaveURL(/step=location/);
  await page.getByLabel(new RegExp(`^${t('fields.locationName')}`)).fill(`Werk Plan ${stamp}`);
  await page.getByLabel(new RegExp(`^${t('fields.addressLine1')}`)).fill('Bahnhofstrasse 1');
  await page.getByLabel(new RegExp(`^${t('fields.postCode')}`)).fill('8001');
  const city = page.getByLabel(new RegExp(`^${t('fields.city')}`));
  await city.fill('Zürich');
  await city.press('Escape');
  await next.click();

  await expect(page).toHaveURL(/step=time-frames/);
  await typeDate(page.getByLabel(new RegExp(`^${t('fields.dateFrom')}`)).first(), first.typed);
  await typeDate(page.getByLabel(new RegExp(`^${t('fields.dateTo')}`)).first(), last.typed);
  const table = page.getByTestId('service-schedule');
  await expect(table.locator('tbody tr')).toHaveCount(5);
  // Over midnight on Wednesday: from 22:00 to 06:00 the next morning.
  await table.locator(`tr[data-date="${wednesday.iso}"]`).getByRole('button').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: label(t('fields.timeFrom')) }).click();
  await page.getByRole('option', { name: '22:00', exact: true }).click();
  await dialog.getByRole('combobox', { name: label(t('fields.timeTo')) }).click();
  await page.getByRole('option', { name: '06:00', exact: true }).click();
  // Without 'over midnight' the end lies before the start: the dialog says so and keeps the day as it was.
  await dialog.getByTestId('schedule-dialog-save').click();
  await expect(dialog.getByText(t('validation.end_before_start'))).toBeVisible();
  await dialog.getByRole('switch', { name: t('schedule.overMidnight') }).check();
  await dialog.getByTestId('schedule-dialog-save').click();
  await expect(dialog).toBeHidden();
  await expectDay(t, table, wednesday.iso, '22:00', '06:00');
  await expect(table.locator(`tr[data-date="${wednesday.iso}"]`)).toContainText(t('schedule.yes'));
  await expectAccessible(page);
  await screenshot(page, 'schedule-oem-step-de');
  await next.click();

  await expect(page).toHaveURL(/step=equipment/);
  await next.click();
  await expect(page).toHaveURL(/step=additional-information/);
  await page
    .getByRole('radio', { name: /Seestrasse 44/ })
    .first()
    .check();
  await page.getByLabel(new RegExp(`^${t('ordering.contact.name')}`)).fill('Marco Frei');
  await next.click();
  await expect(page).toHaveURL(/step=summary/);
  // The summary shows the schedule as it goes with the order, the edited day included.
  await expectDay(t, page.getByTestId('summary-schedule'), wednesday.iso, '22:00', '06:00');
  await page.getByLabel(t('ordering.disclaimer.order')).check();
  await page.getByTestId('submit-order').click();
  await expect(page).toHaveURL(/\/de\/order-confirmation\?refId=/);
  const refId = new URL(page.url()).searchParams.get('refId') ?? '';

  // The OEM reads it in German; staff, in English, read the same day on the order tab.
  for (const [lang, reader] of [
    ['de', 'oem.admin@demo.onsite.test'],
    ['en', 'bl.admin@demo.onsite.test'],
  ] as const) {
    const tl = texts(lang);
    if (lang === 'en') await logIn(page, reader, PASSWORD, 'en');
    await page.goto(`/${lang}/order/${refId}/order`);
    await expect(page.getByRole('tab', { name: tl('orders.detail.tabs.order'), exact: true })).toHaveAttribute('aria-selected', 'true');
    const shown = page.getByTestId('order-schedule');
    await expect(shown).toBeVisible();
    await expectDay(tl, shown, wednesday.iso, '22:00', '06:00');
    await expect(shown.locator(`tr[data-date="${wednesday.iso}"]`)).toContainText(tl('schedule.yes'));
    await expectDay(tl, shown, first.iso, '08:00', '18:00');
    await expectAccessible(page);
    await screenshot(page, `schedule-order-tab-${lang}`);
  }
});

/** The planning-tool simulator beside the test server (scripts/start-test-server.mjs: the server's port + 10). */
function simulatorUrl(): string {
  const server = new URL(String(test.info().project.use.baseURL));
  return `http://127.0.0.1:${Number(server.port) + 10}`;
}

for (const lang of ['en', 'de'] as const) {
  test(`a customer reads the results of a completed job and its invoice, the tabs appearing only then (${lang})`, async ({ page, request }) => {
    const t = texts(lang);
    const order = await acceptedOrder(EC[lang]);
    expect((await request.post(`${simulatorUrl()}/__admin/play`, { data: { orderIds: [order._id] } })).status()).toBe(200);
    const staff = (
      (await (await request.post('/api/log-in', { data: { email: 'bl.planner@demo.onsite.test', password: PASSWORD } })).json()) as { token: string }
    ).token;
    const headers = { authorization: `Bearer ${staff}` };
    expect((await request.post('/api/order/prepare-job', { data: { orderId: order._id, version: order.version }, headers })).status()).toBe(200);

    await logIn(page, EC[lang], PASSWORD, lang);
    await page.goto(`/${lang}/order/${order.refId}`);
    const tabs = page.getByRole('tablist');
    await expect(page.getByRole('tab', { name: t('orders.detail.tabs.jobInformation'), exact: true })).toBeVisible();
    // The tool plans, runs, completes and closes the job; the open page follows.
    await expect(page.getByRole('tab', { name: t('orders.detail.tabs.jobResults'), exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(tabs.getByRole('tab', { name: t('orders.detail.tabs.invoice'), exact: true })).toHaveCount(0);
    await page.getByRole('tab', { name: t('orders.detail.tabs.jobResults'), exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/order/${order.refId}/job-results`));
    const results = page.getByTestId('job-results');
    await expect(results.getByTestId('job-outcome')).toHaveText(
      new RegExp(`${t('orders.detail.jobResults.outcome.COMPLETED')}|${t('orders.detail.jobResults.outcome.CLOSED')}`),
    );
    await expect(results.getByTestId('job-results-team')).toHaveText(/Ana Lima, Jonas Weber/);
    await expectAccessible(page);
    await screenshot(page, `job-results-${lang}`);

    // Staff bill it; the invoice tab appears with its reference.
    await expect
      .poll(
        async () =>
          ((await (await request.post('/api/order/getByRefId', { data: { refId: order.refId }, headers })).json()) as { data: { status: string } }).data.status,
        {
          timeout: 30_000,
        },
      )
      .toBe('JOB_CLOSED');
    const { version } = (
      (await (await request.post('/api/order/getByRefId', { data: { refId: order.refId }, headers })).json()) as { data: { version: number } }
    ).data;
    const reference = `INV-${lang}-${stamp}`;
    expect((await request.post('/api/order/bill', { data: { orderId: order._id, version, invoiceReference: reference }, headers })).status()).toBe(200);
    await page.reload();
    await page.getByRole('tab', { name: t('orders.detail.tabs.invoice'), exact: true }).click();
    await expect(page.getByTestId('invoice-reference')).toHaveText(reference);
    await expectAccessible(page);
    await screenshot(page, `invoice-${lang}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoPageOverflow(page);
    await screenshot(page, `invoice-390-${lang}`);
  });
}
