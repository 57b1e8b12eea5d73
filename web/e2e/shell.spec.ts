import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { texts } from './i18n';
import { saveScreenshot } from './screenshots';
import { logIn, logInThroughForm, openUserMenu } from './staff-support';

type Lang = 'en' | 'de';

/** Each user type with the language its country forces and exactly the menu it must see (docs/product.md, screens). */
const USERS: { name: string; email: string; lang: Lang; landing: RegExp; menu: string[]; nav: string[] }[] = [
  {
    name: 'bl-admin',
    email: 'bl.admin@demo.onsite.test',
    lang: 'en',
    landing: /\/en\/companies$/,
    // The test server is the embedded profile without SMTP, so staff administrators also get the dev outbox.
    menu: [
      'orderHistory',
      'companies',
      'userManagement',
      'apiTokens',
      'webhooks',
      'myProfile',
      'kpi',
      'partnerOffers',
      'personalPage',
      'helpContent',
      'catalogue',
      'coupons',
      'supportContacts',
      'legalDocuments',
      'devOutbox',
      'logout',
    ],
    nav: [],
  },
  {
    name: 'oem-admin',
    email: 'oem.admin@demo.onsite.test',
    lang: 'de',
    landing: /\/de\/my-service-orders$/,
    menu: ['userManagement', 'companyInformation', 'apiTokens', 'webhooks', 'myProfile', 'servicePortfolio', 'help', 'partnerOffers', 'logout'],
    nav: ['servicePortfolio', 'myServiceOrders'],
  },
  {
    name: 'oem-management',
    email: 'oem.management@demo.onsite.test',
    lang: 'de',
    landing: /\/de\/dashboard$/,
    menu: ['myProfile', 'dashboard', 'logout'],
    nav: [],
  },
  {
    name: 'ec-admin',
    email: 'ec.admin@demo.onsite.test',
    lang: 'en',
    landing: /\/en\/my-service-orders$/,
    menu: ['userManagement', 'companyInformation', 'apiTokens', 'webhooks', 'myProfile', 'help', 'partnerOffers', 'logout'],
    nav: ['myServiceOrders', 'getQuote'],
  },
  // The same user types in the other language: US OEM users are English, the German EC company is German.
  {
    name: 'oem-admin',
    email: 'oem2.admin@demo.onsite.test',
    lang: 'en',
    landing: /\/en\/my-service-orders$/,
    menu: ['userManagement', 'companyInformation', 'apiTokens', 'webhooks', 'myProfile', 'servicePortfolio', 'help', 'partnerOffers', 'logout'],
    nav: ['servicePortfolio', 'myServiceOrders'],
  },
  {
    name: 'oem-management',
    email: 'oem2.management@demo.onsite.test',
    lang: 'en',
    landing: /\/en\/dashboard$/,
    menu: ['myProfile', 'dashboard', 'logout'],
    nav: [],
  },
  {
    name: 'ec-admin',
    email: 'ec2.admin@demo.onsite.test',
    lang: 'de',
    landing: /\/de\/my-service-orders$/,
    menu: ['userManagement', 'companyInformation', 'apiTokens', 'webhooks', 'myProfile', 'help', 'partnerOffers', 'logout'],
    nav: ['myServiceOrders', 'getQuote'],
  },
];

const MENU_LABEL: Record<string, string> = {
  orderHistory: 'menu.orderHistory',
  companies: 'menu.companies',
  userManagement: 'menu.userManagement',
  companyInformation: 'menu.companyInformation',
  apiTokens: 'menu.apiTokens',
  webhooks: 'menu.webhooks',
  myProfile: 'menu.myProfile',
  servicePortfolio: 'menu.servicePortfolio',
  kpi: 'menu.kpi',
  help: 'menu.help',
  partnerOffers: 'menu.partnerOffers',
  personalPage: 'menu.personalPage',
  helpContent: 'menu.helpContent',
  catalogue: 'menu.catalogue',
  coupons: 'menu.coupons',
  supportContacts: 'menu.supportContacts',
  legalDocuments: 'menu.legalDocuments',
  dashboard: 'menu.dashboard',
  devOutbox: 'devOutbox.menu',
  logout: 'actions.logout',
};

async function openMenu(page: Page) {
  await openUserMenu(page);
  const dropdown = page.getByTestId('user-menu-dropdown');
  // Wait for the opening transition to end, so screenshots show the menu as a user sees it.
  await expect(dropdown).toHaveCSS('opacity', '1');
}

