import { expect, test, type Page } from '@playwright/test';
import { texts } from './i18n';
import { requestedOrder } from './order-setup';
import { saveScreenshot } from './screenshots';
import { expectAccessible, expectNoPageOverflow, logIn, screenshot } from './staff-support';

// The list tables' column chooser and phone cards (D196).

/** The table's own scroll area is no wider than what it shows: nothing waits behind a sideways scroll. */
async function expectNoTableOverflow(page: Page, name: string) {
  const region = page.getByRole('region', { name });
  await expect.poll(() => region.evaluate((element) => element.scrollWidth - element.clientWidth), { timeout: 5_000 }).toBeLessThanOrEqual(0);
}

test('at 1366 px the order history fits without a sideways scroll; the owner column is turned on in the chooser and stays on', async ({ page }) => {
  const t = texts('en');
  // A quote request with a long site name of a customer bl.admin looks after, so the list has a row to measure.
  await requestedOrder('ec.admin@demo.onsite.test', {
    name: 'Werkstatt und Lager Nordhafen, Halle 7 (Instandhaltung)',
    addressLine1: '12 Wharf Road',
    city: 'Southampton',
    postCode: 'SO14 3TH',
    country: 'uk',
    timeZone: 'Europe/London',
  });
  await page.setViewportSize({ width: 1366, height: 768 });
  await logIn(page, 'bl.admin@demo.onsite.test');
  await page.goto('/en/order-history');
  await expect(page.getByTestId('order-row').first()).toBeVisible();
  const owner = page.getByRole('columnheader', { name: t('orderHistory.columns.owner') });
  await expect(page.getByRole('columnheader', { name: t('fields.reference') })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: t('orderHistory.columns.firstStart') })).toBeVisible();
  await expect(owner).toHaveCount(0);
  await expectNoTableOverflow(page, t('orderHistory.title'));
  await screenshot(page, 'wide-tables-order-history-en-1366');

  // By keyboard: the chooser opens on Enter, Space ticks 'Owner', Escape closes it.
  const chooser = page.getByTestId('column-chooser');
  await chooser.focus();
  await page.keyboard.press('Enter');
  const ownerBox = page.getByRole('checkbox', { name: t('orderHistory.columns.owner') });
  await expect(ownerBox).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: t('fields.customer'), exact: true })).toBeChecked();
  // Reference and status always show: the chooser does not offer them.
  await expect(page.getByRole('checkbox', { name: t('fields.reference'), exact: true })).toHaveCount(0);
  await ownerBox.focus();
  await page.keyboard.press('Space');
  await expect(ownerBox).toBeChecked();
  await expect(ownerBox).toBeFocused();
  await expect(owner).toBeVisible();
  await expectAccessible(page);
  // The visible part only: a full-page capture resizes the window under the open popover.
  await saveScreenshot(page, 'wide-tables-chooser-en', { fullPage: false });
  await page.keyboard.press('Escape');
  await expect(ownerBox).toBeHidden();
  await expect(chooser).toBeFocused();

  // The choice is this person's, kept in the browser: a reload shows the owner column again.
  await page.reload();
  await expect(page.getByTestId('order-row').first()).toBeVisible();
  await expect(owner).toBeVisible();
  await expect(page.getByRole('columnheader', { name: t('orderHistory.columns.offerExpiry') })).toHaveCount(0);

  // 'Show the default columns' hides it again.
  await chooser.click();
  await page.getByRole('button', { name: t('table.columns.reset') }).click();
  await expect(owner).toHaveCount(0);
  await expectNoTableOverflow(page, t('orderHistory.title'));
});

