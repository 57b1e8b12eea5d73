import { expect, test } from '@playwright/test';
import { texts } from './i18n';
import { acceptedOrder, requestedOrder } from './order-setup';
import { expectAccessible, expectNoPageOverflow, logIn, screenshot } from './staff-support';
import { slideToUnlock } from './unlock-slider';

const en = texts('en');
const de = texts('de');

test('the customer edits the PO and the local contact of an accepted order, then cancels it (en, 390 px)', async ({ page }) => {
  const order = await acceptedOrder('ec.admin@demo.onsite.test');
  await logIn(page, 'ec.admin@demo.onsite.test');
  await page.goto(`/en/order/${order.refId}`);
  // The accepted billing address has an id: the quote-request tab shows it too.
  await expect(page.getByRole('region', { name: en('orders.order.billing.title') })).toContainText('Reading');
  await page.getByRole('tab', { name: en('orders.detail.tabs.order'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${order.refId}/order$`));
  await expect(page.getByTestId('po-number')).toHaveText(en('orders.order.po.none'));
  await expect(page.getByRole('region', { name: en('orders.order.billing.title') })).toContainText('Reading');
  await expect(page.getByText(en('orders.order.localContact.none'))).toBeVisible();

  await page.getByRole('button', { name: en('orders.order.po.edit') }).click();
  const poDialog = page.getByRole('dialog', { name: en('orders.order.po.editTitle') });
  await poDialog.getByRole('textbox', { name: en('orders.order.po.number') }).fill('PO-2026-077');
  await expectAccessible(page);
  await poDialog.getByTestId('save-po').click();
  await expect(poDialog).toBeHidden();
  await expect(page.getByTestId('po-number')).toHaveText('PO-2026-077');

  await page.getByRole('button', { name: en('orders.order.localContact.add') }).click();
  const contactDialog = page.getByRole('dialog', { name: en('orders.order.localContact.title') });
  await contactDialog.getByTestId('save-local-contact').click();
  await expect(contactDialog.getByText(en('validation.required'))).toBeVisible();
  await contactDialog.getByRole('textbox', { name: en('orders.order.localContact.name') }).fill('Priya Shah');
  await contactDialog.getByRole('textbox', { name: en('fields.email') }).fill('priya.shah@thames.example');
  await contactDialog.getByTestId('save-local-contact').click();
  await expect(contactDialog).toBeHidden();
  await expect(page.getByTestId('local-contact')).toContainText('Priya Shah');
  await expectAccessible(page);
  await screenshot(page, 'order-tab-en');

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoPageOverflow(page);
  await screenshot(page, 'order-tab-en-390');

  await page.getByTestId('cancel-order').click();
  const cancel = page.getByRole('dialog', { name: en('orders.cancel.title.order') });
  await cancel.getByRole('textbox', { name: en('orders.cancel.comment') }).fill('The machine was sold.');
  await expectAccessible(page);
  // A binding order is cancelled with the unlock slider (D220): a click alone does nothing.
  await cancel.getByTestId('confirm-cancel').click();
  await expect(cancel).toBeVisible();
  await screenshot(page, 'cancel-order-slider-en-390');
  await slideToUnlock(page, cancel.getByTestId('confirm-cancel'));
  await expect(cancel).toBeHidden();
  await expect(page.getByText(en('status.CANCELED')).first()).toBeVisible();
  await expect(page.getByTestId('cancel-order')).toHaveCount(0);
  // Once cancelled, the PO can no longer be edited.
  await expect(page.getByRole('button', { name: en('orders.order.po.edit') })).toHaveCount(0);
});

test('a German customer withdraws a quote request; a quotation-only user may not cancel an order (de)', async ({ page, browser }) => {
  const request = await requestedOrder('ec2.admin@demo.onsite.test');
  const accepted = await acceptedOrder('ec2.admin@demo.onsite.test');
  await logIn(page, 'ec2.admin@demo.onsite.test');
  await page.goto(`/de/order/${request.refId}`);
  await page.getByTestId('cancel-order').click();
  const cancel = page.getByRole('dialog', { name: de('orders.cancel.title.request') });
  await expect(cancel).toContainText(request.refId);
  await expectAccessible(page);
  await screenshot(page, 'cancel-request-de');
  await cancel.getByTestId('confirm-cancel').click();
  await expect(page.getByText(de('status.CANCELED')).first()).toBeVisible();

  const other = await browser.newContext();
  const quotationOnly = await other.newPage();
  await logIn(quotationOnly, 'ec2.quotation_only@demo.onsite.test');
  await quotationOnly.goto(`/de/order/${accepted.refId}/order`);
  await expect(quotationOnly.getByTestId('po-number')).toBeVisible();
  await expect(quotationOnly.getByRole('button', { name: de('orders.order.po.edit') })).toHaveCount(0);
  await expect(quotationOnly.getByTestId('cancel-order')).toHaveCount(0);
  await expectAccessible(quotationOnly);
  await screenshot(quotationOnly, 'order-tab-quotation-only-de');
  await other.close();
});
