import { expect, test } from '@playwright/test';
import { texts } from './i18n';
import { expectAccessible, logIn, screenshot } from './staff-support';

/**
 * The smaller defects of the walk through the console: the registration's phone, Portuguese signed in. (The order of
 * events of one instant is kept by EventsTable.unit.test.tsx: only the seeded history writes several at one instant.)
 */

test('the registration takes a phone number as it is dialled in the chosen country, and names that country when it is none', async ({ page }) => {
  const en = texts('en');
  await page.goto('/en/registration');
  const country = page.getByRole('combobox', { name: en('fields.country'), exact: true });
  await country.click();
  await country.pressSequentially('United K');
  await page.getByRole('option', { name: en('countries.uk') }).click();
  const phone = page.getByRole('textbox', { name: new RegExp(`^${en('account.fields.phone')}`) });
  // 07700 900xxx is the range the UK keeps for films and plays: never a real number, and said so for the UK.
  await phone.pressSequentially('7700 900123');
  await phone.blur();
  const invalid = en('widgets.phone.invalidFor', { country: 'United Kingdom', code: '+44' });
  await expect(page.getByText(invalid)).toBeVisible();
  await expect(page.getByText(en('widgets.phone.invalid'))).toHaveCount(0);
  await screenshot(page, 'walk-registration-phone-en');
  // A real national number, without the country code, is taken as it is.
  await phone.fill('7911 123456');
  await phone.blur();
  await expect(page.getByText(invalid)).toHaveCount(0);
});

test('a demo user of the Brazilian customer sees the console in Portuguese (pt)', async ({ page }) => {
  const pt = texts('pt');
  await logIn(page, 'ec3.admin@demo.onsite.test');
  await expect(page).toHaveURL(/\/pt\/my-service-orders/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await expect(page.getByRole('heading', { level: 1, name: pt('orders.list.title') })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'walk-demo-brazil-pt');
});
