import { expect, test } from '@playwright/test';
import { texts } from './i18n';
import { expectAccessible, expectNoPageOverflow, logIn, openUserMenu, screenshot } from './staff-support';

const en = texts('en');
const de = texts('de');

test('a staff administrator adds a help question in English and German, a German customer reads it, and it goes when removed (en, de, 390 px)', async ({
  page,
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const question = `Can technicians work night shifts ${stamp}?`;
  const frage = `Arbeiten Techniker auch nachts ${stamp}?`;
  await logIn(page, 'bl.admin@demo.onsite.test');
  await openUserMenu(page);
  await page.getByTestId('menu-helpContent').click();
  await expect(page).toHaveURL(/\/en\/help-content$/);
  await expect(page.getByRole('heading', { level: 1, name: en('helpContent.title') })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: en('help.topics.ordering') })).toBeVisible();

  await page.getByTestId('new-faq').click();
  const dialog = page.getByRole('dialog', { name: en('helpContent.dialog.newTitle') });
  await dialog.getByTestId('save-faq').click();
  // Topic, English question and answer are required, each said at its field.
  await expect(dialog.getByText(en('validation.required'))).toHaveCount(3);
  await dialog.getByRole('combobox', { name: new RegExp(`^${en('helpContent.fields.topic')}`) }).click();
  await page.getByRole('option', { name: en('help.topics.jobs') }).click();
  await dialog.getByRole('textbox', { name: new RegExp(`^${en('helpContent.fields.question')}`) }).fill(question);
  await dialog.getByRole('textbox', { name: new RegExp(`^${en('helpContent.fields.answer')}`) }).fill('Yes: name the shifts in your request.');
  await dialog.getByRole('tab', { name: en('languages.de') }).click();
  await dialog.getByRole('textbox', { name: new RegExp(`^${en('helpContent.fields.question')}`) }).fill(frage);
  await dialog.getByRole('textbox', { name: new RegExp(`^${en('helpContent.fields.answer')}`) }).fill('Ja: Nennen Sie die Schichten in Ihrer Anfrage.');
  await expectAccessible(page, '[role="dialog"]');
  await screenshot(page, 'help-content-dialog-en');
  await dialog.getByTestId('save-faq').click();
  await expect(dialog).toBeHidden();
  const card = page.getByTestId('managed-faq').filter({ hasText: question });
  await expect(card).toContainText('DE');
  await expect(card).not.toContainText('PT');
  await expectAccessible(page);
  await screenshot(page, 'help-content-en');

  // A German customer finds it in German in the help area.
  const customer = await (
    await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'de-DE', timezoneId: 'Europe/Berlin', viewport: { width: 390, height: 844 } })
  ).newPage();
  await logIn(customer, 'ec2.admin@demo.onsite.test', undefined, 'de');
  await customer.goto('/de/help/faq');
  await expect(customer.getByRole('heading', { level: 1, name: de('help.title') })).toBeVisible();
  await customer.getByRole('button', { name: frage }).click();
  await expect(customer.getByText('Ja: Nennen Sie die Schichten in Ihrer Anfrage.')).toBeVisible();
  await expectNoPageOverflow(customer);
  await screenshot(customer, 'help-content-customer-de-390');

  // Changed, then removed: the history says who did what, and the customer no longer finds it.
  await card.getByRole('button', { name: en('helpContent.edit') }).click();
  const edit = page.getByRole('dialog', { name: en('helpContent.dialog.editTitle') });
  await edit.getByRole('textbox', { name: new RegExp(`^${en('helpContent.fields.answer')}`) }).fill('Yes: name the shifts and the nights in your request.');
  await edit.getByTestId('save-faq').click();
  await expect(edit).toBeHidden();
  await card.getByRole('button', { name: en('helpContent.history.open') }).click();
  await expect(page.getByTestId('faq-history').locator('tbody tr')).toHaveCount(2);
  await expect(page.getByTestId('faq-history').locator('tbody tr').first()).toContainText(en('helpContent.history.changed'));
  await expectAccessible(page, '[role="dialog"]');
  await page.keyboard.press('Escape');
  await card.getByRole('button', { name: en('helpContent.remove') }).click();
  await page.getByTestId('confirm-remove-faq').click();
  await expect(card).toHaveCount(0);
  await customer.reload();
  await expect(customer.getByRole('heading', { level: 1, name: de('help.title') })).toBeVisible();
  await expect(customer.getByRole('button', { name: frage })).toHaveCount(0);

  // At phone width the staff page stays within the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoPageOverflow(page);
  await expectAccessible(page);
  await screenshot(page, 'help-content-en-390');
});

test('auditors read the help questions and their history, and are offered no change', async ({ page }) => {
  await logIn(page, 'bl.auditor@demo.onsite.test');
  await page.goto('/en/help-content');
  await expect(page.getByRole('heading', { level: 1, name: en('helpContent.title') })).toBeVisible();
  await expect(page.getByTestId('managed-faq').first()).toBeVisible();
  await expect(page.getByTestId('new-faq')).toHaveCount(0);
  await expect(page.getByRole('button', { name: en('helpContent.remove') })).toHaveCount(0);
  await page
    .getByTestId('managed-faq')
    .first()
    .getByRole('button', { name: en('helpContent.history.open') })
    .click();
  await expect(page.getByTestId('faq-history').locator('tbody tr')).toHaveCount(1);
});
