import { expect, test } from '@playwright/test';
import { texts } from './i18n';
import { acceptedOrder, requestedOrder } from './order-setup';
import { expectAccessible, logIn, screenshot } from './staff-support';

/** The six rejection reasons (docs/product.md, rejecting). */
const REASONS = 6;

test('a quote request is rejected from its header: no "someone else", "other" needs a comment, then the list (en)', async ({ page }) => {
  const t = texts('en');
  const order = await requestedOrder('ec.admin@demo.onsite.test');
  await logIn(page, 'ec.admin@demo.onsite.test');
  await page.goto(`/en/order/${order.refId}`);
  await page.getByRole('button', { name: t('orders.reject.action.REQUESTED_QUOTE') }).click();
  const dialog = page.getByRole('dialog', { name: t('orders.reject.title.REQUESTED_QUOTE') });
  await expect(dialog.getByText(t('orders.reject.explain.REQUESTED_QUOTE', { refId: order.refId }))).toBeVisible();

  // Five reasons: the fourth, 'someone else', is not one for a quote request.
  await expect(dialog.getByRole('checkbox')).toHaveCount(REASONS - 1);
  await expect(dialog.getByLabel(t('orders.reject.reason.SOMEONE_ELSE'))).toHaveCount(0);
  await dialog.getByTestId('confirm-reject').click();
  await expect(dialog.getByText(t('orders.reject.reasonRequired'))).toBeVisible();

  await dialog.getByLabel(t('orders.reject.reason.NEED_DIFFERENT_SERVICE')).check();
  await dialog.getByLabel(t('orders.reject.reason.OTHER')).check();
  await expect(dialog.getByText(t('orders.reject.reasonRequired'))).toHaveCount(0);
  await dialog.getByTestId('confirm-reject').click();
  const comment = dialog.getByRole('textbox', { name: t('orders.reject.comment') });
  await expect(comment).toHaveAccessibleDescription(t('validation.required'));
  // A blank comment is no comment.
  await comment.fill('   ');
  await dialog.getByTestId('confirm-reject').click();
  await expect(dialog.getByText(t('validation.required'))).toBeVisible();
  await comment.fill('We move the line to another plant.');
  await expectAccessible(page);
  await screenshot(page, 'reject-request-dialog-en');
  await dialog.getByTestId('confirm-reject').click();

  await expect(page).toHaveURL(/\/en\/my-service-orders$/);
  await expect(page.getByText(t('orders.reject.done.REQUESTED_QUOTE', { refId: order.refId }))).toBeVisible();
  await page.goto(`/en/order/${order.refId}`);
  await expect(page.getByText(t('status.DECLINED')).first()).toBeVisible();
  await expect(page.getByRole('button', { name: t('orders.reject.action.REQUESTED_QUOTE') })).toHaveCount(0);
});

test('a submitted order is rejected with all six reasons on offer (de)', async ({ page }) => {
  const t = texts('de');
  const order = await acceptedOrder('ec2.admin@demo.onsite.test');
  await logIn(page, 'ec2.admin@demo.onsite.test');
  await page.goto(`/de/order/${order.refId}/order`);
  await page.getByRole('button', { name: t('orders.reject.action.ORDER_SUBMITTED') }).click();
  const dialog = page.getByRole('dialog', { name: t('orders.reject.title.ORDER_SUBMITTED') });
  await expect(dialog.getByRole('checkbox')).toHaveCount(REASONS);
  await expect(dialog.getByLabel(t('orders.reject.reason.SOMEONE_ELSE'))).toBeVisible();
  await dialog.getByLabel(t('orders.reject.reason.SOMEONE_ELSE')).check();
  await expectAccessible(page);
  await screenshot(page, 'reject-order-dialog-de');
  await dialog.getByTestId('confirm-reject').click();
  await expect(page).toHaveURL(/\/de\/my-service-orders$/);
  await expect(page.getByText(t('orders.reject.done.ORDER_SUBMITTED', { refId: order.refId }))).toBeVisible();
});

test('a quotation-only user may reject a quote request but not a submitted order', async ({ page }) => {
  const t = texts('en');
  const requested = await requestedOrder('ec.admin@demo.onsite.test');
  const submitted = await acceptedOrder('ec.admin@demo.onsite.test');
  await logIn(page, 'ec.quotation_only@demo.onsite.test');
  await page.goto(`/en/order/${requested.refId}`);
  await expect(page.getByRole('button', { name: t('orders.reject.action.REQUESTED_QUOTE') })).toBeVisible();
  await page.goto(`/en/order/${submitted.refId}`);
  await expect(page.getByText(t('status.ORDER_SUBMITTED')).first()).toBeVisible();
  await expect(page.getByTestId('reject')).toHaveCount(0);
});
