import { expect, test } from '@playwright/test';
import { texts } from './i18n';
import { makeOffer, requestedOrder } from './order-setup';
import { logIn } from './staff-support';

const en = texts('en');

test('an offer made meanwhile appears on the customer’s open page, and staff see the acceptance, both without a reload', async ({ page, browser }) => {
  const order = await requestedOrder('ec.admin@demo.onsite.test');
  await logIn(page, 'ec.admin@demo.onsite.test');
  await page.goto(`/en/order/${order.refId}`);
  await expect(page.getByText(en('status.REQUESTED_QUOTE')).first()).toBeVisible();
  await expect(page.getByRole('tab', { name: en('orders.detail.tabs.offer'), exact: true })).toHaveCount(0);
  // The customer's list, open in a second tab of the same session, follows too.
  const list = await page.context().newPage();
  await list.goto('/en/my-service-orders');
  await expect(list.getByRole('link', { name: order.refId })).toBeVisible();

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await logIn(staff, 'bl.sales@demo.onsite.test');
  await staff.goto(`/en/order/${order.refId}`);
  await expect(staff.getByText(en('statusStaff.REQUESTED_QUOTE')).first()).toBeVisible();

  // Staff make the offer (through the api: the offer screen is not the step under test).
  await makeOffer(order);
  const offerTab = page.getByRole('tab', { name: en('orders.detail.tabs.offer'), exact: true });
  await expect(offerTab).toBeVisible({ timeout: 1_500 });
  await expect(list.getByRole('row', { name: new RegExp(order.refId) }).getByText(en('status.OFFERED'))).toBeVisible({ timeout: 1_500 });

  // The customer accepts in the console; staff's open page shows the submitted order within a second.
  await offerTab.click();
  await page.getByTestId('accept-offer').click();
  const dialog = page.getByRole('dialog', { name: en('orders.offer.acceptDialog.title') });
  const f = (key: string) => dialog.getByLabel(new RegExp(`^${en(`orders.offer.acceptDialog.fields.${key}`)}`));
  // The dialog puts the focus in its first field as it opens: typing starts after that, as a person's would.
  await expect(dialog.getByRole('textbox', { name: en('orders.offer.acceptDialog.poNumber') })).toBeFocused();
  // A new billing address, unless the company has one stored already (other specs may have added one).
  if (await f('firstName').isVisible()) {
    await f('firstName').fill('Ann');
    await f('lastName').fill('Lee');
    await f('email').fill('ap@thames.example');
    await f('department').fill('Accounts payable');
    await f('addressLine1').fill('14 Riverside Way');
    await f('addressPostCode').fill('RG1 8DB');
    await f('addressCity').fill('Reading');
    await f('taxNumber').fill('GB123456789');
  }
  await dialog.getByRole('checkbox').check();
  await dialog.getByTestId('confirm-accept').click();
  await expect(dialog.getByTestId('accept-confirmed')).toBeVisible();
  await dialog.getByTestId('accept-close').click();
  await expect(dialog).toBeHidden();
  await expect(staff.getByText(en('statusStaff.ORDER_SUBMITTED')).first()).toBeVisible({ timeout: 1_500 });
  await staffContext.close();
});
