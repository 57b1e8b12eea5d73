import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { texts } from './i18n';
import { saveScreenshot } from './screenshots';
import { logIn, openUserMenu } from './staff-support';

const t = texts('en');

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(', ')}`)).toEqual([]);
}

test('a newcomer who opens / gets the console, not an error, and finds the way to log in', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/en$/);
  await page.getByTestId('hero-login').click();
  await expect(page).toHaveURL(/\/en\/login$/);
  await expect(page.getByRole('heading', { name: t('auth.login.title') })).toBeVisible();
});

test('a staff administrator reads a reset link in the dev outbox and follows it', async ({ page, request }) => {
  // Set-up, not under test: someone asks for a password reset.
  expect((await request.post('/api/password/reset', { data: { email: 'ec.planner@demo.onsite.test' } })).ok()).toBe(true);

  await logIn(page, 'bl.admin@demo.onsite.test');
  await expect(page).toHaveURL(/\/en\/companies$/);
  await openUserMenu(page);
  await page.getByTestId('menu-devOutbox').click();
  await expect(page).toHaveURL(/\/en\/dev-outbox$/);
  await expect(page.getByRole('heading', { level: 1, name: t('devOutbox.title') })).toBeVisible();

  await page.getByLabel(t('devOutbox.recipient')).fill('ec.planner@demo.onsite.test');
  await expect(page).toHaveURL(/to=ec\.planner%40demo\.onsite\.test/);
  const messages = page.getByTestId('outbox-message');
  await expect(messages.first()).toContainText('ec.planner@demo.onsite.test');
  const link = messages.first().getByRole('link', { name: t('devOutbox.openLink') });
  await expect(link).toHaveAttribute('href', /token=/);
  await expectNoSeriousViolations(page);
  await saveScreenshot(page, `dev-outbox-en`);

  await page.getByLabel(t('devOutbox.recipient')).fill('nobody@nowhere.test');
  await expect(page.getByTestId('empty-state')).toContainText(t('devOutbox.empty.forRecipientTitle', { to: 'nobody@nowhere.test' }));

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByLabel(t('devOutbox.recipient')).fill('ec.planner@demo.onsite.test');
  await expect(messages.first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await saveScreenshot(page, `dev-outbox-en-390`);
});

test('other staff and customers neither see the dev outbox nor reach it', async ({ page }) => {
  for (const [email, landing] of [
    ['bl.planner@demo.onsite.test', /\/en\/companies$/],
    ['ec.admin@demo.onsite.test', /\/en\/my-service-orders$/],
  ] as const) {
    await logIn(page, email);
    await expect(page).toHaveURL(landing);
    await openUserMenu(page);
    await expect(page.getByTestId('user-menu-dropdown')).toBeVisible();
    await expect(page.getByTestId('menu-devOutbox')).toHaveCount(0);
    await page.goto('/en/dev-outbox');
    await expect(page).not.toHaveURL(/dev-outbox/);
    await page.goto('/en/logout');
    await expect(page).toHaveURL(/\/en\/login/);
  }
});
