import { expect, test, type Page } from '@playwright/test';
import { texts } from './i18n';
import { apiToken, expectAccessible, expectNoPageOverflow, logIn, newActiveUser, openUserMenu, PASSWORD, screenshot } from './staff-support';

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
  // Required fields are said inline and the dialog stays open.
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

test('staff see the company column and the country filter; at 390 px each user is a card', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, 'bl.admin@demo.onsite.test');
  await page.goto('/en/user-management');
  await expect(page.getByTestId('user-row').first()).toBeVisible();
  await expect(page.getByRole('combobox', { name: t('users.filters.countries') })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
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

/** The row of a user in user management, found by a search for their e-mail. */
async function userRow(page: Page, email: string) {
  await page.getByTestId('user-search').fill(email);
  const row = page.locator(`[data-testid="user-row"][data-email="${email}"]`);
  await expect(row).toBeVisible();
  return row;
}

async function openAction(page: Page, email: string, action: string) {
  const row = await userRow(page, email);
  await row.getByTestId('user-actions').click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
  return row;
}

test('staff invite a user; the invitation opens from the dev outbox screen, the user sets a password and logs in', async ({ page, browser, baseURL }) => {
  const email = `staff.invited.${Date.now().toString(36)}@example.test`;
  await logIn(page, 'bl.admin@demo.onsite.test');
  await page.goto('/en/user-management');
  await page.getByTestId('invite-user').click();
  const dialog = page.getByRole('dialog', { name: t('users.dialog.inviteTitle') });
  // Staff choose the company first; its type decides the roles.
  await expect(dialog.getByRole('combobox', { name: t('users.fields.role') })).toBeDisabled();
  await dialog.getByRole('combobox', { name: t('users.fields.company') }).fill('Thames');
  await page.getByRole('option', { name: `Thames Precision Ltd (EC, ${t('countries.uk')})` }).click();
  await dialog.getByLabel(field(t('users.fields.firstName'))).fill('Priya');
  await dialog.getByLabel(field(t('users.fields.lastName'))).fill('Invited');
  await dialog.getByLabel(field(t('fields.email'))).fill(email);
  await dialog.getByRole('combobox', { name: t('users.fields.role') }).click();
  await page.getByRole('option', { name: t('users.roles.PLANNER'), exact: true }).click();
  await expectAccessible(page);
  await screenshot(page, 'user-management-staff-invite-en');
  await dialog.getByTestId('save-user').click();
  await expect(page.getByText(t('users.notify.invited'))).toBeVisible();
  const row = await userRow(page, email);
  await expect(row.locator('[data-user-status]')).toHaveAttribute('data-user-status', 'INVITED');
  await expect(row).toContainText('Thames Precision Ltd');

  // The invitation as it would have reached them, in the dev outbox; its link points at this very server.
  await openUserMenu(page);
  await page.getByTestId('menu-devOutbox').click();
  await expect(page.getByRole('heading', { level: 1, name: t('devOutbox.title') })).toBeVisible();
  // The entry closed the menu, and it stays closed: it once opened again a moment later, over the page it led to.
  await expect(page.getByTestId('user-menu-dropdown')).toBeHidden();
  await page.waitForTimeout(300);
  await expect(page.getByTestId('user-menu-dropdown')).toBeHidden();
  await page.getByLabel(t('devOutbox.recipient')).fill(email);
  const message = page.getByTestId('outbox-message').first();
  await expect(message).toContainText(email);
  const link = message.getByRole('link', { name: t('devOutbox.openLink') });
  const href = await link.getAttribute('href');
  expect(href).toMatch(new RegExp(`^${baseURL}/en/set-password\\?token=`));
  await expectAccessible(page);
  await screenshot(page, 'dev-outbox-invitation-en');

  // The invited person opens it on their own machine.
  const theirs = await browser.newContext();
  const invited = await theirs.newPage();
  await invited.goto(href!);
  await expect(invited.getByRole('heading', { name: t('profile.setPassword.title') })).toBeVisible();
  await invited.getByLabel(field(t('profile.password.new'))).fill('Invited-2026!');
  await invited.getByLabel(field(t('profile.password.confirm'))).fill('Invited-2026!');
  await invited.getByTestId('set-password').click();
  await expect(invited).toHaveURL(/\/en\/login/);
  await logIn(invited, email, 'Invited-2026!');
  await expect(invited.getByTestId('user-menu')).toContainText('Priya');
  await theirs.close();

  await page.goto('/en/user-management');
  await expect((await userRow(page, email)).locator('[data-user-status]')).toHaveAttribute('data-user-status', 'ACTIVE');
});

test('staff edit a user (name, tags), filter by the tag, and give an OEM user dashboard access', async ({ page, request, browser }) => {
  const tag = `key-account-${Date.now().toString(36)}`;
  const planner = await newActiveUser(request, 'ec.admin@demo.onsite.test', { role: 'PLANNER' });
  const oemPlanner = await newActiveUser(request, 'oem2.admin@demo.onsite.test', { role: 'PLANNER' });
  await logIn(page, 'bl.admin@demo.onsite.test');
  await page.goto('/en/user-management');

  await openAction(page, planner.email, t('staffCommon.edit'));
  const edit = page.getByRole('dialog', { name: t('users.dialog.editTitle', { name: planner.name }) });
  await edit.getByLabel(field(t('users.fields.firstName'))).fill('Morgan');
  await edit.getByLabel(t('users.fields.tags')).fill(tag);
  await edit.getByLabel(t('users.fields.tags')).press('Enter');
  await expectAccessible(page);
  await screenshot(page, 'user-management-edit-en');
  await edit.getByTestId('save-user').click();
  await expect(page.getByText(t('users.notify.updated'))).toBeVisible();
  await expect(edit).toBeHidden();
  const row = await userRow(page, planner.email);
  await expect(row).toContainText('Morgan');
  await expect(row).toContainText(tag);

  // The tag filter finds exactly that user.
  await page.getByTestId('user-search').fill('');
  // As a person does: the cleared search has taken effect before the tag is typed. (Two filters settling together
  // once lost one of them; useListParams now keeps both, unit-tested in useListParams.unit.test.tsx.)
  await expect(page).not.toHaveURL(/[?&]q=/);
  await page.getByPlaceholder(t('users.filters.tagPlaceholder')).fill(tag);
  await expect(page).toHaveURL(new RegExp(`tag=${tag}`));
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  await expect(page.getByTestId('user-row')).toHaveAttribute('data-email', planner.email);
  await page.getByPlaceholder(t('users.filters.tagPlaceholder')).fill('');

  // Dashboard access is staff's to give to an OEM user; the user then finds the dashboard in the console.
  await openAction(page, oemPlanner.email, t('staffCommon.edit'));
  const oemEdit = page.getByRole('dialog', { name: t('users.dialog.editTitle', { name: oemPlanner.name }) });
  const access = oemEdit.getByRole('checkbox', { name: t('users.fields.dashboardAccess') });
  await expect(access).not.toBeChecked();
  await access.check();
  await oemEdit.getByTestId('save-user').click();
  await expect(oemEdit).toBeHidden();
  await openAction(page, oemPlanner.email, t('staffCommon.edit'));
  await expect(
    page
      .getByRole('dialog', { name: t('users.dialog.editTitle', { name: oemPlanner.name }) })
      .getByRole('checkbox', { name: t('users.fields.dashboardAccess') }),
  ).toBeChecked();
  await page.getByRole('button', { name: t('staffCommon.cancel') }).click();

  const theirs = await browser.newContext();
  const oem = await theirs.newPage();
  await logIn(oem, oemPlanner.email);
  await openUserMenu(oem);
  await expect(oem.getByTestId('menu-dashboard')).toBeVisible();
  await theirs.close();
});

test("staff activate an invited user, reset a user's agreements, archive one with a new responsible person and delete another", async ({
  page,
  request,
  browser,
}) => {
  const invitedEmail = `not.yet.${Date.now().toString(36)}@example.test`;
  const staffToken = await apiToken(request, 'bl.admin@demo.onsite.test');
  const { company } = (
    await (
      await request.post('/api/user/getProfile', { data: {}, headers: { authorization: `Bearer ${await apiToken(request, 'ec.admin@demo.onsite.test')}` } })
    ).json()
  ).data as { company: { _id: string } };
  expect(
    (
      await request.post('/api/admin/user/invite', {
        data: { email: invitedEmail, firstName: 'Ira', lastName: 'Pending', role: 'PLANNER', companyId: company._id },
        headers: { authorization: `Bearer ${staffToken}` },
      })
    ).status(),
  ).toBe(200);
  const consenting = await newActiveUser(request, 'ec.admin@demo.onsite.test', { role: 'PLANNER' });
  const leaving = await newActiveUser(request, 'ec.admin@demo.onsite.test', { role: 'PLANNER' });
  const removed = await newActiveUser(request, 'ec.admin@demo.onsite.test', { role: 'PLANNER' });

  await logIn(page, 'bl.admin@demo.onsite.test');
  await page.goto('/en/user-management');

  // Activate: an invited user becomes active without the invitation.
  const invitedRow = await openAction(page, invitedEmail, t('users.actions.activate'));
  await expect(page.getByText(t('users.notify.activated'))).toBeVisible();
  await expect(invitedRow.locator('[data-user-status]')).toHaveAttribute('data-user-status', 'ACTIVE');

  // Reset the licence and privacy consents: the user meets the agreement dialogs at the next login.
  await openAction(page, consenting.email, t('users.actions.resetConsents'));
  await expect(page.getByText(t('users.notify.consentsReset'))).toBeVisible();
  const theirs = await browser.newContext();
  const user = await theirs.newPage();
  await logIn(user, consenting.email);
  await expect(user.getByRole('dialog', { name: t('agreements.licence.title') })).toBeVisible();
  await theirs.close();

  // Archive: the dialog asks who takes over, and closes only by its buttons.
  await openAction(page, leaving.email, t('users.actions.archive'));
  const archive = page.getByRole('dialog', { name: t('users.archive.title', { name: leaving.name }) });
  await archive.getByTestId('confirm-archive').click();
  await expect(archive.getByText(t('validation.required'))).toBeVisible();
  await archive.getByRole('combobox', { name: t('users.archive.newResponsible') }).click();
  await page.getByRole('option', { name: /ec\.admin@demo\.onsite\.test/ }).click();
  await expectAccessible(page);
  await screenshot(page, 'user-management-archive-en');
  await archive.getByTestId('confirm-archive').click();
  await expect(page.getByText(t('users.notify.archived'))).toBeVisible();
  await expect((await userRow(page, leaving.email)).locator('[data-user-status]')).toHaveAttribute('data-user-status', 'DELETED');
  const refused = await request.post('/api/log-in', { data: { email: leaving.email, password: PASSWORD } });
  expect(((await refused.json()) as { error: string }).error).toBe('user_deleted');

  // Delete: a planner who is neither the last admin nor responsible for anything.
  await openAction(page, removed.email, t('staffCommon.delete'));
  await page.getByTestId('confirm-delete-user').click();
  await expect(page.getByText(t('users.notify.removed'))).toBeVisible();
  await expect((await userRow(page, removed.email)).locator('[data-user-status]')).toHaveAttribute('data-user-status', 'DELETED');
});

test('staff copy a login link that opens the console as the customer user, and a spent link says so', async ({ page, context, browser, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await logIn(page, 'bl.sales@demo.onsite.test');
  await page.goto('/en/user-management');
  await openAction(page, 'ec.supervisor@demo.onsite.test', t('users.actions.copyLoginLink'));
  await expect(page.getByText(t('users.notify.copied'))).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(new RegExp(`^${baseURL}/en/force/log-in\\?token=`));

  const elsewhere = await browser.newContext();
  const tab = await elsewhere.newPage();
  await tab.goto(link);
  await expect(tab).toHaveURL(/\/en\/my-service-orders$/);
  await expect(tab.getByTestId('user-menu')).toBeVisible();
  // The link is spent: opened again, the landing page says why and leads to the login.
  await tab.goto(link);
  await expect(tab.getByRole('heading', { name: t('profile.forceLogin.failed') })).toBeVisible();
  await expect(tab.getByRole('link', { name: t('actions.login') })).toBeVisible();
  await expectAccessible(tab);
  await screenshot(tab, 'force-login-landing-spent-en');
  await elsewhere.close();
});

test('my profile: a user saves a phone, turns on SMS notifications and changes the password', async ({ page, request }) => {
  const user = await newActiveUser(request, 'ec.admin@demo.onsite.test', { role: 'PLANNER' });
  await logIn(page, user.email);
  await page.goto('/en/my-profile');
  const section = (title: string) => page.locator('section').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

  const contact = section(t('profile.contact.title'));
  await contact.getByLabel(t('users.fields.phone')).fill('7911 123456');
  await contact.getByTestId('save-phone').click();
  await expect(page.getByText(t('profile.saved'))).toBeVisible();

  // With a phone, SMS can be chosen; another e-mail address receives the notifications too.
  const notifications = section(t('profile.notifications.title'));
  const sms = notifications.getByRole('checkbox', { name: t('users.channels.sms') });
  await expect(sms).toBeEnabled();
  await sms.check();
  await notifications.getByLabel(new RegExp(`^${t('profile.notifications.emails')}`)).fill('planning-desk@example.test');
  await notifications.getByLabel(new RegExp(`^${t('profile.notifications.emails')}`)).press('Enter');
  await notifications.getByRole('button', { name: t('staffCommon.save') }).click();
  await expect(page.getByText(t('profile.saved')).first()).toBeVisible();

  const password = section(t('profile.password.title'));
  await password.getByLabel(field(t('profile.password.old'))).fill(PASSWORD);
  await password.getByLabel(field(t('profile.password.new'))).fill('Fresh-pass-2026!');
  await password.getByLabel(field(t('profile.password.confirm'))).fill('Fresh-pass-2026!');
  await password.getByRole('button', { name: t('profile.password.submit') }).click();
  await expect(page.getByText(t('profile.password.changed'))).toBeVisible();
  // The emptied form does not scold: no field says it is required.
  await expect(password.getByText(t('validation.required'))).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, 'my-profile-saved-en');

  // Everything is kept: after a reload, and at the next login with the new password only.
  await page.reload();
  await expect(section(t('profile.contact.title')).getByLabel(t('users.fields.phone'))).toHaveValue(/7911 ?123 ?456/);
  await expect(section(t('profile.notifications.title')).getByRole('checkbox', { name: t('users.channels.sms') })).toBeChecked();
  await expect(section(t('profile.notifications.title'))).toContainText('planning-desk@example.test');
  const old = await request.post('/api/log-in', { data: { email: user.email, password: PASSWORD } });
  expect(((await old.json()) as { error: string }).error).toBe('invalid_credentials');
  expect((await request.post('/api/log-in', { data: { email: user.email, password: 'Fresh-pass-2026!' } })).status()).toBe(200);
});
