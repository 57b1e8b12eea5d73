import { expect, test, type Locator } from '@playwright/test';
import { texts } from './i18n';
import { expectAccessible, expectNoPageOverflow, logIn, screenshot } from './staff-support';

const field = (scope: Locator, label: string) => scope.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`));

test('staff add an Indian company and a billing address: the GST rule refuses, then accepts', async ({ page }) => {
  const t = texts('en');
  const name = `Pune Packaging ${Date.now().toString(36)}`;
  await logIn(page, 'bl.admin@demo.onsite.test');
  await page.goto('/en/companies');
  await expect(page.getByRole('heading', { level: 1, name: t('companies.title') })).toBeVisible();
  await expect(page.getByTestId('company-row').first()).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'companies-en');

  await page.getByTestId('add-company').click();
  const add = page.getByRole('dialog', { name: t('companies.add.title') });
  await field(add, t('companies.fields.name')).fill(name);
  await add.getByRole('combobox', { name: t('fields.country') }).click();
  await page.getByRole('option', { name: t('countries.in'), exact: true }).click();
  await add.getByTestId('create-company').click();
  await expect(page).toHaveURL(/\/en\/company-information\/EC-/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  await page.getByTestId('add-billing-address').click();
  const dialog = page.getByRole('dialog', { name: t('companyInfo.billing.addTitle') });
  await field(dialog, t('users.fields.firstName')).fill('Asha');
  await field(dialog, t('users.fields.lastName')).fill('Rao');
  await field(dialog, t('fields.email')).fill('accounts@example.in');
  await field(dialog, t('companyInfo.fields.department')).fill('Accounts');
  await field(dialog, t('fields.addressLine1')).fill('12 MG Road');
  await field(dialog, t('fields.postCode')).fill('411001');
  await field(dialog, t('fields.city')).fill('Pune');
  await field(dialog, t('fields.state')).fill('Maharashtra');
  await field(dialog, t('companyInfo.fields.gstNumber')).fill('12345');
  await dialog.getByTestId('save-billing-address').click();
  await expect(dialog.getByText(t('staffCommon.validation.gstin'))).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'company-billing-gst-en');
  await field(dialog, t('companyInfo.fields.gstNumber')).fill('27AAPFU0939F1ZV');
  await dialog.getByTestId('save-billing-address').click();
  await expect(page.getByText(t('companyInfo.billing.added'))).toBeVisible();
  await expect(page.getByTestId('billing-address')).toContainText('27AAPFU0939F1ZV');

  // Back in the list, the search finds it.
  await page.goto('/en/companies');
  await page.getByTestId('company-search').fill(name);
  await expect(page.getByTestId('company-row')).toHaveCount(1);
});

test('the companies list at 390 px scrolls the table, not the page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, 'bl.planner@demo.onsite.test');
  await page.goto('/en/companies');
  await expect(page.getByTestId('company-row').first()).toBeVisible();
  await expectNoPageOverflow(page);
  await screenshot(page, 'companies-en-390');
});

for (const [lang, email] of [['en', 'ec.admin@demo.onsite.test'], ['de', 'ec2.admin@demo.onsite.test']] as const) {
  test(`a customer admin edits their own company information (${lang})`, async ({ page }) => {
    const t = texts(lang);
    await logIn(page, email);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-companyInformation').click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/company-information/`));
    await expect(page.getByRole('heading', { name: t('companyInfo.general.title') })).toBeVisible();
    const department = `Purchasing ${Date.now().toString(36)}`;
    await field(page.locator('main'), t('companyInfo.fields.department')).fill(department);
    await page.getByTestId('save-company').click();
    await expect(page.getByText(t('companyInfo.saved'))).toBeVisible();
    await page.reload();
    await expect(field(page.locator('main'), t('companyInfo.fields.department'))).toHaveValue(department);
    await expectAccessible(page);
    await screenshot(page, `company-information-${lang}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoPageOverflow(page);
  });
}
