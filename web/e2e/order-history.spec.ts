import { expect, test, type Locator } from '@playwright/test';
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { texts } from './i18n';
import { apiPost, apiToken, expectAccessible, expectNoPageOverflow, logIn, requestQuote, screenshot } from './staff-support';

const t = texts('en');
const stamp = Date.now().toString(36);
const endCustomer = `Bramley ${stamp}`;
/** Twelve requests of one end customer: more than a page of the list. */
const ledger = `Ledger ${stamp}`;

test.beforeAll(async ({ request }) => {
  // Three quote requests of a US OEM for one end customer, and one of a UK end customer.
  const oem = await apiToken(request, 'oem2.admin@demo.onsite.test');
  for (let i = 0; i < 3; i++)
    await requestQuote(request, oem, { name: `Plant ${stamp} ${i}`, city: 'Chicago', country: 'us', timeZone: 'America/Chicago' }, endCustomer);
  const ec = await apiToken(request, 'ec.admin@demo.onsite.test');
  await requestQuote(request, ec, { name: `Reading ${stamp}`, city: 'Reading', country: 'uk', timeZone: 'Europe/London' });
  for (let i = 0; i < 12; i++)
    await requestQuote(request, oem, { name: `Depot ${stamp} ${i}`, city: 'Detroit', country: 'us', timeZone: 'America/Detroit' }, ledger);
});

test('staff filter the order history by a stats card and a search, bulk delete two orders and export to Excel', async ({ page }) => {
  await logIn(page, 'bl.admin@demo.onsite.test');
  await page.goto('/en/order-history');
  await expect(page.getByRole('heading', { level: 1, name: t('orderHistory.title') })).toBeVisible();
  const rows = page.getByTestId('order-row');
  await expect(rows.first()).toBeVisible();

  // A stats card filters the table to its statuses and shows it is pressed.
  const requests = page.getByTestId('stats-card-requests');
  await requests.click();
  await expect(requests).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/status=REQUESTED_QUOTE%2CREOPENED|status=REQUESTED_QUOTE,REOPENED/);
  await expect(rows.first().locator('[data-status]')).toHaveAttribute('data-status', 'REQUESTED_QUOTE');

  // Search by end customer: the three orders of this run, and the cards count the same search.
  await page.getByTestId('search-end-customer').fill(endCustomer);
  await expect(rows).toHaveCount(3);
  await expect(requests.getByTestId('stats-count')).toHaveText('3');
  await expectAccessible(page);
  await screenshot(page, 'order-history-en');

  // Bulk delete two of them, confirmed in a dialog with the count.
  await rows.nth(0).getByTestId('select-order').check();
  await rows.nth(1).getByTestId('select-order').check();
  await page.getByTestId('bulk-delete').click();
  const dialog = page.getByRole('dialog', { name: t('orderHistory.delete.title_other', { count: 2 }) });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('confirm-delete').click();
  await expect(dialog.getByText(t('validation.required')).first()).toBeVisible();
  await dialog.getByLabel(new RegExp(`^${t('orderHistory.delete.reason')}`)).fill('Duplicate request');
  await dialog.getByLabel(new RegExp(`^${t('orderHistory.delete.internalComment')}`)).fill('Browser test');
  await dialog.getByLabel(t('orderHistory.delete.forever')).check();
  await expect(dialog.getByText(t('orderHistory.delete.foreverWarning_other', { count: 2 }))).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'order-history-delete-en');
  await dialog.getByTestId('confirm-delete').click();
  await expect(page.getByText(t('orderHistory.delete.done_other', { count: 2 }))).toBeVisible();
  await expect(rows).toHaveCount(1);

  // A row opens the order.
  const remaining = await rows.first().getAttribute('data-ref-id');
  await rows.first().locator('td').nth(3).click();
  await expect(page).toHaveURL(new RegExp(`/en/order/${remaining}$`));
});

