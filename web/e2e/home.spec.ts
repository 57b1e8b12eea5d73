import { expect, test } from '@playwright/test';
import { texts } from './i18n';
import { acceptedOrder, offeredOrder } from './order-setup';
import { expectAccessible, expectNoPageOverflow, logIn, screenshot } from './staff-support';

const en = texts('en');
const de = texts('de');

test('a visitor meets the banner, learns how it works and goes on to register (en, de, 390 px)', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/en$/);
  const hero = page.getByTestId('hero');
  // The banner's words come from the content the provider published.
  await expect(hero.getByRole('heading', { level: 1 })).toHaveText('Technicians on site, when and where your machines need them');
  await page.getByTestId('hero-learn-more').click();
  await expect(page).toHaveURL(/#how-it-works$/);
  await expect(page.getByRole('heading', { level: 2, name: en('home.how.title') })).toBeInViewport();
  await expectAccessible(page);
  await screenshot(page, 'home-visitor-en');
  await page.getByTestId('hero-register').click();
  await expect(page).toHaveURL(/\/en\/registration$/);

  await page.goto('/de/home');
  await expect(page.getByTestId('hero').getByRole('heading', { level: 1 })).toHaveText('Techniker vor Ort – wann und wo Ihre Maschinen sie brauchen');
  await expect(page.getByTestId('hero-register')).toHaveText(de('home.hero.register'));
  await expectAccessible(page);
  await screenshot(page, 'home-visitor-de');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoPageOverflow(page);
  await screenshot(page, 'home-visitor-de-390');
});

test('a German customer finds what waits for them on the home page and opens it (de)', async ({ page }) => {
  const offered = await offeredOrder('ec2.admin@demo.onsite.test');
  await logIn(page, 'ec2.admin@demo.onsite.test');
  await page.getByRole('link', { name: de('app.home') }).click();
  await expect(page).toHaveURL(/\/de$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(de('home.overview.title', { name: '' }).trim());
  const row = page.getByTestId(`action-${offered.refId}`);
  await expect(row).toContainText(de('home.actions.DECIDE_ON_OFFER'));
  await expect(row).toContainText(de('home.expires', { when: '' }).trim());
  await expect(page.getByTestId('count-DECIDE_ON_OFFER')).not.toContainText(/^\D*0$/);
  await expectAccessible(page);
  await screenshot(page, 'home-overview-de');
  await row.getByRole('cell').nth(1).click();
  await expect(page).toHaveURL(new RegExp(`/de/order/${offered.refId}`));
});

test('an accepted order without a PO number asks for it; at phone width the table scrolls (en, 390 px)', async ({ page }) => {
  const accepted = await acceptedOrder('ec.planner@demo.onsite.test');
  await logIn(page, 'ec.planner@demo.onsite.test');
  await page.goto('/en/home');
  await expect(page.getByTestId(`action-${accepted.refId}`)).toContainText(en('home.actions.ADD_PO_NUMBER'));
  await expectAccessible(page);
  await screenshot(page, 'home-overview-en');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoPageOverflow(page);
  await screenshot(page, 'home-overview-en-390');

  // Staff have their own start page.
  await page.goto('/en/logout');
  await expect(page).toHaveURL(/\/en\/login/);
  await logIn(page, 'bl.planner@demo.onsite.test');
  await page.goto('/en/home');
  await expect(page).toHaveURL(/\/en\/companies$/);
});
