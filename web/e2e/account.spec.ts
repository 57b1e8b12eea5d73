import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { texts } from './i18n';
import { apiToken, expectAccessible, expectNoPageOverflow, logIn, logInThroughForm, screenshot } from './staff-support';

/**
 * The public and account screens: a visitor registers a company (typing, the anti-robot slider), confirms the
 * address through the link the server mails, logs in and accepts the licence on its page; forgets the password
 * and sets a new one through the reset link; the legal pages in every language. Every run registers its own
 * user, so no demo account changes.
 */
const en = texts('en');
const de = texts('de');
const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const EMAIL = `newcomer-${RUN}@example.test`;
const PASSWORD = 'Brand-New-1';
const NEW_PASSWORD = 'Brand-New-2!';

/** The newest message of a kind in the dev outbox, read as a staff administrator. */
async function outboxLink(request: APIRequestContext, to: string, kind: string): Promise<string> {
  const token = await apiToken(request, 'bl.admin@demo.onsite.test');
  let link: string | undefined;
  await expect(async () => {
    const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status()).toBe(200);
    const entries = ((await response.json()) as { data: { kind: string; link?: string }[] }).data;
    link = entries.find((entry) => entry.kind === kind)?.link;
    expect(link).toBeTruthy();
  }).toPass({ timeout: 10_000 });
  const url = new URL(link ?? '');
  return url.pathname + url.search;
}

const field = (page: Pick<Page, 'getByRole'>, label: string) => page.getByRole('textbox', { name: new RegExp(`^${label}`) });

