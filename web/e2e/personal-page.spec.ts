import { createHmac } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { texts } from './i18n';
import { apiPost, apiToken, expectAccessible, expectNoPageOverflow, logIn, requestQuote, screenshot } from './staff-support';

/** The shared secret scripts/start-test-server.mjs gives the api and its planning-tool simulator. */
const PLANNING_TOOL_SECRET = 'browser-tests-only-planning-tool-shared-secret';

const t = texts('en');
let refId = '';

test.beforeAll(async ({ request }) => {
  const ec = await apiToken(request, 'ec.admin@demo.onsite.test');
  refId = await requestQuote(request, ec, { name: `Work queue ${Date.now().toString(36)}`, city: 'Reading', country: 'uk', timeZone: 'Europe/London' });
});

test('staff see their work queue and open an order from it', async ({ page, request }) => {
  // The planning tool reports a job this order does not have: the report is refused, and staff are told.
  const staff = await apiToken(request, 'bl.admin@demo.onsite.test');
  const { _id: orderId } = await apiPost<{ _id: string }>(request, staff, '/api/order/getByRefId', { refId });
  const body = JSON.stringify({ reportId: `browser-${Date.now()}`, orderId, jobId: 'no-such-job', step: 'IN_PROGRESS' });
  const at = Math.floor(Date.now() / 1000);
  const signature = createHmac('sha256', PLANNING_TOOL_SECRET).update(`${at}.${body}`).digest('hex');
  const refused = await request.post('/api/planning-tool/job-progress', { data: body, headers: { 'content-type': 'application/json', 'onsite-signature': `t=${at},v1=${signature}` } });
  expect(refused.status()).toBeGreaterThanOrEqual(400);

  await logIn(page, 'bl.admin@demo.onsite.test');
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-personalPage').click();
  await expect(page.getByRole('heading', { level: 1, name: t('personalPage.title') })).toBeVisible();
  // The user menu opens on hover: move away so it closes.
  await page.mouse.move(10, 600);
  await expect(page.getByTestId('user-menu-dropdown')).toBeHidden();
  for (const name of ['quoteRequests', 'expiringOffers', 'failedExports', 'jobsThisWeek', 'changeRequests']) {
    await expect(page.getByRole('heading', { name: t(`personalPage.queues.${name}.title`) })).toBeVisible();
  }
  const requests = page.getByTestId('queue-quoteRequests');
  await expect(requests.getByTestId('queue-count')).not.toHaveText('0');
  await expect(page.getByTestId('queue-failedExports').getByTestId('queue-empty')).toHaveText(t('personalPage.queues.failedExports.empty'));
  await expect(page.getByTestId('refused-report-row').filter({ hasText: orderId }).first()).toContainText(`IN_PROGRESS for order ${orderId}`);
  await expectAccessible(page);
  await screenshot(page, 'personal-page-en');

  const row = requests.locator(`[data-testid="work-row"][data-ref-id="${refId}"]`);
  if (await row.count()) {
    await row.locator('td').nth(2).click();
    await expect(page).toHaveURL(new RegExp(`/en/order/${refId}$`));
  } else {
    // More than ten requests wait: the oldest are shown; any row opens its order.
    const first = requests.getByTestId('work-row').first();
    const ref = await first.getAttribute('data-ref-id');
    await first.locator('td').nth(2).click();
    await expect(page).toHaveURL(new RegExp(`/en/order/${ref}$`));
  }
});

test('the personal page at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, 'bl.planner@demo.onsite.test');
  await page.goto('/en/personal-page');
  await expect(page.getByTestId('queue-quoteRequests')).toBeVisible();
  await expect(page.getByTestId('queue-quoteRequests').getByTestId('queue-count')).toBeVisible();
  await expectNoPageOverflow(page);
  await screenshot(page, 'personal-page-en-390');
});
