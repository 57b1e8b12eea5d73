import { createHmac } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { texts } from './i18n';
import { apiPost, apiToken, apiUploadPdf, expectAccessible, expectNoPageOverflow, logIn, openUserMenu, requestQuote, screenshot } from './staff-support';

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
  const refused = await request.post('/api/planning-tool/job-progress', {
    data: body,
    headers: { 'content-type': 'application/json', 'onsite-signature': `t=${at},v1=${signature}` },
  });
  expect(refused.status()).toBeGreaterThanOrEqual(400);

  await logIn(page, 'bl.admin@demo.onsite.test');
  await openUserMenu(page);
  await page.getByTestId('menu-personalPage').click();
  await expect(page.getByRole('heading', { level: 1, name: t('personalPage.title') })).toBeVisible();
  // Opened right after login (before the first page was ready), the menu closes with its entry and stays closed.
  await expect(page.getByTestId('user-menu-dropdown')).toBeHidden();
  for (const name of ['quoteRequests', 'expiringOffers', 'failedExports', 'jobsThisWeek', 'changeRequests']) {
    await expect(page.getByRole('heading', { name: t(`personalPage.queues.${name}.title`) })).toBeVisible();
  }
  const requests = page.getByTestId('queue-quoteRequests');
  await expect(requests.getByTestId('queue-count')).not.toHaveText('0');
  // Failed exports have their own test (job-progress.spec.ts); here only that the queue counts.
  await expect(page.getByTestId('queue-failedExports').getByTestId('queue-count')).toBeVisible();
  await expect(page.getByTestId('refused-report-row').filter({ hasText: orderId }).first()).toContainText(`IN_PROGRESS for order ${orderId}`);
  await expectAccessible(page);
  await screenshot(page, 'personal-page-en');

  const row = requests.locator(`[data-testid="work-row"][data-ref-id="${refId}"]`);
  if (await row.count()) {
    await row.locator('td').nth(2).click();
    await expect(page).toHaveURL(new RegExp(`/en/order/${refId}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(refId);
  } else {
    // More than ten requests wait: the oldest are shown; any row opens its order.
    const first = requests.getByTestId('work-row').first();
    const ref = await first.getAttribute('data-ref-id');
    await first.locator('td').nth(2).click();
    await expect(page).toHaveURL(new RegExp(`/en/order/${ref}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(ref!);
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

test('offers expiring within 48 h are counted on the server, and the count moves by itself when one is made', async ({ page, request }) => {
  const ec = await apiToken(request, 'ec.admin@demo.onsite.test');
  const staff = await apiToken(request, 'bl.sales@demo.onsite.test');
  const requested = async (name: string) => {
    const ref = await requestQuote(request, ec, { name, city: 'Reading', country: 'uk', timeZone: 'Europe/London' });
    return apiPost<{ _id: string; refId: string; version: number }>(request, staff, '/api/order/getByRefId', { refId: ref });
  };
  const offer = async (order: { _id: string; version: number }, hours: number) =>
    apiPost(request, staff, '/api/order/offer', {
      orderId: order._id,
      version: order.version,
      pdf: await apiUploadPdf(request, staff),
      expiresAt: new Date(Date.now() + hours * 3_600_000).toISOString(),
      price: { amount: 120_000, currency: 'GBP' },
    });
  const [soon, later] = [await requested(`Expiring soon ${Date.now().toString(36)}`), await requested(`Expiring later ${Date.now().toString(36)}`)];

  await logIn(page, 'bl.admin@demo.onsite.test');
  await page.goto('/en/personal-page');
  const queue = page.getByTestId('queue-expiringOffers');
  const count = queue.getByTestId('queue-count');
  await expect(count).toBeVisible();
  const before = Number(await count.innerText());

  // Made while the page is open: the one with 30 hours left joins the queue, the one with five days does not.
  await offer(later, 5 * 24);
  await offer(soon, 30);
  await expect.poll(async () => Number(await count.innerText()), { timeout: 10_000 }).toBe(before + 1);
  await expect(queue.locator(`[data-testid="work-row"][data-ref-id="${soon.refId}"]`)).toBeVisible();
  await expect(queue.locator(`[data-testid="work-row"][data-ref-id="${later.refId}"]`)).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, 'personal-page-expiring-en');
});
