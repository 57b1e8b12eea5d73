import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { texts } from './i18n';
import { apiToken, expectAccessible, expectNoPageOverflow, logIn, requestQuote, screenshot } from './staff-support';

const t = texts('en');
const stamp = Date.now().toString(36);
const endCustomer = `Bramley ${stamp}`;

test.beforeAll(async ({ request }) => {
  // Three quote requests of a US OEM for one end customer, and one of a UK end customer.
  const oem = await apiToken(request, 'oem2.admin@demo.onsite.test');
  for (let i = 0; i < 3; i++) await requestQuote(request, oem, { name: `Plant ${stamp} ${i}`, city: 'Chicago', country: 'us', timeZone: 'America/Chicago' }, endCustomer);
  const ec = await apiToken(request, 'ec.admin@demo.onsite.test');
  await requestQuote(request, ec, { name: `Reading ${stamp}`, city: 'Reading', country: 'uk', timeZone: 'Europe/London' });
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

  // Export the whole filtered list and compare it with the table.
  await page.getByTestId('stats-card-all').click();
  await expect(rows.first()).toBeVisible();
  await page.getByLabel(t('table.rowsPerPage')).selectOption('100');
  await expect(page).toHaveURL(/size=100/);
  const shown = await rows.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-ref-id')));
  const download = page.waitForEvent('download');
  await page.getByTestId('export-excel').click();
  const file = await (await download).path();
  const workbook = new ExcelJS.Workbook();
  const bytes = await readFile(file);
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  expect(sheet.getRow(1).getCell(1).value).toBe('Reference');
  const exported: unknown[] = [];
  sheet.eachRow((row, n) => n > 1 && exported.push(row.getCell(1).value));
  expect(exported).toEqual(shown);
  expect(sheet.getRow(2).getCell(10).value).toBeInstanceOf(Date);

  // A row opens the order.
  await rows.first().locator('td').nth(3).click();
  await expect(page).toHaveURL(new RegExp(`/en/order/${shown[0]}$`));
});

test('the order history at phone width scrolls the table, not the page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, 'bl.planner@demo.onsite.test');
  await page.goto('/en/order-history');
  await expect(page.getByTestId('order-row').first()).toBeVisible();
  await expectNoPageOverflow(page);
  await screenshot(page, 'order-history-en-390');
});

test('customers cannot open the order history', async ({ page }) => {
  await logIn(page, 'ec.admin@demo.onsite.test');
  await page.goto('/en/order-history');
  await expect(page).not.toHaveURL(/order-history/);
});
