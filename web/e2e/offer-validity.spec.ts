import { expect, test } from '@playwright/test';
import { texts } from './i18n';
import { offeredOrder } from './order-setup';
import { expectAccessible, logIn, screenshot } from './staff-support';

const en = texts('en');

test('the customer asks for more time; staff see it live and extend the offer; the customer sees the new expiry live', async ({ page, browser }) => {
  const order = await offeredOrder('ec.admin@demo.onsite.test');
  await logIn(page, 'ec.admin@demo.onsite.test');
  await page.goto(`/en/order/${order.refId}/offer`);
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await logIn(staff, 'bl.sales@demo.onsite.test');
  await staff.goto(`/en/order/${order.refId}/offer`);
  await expect(staff.getByTestId('more-time-requested')).toHaveCount(0);
  // Staff never see the customer's buttons, customers never the staff's.
  await expect(staff.getByTestId('request-more-time')).toHaveCount(0);
  await expect(page.getByTestId('extend-offer')).toHaveCount(0);

  await page.getByTestId('request-more-time').click();
  const ask = page.getByRole('dialog', { name: en('orders.offer.moreTime.title') });
  await ask.getByRole('textbox', { name: en('orders.offer.moreTime.reason') }).fill('Our budget is approved on Friday.');
  await expectAccessible(page);
  await screenshot(page, 'offer-more-time-dialog-en');
  await ask.getByTestId('confirm-more-time').click();
  await expect(ask).toBeHidden();
  await expect(page.getByTestId('more-time-requested')).toBeVisible();

  await expect(staff.getByTestId('more-time-requested')).toBeVisible({ timeout: 1_500 });
  await expect(staff.getByRole('cell', { name: en('orderEvent.OFFER_EXTENSION_REQUESTED'), exact: true })).toBeVisible();
  await staff.getByTestId('extend-offer').click();
  const extend = staff.getByRole('dialog', { name: en('orders.offer.extend.title') });
  await expectAccessible(staff);
  await screenshot(staff, 'offer-extend-dialog-en');
  await extend.getByTestId('confirm-extend').click();
  await expect(extend).toBeHidden();
  await expect(staff.getByTestId('offer-extended')).toBeVisible();

  // The customer's open page follows: a week more, and where it came from.
  await expect(page.getByTestId('offer-extended')).toBeVisible({ timeout: 1_500 });
  await expect(page.getByTestId('offer-countdown')).toHaveText(/Expires in 10 d (4|5) h/);
  await staffContext.close();
});
