import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { DateTime } from 'luxon';
import { readFile } from 'node:fs/promises';
import { texts } from './i18n';
import { acceptedOrder, offeredOrder } from './order-setup';
import { apiPost, apiToken, expectAccessible, expectNoPageOverflow, logIn, screenshot } from './staff-support';

const en = texts('en');
const de = texts('de');

test('staff see an offer rejected a moment ago in the KPI dashboard, drill into it and export the figures', async ({ page, request }) => {
  // An offer for a customer's request (through the api: not under test), then the dashboard as it stands.
  const offered = await offeredOrder('ec.admin@demo.onsite.test');
  await logIn(page, 'bl.admin@demo.onsite.test');
  await page.goto('/en/kpi');
  await expect(page.getByRole('heading', { level: 1, name: en('kpi.title') })).toBeVisible();
  const priceTooHigh = page.getByTestId('loss-PRICE_TOO_HIGH');
  await expect(priceTooHigh).toBeVisible();
  const before = Number(await priceTooHigh.locator('.mantine-Badge-label').innerText());

  // The customer rejects the offer for its price, through the api.
  const staff = await apiToken(request, 'bl.planner@demo.onsite.test');
  const detail = await apiPost<{ openOfferId: string }>(request, staff, '/api/order/getByRefId', { refId: offered.refId });
  const customer = await apiToken(request, 'ec.admin@demo.onsite.test');
  await apiPost(request, customer, '/api/order/reject', {
    orderId: offered._id,
    version: offered.version,
    offerID: detail.openOfferId,
    reasons: ['PRICE_TOO_HIGH'],
  });

  await page.reload();
  await expect(priceTooHigh.locator('.mantine-Badge-label')).toHaveText(String(before + 1));
  await expectAccessible(page);
  await screenshot(page, 'kpi-dashboard-en');

  // Drill into the reason: the rejected order is among its orders and opens.
  await priceTooHigh.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('link', { name: offered.refId })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'kpi-drill-en');
  await page.keyboard.press('Escape');

  // Export: the workbook carries the card's request count (other workers' tests may add requests meanwhile: between the
  // card's count before the export and after it).
  const requestsCard = async () => Number((await page.getByTestId('kpi-requests-value').innerText()).replace(/[^0-9]/g, ''));
  const requests = await requestsCard();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: en('kpi.export') }).click();
  const file = await (await download).path();
  const workbook = new ExcelJS.Workbook();
  const bytes = await readFile(file);
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  const exported = Number(workbook.getWorksheet('KPI')!.getRow(5).getCell(2).value);
  await page.reload();
  await expect(page.getByTestId('kpi-requests-value')).toBeVisible();
  expect(exported).toBeGreaterThanOrEqual(requests);
  expect(exported).toBeLessThanOrEqual(await requestsCard());
  expect(workbook.getWorksheet('Loss reasons')!.getRow(6).values).toEqual([undefined, 'PRICE_TOO_HIGH', before + 1]);

  // 390 px: no page-level horizontal scroll.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoPageOverflow(page);
  await screenshot(page, 'kpi-dashboard-390');
});

test('customers are refused the KPI dashboard', async ({ page }) => {
  await logIn(page, 'ec.admin@demo.onsite.test');
  await page.goto('/en/kpi');
  await expect(page).not.toHaveURL(/\/kpi/);
  await expect(page.getByRole('heading', { level: 1, name: en('kpi.title') })).toHaveCount(0);
});

