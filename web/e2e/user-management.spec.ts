import { expect, test } from '@playwright/test';
import { texts } from './i18n';
import { apiToken, expectAccessible, expectNoPageOverflow, logIn, screenshot } from './staff-support';

const t = texts('en');
const field = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);

test('a customer admin invites a user, who sets a password from the invitation link and logs in', async ({ page, request }) => {
  const email = `new.planner.${Date.now()}@example.test`;
  await logIn(page, 'ec.admin@demo.onsite.test');
  await page.goto('/en/user-management');
  await expect(page.getByRole('heading', { level: 1, name: t('users.title') })).toBeVisible();
  await expect(page.getByTestId('user-row').first()).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'user-management-ec-admin-en');

  await page.getByTestId('invite-user').click();
  const dialog = page.getByRole('dialog', { name: t('users.dialog.inviteTitle') });
  // Required fields are said inline and the dialog stays open (spec 4.5).
  await dialog.getByTestId('save-user').click();
  await expect(dialog.getByText(t('validation.required')).first()).toBeVisible();
  await dialog.getByLabel(field(t('users.fields.firstName'))).fill('Nora');
  await dialog.getByLabel(field(t('users.fields.lastName'))).fill('Newman');
  await dialog.getByLabel(field(t('fields.email'))).fill(email);
  await dialog.getByRole('combobox', { name: t('users.fields.role') }).click();
  await page.getByRole('option', { name: t('users.roles.PLANNER'), exact: true }).click();
  await expectAccessible(page);
  await screenshot(page, 'user-management-invite-en');
  await dialog.getByTestId('save-user').click();
  await expect(page.getByText(t('users.notify.invited'))).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.getByTestId('user-search').fill('Newman');
  const row = page.locator(`[data-testid="user-row"][data-email="${email}"]`);
  await expect(row.locator('[data-user-status]')).toHaveAttribute('data-user-status', 'INVITED');

  // Re-invite (e-mail; SMS and WhatsApp are staff's choice for users with a phone).
  await row.getByTestId('user-actions').click();
  await page.getByRole('menuitem', { name: t('users.actions.reinvite') }).click();
  await page.getByTestId('confirm-reinvite').click();
  await expect(page.getByText(t('users.notify.invited')).first()).toBeVisible();

  // The invitation as the dev outbox has it (read with a staff administrator's session).
  const staff = await apiToken(request, 'bl.admin@demo.onsite.test');
  const outbox = await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`, { headers: { authorization: `Bearer ${staff}` } });
  expect(outbox.status()).toBe(200);
  const messages = ((await outbox.json()) as { data: { kind: string; link?: string; sentAt: string }[] }).data;
  const link = messages.filter((m) => m.kind === 'invitation').sort((a, b) => b.sentAt.localeCompare(a.sentAt))[0]?.link;
  expect(link).toContain('/set-password?token=');

  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(page.getByRole('heading', { name: t('profile.setPassword.title') })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel(field(t('profile.password.new'))).fill('Welcome-2026!');
  await page.getByLabel(field(t('profile.password.confirm'))).fill('Welcome-2026!');
  await page.getByTestId('set-password').click();
  await expect(page).toHaveURL(/\/en\/login/);
  await logIn(page, email, 'Welcome-2026!');
  await expect(page).toHaveURL(/\/en\/my-service-orders/);
});

test('the last active admin cannot be deleted, and the reason is said', async ({ page }) => {
  await logIn(page, 'bl.admin@demo.onsite.test');
  await page.goto('/en/user-management');
  await page.getByTestId('user-search').fill('ec2.admin');
  const row = page.locator('[data-testid="user-row"][data-email="ec2.admin@demo.onsite.test"]');
  await expect(row).toBeVisible();
  await row.getByTestId('user-actions').click();
  await page.getByRole('menuitem', { name: t('staffCommon.delete') }).click();
  await page.getByTestId('confirm-delete-user').click();
  await expect(page.getByTestId('user-action-error')).toHaveText(t('error.last_company_admin'));
  await expectAccessible(page);
  await screenshot(page, 'user-management-last-admin-en');
});

test('staff see the company column and the country filter; at 390 px the table scrolls', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, 'bl.admin@demo.onsite.test');
  await page.goto('/en/user-management');
  await expect(page.getByTestId('user-row').first()).toBeVisible();
  await expect(page.getByRole('combobox', { name: t('users.filters.countries') })).toBeVisible();
  await expectNoPageOverflow(page);
  await screenshot(page, 'user-management-bl-en-390');
});

for (const lang of ['en', 'de'] as const) {
  test(`my profile shows phone, password, notifications and agreements (${lang})`, async ({ page }) => {
    const tl = texts(lang);
    await logIn(page, lang === 'en' ? 'ec.planner@demo.onsite.test' : 'ec2.planner@demo.onsite.test');
    await page.goto(`/${lang}/my-profile`);
    await expect(page.getByRole('heading', { level: 1, name: tl('page.titles.myProfile') })).toBeVisible();
    await expect(page.getByRole('heading', { name: tl('profile.notifications.title') })).toBeVisible();
    // A wrong old password is refused with its section-8 message.
    await page.getByLabel(field(tl('profile.password.old'))).fill('Not-the-password-1');
    await page.getByLabel(field(tl('profile.password.new'))).fill('Another-pass-2026!');
    await page.getByLabel(field(tl('profile.password.confirm'))).fill('Another-pass-2026!');
    await page.getByRole('button', { name: tl('profile.password.submit') }).click();
    await expect(page.getByTestId('password-error')).toHaveText(tl('error.wrong_old_password'));
    await expectAccessible(page);
    await screenshot(page, `my-profile-${lang}`);
  });
}

test('staff log in as a customer user from user management', async ({ page, context }) => {
  await logIn(page, 'bl.admin@demo.onsite.test');
  await page.goto('/en/user-management');
  await page.getByTestId('user-search').fill('ec.planner');
  const row = page.locator('[data-testid="user-row"][data-email="ec.planner@demo.onsite.test"]');
  await row.getByTestId('user-actions').click();
  const opened = context.waitForEvent('page');
  await page.getByRole('menuitem', { name: t('users.actions.forceLogin') }).click();
  const customerTab = await opened;
  await expect(customerTab).toHaveURL(/\/en\/my-service-orders$/);
  await expect(customerTab.getByTestId('user-menu')).toContainText('Sophie');
});