test.describe.serial('account screens', () => {
  test('a visitor registers a company, confirms the address from the e-mail and logs in', async ({ page, request }) => {
    await page.goto('/en/login');
    await page.getByTestId('register-link').click();
    await expect(page).toHaveURL(/\/en\/registration$/);
    const openedAt = Date.now();
    await expect(page.getByRole('heading', { level: 1, name: en('account.registration.title') })).toBeVisible();

    // Sending nothing says what is missing, field by field, and that the slider is still to do.
    await page.getByTestId('register').click();
    await expect(page.getByText(en('validation.required')).first()).toBeVisible();
    await expect(page.getByTestId('robot-missing')).toHaveText(en('account.validation.robot'));
    await expectAccessible(page);

    await field(page, en('account.fields.companyName')).pressSequentially('Newcomer Engineering Ltd');
    const country = page.getByRole('combobox', { name: en('fields.country'), exact: true });
    await country.click();
    await country.pressSequentially('United K');
    await page.getByRole('option', { name: en('countries.uk') }).click();
    await field(page, en('account.fields.firstName')).pressSequentially('Nora');
    await field(page, en('account.fields.lastName')).pressSequentially('Newcomer');
    await field(page, en('fields.email')).pressSequentially(EMAIL);
    await field(page, en('account.fields.confirmEmail')).pressSequentially(EMAIL.replace('newcomer', 'newcomr'));
    await page.getByTestId('register').click();
    await expect(page.getByText(en('account.validation.emailsNotEqual'))).toBeVisible();
    await field(page, en('account.fields.confirmEmail')).fill(EMAIL);
    await expect(page.getByText(en('account.validation.emailsNotEqual'))).toHaveCount(0);
    await field(page, en('account.fields.phone')).pressSequentially('07911 123456');
    await page
      .getByLabel(new RegExp(`^${en('fields.password')}`), { exact: false })
      .first()
      .pressSequentially(PASSWORD);
    await page.getByLabel(new RegExp(`^${en('account.fields.confirmPassword')}`)).pressSequentially(PASSWORD);
    await page.getByTestId('accept-privacy').check();
    const slider = page.getByTestId('unlock-slider');
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await expect(slider).toHaveAttribute('aria-valuetext', en('widgets.antiRobot.done'));
    await screenshot(page, 'account-registration-en');
    // The api's anti-robot rule: the form must have been open for 5 s.
    await page.waitForTimeout(Math.max(0, 5_500 - (Date.now() - openedAt)));
    await page.getByTestId('register').click();
    await expect(page.getByTestId('registration-done')).toContainText(en('account.registration.doneText', { email: EMAIL }));
    await expectAccessible(page);
    await screenshot(page, 'account-registration-done-en');

    // Not confirmed yet: the login says so and offers a new link.
    await page.goto('/en/login');
    await field(page, en('fields.email')).fill(EMAIL);
    await page.getByLabel(new RegExp(`^${en('fields.password')}`)).fill(PASSWORD);
    await page.getByRole('button', { name: en('actions.login'), exact: true }).click();
    const unverified = page.getByRole('dialog', { name: en('account.verify.dialogTitle') });
    await expect(unverified).toContainText(en('error.email_not_verified'));
    await unverified.getByTestId('resend-verification').click();
    await expect(unverified.getByTestId('verification-resent')).toBeVisible();
    await unverified.getByRole('button', { name: en('actions.close') }).click();

    // The link of the e-mail lands on the login page, which confirms the address.
    await page.goto(await outboxLink(request, EMAIL, 'verify-email'));
    await expect(page.getByTestId('email-verified')).toHaveText(en('account.verify.success'));
    await expect(page).toHaveURL(/\/en\/login$/);
    await expectAccessible(page);
    await screenshot(page, 'account-verified-en');
    await field(page, en('fields.email')).fill(EMAIL);
    await page.getByLabel(new RegExp(`^${en('fields.password')}`)).fill(PASSWORD);
    await page.getByRole('button', { name: en('actions.login'), exact: true }).click();
    // The licence is still open (the privacy policy was accepted at registration): the dialog asks for it.
    await expect(page.getByRole('dialog', { name: en('agreements.licence.title') })).toBeVisible();

    // Its page shows the same document, and accepting it there lets the user in.
    await page.goto('/en/accept-usage-conditions');
    await expect(page.getByRole('heading', { level: 1, name: en('page.titles.acceptUsageConditions') })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.locator('iframe')).toHaveAttribute('src', /\/api\/legal\/TERMS_OF_USE\/en\.pdf$/);
    await expectAccessible(page);
    await screenshot(page, 'account-accept-usage-conditions-en');
    await page.getByTestId('agreement-accept').click();
    await expect(page).toHaveURL(/\/en\/my-service-orders$/);

    await page.goto('/en/accept-privacy-policy');
    await expect(page.getByTestId('agreement-already-accepted')).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'account-accept-privacy-policy-en');
    await page.getByTestId('agreement-continue').click();
    await expect(page).toHaveURL(/\/en\/my-service-orders$/);
  });

  test('the new user forgets the password, sets a new one from the reset link and logs in with it', async ({ page, request }) => {
    await page.goto('/en/login');
    await page.getByTestId('forgot-password-link').click();
    await expect(page).toHaveURL(/\/en\/forgot-password$/);
    await expect(page.getByRole('heading', { level: 1, name: en('account.forgot.title') })).toBeVisible();
    await page.getByTestId('send-reset-link').click();
    await expect(page.getByText(en('validation.required'))).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'account-forgot-password-en');
    await field(page, en('fields.email')).pressSequentially(EMAIL);
    await page.getByTestId('send-reset-link').click();
    await expect(page.getByTestId('reset-requested')).toContainText(en('account.forgot.sentText', { email: EMAIL }));
    await screenshot(page, 'account-forgot-password-sent-en');

    const link = await outboxLink(request, EMAIL, 'password-reset');
    expect(link).toMatch(/^\/en\/reset-password\?token=/);
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: en('account.reset.title') })).toBeVisible();
    await page.getByLabel(new RegExp(`^${en('account.fields.newPassword')}`)).pressSequentially(NEW_PASSWORD);
    await page.getByLabel(new RegExp(`^${en('account.fields.confirmPassword')}`)).pressSequentially('Something-else-3');
    await page.getByTestId('reset-password').click();
    await expect(page.getByText(en('account.validation.passwordsNotEqual'))).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'account-reset-password-en');
    await page.getByLabel(new RegExp(`^${en('account.fields.confirmPassword')}`)).fill(NEW_PASSWORD);
    await page.getByTestId('reset-password').click();
    await expect(page).toHaveURL(/\/en\/login$/);
    await expect(page.getByText(en('account.reset.done'))).toBeVisible();

    await logInThroughForm(page, EMAIL, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/en\/my-service-orders$/);

    // The link works once: a second use says so and offers a new one.
    await page.goto('/en/logout');
    await expect(page).toHaveURL(/\/en\/login/);
    await page.goto(link);
    await page.getByLabel(new RegExp(`^${en('account.fields.newPassword')}`)).fill('Another-one-4');
    await page.getByLabel(new RegExp(`^${en('account.fields.confirmPassword')}`)).fill('Another-one-4');
    await page.getByTestId('reset-password').click();
    await expect(page.getByTestId('reset-error')).toContainText(en('error.invalid_token'));
    await page.getByTestId('request-new-link').click();
    await expect(page).toHaveURL(/\/en\/forgot-password$/);
  });

  test('the account screens in German, and registration at phone width', async ({ page }) => {
    for (const [path, name, heading] of [
      ['/de/registration', 'registration', de('account.registration.title')],
      ['/de/forgot-password', 'forgot-password', de('account.forgot.title')],
      ['/de/reset-password?token=unknown', 'reset-password', de('account.reset.title')],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectAccessible(page);
      await screenshot(page, `account-${name}-de`);
    }
    // A link that is no link: the reset page says so at once.
    await page.goto('/de/reset-password');
    await expect(page.getByTestId('reset-error')).toContainText(de('error.token_missed'));

    await page.goto('/de/login?verify=1&token=not-a-token');
    await expect(page.getByTestId('email-verification-failed')).toContainText(de('verification.tokenNotFound'));
    await expectAccessible(page);
    await screenshot(page, 'account-verify-failed-de');

    await page.goto('/de/registration');
    await page.getByTestId('country-not-listed').click();
    const openedAt = Date.now();
    const dialog = page.getByRole('dialog', { name: de('account.countryRequest.title') });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'account-country-request-de');
    // A visitor from a country not served yet leaves a request instead.
    await dialog.getByTestId('send-country-request').click();
    await expect(dialog.getByText(de('validation.required')).first()).toBeVisible();
    await field(dialog, de('account.fields.yourCountry')).pressSequentially('Norwegen');
    await field(dialog, de('account.fields.companyName')).pressSequentially('Fjord Service AS');
    await field(dialog, de('account.fields.firstName')).pressSequentially('Ola');
    await field(dialog, de('account.fields.lastName')).pressSequentially('Nordmann');
    await field(dialog, de('fields.email')).pressSequentially(`fjord-${RUN}@example.test`);
    await field(dialog, de('account.fields.phone')).pressSequentially('+47 412 34 567');
    await dialog.getByRole('combobox', { name: de('account.countryRequest.services') }).pressSequentially('Wartung');
    await page.keyboard.press('Enter');
    await dialog.getByTestId('unlock-slider').focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(Math.max(0, 5_500 - (Date.now() - openedAt)));
    await dialog.getByTestId('send-country-request').click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText(de('account.countryRequest.sent'))).toBeVisible();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/en/registration');
    await expect(page.getByTestId('register')).toBeVisible();
    await expectNoPageOverflow(page);
    await screenshot(page, 'account-registration-en-390');
  });

  test('the agreement pages in German: the licence to accept, and rejecting logs out', async ({ page }) => {
    // A German customer who has accepted nothing yet (the demo's pending user; rejecting changes nothing on the server).
    await logIn(page, 'ec2.pending@demo.onsite.test');
    await page.goto('/de/accept-usage-conditions');
    await expect(page.getByRole('heading', { level: 1, name: de('page.titles.acceptUsageConditions') })).toBeVisible();
    await expect(page.locator('iframe')).toHaveAttribute('src', /\/api\/legal\/TERMS_OF_USE\/de\.pdf$/);
    await expectAccessible(page);
    await screenshot(page, 'account-accept-usage-conditions-de');
    await page.goto('/de/accept-privacy-policy');
    await expect(page.getByRole('heading', { level: 1, name: de('page.titles.acceptPrivacyPolicy') })).toBeVisible();
    await expect(page.getByTestId('agreement-accept')).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'account-accept-privacy-policy-de');
    await page.getByTestId('agreement-reject').click();
    await expect(page).toHaveURL(/\/de\/login$/);
    await expect(page.getByText(de('agreements.privacy.rejected'))).toBeVisible();
  });

  test('the legal pages follow the language, signed in or not', async ({ page }) => {
    for (const lang of ['en', 'de', 'pt'] as const) {
      const t = texts(lang);
      for (const [path, type] of [
        ['privacy', 'PRIVACY_POLICY'],
        ['terms', 'TERMS_OF_USE'],
      ] as const) {
        await page.goto(`/${lang}/${path}`);
        await expect(page.getByRole('heading', { level: 1, name: t(`page.titles.${path}`) })).toBeVisible();
        await expect(page.getByTestId('legal-pdf')).toHaveAttribute('src', `/api/legal/${type}/${lang}.pdf`);
        await expect(page.getByTestId('legal-download')).toHaveAttribute('href', `/api/legal/${type}/${lang}.pdf`);
        if (lang !== 'pt') {
          await expectAccessible(page);
          await screenshot(page, `account-${path}-${lang}`);
        }
      }
      for (const path of ['imprint', 'disclaimer'] as const) {
        await page.goto(`/${lang}/${path}`);
        await expect(page.getByRole('heading', { level: 1, name: t(`page.titles.${path}`) })).toBeVisible();
        await expect(page.getByTestId('legal-text')).toContainText(t(`legal.${path}.intro`));
        if (lang !== 'pt') {
          await expectAccessible(page);
          await screenshot(page, `account-${path}-${lang}`);
        }
      }
      await expect(page.getByTestId('legal-text')).toContainText('Onsite Services GmbH');
    }
    const pdf = await page.request.get('/api/legal/PRIVACY_POLICY/pt.pdf');
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    // Signed in, the imprint stays open.
    await logIn(page, 'ec.admin@demo.onsite.test');
    await page.goto('/en/imprint');
    await expect(page).toHaveURL(/\/en\/imprint$/);
    await expect(page.getByTestId('legal-text')).toContainText('Onsite Services GmbH');
  });
});
