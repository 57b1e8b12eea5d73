import { expect, test, type Locator } from '@playwright/test';
import { texts } from './i18n';
import { apiPost, apiToken, expectAccessible, expectNoPageOverflow, logIn, newCompanyAdmin, openUserMenu, screenshot } from './staff-support';

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
  await expect(page.getByTestId('billing-address')).toContainText(`${t('companyInfo.fields.gstNumber')}: 27AAPFU0939F1ZV`);

  // Edit: outside the UK the state stays required, an invoice e-mail must be one; then the change is kept.
  const card = page.getByTestId('billing-address');
  await expectAccessible(page);
  await card.getByRole('button', { name: t('staffCommon.edit') }).click();
  const edit = page.getByRole('dialog', { name: t('companyInfo.billing.editTitle') });
  await expect(field(edit, t('companyInfo.fields.gstNumber'))).toHaveValue('27AAPFU0939F1ZV');
  await field(edit, t('fields.state')).fill('');
  await field(edit, t('companyInfo.fields.invoiceEmail')).fill('invoices at example.in');
  await edit.getByTestId('save-billing-address').click();
  await expect(field(edit, t('fields.state'))).toHaveAttribute('aria-invalid', 'true');
  await expect(field(edit, t('companyInfo.fields.invoiceEmail'))).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, '[role="dialog"]');
  await screenshot(page, 'company-billing-edit-errors-en');
  await field(edit, t('fields.state')).fill('Maharashtra');
  await field(edit, t('companyInfo.fields.invoiceEmail')).fill('invoices@example.in');
  await field(edit, t('fields.city')).fill('Pimpri-Chinchwad');
  await edit.getByTestId('save-billing-address').click();
  await expect(page.getByText(t('companyInfo.billing.edited'))).toBeVisible();
  await expect(edit).toBeHidden();
  await page.reload();
  await expect(card).toContainText('Pimpri-Chinchwad');

  // Delete, confirmed in a dialog that closes only by its buttons.
  await card.getByRole('button', { name: t('staffCommon.delete') }).click();
  const confirm = page.getByRole('dialog', { name: t('companyInfo.billing.deleteTitle') });
  await expect(confirm).toContainText(t('companyInfo.billing.deleteText'));
  await page.keyboard.press('Escape');
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: t('staffCommon.delete') }).click();
  await expect(page.getByText(t('companyInfo.billing.deleted'))).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(page.getByText(t('companyInfo.billing.empty.title'))).toBeVisible();

  // Back in the list, the search finds it.
  await page.goto('/en/companies');
  await page.getByTestId('company-search').fill(name);
  await expect(page.getByTestId('company-row')).toHaveCount(1);
});

test('staff tag a company, find the tagged ones by tag, sort them by name and page through them', async ({ page, request }) => {
  const t = texts('en');
  const stamp = Date.now().toString(36);
  const tag = `fleet-${stamp}`;
  const staff = await apiToken(request, 'bl.admin@demo.onsite.test');
  // Eleven companies carry the tag already; a twelfth gets it in the console.
  const names = Array.from({ length: 12 }, (_, i) => `Fleet ${stamp} ${String(i + 1).padStart(2, '0')}`);
  let lastUid = '';
  for (const [i, name] of names.entries()) {
    const company = await apiPost<{ _id: string; uid: string }>(request, staff, '/api/admin/company/create', {
      name,
      type: i % 2 ? 'OEM' : 'EC',
      country: 'uk',
    });
    if (i < 11) await apiPost(request, staff, '/api/company/addTag', { companyId: company._id, tag });
    lastUid = company.uid;
  }

  await logIn(page, 'bl.admin@demo.onsite.test');
  await page.goto(`/en/company-information/${lastUid}`);
  const tags = page.getByRole('combobox', { name: t('companies.fields.tags') });
  await tags.fill(tag);
  await tags.press('Enter');
  await expect(page.locator('main')).toContainText(tag);

  await page.goto('/en/companies');
  await page.getByPlaceholder(t('users.filters.tagPlaceholder')).fill(tag);
  await expect(page).toHaveURL(new RegExp(`tag=${tag}`));
  const rows = page.getByTestId('company-row');
  await expect(rows).toHaveCount(10);
  await expect(page.getByText(t('table.range', { from: '1', to: '10', total: '12' }))).toBeVisible();

  const byName = page.getByRole('columnheader', { name: t('companies.fields.name') });
  await byName.getByRole('button').click();
  await expect(byName).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/sort=name%3Aasc|sort=name:asc/);
  await expect(rows.first()).toContainText(names[0]!);
  await byName.getByRole('button').click();
  await expect(byName).toHaveAttribute('aria-sort', 'descending');
  await expect(rows.first()).toContainText(names[11]!);
  await expect(rows.first()).toContainText(tag);
  await expectAccessible(page);
  await screenshot(page, 'companies-tag-sorted-en');

  await page.getByRole('button', { name: t('table.pagination.page', { page: 2 }) }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(rows).toHaveCount(2);
  expect(await rows.allTextContents()).toEqual([expect.stringContaining(names[1]!), expect.stringContaining(names[0]!)]);
});

test('the companies list at 390 px shows a card per company, nothing wider than the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, 'bl.planner@demo.onsite.test');
  await page.goto('/en/companies');
  await expect(page.getByTestId('company-row').first()).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectNoPageOverflow(page);
  await screenshot(page, 'companies-en-390');
});

// Their own company, not a demo company: other specs order for those at the same time, and a save recomputes
// whether the company is complete (which decides whether its offers can be accepted).
for (const [lang, country] of [
  ['en', 'uk'],
  ['de', 'de'],
] as const) {
  test(`a customer admin edits their own company information (${lang})`, async ({ page, request }) => {
    const t = texts(lang);
    const { email } = await newCompanyAdmin(
      request,
      { name: lang === 'en' ? 'Solent Fabrication' : 'Weserhütte Anlagenbau', type: 'EC', country },
      { firstName: 'Alex', lastName: 'Morgan' },
    );
    await logIn(page, email);
    await openUserMenu(page);
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

// The seeded demo companies are complete by what the form counts (main contact, address, a billing address), so
// saving keeps them complete. Shown on the provider's own company: no spec accepts offers for it.
test('a demo company stays complete when its admin saves the company information', async ({ page }) => {
  const t = texts('en');
  await logIn(page, 'bl.admin@demo.onsite.test');
  await page.goto('/en/company-information/ONS-0001');
  await expect(page.getByTestId('company-completed')).toHaveText(t('companyInfo.completed'));
  await expect(page.getByTestId('billing-address')).toHaveCount(1);
  await expect(field(page.locator('main'), t('companyInfo.fields.invoiceEmail'))).toHaveValue('invoices.bl@demo.onsite.test');
  await field(page.locator('main'), t('companyInfo.fields.department')).fill(`Management ${Date.now().toString(36)}`);
  await page.getByTestId('save-company').click();
  await expect(page.getByText(t('companyInfo.saved'))).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('company-completed')).toHaveText(t('companyInfo.completed'));
});
