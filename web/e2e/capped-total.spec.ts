import { expect, test, type Page } from '@playwright/test';
import { texts } from './i18n';
import { requestedOrder } from './order-setup';
import { expectAccessible, logIn, screenshot } from './staff-support';

/**
 * A broad search stops counting at 1,000 matches (D67). The shared test server holds a few hundred orders, so this
 * spec lets the real answer through and only raises its total to the cap with the flag the api then sends: the
 * pager, the page buttons and the timeline's note are what is under test, not the count.
 */
async function capTheListTotal(page: Page) {
  await page.route('**/api/order/list', async (route) => {
    try {
      const response = await route.fetch();
      const body = (await response.json()) as { data: { total: number; totalCapped?: boolean } };
      await route.fulfill({ response, json: { ...body, data: { ...body.data, total: 1000, totalCapped: true } } });
    } catch {
      // The page gave the request up (a newer search replaced it): nothing to answer.
    }
  });
}

for (const lang of ['en', 'de'] as const) {
  const t = texts(lang);
  const thousand = lang === 'de' ? '1.000' : '1,000';

  test(`a search with more than 1,000 hits says so in the pager and the timeline, and offers its pages (${lang})`, async ({ page }) => {
    // A customer whose profile speaks the language under test, with an order of its own to find.
    const customer = lang === 'de' ? 'ec2.admin@demo.onsite.test' : 'ec.admin@demo.onsite.test';
    await requestedOrder(customer);
    await logIn(page, customer);
    await capTheListTotal(page);
    await page.goto(`/${lang}/my-service-orders?q=ON-`);
    await expect(page.getByTestId('order-row').first()).toBeVisible();
    await expect(page.getByText(t('table.rangeCapped', { from: 1, to: 10, total: thousand }))).toBeVisible();

    // 1,000 rows at 10 a page: the page buttons reach the hundredth, and no further.
    await expect(page.getByRole('button', { name: t('table.pagination.page', { page: 100 }), exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: t('table.pagination.page', { page: 101 }), exact: true })).toHaveCount(0);
    await expectAccessible(page);
    await screenshot(page, `my-orders-capped-${lang}`);

    await page.getByText(`${t('orders.gantt.timeline')} (${t('orders.gantt.beta')})`).click();
    await expect(page.getByTestId('gantt-limited')).toContainText(t('table.moreThan', { total: thousand }));
  });
}
