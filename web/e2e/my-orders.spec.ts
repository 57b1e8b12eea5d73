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
  // Nothing is cut at phone width: with a search, 'reset filters' gets a line of its own below it.
  await page.goto('/en/my-service-orders?q=ON-');
  const reset = page.getByRole('button', { name: en('actions.resetFilters') });
  await expect(reset).toBeVisible();
  const box = (await reset.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await screenshot(page, 'my-orders-list-en-390');
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

test('page size and sort of the German list stay in the URL and survive a reload; the list passes axe (de)', async ({ page }) => {
  // Eleven requests at one site, found by its name: one more than the first page holds.
  const site = {
    name: `Werk Liste ${Date.now()}`,
    addressLine1: 'Industriestraße 12',
    city: 'Köln',
    postCode: '50667',
    country: 'de',
    timeZone: 'Europe/Berlin',
  };
  const created: string[] = [];
  for (let i = 0; i < 11; i++) created.push((await requestedOrder('ec2.admin@demo.onsite.test', site)).refId);
  await logIn(page, 'ec2.admin@demo.onsite.test');
  await page.goto('/de/my-service-orders');
  await page.getByRole('searchbox', { name: de('orders.list.searchLabel') }).fill(site.name);
  await expect(page).toHaveURL(/q=Werk/);
  const refIds = () => page.getByTestId('order-ref').allTextContents();
  await expect(page.getByTestId('order-row')).toHaveCount(10);
  await expect(page.getByText(de('table.range', { from: '1', to: '10', total: '11' }))).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'my-orders-list-de');

  await page.getByRole('combobox', { name: de('table.rowsPerPage') }).selectOption('25');
  await expect(page).toHaveURL(/size=25/);
  await expect(page.getByTestId('order-row')).toHaveCount(11);

  // Oldest request first, then newest first: the order they were sent in.
  const requested = page.getByRole('columnheader', { name: de('fields.requestedAt') });
  await requested.getByRole('button').click();
  await expect(page).toHaveURL(/sort=requestedAt%3Aasc|sort=requestedAt:asc/);
  await expect(requested).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(refIds).toEqual(created);
  await requested.getByRole('button').click();
  await expect(requested).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(refIds).toEqual([...created].reverse());

  // A reload (or a shared link) shows the same list: search, page size and sort come from the URL.
  await page.reload();
  await expect(page.getByRole('searchbox', { name: de('orders.list.searchLabel') })).toHaveValue(site.name);
  await expect(page.getByRole('combobox', { name: de('table.rowsPerPage') })).toHaveValue('25');
  await expect(page.getByRole('columnheader', { name: de('fields.requestedAt') })).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(refIds).toEqual([...created].reverse());

  // Back to ten a page: the second page holds the oldest request.
  await page.getByRole('combobox', { name: de('table.rowsPerPage') }).selectOption('10');
  await expect(page.getByTestId('order-row')).toHaveCount(10);
  await page.getByRole('button', { name: de('table.pagination.page', { page: '2' }) }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect.poll(refIds).toEqual([created[0]]);
  await page.reload();
  await expect.poll(refIds).toEqual([created[0]]);
});