for (const user of USERS) {
  test(`${user.email} lands on its page in ${user.lang} and sees exactly its menu`, async ({ page }) => {
    const t = texts(user.lang);
    await logInThroughForm(page, user.email);
    await expect(page).toHaveURL(user.landing);
    await expect(page.locator('html')).toHaveAttribute('lang', user.lang);

    const navIds = await page.locator('header nav [data-testid^="nav-"]').evaluateAll((links) => links.map((a) => a.getAttribute('data-testid')));
    expect(navIds).toEqual(user.nav.map((key) => `nav-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`));

    await openMenu(page);
    const items = page.getByTestId('user-menu-dropdown').getByRole('menuitem');
    await expect(items).toHaveText(user.menu.map((key) => t(MENU_LABEL[key]!)));
    const ids = await items.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-testid')));
    expect(ids).toEqual(user.menu.map((key) => `menu-${key}`));
    await saveScreenshot(page, `shell-${user.name}-${user.lang}`, { fullPage: false });
  });
}

test('a customer user in a German country is sent from /en to /de', async ({ page }) => {
  await logInThroughForm(page, 'oem.admin@demo.onsite.test');
  await expect(page).toHaveURL(/\/de\/my-service-orders$/);
  await page.goto('/en/my-service-orders');
  await expect(page).toHaveURL(/\/de\/my-service-orders$/);
  await expect(page.getByTestId('nav-service-portfolio')).toHaveText(texts('de')('nav.servicePortfolio'));
});

test('my profile opens from the menu, help from its menu entry; a disallowed page leads to the default page', async ({ page }) => {
  const t = texts('en');
  await logIn(page, 'ec.admin@demo.onsite.test');
  await expect(page).toHaveURL(/\/en\/my-service-orders$/);
  await openMenu(page);
  await page.getByTestId('menu-myProfile').click();
  await expect(page).toHaveURL(/\/en\/my-profile$/);
  await expect(page.getByRole('heading', { level: 1, name: t('page.titles.myProfile') })).toBeVisible();
  await expect(page.getByRole('heading', { name: t('profile.password.title') })).toBeVisible();
  await openMenu(page);
  await page.getByTestId('menu-help').click();
  await expect(page).toHaveURL(/\/en\/help\/faq$/);
  await expect(page.getByRole('heading', { level: 1, name: t('help.title') })).toBeVisible();
  // A disallowed page sends the user to their default page.
  await page.goto('/en/companies');
  await expect(page).toHaveURL(/\/en\/service-portfolio$/);
});

test('signed in, no-auth pages send the user away, the imprint stays', async ({ page }) => {
  await logIn(page, 'ec.admin@demo.onsite.test');
  await expect(page).toHaveURL(/\/en\/my-service-orders$/);
  await page.goto('/en/registration');
  await expect(page).toHaveURL(/\/en\/my-service-orders$/);
  await page.goto('/en/imprint');
  await expect(page).toHaveURL(/\/en\/imprint$/);
});

test('signed out: language dropdown with native names, register and login buttons hidden on their own page', async ({ page }) => {
  await page.goto('/en/login');
  await expect(page.getByTestId('login-button')).toHaveCount(0);
  await expect(page.getByTestId('register-button')).toBeVisible();
  await page.getByTestId('language-select').click();
  await expect(page.getByRole('option')).toHaveText(['English', 'Deutsch', 'Português (Brasil)']);
  await page.keyboard.press('Escape');
  await page.goto('/en/registration');
  await expect(page.getByTestId('register-button')).toHaveCount(0);
  await expect(page.getByTestId('login-button')).toBeVisible();
});

for (const lang of ['de'] as const) {
  test(`/${lang} shows translated texts`, async ({ page }) => {
    const t = texts(lang);
    await page.goto(`/${lang}/login`);
    await expect(page.getByRole('heading', { name: t('auth.login.title') })).toBeVisible();
    await expect(page.getByTestId('register-button')).toHaveText(t('actions.register'));
    await expect(page.locator('footer')).toContainText(t('shell.footer.imprint'));
    await page.goto(`/${lang}/terms`);
    await expect(page.getByRole('heading', { level: 1, name: t('page.titles.terms') })).toBeVisible();
    await expect(page.getByTestId('legal-download')).toHaveAttribute('href', new RegExp(`/api/legal/TERMS_OF_USE/${lang}\\.pdf$`));
  });
}