test('OEM management filter the dashboard by a date preset and see jobs on the map', async ({ page }) => {
  // An order of their company that became a job (accepted), at a site with coordinates.
  await acceptedOrder('oem.planner@demo.onsite.test', {
    name: 'Montage Basel',
    addressLine1: 'Hafenstrasse 25',
    city: 'Basel',
    postCode: '4057',
    country: 'ch',
    timeZone: 'Europe/Zurich',
    geo: { lat: 47.5733, lng: 7.5925 },
  });
  await logIn(page, 'oem.management@demo.onsite.test');
  await page.goto('/de/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: de('oemDashboard.title') })).toBeVisible();
  await expect(page.getByTestId('planned-jobs')).toBeVisible();
  // The default period (last year and the next six months) holds the job a month from now, on the map.
  const map = page.getByTestId('jobs-map');
  await expect(map.locator('.leaflet-marker-icon, path.leaflet-interactive').first()).toBeVisible();
  await expect(map.locator('.leaflet-control-attribution')).toContainText('Natural Earth');
  const plannedDefault = Number(await page.getByTestId('planned-jobs-value').innerText());
  const executedDefault = Number(await page.getByTestId('executed-jobs-value').innerText());
  expect(plannedDefault).toBeGreaterThan(0);
  // The last three months end today: the coming job drops out of the planned count.
  await page.getByRole('combobox', { name: de('oemDashboard.period') }).click();
  await page.getByRole('option', { name: de('oemDashboard.presets.last3') }).click();
  await expect(page.getByRole('combobox', { name: de('oemDashboard.period') })).toHaveValue(de('oemDashboard.presets.last3'));
  // (With no job at all in the period the page says so instead of showing cards.) A failed answer ends the wait with
  // the page's message; the new period's answer may take its time on a machine the other worker keeps busy, so the
  // figure is read without waiting and the wait is longer than an assertion's.
  const count = async (testId: string) => {
    const alert = page.getByRole('alert').filter({ hasText: de('oemDashboard.error.title') });
    if ((await alert.count()) > 0) throw new Error(`the dashboard failed: ${await alert.innerText()}`);
    if ((await page.getByTestId('empty-state').count()) > 0) return 0;
    // While the new period loads, its cards are not there yet or still show the last period, dimmed and busy: no figure,
    // and the poll asks again (a throw would end it).
    const value = page.getByTestId(testId);
    if ((await value.count()) === 0 || (await page.locator('[data-testid="oem-dashboard-report"][aria-busy="true"]').count()) > 0) return Number.NaN;
    return Number(await value.innerText());
  };
  await expect.poll(() => count('planned-jobs-value'), { timeout: 45_000 }).toBeLessThan(plannedDefault);
  expect(await count('executed-jobs-value')).toBeLessThanOrEqual(executedDefault);
  // Days of one's own, in the date range picker: from the first of last month to the end of the month after next,
  // which holds the coming job again.
  await page.getByRole('combobox', { name: de('oemDashboard.period') }).click();
  await page.getByRole('option', { name: de('oemDashboard.presets.custom') }).click();
  await page.getByTestId('date-range-trigger').click();
  const now = DateTime.local();
  const day = (d: DateTime) => page.getByRole('button', { name: d.setLocale('de-DE').toLocaleString(DateTime.DATE_FULL), exact: true });
  await page.getByRole('button', { name: de('widgets.date.previousMonth') }).click();
  await day(now.minus({ months: 1 }).startOf('month')).click();
  await expect(page.getByTestId('date-range-step')).toHaveText(de('widgets.dateRange.pickEnd'));
  for (let i = 0; i < 3; i++) await page.getByRole('button', { name: de('widgets.date.nextMonth') }).click();
  await day(now.plus({ months: 2 }).endOf('month').startOf('day')).click();
  await expect(page.getByTestId('date-range-trigger')).toContainText(now.minus({ months: 1 }).startOf('month').toFormat('dd.MM.yyyy'));
  await expect.poll(() => count('planned-jobs-value'), { timeout: 45_000 }).toBeGreaterThan(0);
  await expectAccessible(page);
  await screenshot(page, 'oem-dashboard-de');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoPageOverflow(page);
  await screenshot(page, 'oem-dashboard-390');
});

test('the OEM dashboard in English', async ({ page }) => {
  await logIn(page, 'oem2.management@demo.onsite.test');
  await page.goto('/en/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: en('oemDashboard.title') })).toBeVisible();
  await expect(page.getByTestId('planned-jobs').or(page.getByTestId('empty-state'))).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'oem-dashboard-en');
});

test('the OEM dashboard in German: German service names, every month named in German, the period readable, no error on leaving', async ({ page, request }) => {
  await acceptedOrder('oem.planner@demo.onsite.test', {
    name: 'Werk Luzern',
    addressLine1: 'Industriestrasse 8',
    city: 'Luzern',
    postCode: '6005',
    country: 'ch',
    timeZone: 'Europe/Zurich',
    geo: { lat: 47.05, lng: 8.31 },
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const token = await apiToken(request, 'oem.management@demo.onsite.test');
  const catalogue = (await (await request.get('/api/catalogue', { headers: { authorization: `Bearer ${token}` } })).json()) as {
    data: { services: { id: string; name: { en: string; de: string } }[] };
  };
  const calibration = catalogue.data.services.find((s) => s.id === 'svc-calibration')!;
  expect(calibration.name.de).not.toBe(calibration.name.en);

  await logIn(page, 'oem.management@demo.onsite.test');
  await page.goto('/de/dashboard');
  await expect(page.getByTestId('planned-jobs')).toBeVisible();
  // The jobs listed link to their orders, underlined within the line of text (axe: link-in-text-block).
  await expect(page.getByTestId('planned-jobs').getByRole('link').first()).toBeVisible();
  await expectAccessible(page);

  // The legend of the service types in German.
  await expect(page.getByText(new RegExp(`^${calibration.name.de}: \\d+$`))).toBeVisible();
  await expect(page.getByText(new RegExp(`^${calibration.name.en}: \\d+$`))).toHaveCount(0);

  // The timeline names its months in German; no raw 'YYYY-MM' on the axis, and every month of the period is there.
  const ticks = page.locator('.recharts-cartesian-axis-tick-value');
  await expect(ticks.first()).toBeVisible();
  // The axis of months (the other axis counts jobs).
  const labels = (await ticks.allTextContents()).filter((label) => !/^[\d.,]+$/.test(label));
  expect(labels.filter((label) => /^\d{4}-\d{2}$/.test(label))).toEqual([]);
  const from = new Date();
  from.setFullYear(from.getFullYear() - 1);
  // The axis starts at the period's first month, a year ago, named in German ('Dez 2025').
  const firstMonth = `${new Intl.DateTimeFormat('de-DE', { month: 'short' }).format(from).replace('.', '')} ${from.getFullYear()}`;
  expect(labels[0]).toBe(firstMonth);
  for (const label of labels) expect(label).toMatch(/^\p{L}+ \d{4}$/u);
  const to = new Date();
  to.setMonth(to.getMonth() + 6);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const report = (await (await request.get(`/api/dashboard?from=${day(from)}&to=${day(to)}`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    data: { timeline: { month: string }[] };
  };
  expect(report.data.timeline).toHaveLength(19);

  // The period's text is shown whole.
  const period = page.getByRole('combobox', { name: de('oemDashboard.period') });
  await expect(period).toHaveValue(de('oemDashboard.presets.default'));
  expect(await period.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth)).toBe(true);
  await screenshot(page, 'walk-oem-dashboard-de');

  // Leaving the page throws nothing.
  await page.goto('/de/my-profile');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(errors).toEqual([]);
});

test('OEM management meets no link that reads only by its colour on "my service orders" (de)', async ({ page }) => {
  await logIn(page, 'oem.management@demo.onsite.test', undefined, 'de');
  await page.goto('/de/my-service-orders');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'walk-oem-management-my-orders-de');
});
