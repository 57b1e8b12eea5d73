import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { texts } from './i18n';
import { screenshot } from './screenshots';
import { logInThroughForm, openUserMenu, PASSWORD } from './staff-support';
import { typedDate } from './ordering-steps';

/** The URL language follows the user's country: ec.* is a UK company (English), ec2.* a German one. */
const EMAIL = { en: 'ec.admin@demo.onsite.test', de: 'ec2.admin@demo.onsite.test' } as const;

/** A form field by its label as the user reads it (a required field's label ends in '*'). */
function field(page: Page, label: string) {
  return page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`));
}

async function logIn(page: Page, lang: 'en' | 'de') {
  await logInThroughForm(page, EMAIL[lang], PASSWORD, lang);
  await expect(page).toHaveURL(new RegExp(`/${lang}/my-service-orders`));
}

for (const lang of ['en', 'de'] as const) {
  test(`an end customer requests a quote and finds it in the list and its events (${lang})`, async ({ page }) => {
    const t = texts(lang);

    await page.goto(`/${lang}/login`);
    await expect(page.getByRole('heading', { name: t('auth.login.title') })).toBeVisible();
    await screenshot(page, `login-${lang}`);
    await logIn(page, lang);

    // The 'get your quote' form.
    await page.getByTestId('nav-get-quote').click();
    await expect(page.getByRole('heading', { level: 1, name: t('ordering.title.checkout') })).toBeVisible();
    const services = page.getByRole('region', { name: t('orders.form.sections.services') });
    await services.getByRole('checkbox').first().check();

    const locationName = `E2E ${lang} ${Date.now()}`;
    await field(page, t('fields.locationName')).fill(locationName);
    await page.getByRole('combobox', { name: t('fields.country'), exact: true }).click();
    await page.getByRole('option', { name: t('countries.de'), exact: true }).click();
    await field(page, t('fields.addressLine1')).fill('Industriestraße 12');
    await field(page, t('fields.postCode')).fill('20095');
    await field(page, t('fields.city')).fill('Hamburg');
    await field(page, t('fields.dateFrom')).fill(typedDate(21));
    await field(page, t('fields.dateFrom')).blur();
    await field(page, t('fields.dateTo')).fill(typedDate(23));
    await field(page, t('fields.dateTo')).blur();
    await field(page, t('fields.technicians')).fill('2');
    await field(page, t('fields.remarks')).fill('Access through gate 4.');
    // The site brief (D213): a site walk before the first day, what the technicians need and meet, the tools to bring.
    const brief = page.getByTestId('site-brief');
    await brief.getByRole('switch', { name: t('ordering.siteBrief.siteWalk') }).check();
    await field(page, t('ordering.siteBrief.siteWalkDate')).fill(typedDate(14));
    await field(page, t('ordering.siteBrief.siteWalkDate')).blur();
    const pick = async (label: string, option: string) => {
      // As a keyboard user opens it (the field's box, not the inner input, takes a pointer's click).
      await brief.getByRole('combobox', { name: label }).focus();
      await page.keyboard.press('ArrowDown');
      await page.getByRole('option', { name: option, exact: true }).click();
      await page.keyboard.press('Escape');
    };
    await pick(t('ordering.siteBrief.certificatesLabel'), t('ordering.siteBrief.certificates.safety_passport'));
    await pick(t('ordering.siteBrief.certificatesLabel'), t('ordering.siteBrief.certificates.working_at_heights'));
    await pick(t('ordering.siteBrief.allergensLabel'), t('ordering.siteBrief.allergens.nuts'));
    await pick(t('ordering.siteBrief.environmentsLabel'), t('ordering.siteBrief.environments.other'));
    await field(page, t('ordering.siteBrief.environmentOther')).fill('Paint shop');
    await field(page, t('ordering.siteBrief.toolsByCustomer')).fill('Torque wrench');
    await page.getByLabel(t('orders.form.disclaimer')).check();
    await screenshot(page, `form-${lang}`);

    await page.getByRole('button', { name: t('ordering.submit.quote') }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/order-confirmation\\?refId=`));
    const refId = new URL(page.url()).searchParams.get('refId') ?? '';
    // The confirmation page says it was sent (the toast saying so closes by itself, and may be gone on a slow machine).
    await expect(page.getByRole('heading', { name: t('ordering.confirmation.title.quote') })).toBeVisible();
    await expect(page.getByTestId('confirmation-ref')).toHaveText(refId);

    // Listed in my service orders with the 'quote requested' status.
    await page.getByTestId('nav-my-service-orders').click();
    await page.getByRole('searchbox', { name: t('orders.list.searchLabel') }).fill(refId);
    // The search applies after its debounce and goes into the URL; the list then holds only this order.
    await expect(page).toHaveURL(new RegExp(`[?&]q=${refId}`));
    const row = page.locator(`[data-testid="order-row"][data-ref-id="${refId}"]`);
    await expect(row).toBeVisible();
    await expect(row.locator('[data-status]')).toHaveText(t('status.REQUESTED_QUOTE'));
    await expect(row).toContainText(locationName);
    await screenshot(page, `list-${lang}`);

    // Opened from the list: the events table holds the GET_QUOTE event.
    await row.click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/order/${encodeURIComponent(refId)}(\\?.*)?$`));
    await expect(page.getByRole('heading', { name: refId, level: 1 })).toBeVisible();
    const event = page.locator('[data-testid="event-row"][data-event="GET_QUOTE"]');
    await expect(event).toBeVisible();
    await expect(event).toContainText(t('orderEvent.GET_QUOTE'));
    await screenshot(page, `detail-${lang}`);
    // What the technicians meet on site, as the customer entered it, in the reader's language.
    await expect(page.getByTestId('order-site-walk')).toHaveText(typedDate(14).replace(/\./g, lang === 'de' ? '.' : '/'));
    await expect(page.getByTestId('order-site-certificates')).toContainText(
      `${t('ordering.siteBrief.certificates.safety_passport')}, ${t('ordering.siteBrief.certificates.working_at_heights')}`,
    );
    await expect(page.getByTestId('order-site-allergens')).toContainText(t('ordering.siteBrief.allergens.nuts'));
    await expect(page.getByTestId('order-site-environments')).toContainText(`${t('ordering.siteBrief.environments.other')}: Paint shop`);
  });
}

test('the language select switches the language and keeps the page', async ({ page }) => {
  await page.goto('/en/login?redirect=%2Fen%2Fmy-service-orders');
  await page.getByTestId('language-select').click();
  await page.getByRole('option', { name: 'Deutsch' }).click();
  await expect(page).toHaveURL(/\/de\/login\?redirect=/);
  await expect(page.getByRole('heading', { name: texts('de')('auth.login.title') })).toBeVisible();
});

test('signed out, an authenticated page leads to login and back after it', async ({ page }) => {
  // Not the page the login form leads to anyway: the user comes back to the page they asked for.
  await page.goto('/en/help/faq');
  await expect(page).toHaveURL(/\/en\/login\?redirect=%2Fen%2Fhelp%2Ffaq/);
  await logInThroughForm(page, EMAIL.en);
  await expect(page).toHaveURL(/\/en\/help\/faq$/);
});

test('logging out ends the session', async ({ page }) => {
  const t = texts('en');
  await logIn(page, 'en');
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: t('actions.logout') }).click();
  await expect(page).toHaveURL(/\/en\/login$/);
  await page.goto('/en/my-service-orders');
  await expect(page).toHaveURL(/\/en\/login\?redirect=/);
});

test('the login page has no serious accessibility violations', async ({ page }) => {
  await page.goto('/en/login');
  await expect(page.getByRole('heading', { name: texts('en')('auth.login.title') })).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});
