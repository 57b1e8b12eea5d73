import { expect, test } from '@playwright/test';
import { texts } from './i18n';
import { offeredOrder, requestedOrder } from './order-setup';
import { expectAccessible, expectNoPageOverflow, logIn, screenshot } from './staff-support';

const en = texts('en');
const de = texts('de');

test('the list counts an open offer down, and the timeline shows the service windows and opens an order (en, 390 px)', async ({ page }) => {
  const offered = await offeredOrder('ec.admin@demo.onsite.test');
  const requested = await requestedOrder('ec.admin@demo.onsite.test');
  await logIn(page, 'ec.admin@demo.onsite.test');
  await page.goto('/en/my-service-orders');
  const row = page.locator(`[data-ref-id="${offered.refId}"]`);
  await expect(row.getByTestId('list-countdown')).toHaveText(/Expires in 3 d (4|5) h/);

  await page.getByText(`${en('orders.gantt.timeline')} (${en('orders.gantt.beta')})`).click();
  await expect(page).toHaveURL(/view=timeline/);
  const gantt = page.getByTestId('gantt');
  await expect(gantt).toBeVisible();
  await expect(page.getByTestId('gantt-today')).toHaveCount(1);
  // The set-up orders start in 30 days: the six-week zoom reaches them.
  await page.getByText(en('orders.gantt.zoom.month'), { exact: true }).click();
  await expect(gantt.locator(`[data-ref-id="${offered.refId}"]`)).toBeVisible();
  await expect(gantt.locator(`[data-ref-id="${requested.refId}"]`)).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'my-orders-timeline-en');

  // The view is part of the URL: a reload keeps it.
  await page.reload();
  await expect(page.getByTestId('gantt')).toBeVisible();
  await page.getByRole('link', { name: new RegExp(`^${offered.refId}, `) }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${offered.refId}$`));

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/en/my-service-orders?view=timeline');
  await expect(page.getByTestId('gantt')).toBeVisible();
  await expectNoPageOverflow(page);
  await screenshot(page, 'my-orders-timeline-en-390');
  await page.goto('/en/my-service-orders');
  await expect(page.getByTestId('order-row').first()).toBeVisible();
  await expectNoPageOverflow(page);
});

test('the timeline in German, with the way to the next service window when this period has none (de)', async ({ page }) => {
  await requestedOrder('ec2.admin@demo.onsite.test');
  await logIn(page, 'ec2.admin@demo.onsite.test');
  await page.goto('/de/my-service-orders?view=timeline');
  await expect(page.getByTestId('gantt')).toBeVisible();
  // Two weeks from this Monday hold none of the set-up orders (they start in 30 days): the page says so and offers the next.
  const jump = page.getByRole('button', { name: de('orders.gantt.jumpNext') });
  if (await jump.isVisible()) {
    await expect(page.getByText(de('orders.gantt.nothingInRange'))).toBeVisible();
    await jump.click();
  }
  await expect(page.getByTestId('gantt-bar').first()).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'my-orders-timeline-de');
});
