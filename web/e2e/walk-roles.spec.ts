import { expect, test, type Page } from '@playwright/test';
import { texts } from './i18n';
import { apiToken, expectAccessible, logIn, screenshot } from './staff-support';

/**
 * Each kind of staff user sees only what they may do: the read-only auditor is offered no write action on any screen
 * (and is told why where it types the address of one), and staff who are not acting for a customer are sent to choose
 * the customer before any ordering form opens.
 */

async function expectNoWriteActions(page: Page, lang: 'en' | 'de') {
  const t = texts(lang);
  await page.goto(`/${lang}/user-management`);
  await expect(page.getByRole('heading', { name: t('users.title'), level: 1 })).toBeVisible();
  // The list is there to read...
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  // ...with nothing to do with it.
  await expect(page.getByRole('button', { name: t('users.actions.invite') })).toHaveCount(0);
  await expect(page.getByTestId('user-actions')).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, `walk-auditor-users-${lang}`);

  await page.goto(`/${lang}/companies`);
  await expect(page.getByRole('heading', { name: t('companies.title'), level: 1 })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('button', { name: t('companies.add.action') })).toHaveCount(0);
  await screenshot(page, `walk-auditor-companies-${lang}`);

  // A company opens as it is: its fields cannot be typed into and there is nothing to save, add or delete.
  await page.getByRole('row').nth(1).getByRole('link').first().click();
  await expect(page.getByLabel(new RegExp(`^${t('companies.fields.name')}`))).toHaveAttribute('readonly', '');
  await expect(page.getByRole('button', { name: t('staffCommon.save') })).toHaveCount(0);
  await expect(page.getByRole('button', { name: t('companyInfo.billing.add') })).toHaveCount(0);
  await expect(page.getByRole('button', { name: t('staffCommon.delete') })).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, `walk-auditor-company-${lang}`);

  await page.goto(`/${lang}/partner-offers`);
  await expect(page.getByRole('heading', { name: t('partners.title'), level: 1 })).toBeVisible();
  await expect(page.getByTestId('partner-offer').first()).toBeVisible();
  await expect(page.getByRole('button', { name: t('partners.new') })).toHaveCount(0);
  await expect(page.getByRole('button', { name: new RegExp(t('partners.edit')) })).toHaveCount(0);
  await expect(page.getByRole('button', { name: new RegExp(t('partners.retire')) })).toHaveCount(0);

  await page.goto(`/${lang}/my-profile`);
  await expect(page.getByRole('heading', { name: t('page.titles.myProfile'), level: 1 })).toBeVisible();
  await expect(page.getByTestId('save-phone')).toBeHidden();

  // Typing the address of a form that writes: the auditor is told why it does not open, and lands on its first page.
  for (const form of ['order-form', 'order-preparation']) {
    await page.goto(`/${lang}/${form}`);
    await expect(page).toHaveURL(new RegExp(`/${lang}/companies`));
    await expect(page.getByText(t('access.readOnly'))).toBeVisible();
    await expect(page.getByTestId('submit-order')).toHaveCount(0);
  }
  await screenshot(page, `walk-auditor-refused-form-${lang}`);
}

// Staff see the console in English whatever the address says (their language is forced), so these walks are English.
test('the auditor is offered no write action on any screen, and a refused form says why', async ({ page }) => {
  await logIn(page, 'bl.auditor@demo.onsite.test');
  await expectNoWriteActions(page, 'en');
});

test('a refusal of the server names its reason: an auditor inviting a user is told its role is read-only', async ({ request }) => {
  const token = await apiToken(request, 'bl.auditor@demo.onsite.test');
  const r = await request.post('/api/admin/user/invite', {
    data: { email: 'nobody@example.test', firstName: 'No', lastName: 'Body', role: 'PLANNER', type: 'BL', country: 'de' },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(r.status()).toBe(403);
  const body = (await r.json()) as { error: string; details?: { path: string; code: string }[] };
  expect(body.error).toBe('forbidden');
  expect(body.details).toEqual([expect.objectContaining({ path: '', code: 'read_only' })]);
});

for (const [form, purpose] of [
  ['order-form', 'quote'],
  ['service-quote', 'quote'],
  ['service-order', 'order'],
] as const) {
  test(`staff who type /${form} for themselves are sent to choose the customer first, and the form opens for them`, async ({ page }) => {
    const t = texts('en');
    await logIn(page, 'bl.admin@demo.onsite.test');
    await page.goto(`/en/${form}`);
    await expect(page).toHaveURL(/\/en\/order-history/);
    const dialog = page.getByRole('dialog', { name: t(`onBehalf.title.${purpose}`) });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('act-for-why')).toHaveText(t(`onBehalf.sentHere.${purpose}`));
    // No price, no form: nothing was typed that could be lost.
    await expect(page.getByTestId('submit-order')).toHaveCount(0);
    if (form === 'order-form') {
      await expectAccessible(page, '[role="dialog"]');
      await screenshot(page, 'walk-staff-sent-to-act-for-en');
    }
    const customer = form === 'order-form' ? 'ec.admin@demo.onsite.test' : 'oem.planner@demo.onsite.test';
    await dialog.getByLabel(t('onBehalf.search')).fill(customer.split('@')[0]!);
    await dialog.getByTestId('act-for-user').filter({ hasText: customer }).click();
    await dialog.getByTestId('act-for-start').click();
    const target = purpose === 'order' ? /\/service-portfolio/ : form === 'order-form' ? /\/order-form/ : /\/service-quote/;
    await expect(page).toHaveURL(target);
    await expect(page.getByTestId('on-behalf-banner')).toBeVisible();
  });
}
