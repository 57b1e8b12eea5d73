import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { texts } from './i18n';
import { saveScreenshot, screenshot } from './screenshots';

/**
 * A real first run: this spec starts its own server on an empty data directory with SEED_DEMO=false (the shared test
 * server is seeded, so it has a provider already), reads the setup link from the server's log as an operator would,
 * and walks through the setup as the provider's first administrator.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PORT = Number(process.env.SETUP_TEST_PORT ?? Number(process.env.TEST_PORT ?? '3100') + 1);
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = 'first.admin@provider.test';
const PASSWORD = 'Provider-admin-1';
const en = texts('en');
const de = texts('de');

let server: ChildProcess | undefined;
let dataDir = '';
let log = '';

async function setupLink(): Promise<string> {
  const deadline = Date.now() + 150_000;
  for (;;) {
    const found = /(http:\/\/\S+\/en\/setup\?token=[A-Za-z0-9_-]{43})/.exec(log);
    if (found) return found[1]!;
    if (server?.exitCode !== null && server?.exitCode !== undefined) throw new Error(`The server ended (${server.exitCode}):\n${log}`);
    if (Date.now() > deadline) throw new Error(`No setup link in the server's log:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(', ')}`)).toEqual([]);
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'onsite-setup-'));
  server = spawn('node', ['services/api/dist/main.js'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PROFILE: 'embedded',
      DATA_DIR: dataDir,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      SEED_DEMO_HISTORY: 'false',
      NO_COLOR: '1',
    },
  });
  server.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const ended = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await ended;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

test('the first administrator sets up the provider from the link in the log, sets a password from the dev outbox and logs in', async ({ page }) => {
  const link = (await setupLink()).replace(/^http:\/\/[^/]+/, BASE);
  expect(link.match(/\/en\/setup\?token=/g)).toHaveLength(1);
  // Printed once: one link in the log.
  expect(log.match(/\/en\/setup\?token=/g)).toHaveLength(1);

  // A wrong token is 'not found', like any unknown page.
  await page.goto(`${BASE}/en/setup?token=${'x'.repeat(43)}`);
  await expect(page.getByTestId('not-found')).toBeVisible();

  // German first, looked at and checked; then the setup itself in English.
  await page.goto(link.replace('/en/', '/de/'));
  await expect(page.getByRole('heading', { level: 1, name: de('setup.title') })).toBeVisible();
  await expectNoSeriousViolations(page);
  await screenshot(page, 'setup-de');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: en('setup.title') })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await saveScreenshot(page, 'setup-en-390');
  await page.setViewportSize({ width: 1366, height: 900 });

  // Sent empty: every field says what is missing, and nothing is created.
  await page.getByTestId('setup-submit').click();
  await expect(page.getByText(en('validation.required'))).toHaveCount(5);
  await expectNoSeriousViolations(page);
  await screenshot(page, 'setup-en-errors');

  await page.getByLabel(new RegExp(`^${en('setup.companyName')}`)).fill('Harbour Field Services Ltd');
  const country = page.getByRole('combobox', { name: en('fields.country'), exact: true });
  await country.click();
  await country.pressSequentially('United K');
  await page.getByRole('option', { name: en('countries.uk') }).click();
  await page.getByLabel(new RegExp(`^${en('setup.firstName')}`)).fill('Ada');
  await page.getByLabel(new RegExp(`^${en('setup.lastName')}`)).fill('Moss');
  await page.getByLabel(new RegExp(`^${en('fields.email')}`)).fill(ADMIN);
  await page.getByTestId('setup-submit').click();

  await expect(page.getByTestId('setup-done')).toContainText(ADMIN);
  const invitation = page.getByTestId('setup-invitation');
  await expect(invitation).toBeVisible();
  await expectNoSeriousViolations(page);
  await screenshot(page, 'setup-en-done');

  // The invitation from the dev outbox: choose the password, then log in.
  await invitation.getByRole('link', { name: en('setup.done.openInvitation') }).click();
  await expect(page).toHaveURL(/\/en\/set-password\?token=/);
  await page.getByLabel(new RegExp(`^${en('profile.password.new')}`)).fill(PASSWORD);
  await page.getByLabel(new RegExp(`^${en('profile.password.confirm')}`)).fill(PASSWORD);
  await page.getByTestId('set-password').click();
  await expect(page).toHaveURL(/\/en\/login/);
  await page.getByLabel(new RegExp(`^${en('fields.email')}\\s*\\*?$`)).fill(ADMIN);
  await page.getByLabel(new RegExp(`^${en('fields.password')}\\s*\\*?$`)).fill(PASSWORD);
  await page.getByRole('button', { name: en('actions.login'), exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
  // No legal document is published on a new installation, so there is nothing to accept yet (D206): straight in.
  await expect(page.getByTestId('user-menu')).toContainText('Ada');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await screenshot(page, 'setup-en-first-login');

  // Gone for ever, the page as the api.
  await page.goto(link);
  await expect(page.getByTestId('not-found')).toBeVisible();
  expect((await page.request.get(`${BASE}/api/setup?token=${new URL(link).searchParams.get('token')}`)).status()).toBe(404);
});

test('the new administrator sets the UK support contact, and a UK customer sees it in the header', async ({ page, browser }) => {
  // The admin of the test before, signed in through the form.
  await page.goto(`${BASE}/en/login`);
  await page.getByLabel(new RegExp(`^${en('fields.email')}\\s*\\*?$`)).fill(ADMIN);
  await page.getByLabel(new RegExp(`^${en('fields.password')}\\s*\\*?$`)).fill(PASSWORD);
  await page.getByRole('button', { name: en('actions.login'), exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
  // No contact is set on a new installation: the header has none to show.
  await expect(page.getByTestId('header-contact')).toHaveCount(0);

  await expect(async () => {
    if (!(await page.getByTestId('user-menu-dropdown').isVisible())) await page.getByTestId('user-menu').click();
    await expect(page.getByTestId('user-menu-dropdown')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await page.getByTestId('menu-supportContacts').click();
  await expect(page).toHaveURL(/\/en\/support-contacts$/);
  await expect(page.getByRole('heading', { level: 1, name: en('supportContacts.title') })).toBeVisible();
  await expect(page.getByText(en('supportContacts.history.empty'))).toBeVisible();

  const uk = page.getByTestId('group-ukIe');
  await uk.getByLabel(new RegExp(`^${en('supportContacts.phone')}`)).fill('0207');
  await uk.getByLabel(new RegExp(`^${en('supportContacts.email')}`)).fill('help');
  await uk.getByRole('button', { name: en('supportContacts.save') }).click();
  await expect(uk.getByText(en('supportContacts.phoneInvalid'))).toBeVisible();
  await expect(uk.getByText(en('validation.email'))).toBeVisible();
  await uk.getByLabel(new RegExp(`^${en('supportContacts.phone')}`)).fill('+44 20 7946 0123');
  await uk.getByLabel(new RegExp(`^${en('supportContacts.email')}`)).fill('help.uk@harbour.test');
  await uk.getByRole('button', { name: en('supportContacts.save') }).click();
  const history = page.getByTestId('support-contacts-history');
  await expect(history).toContainText('Ada Moss');
  await expect(history).toContainText('help.uk@harbour.test');
  // The provider is in the UK: its own staff see the new number in the header at once.
  await expect(page.getByTestId('header-contact')).toContainText('+44 20 7946 0123');
  await expectNoSeriousViolations(page);
  await screenshot(page, 'support-contacts-en');
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await saveScreenshot(page, 'support-contacts-en-390');

  // Set-up, not under test: the administrator adds a UK customer company and invites its admin, who sets a password
  // from the invitation and accepts the agreements (the flows other specs drive through the console).
  const api = page.request;
  const login = async (email: string, password: string) =>
    ((await (await api.post(`${BASE}/api/log-in`, { data: { email, password } })).json()) as { token: string }).token;
  const staff = { authorization: `Bearer ${await login(ADMIN, PASSWORD)}` };
  const company = (
    (await (
      await api.post(`${BASE}/api/admin/company/create`, { headers: staff, data: { name: 'Quayside Robotics Ltd', type: 'EC', country: 'uk' } })
    ).json()) as { data: { _id: string } }
  ).data;
  const customerEmail = 'eve.customer@quayside.test';
  const invited = await api.post(`${BASE}/api/admin/user/invite`, {
    headers: staff,
    data: { companyId: company._id, email: customerEmail, firstName: 'Eve', lastName: 'Quinn', role: 'ADMIN' },
  });
  expect(invited.status()).toBe(200);
  const outbox = (
    (await (await api.get(`${BASE}/api/dev/outbox?to=${encodeURIComponent(customerEmail)}`, { headers: staff })).json()) as { data: { link?: string }[] }
  ).data;
  const invitationToken = new URL(outbox[0]!.link!).searchParams.get('token');
  expect((await api.post(`${BASE}/api/user/set-password`, { data: { token: invitationToken, password: PASSWORD, confirmPassword: PASSWORD } })).status()).toBe(
    200,
  );
  const customerAuth = { authorization: `Bearer ${await login(customerEmail, PASSWORD)}` };
  for (const path of ['/api/user/acceptUserLicence', '/api/user/acceptPrivacyPolicy'])
    expect((await api.post(`${BASE}${path}`, { headers: customerAuth, data: {} })).status()).toBe(200);

  // The customer logs in and finds the UK support contact the administrator just set.
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-GB', reducedMotion: 'reduce' });
  const customer = await context.newPage();
  await customer.goto(`${BASE}/en/login`);
  await customer.getByLabel(new RegExp(`^${en('fields.email')}\\s*\\*?$`)).fill(customerEmail);
  await customer.getByLabel(new RegExp(`^${en('fields.password')}\\s*\\*?$`)).fill(PASSWORD);
  await customer.getByRole('button', { name: en('actions.login'), exact: true }).click();
  await expect(customer).not.toHaveURL(/\/login/);
  const header = customer.getByTestId('header-contact');
  await expect(header).toContainText('+44 20 7946 0123');
  await expect(header.getByRole('link', { name: en('shell.contact.writeUs') })).toHaveAttribute('href', /^mailto:help\.uk@harbour\.test/);
  await screenshot(customer, 'support-contacts-customer-header-en');
  await context.close();
});

test("on a new installation the help area is empty; the administrator sets the home page's banner, a German visitor reads it, and it goes when removed", async ({
  page,
  browser,
}) => {
  await page.goto(`${BASE}/en/login`);
  await page.getByLabel(new RegExp(`^${en('fields.email')}\\s*\\*?$`)).fill(ADMIN);
  await page.getByLabel(new RegExp(`^${en('fields.password')}\\s*\\*?$`)).fill(PASSWORD);
  await page.getByRole('button', { name: en('actions.login'), exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`${BASE}/en/help-content`);
  await expect(page.getByRole('heading', { level: 1, name: en('helpContent.title') })).toBeVisible();
  await expect(page.getByText(en('helpContent.empty'))).toBeVisible();
  await expect(page.getByText(en('helpContent.banner.none'))).toBeVisible();

  const visitor = await (await browser.newContext({ locale: 'de-DE', reducedMotion: 'reduce' })).newPage();
  await visitor.goto(`${BASE}/de`);
  await expect(visitor.getByRole('link', { name: de('actions.login') }).first()).toBeVisible();
  await expect(visitor.getByText('Winter-Servicewochen')).toHaveCount(0);

  const banner = page.getByRole('form', { name: en('helpContent.banner.title') });
  await banner.getByTestId('save-banner').click();
  await expect(banner.getByText(en('validation.required')).first()).toBeVisible();
  await banner.getByRole('textbox', { name: new RegExp(`^${en('helpContent.banner.heading')}`) }).fill('Winter service weeks');
  await banner.getByRole('textbox', { name: new RegExp(`^${en('helpContent.banner.text')}`) }).fill('Book your winter maintenance now.');
  await banner.getByRole('tab', { name: en('languages.de') }).click();
  await banner.getByRole('textbox', { name: new RegExp(`^${en('helpContent.banner.heading')}`) }).fill('Winter-Servicewochen');
  await banner.getByRole('textbox', { name: new RegExp(`^${en('helpContent.banner.text')}`) }).fill('Buchen Sie jetzt Ihre Winterwartung.');
  await banner.getByTestId('save-banner').click();
  await expect(banner.getByText(en('helpContent.banner.changed', { by: 'Ada Moss', at: '' }).split(' on ')[0]!)).toBeVisible();
  await expectNoSeriousViolations(page);
  await screenshot(page, 'help-content-banner-en');

  await visitor.reload();
  await expect(visitor.getByText('Winter-Servicewochen')).toBeVisible();
  await expect(visitor.getByText('Buchen Sie jetzt Ihre Winterwartung.')).toBeVisible();
  await screenshot(visitor, 'home-banner-de');

  await banner.getByTestId('clear-banner').click();
  await expect(banner.getByText(en('helpContent.banner.none'))).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole('link', { name: de('actions.login') }).first()).toBeVisible();
  await expect(visitor.getByText('Winter-Servicewochen')).toHaveCount(0);
});

/** A small valid PDF that names its edition. */
function onePagePdf(text: string): Buffer {
  return Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`, 'latin1');
}

test('the administrator builds the offer on the empty install (segment, priced service, coupon, question, privacy policy); invites a UK customer admin, who sets a password, accepts the policy and orders the service with the coupon', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const startsWith = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
  const openMenu = async (key: string) => {
    await expect(async () => {
      if (!(await page.getByTestId('user-menu-dropdown').isVisible())) await page.getByTestId('user-menu').click();
      await expect(page.getByTestId('user-menu-dropdown')).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    await page.getByTestId(`menu-${key}`).click();
  };
  await page.goto(`${BASE}/en/login`);
  await page.getByLabel(new RegExp(`^${en('fields.email')}\\s*\\*?$`)).fill(ADMIN);
  await page.getByLabel(new RegExp(`^${en('fields.password')}\\s*\\*?$`)).fill(PASSWORD);
  await page.getByRole('button', { name: en('actions.login'), exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);

  // The catalogue starts empty: a segment first, then a service priced in pounds, published.
  await openMenu('catalogue');
  await expect(page).toHaveURL(/\/en\/catalogue$/);
  await page.getByTestId('tab-segments').click();
  await page.getByTestId('new-segment').click();
  const segmentDialog = page.getByRole('dialog');
  await segmentDialog
    .getByRole('textbox', { name: startsWith(en('catalogueAdmin.fields.id')) })
    .first()
    .fill('robotics');
  await segmentDialog
    .getByRole('textbox', { name: startsWith(en('catalogueAdmin.fields.nameIn', { language: en('languages.en') })) })
    .first()
    .fill('Robotics');
  await segmentDialog.getByTestId('save-segment').click();
  await expect(segmentDialog).toBeHidden();
  await page.getByTestId('tab-services').click();
  await page.getByTestId('new-service').click();
  const serviceDialog = page.getByRole('dialog', { name: en('catalogueAdmin.service.newTitle') });
  await serviceDialog.getByTestId('service-id').fill('svc-robot-cell-check');
  await serviceDialog.getByTestId('service-name-en').fill('Robot cell safety check');
  await serviceDialog.getByTestId('service-description-en').fill('Guards, interlocks and stops of one robot cell, tested and documented.');
  await serviceDialog.getByRole('combobox', { name: startsWith(en('catalogueAdmin.fields.segments')) }).fill('Robo');
  await page.getByRole('option', { name: 'Robotics', exact: true }).click();
  await serviceDialog.getByRole('combobox', { name: startsWith(en('catalogueAdmin.fields.countries')) }).fill('United K');
  await page.getByRole('option', { name: en('countries.uk'), exact: true }).click();
  await page.keyboard.press('Escape');
  await serviceDialog.getByTestId('service-price-GBP').fill('780');
  await serviceDialog.getByTestId('save-service').click();
  await expect(serviceDialog).toBeHidden();
  const row = page.getByTestId('service-svc-robot-cell-check');
  await row.getByRole('button', { name: en('catalogueAdmin.actionsFor', { id: 'svc-robot-cell-check' }) }).click();
  await page.getByRole('menuitem', { name: en('catalogueAdmin.publish') }).click();
  await page.getByTestId('confirm-catalogue').click();
  await expect(page.getByTestId('service-status-svc-robot-cell-check')).toHaveText(en('catalogueAdmin.statuses.published'));
  await screenshot(page, 'first-run-catalogue-en');

  // A coupon for the UK.
  await openMenu('coupons');
  await page.getByTestId('new-coupon').click();
  const couponDialog = page.getByRole('dialog', { name: en('coupons.dialog.newTitle') });
  await couponDialog.getByRole('textbox', { name: startsWith(en('coupons.fields.code')) }).fill('FIRSTCELL');
  await couponDialog.getByRole('textbox', { name: startsWith(en('coupons.fields.descriptionIn', { language: en('languages.en') })) }).fill('First cell check');
  await couponDialog.getByRole('combobox', { name: startsWith(en('coupons.fields.countries')) }).fill('United K');
  await page.getByRole('option', { name: en('countries.uk'), exact: true }).click();
  await page.keyboard.press('Escape');
  await couponDialog.getByTestId('save-coupon').click();
  await expect(couponDialog).toBeHidden();
  await expect(page.getByTestId('coupon-FIRSTCELL')).toBeVisible();

  // A help question.
  await openMenu('helpContent');
  await page.getByTestId('new-faq').click();
  const faqDialog = page.getByRole('dialog', { name: en('helpContent.dialog.newTitle') });
  await faqDialog.getByRole('combobox', { name: startsWith(en('helpContent.fields.topic')) }).click();
  await page.getByRole('option', { name: en('help.topics.ordering') }).click();
  await faqDialog.getByRole('textbox', { name: startsWith(en('helpContent.fields.question')) }).fill('How long does a cell check take?');
  await faqDialog.getByRole('textbox', { name: startsWith(en('helpContent.fields.answer')) }).fill('About **half a day** per cell.');
  await faqDialog.getByTestId('save-faq').click();
  await expect(faqDialog).toBeHidden();

  // A privacy policy: every user accepts it at the next log-in, the publisher at once.
  await openMenu('legalDocuments');
  await page.getByTestId('publish-PRIVACY_POLICY').click();
  const legalDialog = page.getByRole('dialog', { name: en('legalDocuments.dialog.title', { document: en('legalDocuments.kinds.PRIVACY_POLICY') }) });
  await legalDialog
    .getByTestId('file-input')
    .nth(0)
    .setInputFiles({ name: 'privacy-en.pdf', mimeType: 'application/pdf', buffer: onePagePdf('Harbour privacy policy') });
  await legalDialog.getByTestId('publish-version').click();
  await expect(legalDialog).toBeHidden();
  const own = page.getByRole('dialog', { name: en('agreements.privacy.title') });
  await own.getByRole('button', { name: en('agreements.accept') }).click();
  await expect(own).toBeHidden();

  // A customer company and its administrator, as the provider's administrator adds them in the console.
  const labelled = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);
  await page.goto(`${BASE}/en/companies`);
  await page.getByTestId('add-company').click();
  const add = page.getByRole('dialog', { name: en('companies.add.title') });
  await add.getByLabel(labelled(en('companies.fields.name'))).fill('Mersey Packaging Ltd');
  await add.getByRole('combobox', { name: en('fields.country') }).click();
  await page.getByRole('option', { name: en('countries.uk'), exact: true }).click();
  await add.getByTestId('create-company').click();
  await expect(page).toHaveURL(/\/en\/company-information\//);
  const customerEmail = 'finn.admin@mersey.test';
  await page.goto(`${BASE}/en/user-management`);
  await page.getByTestId('invite-user').click();
  const invite = page.getByRole('dialog', { name: en('users.dialog.inviteTitle') });
  await invite.getByRole('combobox', { name: en('users.fields.company') }).fill('Mersey');
  await page.getByRole('option', { name: `Mersey Packaging Ltd (EC, ${en('countries.uk')})` }).click();
  await invite.getByLabel(labelled(en('users.fields.firstName'))).fill('Finn');
  await invite.getByLabel(labelled(en('users.fields.lastName'))).fill('Doyle');
  await invite.getByLabel(labelled(en('fields.email'))).fill(customerEmail);
  await invite.getByRole('combobox', { name: en('users.fields.role') }).click();
  await page.getByRole('option', { name: en('users.roles.ADMIN'), exact: true }).click();
  await invite.getByTestId('save-user').click();
  await expect(page.getByText(en('users.notify.invited'))).toBeVisible();
  // The invitation from the dev outbox.
  await openMenu('devOutbox');
  await page.getByLabel(en('devOutbox.recipient')).fill(customerEmail);
  const invitation = await page
    .getByTestId('outbox-message')
    .first()
    .getByRole('link', { name: en('devOutbox.openLink') })
    .getAttribute('href');

  // The customer sets a password, logs in, accepts the new privacy policy, and orders the service with the coupon.
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-GB', reducedMotion: 'reduce' });
  const customer = await context.newPage();
  await customer.goto(invitation!);
  await customer.getByLabel(labelled(en('profile.password.new'))).fill(PASSWORD);
  await customer.getByLabel(labelled(en('profile.password.confirm'))).fill(PASSWORD);
  await customer.getByTestId('set-password').click();
  await expect(customer).toHaveURL(/\/en\/login/);
  await customer.getByLabel(new RegExp(`^${en('fields.email')}\\s*\\*?$`)).fill(customerEmail);
  await customer.getByLabel(new RegExp(`^${en('fields.password')}\\s*\\*?$`)).fill(PASSWORD);
  await customer.getByRole('button', { name: en('actions.login'), exact: true }).click();
  const policy = customer.getByRole('dialog', { name: en('agreements.privacy.title') });
  await expect(policy).toBeVisible();
  await screenshot(customer, 'first-run-customer-privacy-en');
  await policy.getByRole('button', { name: en('agreements.accept') }).click();
  await expect(policy).toBeHidden();
  await expect(customer.getByTestId('header-contact')).toContainText('+44 20 7946 0123');
  await customer.getByTestId('nav-get-quote').click();
  const offered = customer.locator('[data-service-id="svc-robot-cell-check"]');
  await expect(offered).toBeVisible();
  await offered.check();
  await expect(customer.getByText(en('orders.form.priceFrom', { price: '£780.00' }))).toBeVisible();
  const field = (label: string) => customer.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`));
  const inDays = (days: number) => {
    const d = new Date(Date.now() + days * 86_400_000);
    return `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
  };
  await field(en('fields.locationName')).fill('Mersey line 3');
  await field(en('fields.addressLine1')).fill('2 Dock Road');
  await field(en('fields.postCode')).fill('L3 4AA');
  await field(en('fields.city')).fill('Liverpool');
  await field(en('fields.dateFrom')).fill(inDays(21));
  await field(en('fields.dateFrom')).blur();
  await field(en('fields.dateTo')).fill(inDays(21));
  await field(en('fields.dateTo')).blur();
  await customer.getByRole('textbox', { name: startsWith(en('ordering.coupon.label')) }).fill('FIRSTCELL');
  await customer.getByRole('button', { name: en('ordering.coupon.check') }).click();
  await expect(customer.getByTestId('coupon-result')).toBeVisible();
  await customer.getByLabel(en('orders.form.disclaimer')).check();
  await customer.getByRole('button', { name: en('ordering.submit.quote') }).click();
  await expect(customer).toHaveURL(/\/en\/order-confirmation\?refId=/);
  const refId = new URL(customer.url()).searchParams.get('refId') ?? '';
  await customer.goto(`${BASE}/en/order/${encodeURIComponent(refId)}`);
  await expect(customer.getByTestId('order-coupon')).toHaveText('FIRSTCELL');
  await expect(customer.getByRole('cell', { name: 'Robot cell safety check' })).toBeVisible();
  await screenshot(customer, 'first-run-customer-order-en');
  await context.close();
});
