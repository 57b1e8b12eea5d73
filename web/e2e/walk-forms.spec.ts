import { expect, test, type Page } from '@playwright/test';
import { texts } from './i18n';
import { expectAccessible, logIn, screenshot } from './staff-support';

/**
 * The quote form is long: Enter in one of its fields confirms that field and never sends the form; and once the form is
 * sent, the error it showed before is gone from the page that follows.
 */
const stamp = Date.now().toString(36);

async function fillRequest(page: Page, lang: 'en' | 'de', city: string) {
  const t = texts(lang);
  await page.getByLabel(new RegExp(`^${t('fields.locationName')}`)).fill(`Walk ${stamp} ${lang}`);
  await page.getByLabel(new RegExp(`^${t('fields.addressLine1')}`)).fill('14 Riverside Way');
  await page.getByLabel(new RegExp(`^${t('fields.postCode')}`)).fill('RG1 8DB');
  await page.getByLabel(new RegExp(`^${t('fields.city')}`)).fill(city);
  await page.locator('[data-service-id="svc-repair"]').check();
}

for (const [lang, customer] of [
  ['en', 'ec.admin@demo.onsite.test'],
  ['de', 'ec2.admin@demo.onsite.test'],
] as const) {
  test(`Enter in the From date never sends the quote form; a success leaves no stale error (${lang})`, async ({ page }) => {
    const t = texts(lang);
    await logIn(page, customer, undefined, lang);
    await page.goto(`/${lang}/order-form`);
    await fillRequest(page, lang, lang === 'en' ? 'Reading' : 'Köln');
    const start = new Date(Date.now() + 35 * 86_400_000);
    const from = page.getByLabel(new RegExp(`^${t('fields.dateFrom')}`)).first();
    await from.fill(`${String(start.getDate()).padStart(2, '0')}.${String(start.getMonth() + 1).padStart(2, '0')}.${start.getFullYear()}`);
    await from.press('Enter');
    // Still on the form, nothing sent, no error: the disclaimer (not yet ticked) was not even checked.
    await expect(page).toHaveURL(new RegExp(`/${lang}/order-form`));
    await expect(page.getByText(t('notification.formError'))).toHaveCount(0);
    await expect(page.getByTestId('submit-order')).toBeVisible();

    // Sent without the disclaimer: the form says so, once.
    await page.getByTestId('submit-order').click();
    await expect(page.getByText(t('notification.formError'))).toHaveCount(1);
    await expectAccessible(page);
    await screenshot(page, `walk-quote-form-error-${lang}`);

    // Fixed and sent: the confirmation shows no error of the form any more.
    await page.getByLabel(t('orders.form.disclaimer')).check();
    await page.getByTestId('submit-order').click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/order-confirmation`));
    await expect(page.getByText(t('notification.formError'))).toHaveCount(0);
    await screenshot(page, `walk-quote-confirmation-${lang}`);
  });
}
