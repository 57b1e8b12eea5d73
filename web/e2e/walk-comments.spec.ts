import { expect, test, type Page } from '@playwright/test';
import { texts } from './i18n';
import { offeredOrder, requestedOrder } from './order-setup';
import { expectAccessible, logIn, screenshot } from './staff-support';

/**
 * What people write with a decision is shown where its reader looks: the provider's decline (its text for the customer,
 * its internal comment for staff only), the customer's reasons and comment for rejecting an offer, and a comment added
 * from 'more actions' — on the order's detail and in its events table.
 */
const en = texts('en');
const stamp = Date.now().toString(36);

const eventRow = (page: Page, event: string) => page.locator(`[data-testid="event-row"][data-event="${event}"]`);

test('a decline: staff read both comments; the customer reads the one for them, in German, and never the internal one', async ({ page, browser }) => {
  const order = await requestedOrder('ec2.admin@demo.onsite.test');
  const external = `Für diese Maschine haben wir in der Region keinen Techniker (${stamp}).`;
  const internal = `Partnernetz gefragt, keine Kapazität (${stamp}).`;
  await logIn(page, 'bl.planner@demo.onsite.test');
  await page.goto(`/en/order/${order.refId}`);
  await page.getByTestId('decline-request').click();
  const dialog = page.getByRole('dialog', { name: en('staffOrder.decline.title') });
  await dialog.getByRole('textbox', { name: en('staffOrder.decline.external') }).fill(external);
  await dialog.getByRole('textbox', { name: en('staffOrder.decline.internal') }).fill(internal);
  await dialog.getByTestId('confirm-decline').click();
  await expect(dialog).toBeHidden();

  const note = page.getByTestId('decision-note');
  await expect(note).toContainText(en('orders.decision.DECLINE'));
  await expect(note).toContainText(`${en('orders.eventTexts.forCustomer')}: ${external}`);
  await expect(note).toContainText(`${en('orders.eventTexts.internal')}: ${internal}`);
  await expect(eventRow(page, 'DECLINE')).toContainText(external);
  await expect(eventRow(page, 'DECLINE')).toContainText(internal);
  await expectAccessible(page);
  await screenshot(page, 'walk-decline-staff-en');

  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  const de = texts('de');
  await logIn(customer, 'ec2.admin@demo.onsite.test', undefined, 'de');
  await customer.goto(`/de/order/${order.refId}`);
  const customerNote = customer.getByTestId('decision-note');
  await expect(customerNote).toContainText(de('orders.decision.DECLINE'));
  await expect(customerNote).toContainText(external);
  await expect(eventRow(customer, 'DECLINE')).toContainText(external);
  await expect(customer.getByText(internal)).toHaveCount(0);
  await expect(customer.getByText(de('orders.eventTexts.internal'))).toHaveCount(0);
  await expectAccessible(customer);
  await screenshot(customer, 'walk-decline-customer-de');
  await customerContext.close();
});

test('an offer rejected with reasons and a comment: staff read them on the offer tab and in the events', async ({ page, browser }) => {
  const order = await offeredOrder('ec.admin@demo.onsite.test');
  const why = `The line moves to another plant (${stamp}).`;
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await logIn(customer, 'ec.admin@demo.onsite.test');
  await customer.goto(`/en/order/${order.refId}/offer`);
  await customer.getByTestId('reject').click();
  const dialog = customer.getByRole('dialog', { name: en('orders.reject.title.OFFERED') });
  await dialog.getByLabel(en('orders.reject.reason.PRICE_TOO_HIGH')).check();
  await dialog.getByLabel(en('orders.reject.reason.OTHER')).check();
  await dialog.getByRole('textbox', { name: en('orders.reject.comment') }).fill(why);
  await dialog.getByTestId('confirm-reject').click();
  await expect(customer).toHaveURL(/\/en\/my-service-orders$/);
  await customerContext.close();

  await logIn(page, 'bl.sales@demo.onsite.test');
  await page.goto(`/en/order/${order.refId}/offer`);
  await expect(page.getByTestId('offer-outcome')).toHaveText(en('orders.offer.outcome.rejected'));
  const rejection = page.getByTestId('offer-rejection');
  await expect(rejection).toContainText(en('orders.reject.reason.PRICE_TOO_HIGH'));
  await expect(rejection).toContainText(en('orders.reject.reason.OTHER'));
  await expect(rejection).toContainText(why);
  await expect(page.getByTestId('decision-note')).toContainText(en('orders.decision.REJECT'));
  await expect(eventRow(page, 'REJECT')).toContainText(why);
  await expectAccessible(page);
  await screenshot(page, 'walk-offer-rejected-staff-en');
});

test('a comment added from "more actions" shows its text in the events table; an internal one only to staff', async ({ page, browser }) => {
  const order = await requestedOrder('ec.admin@demo.onsite.test');
  const internalText = `Call the customer before Friday (${stamp}).`;
  const externalText = `We confirm the date by Friday (${stamp}).`;
  await logIn(page, 'bl.admin@demo.onsite.test');
  await page.goto(`/en/order/${order.refId}`);
  for (const [text, external] of [
    [internalText, false],
    [externalText, true],
  ] as const) {
    await page.getByTestId('more-staff-actions').click();
    await page.getByRole('menuitem', { name: en('staffOrder.comment.action') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: en('staffOrder.comment.text') }).fill(text);
    if (external) await dialog.getByLabel(en('staffOrder.comment.external')).check();
    await dialog.getByTestId('confirm-comment').click();
    await expect(dialog).toBeHidden();
  }
  await expect(eventRow(page, 'COMMENT').filter({ hasText: internalText })).toContainText(en('orders.eventTexts.internal'));
  await expect(eventRow(page, 'COMMENT').filter({ hasText: externalText })).toContainText(en('orders.eventTexts.forCustomer'));
  await screenshot(page, 'walk-comments-staff-en');

  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await logIn(customer, 'ec.admin@demo.onsite.test');
  await customer.goto(`/en/order/${order.refId}`);
  await expect(customer.getByText(externalText)).toBeVisible();
  await expect(customer.getByText(internalText)).toHaveCount(0);
  await customerContext.close();
});
