import { expect, test } from '@playwright/test';
import { texts } from './i18n';
import { plannedJob } from './order-setup';
import { expectAccessible, logIn, newCompanyAdmin, screenshot } from './staff-support';

const pt = texts('pt');

/**
 * Brazil is in the country list, and the console speaks the language of the user's country (D9: br →
 * Portuguese). None of the demo companies is Brazilian (D35), so this spec brings one in as staff would: a
 * Brazilian end customer with an administrator, whose orders are then read in Portuguese.
 */
test('a Brazilian customer reads the list, the timeline and every tab of an order in Portuguese; each passes axe (pt)', async ({ page, request }) => {
  const { email } = await newCompanyAdmin(request, { name: 'Paulista Usinagem', type: 'EC', country: 'br' }, { firstName: 'Ana', lastName: 'Ribeiro' });
  // Their service is in Germany: orders are placed where the provider serves.
  const order = await plannedJob(email);

  await logIn(page, email);
  await page.goto('/en/my-service-orders');
  // The language follows the country, whatever the address said.
  await expect(page).toHaveURL(/\/pt\/my-service-orders/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  // A planned job is outside the default filter; the list says so and shows it on request.
  await page.getByRole('button', { name: pt('orders.list.showAll') }).click();
  const row = page.locator(`[data-ref-id="${order.refId}"]`);
  await expect(row).toBeVisible();
  await expect(row).toContainText(pt('status.JOB_PLANNED'));
  await expectAccessible(page);
  await screenshot(page, 'my-orders-pt');

  await page.getByText(`${pt('orders.gantt.timeline')} (${pt('orders.gantt.beta')})`).click();
  await expect(page.getByTestId('gantt')).toBeVisible();
  await page.getByText(pt('orders.gantt.zoom.month'), { exact: true }).click();
  // The job is planned for January: when this period does not reach it, the page offers the next service window.
  const jump = page.getByRole('button', { name: pt('orders.gantt.jumpNext') });
  if (await jump.isVisible()) await jump.click();
  await expect(page.getByTestId('gantt').locator(`[data-ref-id="${order.refId}"]`)).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'my-orders-timeline-pt');

  for (const [path, label] of [
    ['', 'orders.detail.tabs.quoteRequest'],
    ['/offer', 'orders.detail.tabs.offer'],
    ['/order', 'orders.detail.tabs.order'],
    ['/job-information', 'orders.detail.tabs.jobInformation'],
    ['/feedback', 'orders.detail.tabs.feedback'],
  ] as const) {
    await page.goto(`/pt/order/${order.refId}${path}`);
    await expect(page.getByRole('heading', { name: order.refId, level: 1 })).toBeVisible();
    await expect(page.getByRole('tab', { name: pt(label), exact: true })).toHaveAttribute('aria-selected', 'true');
    await expectAccessible(page);
    await screenshot(page, `order${path ? `-${path.slice(1)}` : '-request'}-tab-pt`);
  }
});