for (const [lang, email] of [
  ['en', 'ec.admin@demo.onsite.test'],
  ['de', 'ec2.admin@demo.onsite.test'],
] as const) {
  test(`my service orders fit 1366 px and at 390 px are cards: reference, status, the other fields, nothing cut (${lang})`, async ({ page }) => {
    const t = texts(lang);
    const order = await requestedOrder(email);
    await logIn(page, email, undefined, lang);
    await page.goto(`/${lang}/my-service-orders`);
    // On a laptop (1366 px) the table shows every column without a sideways scroll.
    await expect(page.getByRole('columnheader', { name: t('fields.requestedAt') })).toBeVisible();
    await expectNoTableOverflow(page, t('orders.list.title'));

    await page.setViewportSize({ width: 390, height: 844 });
    const cards = page.getByRole('list', { name: t('orders.list.title') });
    const card = cards.locator(`[data-ref-id="${order.refId}"]`);
    await expect(card).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    // The reference is the card's link, then its status, then the fields as label and value.
    await expect(card.getByRole('link', { name: order.refId })).toBeVisible();
    await expect(card.getByText(t('status.REQUESTED_QUOTE'))).toBeVisible();
    for (const label of [t('fields.services'), t('fields.location'), t('fields.start'), t('fields.requestedAt')])
      await expect(card.locator('dt', { hasText: label })).toBeVisible();
    await expect(card.locator('dd').first()).not.toBeEmpty();
    await expectNoPageOverflow(page);
    await expectAccessible(page);
    await screenshot(page, `wide-tables-my-orders-${lang}-390`);

    // The card opens its order.
    await card.getByRole('link', { name: order.refId }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/order/${order.refId}$`));
    await page.goBack();

    // The sort the column headers offer on a wide screen is a select here, kept in the URL as before.
    await page.getByRole('combobox', { name: t('table.sort.label') }).selectOption(`requestedAt:asc`);
    await expect(page).toHaveURL(/sort=requestedAt(%3A|:)asc/);
    await expect(page.getByTestId('order-row').first()).toBeVisible();
  });
}

test('user management and companies at 390 px are cards too, and pass axe', async ({ page }) => {
  const t = texts('en');
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, 'bl.admin@demo.onsite.test');
  await page.goto('/en/user-management');
  const user = page
    .getByRole('list', { name: t('users.title') })
    .getByTestId('user-row')
    .first();
  await expect(user).toBeVisible();
  await expect(user.locator('dt', { hasText: t('users.fields.role') })).toBeVisible();
  await expectNoPageOverflow(page);
  await expectAccessible(page);
  await screenshot(page, 'wide-tables-users-en-390');

  await page.goto('/en/companies');
  const company = page
    .getByRole('list', { name: t('companies.title') })
    .getByTestId('company-row')
    .first();
  await expect(company).toBeVisible();
  await expect(company.locator('dt', { hasText: t('companies.fields.type') })).toBeVisible();
  await expectNoPageOverflow(page);
  await expectAccessible(page);
  await screenshot(page, 'wide-tables-companies-en-390');
});

test('at 390 px the order history is cards with the same selection, sort and columns', async ({ page }) => {
  const t = texts('en');
  await requestedOrder('ec.admin@demo.onsite.test');
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, 'bl.admin@demo.onsite.test');
  await page.goto('/en/order-history');
  const cards = page.getByRole('list', { name: t('orderHistory.title') });
  await expect(cards.getByTestId('order-row').first()).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  // 'Select all' sits above the cards; each card has its own box.
  const all = page.getByRole('checkbox', { name: t('orderHistory.selectAll') });
  await all.check();
  await expect(page.getByTestId('bulk-delete')).toBeVisible();
  await all.uncheck();
  await expect(page.getByTestId('bulk-delete')).toHaveCount(0);
  const sorted = page.waitForResponse((response) => response.request().postData()?.includes('customerName') === true);
  await page.getByRole('combobox', { name: t('table.sort.label') }).selectOption('customerName:asc');
  await expect(page).toHaveURL(/sort=customerName/);
  await sorted;
  await expect(cards.getByTestId('order-row').first()).toBeVisible();
  // The list is dimmed (busy) while the new order of the cards loads, and fades back in: checked once it is not busy
  // and at full opacity again (axe would judge the colours of the fading cards).
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect
    .poll(() => page.evaluate(() => [...document.querySelectorAll('[style*="transition: opacity"]')].every((el) => getComputedStyle(el).opacity === '1')))
    .toBe(true);
  await expectNoPageOverflow(page);
  await expectAccessible(page);
  await page.getByRole('combobox', { name: t('table.sort.label') }).evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await saveScreenshot(page, 'wide-tables-order-history-en-390-cards', { fullPage: false });
});
