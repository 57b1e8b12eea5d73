import { expect, test } from '@playwright/test';
import { texts } from './i18n';
import { expectAccessible, expectNoPageOverflow, logIn, screenshot } from './staff-support';

const stamp = Date.now().toString(36);

test('an end customer filters, searches, selects two services priced in pounds and asks for a quote (en)', async ({ page }) => {
  const t = texts('en');
  await logIn(page, 'ec.planner@demo.onsite.test');
  await page.goto('/en/service-portfolio');
  await expect(page.getByRole('heading', { level: 1, name: t('page.titles.servicePortfolio') })).toBeVisible();
  const cards = page.getByTestId('service-card');
  await expect(cards.first()).toBeVisible();
  const all = await cards.count();

  // Search starts at three characters; fewer say so and filter nothing.
  const search = page.getByRole('searchbox', { name: t('portfolio.search') });
  await search.fill('ca');
  await expect(page.getByTestId('search-hint')).toHaveText(t('portfolio.searchHint', { count: 3 }));
  await expect(cards).toHaveCount(all);
  await search.fill('calibration');
  await expect(cards).toHaveCount(1);
  await expect(cards.first().getByTestId('price-from')).toContainText('£');
  await cards.first().getByTestId('toggle-service').click();
  await search.fill('');
  await expect(cards).toHaveCount(all);

  // A segment narrows the list; a second service joins the selection.
  await page
    .getByRole('group', { name: t('portfolio.segments') })
    .getByText('Packaging', { exact: true })
    .click();
  await expect(page).toHaveURL(/segment=packaging/);
  await expect.poll(() => cards.count()).toBeLessThan(all);
  await cards.filter({ hasText: 'Preventive maintenance' }).getByTestId('toggle-service').click();
  await expect(page.getByTestId('selection-count')).toHaveText('2');
  // End customers only ask for quotes.
  await expect(page.getByTestId('order-directly')).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, 'service-portfolio-en');

  await page.getByTestId('get-quote').click();
  await expect(page).toHaveURL(/\/en\/order-form\?services=/);
  await expect(page.locator('[data-service-id="svc-calibration"]')).toBeChecked();
  await expect(page.locator('[data-service-id="svc-preventive-maintenance"]')).toBeChecked();
});

test('an OEM sees prices in the currency of the chosen country and may order directly (de, 390 px)', async ({ page }) => {
  const t = texts('de');
  await logIn(page, 'oem.admin@demo.onsite.test');
  await page.goto('/de/service-portfolio');
  const price = page.getByTestId('service-card').filter({ hasText: 'Kalibrierung' }).getByTestId('price-from');
  await expect(price).toContainText('CHF');
  await page.getByRole('combobox', { name: t('portfolio.country'), exact: true }).click();
  await page.getByRole('option', { name: t('countries.de'), exact: true }).click();
  await expect(price).toContainText('€');
  await page.getByTestId('service-card').filter({ hasText: 'Kalibrierung' }).getByTestId('toggle-service').click();
  await expect(page.getByTestId('order-directly')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'service-portfolio-de');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoPageOverflow(page);
  await page.getByTestId('order-directly').click();
  await expect(page).toHaveURL(/\/de\/service-order\?services=svc-calibration&country=de/);
});

test('a customer describes a missing service and staff find it on their personal page; staff are sent away from the portfolio', async ({ page, browser }) => {
  const t = texts('en');
  await logIn(page, 'ec.admin@demo.onsite.test');
  await page.goto('/en/service-portfolio?q=thermography');
  await expect(page.getByText(t('portfolio.empty.title'))).toBeVisible();
  await page.getByTestId('describe-missing').click();
  const dialog = page.getByRole('dialog', { name: t('portfolio.missing.title') });
  await expect(dialog.getByLabel(new RegExp(`^${t('portfolio.missing.description')}`))).toHaveValue('thermography');
  await dialog.getByLabel(new RegExp(`^${t('portfolio.missing.description')}`)).fill(`Thermography of switch cabinets ${stamp}`);
  await dialog.getByLabel(t('portfolio.missing.contactTime')).fill('Weekday mornings');
  await expectAccessible(page);
  await screenshot(page, 'service-portfolio-missing-en');
  await dialog.getByTestId('send-missing-service').click();
  await expect(page.getByText(t('portfolio.missing.sent'))).toBeVisible();
  await expect(dialog).toBeHidden();

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await logIn(staff, 'bl.admin@demo.onsite.test');
  await staff.goto('/en/personal-page');
  await expect(staff.getByTestId('missing-service-row').filter({ hasText: stamp })).toContainText('Thames Precision Ltd');
  await staff.goto('/en/service-portfolio');
  await expect(staff).not.toHaveURL(/service-portfolio/);
  await staffContext.close();
});