test('the Excel export holds the whole filtered list, every page of it, row for row', async ({ page }) => {
  await logIn(page, 'bl.admin@demo.onsite.test');
  await page.goto('/en/order-history');
  await page.getByTestId('search-end-customer').fill(ledger);
  const rows = page.getByTestId('order-row');
  await expect(page.getByText(t('table.range', { from: '1', to: '10', total: '12' }))).toBeVisible();
  await expect(rows).toHaveCount(10);

  // What the list shows, page after page, cell by cell.
  const cells = (row: Locator, n: number) => row.locator('td').nth(n).innerText();
  const shown: string[][] = [];
  const readPage = async () => {
    for (const row of await rows.all()) {
      shown.push([
        (await row.getAttribute('data-ref-id'))!,
        await cells(row, 2),
        await cells(row, 3),
        await cells(row, 4),
        (await cells(row, 5)).split('\n')[0]!,
        await cells(row, 6),
      ]);
    }
  };
  await readPage();
  await page.getByRole('button', { name: t('table.pagination.page', { page: 2 }) }).click();
  await expect(rows).toHaveCount(2);
  await readPage();
  expect(new Set(shown.map((r) => r[0])).size).toBe(12);

  const download = page.waitForEvent('download');
  await page.getByTestId('export-excel').click();
  const file = await (await download).path();
  const workbook = new ExcelJS.Workbook();
  const bytes = await readFile(file);
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  expect((sheet.getRow(1).values as unknown[]).slice(1, 8)).toEqual(['Reference', 'Status', 'Customer', 'End customer', 'Location', 'City', 'Country']);
  const exported: string[][] = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const cell = (i: number) => String(row.getCell(i).value ?? '');
    exported.push([cell(1), cell(2), cell(3), cell(4), cell(5), cell(7)]);
    // Real Excel values: a number of services and a date.
    expect(row.getCell(9).value).toBe(1);
    expect(row.getCell(10).value).toBeInstanceOf(Date);
  });
  expect(exported).toEqual(shown);
});

test('staff find an order by its reference, as the customer does in their list', async ({ page, request }) => {
  const refId = await requestQuote(request, await apiToken(request, 'ec.admin@demo.onsite.test'), {
    name: `Ref ${stamp}`,
    city: 'Leeds',
    country: 'uk',
    timeZone: 'Europe/London',
  });
  await logIn(page, 'bl.admin@demo.onsite.test');
  await page.goto('/en/order-history');
  const rows = page.getByTestId('order-row');
  await expect(rows.first()).toBeVisible();
  // Typed as a person reads it off an e-mail: part of the reference, in lower case.
  await page.getByTestId('search-orders').fill(refId.slice(-6).toLowerCase());
  await expect(rows.filter({ hasText: refId })).toHaveCount(1);
  await expect(page.getByText(t('orderHistory.emptyFiltered.title'))).toHaveCount(0);
  await expect(page).toHaveURL(/[?&]q=/);
  await screenshot(page, 'walk-order-history-by-reference-en');
});

test('staff narrow the order history to some of their countries; the cards count the same, and the URL keeps it', async ({ page }) => {
  await logIn(page, 'bl.admin@demo.onsite.test');
  await page.goto('/en/order-history');
  const rows = page.getByTestId('order-row');
  await expect(rows.first()).toBeVisible();
  const counted = page.waitForResponse((r) => r.url().endsWith('/api/order/stats') && (r.request().postData() ?? '').includes('"countries":["uk"]'));
  await page.getByRole('combobox', { name: t('orderHistory.countries') }).click();
  await page.getByRole('option', { name: t('countries.uk'), exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/countries=uk/);
  // The 'all' card counts what the table pages through.
  const { total } = ((await (await counted).json()) as { data: { total: number } }).data;
  expect(total).toBeGreaterThan(0);
  await expect(page.getByTestId('stats-card-all').getByTestId('stats-count')).toHaveText(String(total));
  await expect(page.getByText(new RegExp(`of ${total}$`))).toBeVisible();
  for (const country of await rows.locator('td:nth-child(7)').allInnerTexts()) expect(country).toBe(t('countries.uk'));
  // A US customer has no order there.
  await page.getByTestId('search-customer').fill('Northfield');
  await expect(page.getByText(t('orderHistory.emptyFiltered.title'))).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'order-history-country-filter-en');

  await page.reload();
  await expect(page.getByText(t('orderHistory.emptyFiltered.title'))).toBeVisible();
  await page
    .getByRole('button', { name: t('actions.resetFilters') })
    .first()
    .click();
  await expect(page).not.toHaveURL(/countries=/);
  await expect(rows.first()).toBeVisible();
});