// Signed in, the language follows the user's country (D9) and no served country speaks Portuguese, so the
// Portuguese a person meets is the signed-out side: every public route of the table, translated and accessible.
test('every public route in Portuguese: a translated page with its heading, no serious accessibility violation', async ({ page }) => {
  const pt = texts('pt');
  // Each route with the heading a Portuguese reader meets first.
  const routes: [string, string][] = [
    ['', pt('home.hero.title')],
    ['login', pt('auth.login.title')],
    ['registration', pt('account.registration.title')],
    ['forgot-password', pt('account.forgot.title')],
    ['set-password', pt('page.titles.setPassword')],
    ['reset-password', pt('account.reset.title')],
    ['disclaimer', pt('page.titles.disclaimer')],
    ['privacy', pt('page.titles.privacy')],
    ['terms', pt('page.titles.terms')],
    ['imprint', pt('page.titles.imprint')],
    ['no-such-page', pt('page.notFound.title')],
  ];
  for (const [path, heading] of routes) {
    await page.goto(`/pt/${path}`);
    await expect(page.getByRole('heading', { level: 1 }).first(), `/pt/${path}`).toHaveText(heading);
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await expect(page.locator('footer')).toContainText(pt('shell.footer.imprint'));
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `/pt/${path} ${v.id}: ${v.nodes.map((n) => n.html).join(', ')}`)).toEqual([]);
  }
});

test('the licence and privacy dialogs come after login; rejecting logs out', async ({ page }) => {
  const t = texts('de');
  await logInThroughForm(page, 'ec2.pending@demo.onsite.test');
  const licence = page.getByRole('dialog', { name: t('agreements.licence.title') });
  await expect(licence).toBeVisible();
  await expect(licence.locator('iframe')).toHaveAttribute('src', /\/api\/legal\/TERMS_OF_USE\/de\.pdf$/);
  await page.keyboard.press('Escape');
  await expect(licence).toBeVisible();
  await saveScreenshot(page, `agreement-licence-de`, { fullPage: false });
  await licence.getByRole('button', { name: t('agreements.accept') }).click();
  const privacy = page.getByRole('dialog', { name: t('agreements.privacy.title') });
  await expect(privacy).toBeVisible();
  await privacy.getByRole('button', { name: t('agreements.reject') }).click();
  await expect(page).toHaveURL(/\/de\/login$/);
  await expect(page.getByText(t('agreements.privacy.rejected'))).toBeVisible();
});

test('the e-mail verification query shows a notification', async ({ page }) => {
  await page.goto('/en/login?verify=true&token=abc');
  await expect(page.getByText(texts('en')('verification.verified'))).toBeVisible();
  await expect(page).toHaveURL(/\/en\/login$/);
});

test('the shell at phone width (390 px)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, 'oem.admin@demo.onsite.test');
  await expect(page).toHaveURL(/\/de\/my-service-orders$/);
  await openMenu(page);
  await saveScreenshot(page, `shell-oem-admin-de-390`, { fullPage: false });
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(390);
});

test('at phone width the support contact is in the navigation drawer', async ({ page }) => {
  const t = texts('en');
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, 'ec.admin@demo.onsite.test');
  await expect(page.getByTestId('header-contact')).toBeHidden();
  await page.getByRole('button', { name: t('nav.openMenu') }).click();
  const contact = page.getByTestId('drawer-contact');
  await expect(contact).toBeVisible();
  await expect(contact.getByRole('link', { name: t('shell.contact.writeUs') })).toHaveAttribute('href', /^mailto:/);
  await expect(contact.locator('a[href^="tel:"]')).toBeVisible();
  // The drawer slides in: wait for its transition before the screenshot.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await saveScreenshot(page, `shell-ec-admin-en-390-drawer`, { fullPage: false });
});

test('the signed-in shell has no serious accessibility violations', async ({ page }) => {
  await logIn(page, 'ec.admin@demo.onsite.test');
  await expect(page).toHaveURL(/\/en\/my-service-orders$/);
  await expect(page.getByTestId('user-menu')).toBeVisible();
  for (const open of [false, true]) {
    if (open) await openMenu(page);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''} ${n.html}`).join(', ')}`)).toEqual([]);
  }
});
