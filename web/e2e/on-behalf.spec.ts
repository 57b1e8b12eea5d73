import { expect, test, type Page } from '@playwright/test';
import { texts } from './i18n';
import { apiPost, apiToken, expectAccessible, expectNoPageOverflow, logIn, requestQuote, screenshot } from './staff-support';

const stamp = Date.now().toString(36);

async function nameOf(request: Parameters<typeof apiToken>[0], email: string): Promise<string> {
  const profile = await apiPost<{ firstName: string; lastName: string }>(request, await apiToken(request, email), '/api/user/getProfile', {});
  return `${profile.firstName} ${profile.lastName}`;
}

async function openOrder(page: Page, lang: 'en' | 'de', refId: string) {
  await page.goto(`/${lang}/order/${refId}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(refId);
}

test('staff choose a customer from the order history, order again for them, and the events name both; then stop acting', async ({ page, request }) => {
  const t = texts('en');
  const refId = await requestQuote(request, await apiToken(request, 'ec.admin@demo.onsite.test'), {
    name: `Slough ${stamp}`,
    city: 'Slough',
    country: 'uk',
    timeZone: 'Europe/London',
  });
  const customer = await nameOf(request, 'ec.admin@demo.onsite.test');
  const staff = await nameOf(request, 'bl.admin@demo.onsite.test');

  await logIn(page, 'bl.admin@demo.onsite.test');
  await page.goto('/en/order-history');
  await page.getByTestId('quote-on-behalf').click();
  const dialog = page.getByRole('dialog', { name: t('onBehalf.title.quote') });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(t('onBehalf.searchHint', { count: 2 }))).toBeVisible();
  await expect(dialog.getByTestId('act-for-start')).toBeDisabled();
  await dialog.getByLabel(t('onBehalf.search')).fill('Thames');
  const users = dialog.getByTestId('act-for-user');
  await expect(users.first()).toBeVisible();
  // Only customers: every user found belongs to the company searched for, none is staff.
  for (const text of await users.allTextContents()) expect(text).toContain('Thames Precision');
  await users.filter({ hasText: 'ec.admin@demo.onsite.test' }).click();
  await expectAccessible(page);
  await screenshot(page, 'on-behalf-picker-en');
  await dialog.getByTestId('act-for-start').click();

  // An end customer's quote request is made in the one-page checkout, with the banner naming both people.
  await expect(page).toHaveURL(/\/en\/order-form/);
  const banner = page.getByText(t('shell.onBehalf', { staff, customer, company: 'Thames Precision Ltd' }));
  await expect(banner).toBeVisible();

  // Acting for them, staff request a quote in the customer's checkout; the order's events record both users.
  await page.getByLabel(new RegExp(`^${t('fields.locationName')}`)).fill(`For Thames ${stamp}`);
  await page.getByLabel(new RegExp(`^${t('fields.addressLine1')}`)).fill('14 Riverside Way');
  await page.getByLabel(new RegExp(`^${t('fields.postCode')}`)).fill('RG1 8DB');
  await page.getByLabel(new RegExp(`^${t('fields.city')}`)).fill('Reading');
  await page.locator('[data-service-id="svc-repair"]').check();
  const start = new Date(Date.now() + 35 * 86_400_000);
  const from = page.getByLabel(new RegExp(`^${t('fields.dateFrom')}`)).first();
  await from.fill(`${String(start.getDate()).padStart(2, '0')}.${String(start.getMonth() + 1).padStart(2, '0')}.${start.getFullYear()}`);
  await from.blur();
  await page.getByLabel(t('orders.form.disclaimer')).check();
  await page.getByTestId('submit-order').click();
  await expect(page).toHaveURL(/order-confirmation/);
  await page.getByTestId('confirmation-open-order').click();
  const requested = page.getByRole('row').filter({ hasText: t('orderEvent.GET_QUOTE') });
  await expect(requested).toContainText(staff);
  await expect(requested).toContainText(customer);

  // Acting for them, staff order an earlier request again: the copy's events record both users.
  await openOrder(page, 'en', refId);
  await page.getByTestId('reorder').click();
  await expect(page).toHaveURL(/\/en\/order-form\?draft=/);
  const done = new RegExp(t('orders.reorder.done', { refId: '@' }).replace('.', '\\.').replace('@', '(\\S+)'));
  const draftRef = (await page.getByText(done).textContent())!.match(done)![1]!;
  await openOrder(page, 'en', draftRef);
  const created = page.getByRole('row').filter({ hasText: t('orderEvent.CREATE') });
  await expect(created).toContainText(staff);
  await expect(created).toContainText(customer);

  // Stopping brings staff back to their own order history, without the banner.
  await page.getByRole('button', { name: t('shell.stopOnBehalf') }).click();
  await expect(page).toHaveURL(/\/en\/order-history/);
  await expect(banner).toHaveCount(0);
});

test('staff start ordering for a user from user management and land in their service portfolio', async ({ page }) => {
  const t = texts('en');
  await logIn(page, 'bl.admin@demo.onsite.test');
  await page.goto('/en/user-management?q=oem2.planner');
  const row = page.getByRole('row').filter({ hasText: 'oem2.planner@demo.onsite.test' });
  await row.getByTestId('user-actions').click();
  await page.getByTestId('act-for-user').click();
  await expect(page).toHaveURL(/\/en\/service-portfolio/);
  await expect(page.getByRole('button', { name: t('shell.stopOnBehalf') })).toBeVisible();
});

for (const lang of ['en', 'de'] as const) {
  test(`a customer asks for a change, told what it means first, and continues it from the order (${lang})`, async ({ page, request }) => {
    const t = texts(lang);
    const email = lang === 'en' ? 'ec.planner@demo.onsite.test' : 'ec2.planner@demo.onsite.test';
    const refId = await requestQuote(request, await apiToken(request, email), {
      name: `Change ${stamp} ${lang}`,
      city: 'Leeds',
      country: lang === 'en' ? 'uk' : 'de',
      timeZone: 'Europe/Berlin',
    });
    await logIn(page, email);
    await openOrder(page, lang, refId);
    await page.getByTestId('request-change').click();
    const dialog = page.getByRole('dialog', { name: t('orders.change.title', { refId }) });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(t('orders.change.rules.resubmit'))).toBeVisible();
    // Escape does not close it: the decision is made with the buttons.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, `order-change-dialog-${lang}`);
    await dialog.getByTestId('confirm-change').click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/order-form\\?draft=`));

    // Back on the order, the change waits to be finished; 'change' is not offered twice.
    await openOrder(page, lang, refId);
    await expect(page.getByTestId('continue-editing')).toHaveText(t('orders.edit.continueChange'));
    await expect(page.getByTestId('request-change')).toHaveCount(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoPageOverflow(page);
  });
}