test('refresh reads the list and the cards again', async ({ page }) => {
  await logIn(page, 'bl.planner@demo.onsite.test');
  await page.goto('/en/order-history');
  await expect(page.getByTestId('order-row').first()).toBeVisible();
  const list = page.waitForResponse((r) => r.url().endsWith('/api/order/list') && r.status() === 200);
  const stats = page.waitForResponse((r) => r.url().endsWith('/api/order/stats') && r.status() === 200);
  await page.getByRole('button', { name: t('orderHistory.refresh') }).click();
  await Promise.all([list, stats]);
});

test('staff add an order on behalf of a customer: the ordering screens open for that customer', async ({ page, request }) => {
  const profile = await apiPost<{ firstName: string; lastName: string }>(
    request,
    await apiToken(request, 'oem2.admin@demo.onsite.test'),
    '/api/user/getProfile',
    {},
  );
  const staff = await apiPost<{ firstName: string; lastName: string }>(
    request,
    await apiToken(request, 'bl.admin@demo.onsite.test'),
    '/api/user/getProfile',
    {},
  );
  await logIn(page, 'bl.admin@demo.onsite.test');
  await page.goto('/en/order-history');
  await page.getByTestId('new-order-on-behalf').click();
  const dialog = page.getByRole('dialog', { name: t('onBehalf.title.order') });
  await dialog.getByLabel(t('onBehalf.search')).fill('oem2.admin');
  await dialog.getByTestId('act-for-user').filter({ hasText: 'oem2.admin@demo.onsite.test' }).click();
  await dialog.getByTestId('act-for-start').click();

  await expect(page).toHaveURL(/\/en\/service-portfolio/);
  const banner = page.getByText(
    t('shell.onBehalf', {
      staff: `${staff.firstName} ${staff.lastName}`,
      customer: `${profile.firstName} ${profile.lastName}`,
      company: 'Northfield Robotics Inc.',
    }),
  );
  await expect(banner).toBeVisible();
  // The customer's portfolio: priced in their currency; an OEM may order directly.
  const calibration = page.getByTestId('service-card').filter({ hasText: 'Calibration' });
  await expect(calibration.getByTestId('price-from')).toContainText('$');
  await calibration.getByTestId('toggle-service').click();
  await page.getByTestId('order-directly').click();
  await expect(page).toHaveURL(/\/en\/service-order\?services=svc-calibration/);
  await expect(banner).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'order-on-behalf-checkout-en');
});

test('the order history at phone width shows a card per order, nothing wider than the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, 'bl.planner@demo.onsite.test');
  await page.goto('/en/order-history');
  await expect(page.getByTestId('order-row').first()).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectNoPageOverflow(page);
  await screenshot(page, 'order-history-en-390');
});

test('the auditor reads and exports the order history but is offered nothing that changes orders', async ({ page }) => {
  await logIn(page, 'bl.auditor@demo.onsite.test');
  await page.goto('/en/order-history');
  await expect(page.getByTestId('order-row').first()).toBeVisible();
  await expect(page.getByTestId('export-excel')).toBeEnabled();
  await expect(page.getByTestId('select-order')).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: t('orderHistory.selectAll') })).toHaveCount(0);
  await expect(page.getByTestId('new-order-on-behalf')).toHaveCount(0);
  await expect(page.getByTestId('quote-on-behalf')).toHaveCount(0);
  await expectAccessible(page);
});

test('customers cannot open the order history', async ({ page }) => {
  await logIn(page, 'ec.admin@demo.onsite.test');
  await page.goto('/en/order-history');
  await expect(page).not.toHaveURL(/order-history/);
});
