import { expect, test, type Page } from '@playwright/test';
import { texts } from './i18n';
import { apiPost, apiToken, expectAccessible, expectNoPageOverflow, logIn, openUserMenu, screenshot } from './staff-support';

const en = texts('en');
const de = texts('de');

type Offer = { offerId: string; version: number; partnerName: string; content?: Record<string, unknown> | null };

/** The last day of the new offer, typed as an English (UK) user types dates: in three weeks. */
function inThreeWeeks(): string {
  const day = new Date(Date.now() + 21 * 86_400_000);
  return `${String(day.getDate()).padStart(2, '0')}/${String(day.getMonth() + 1).padStart(2, '0')}/${day.getFullYear()}`;
}

async function openFromMenu(page: Page, t: typeof en) {
  await openUserMenu(page);
  await page.getByTestId('menu-partnerOffers').click();
  await expect(page.getByRole('heading', { level: 1, name: t('partners.title') })).toBeVisible();
}

test('staff publish a partner offer (the form says what is missing), a German end customer finds it in German, and it goes when retired (en, de, 390 px)', async ({
  page,
  browser,
  request,
}) => {
  const partner = `Alpine Safety ${Date.now().toString(36)}`;
  await logIn(page, 'bl.sales@demo.onsite.test');
  await openFromMenu(page, en);
  // Staff see every running, scheduled and ended offer of the seeded marketplace, with its phase.
  await expect(page.getByTestId('partner-offer').first()).toBeVisible();
  await expect(
    page
      .getByTestId('partner-offer-phase')
      .filter({ hasText: en('partners.phases.SCHEDULED') })
      .first(),
  ).toBeVisible();

  await page.getByTestId('new-partner-offer').click();
  const dialog = page.getByRole('dialog', { name: en('partners.dialog.newTitle') });
  await dialog.getByTestId('save-partner-offer').click();
  await expect(dialog.getByText(en('validation.required')).first()).toBeVisible();

  await dialog.getByRole('combobox', { name: en('partners.fields.type'), exact: true }).click();
  await page.getByRole('option', { name: en('partners.types.TRAINING') }).click();
  await dialog.getByRole('textbox', { name: en('partners.fields.partnerName'), exact: true }).fill(partner);
  await dialog.getByRole('textbox', { name: en('partners.fields.title'), exact: true }).fill('Working at height, certified');
  await dialog.getByRole('textbox', { name: en('partners.fields.description'), exact: true }).fill('One-day course for your maintenance crew, at your plant.');
  await dialog.getByRole('tab', { name: en('languages.de') }).click();
  await dialog.getByRole('textbox', { name: en('partners.fields.title'), exact: true }).fill('Arbeiten in der Höhe, zertifiziert');
  await dialog
    .getByRole('textbox', { name: en('partners.fields.description'), exact: true })
    .fill('Eintägiger Kurs für Ihr Instandhaltungsteam, in Ihrem Werk.');
  await dialog.getByRole('combobox', { name: en('partners.fields.products'), exact: true }).fill('Harness course');
  await dialog.getByRole('combobox', { name: en('partners.fields.products'), exact: true }).press('Enter');
  await dialog.getByRole('combobox', { name: en('partners.fields.countries'), exact: true }).fill('Germ');
  await page.getByRole('option', { name: en('countries.de') }).click();
  await dialog.getByRole('textbox', { name: en('partners.fields.validTo'), exact: true }).fill(inThreeWeeks());
  await dialog.getByRole('textbox', { name: en('partners.fields.link'), exact: true }).fill('alpine-safety');
  await dialog.getByRole('textbox', { name: en('partners.fields.link'), exact: true }).press('Tab');
  await dialog.getByTestId('save-partner-offer').click();
  // A link that is not a web address is refused next to its field, and nothing is published.
  await expect(dialog.getByText(en('partners.dialog.linkInvalid'))).toBeVisible();
  await dialog.getByRole('textbox', { name: en('partners.fields.link'), exact: true }).fill('https://partners.onsite.example/alpine');
  await expectAccessible(page);
  await screenshot(page, 'partner-offer-dialog-en');
  await dialog.getByTestId('save-partner-offer').click();
  await expect(dialog).toBeHidden();
  const card = page.getByTestId('partner-offer').filter({ hasText: partner });
  await expect(card.getByTestId('partner-offer-phase')).toHaveText(en('partners.phases.CURRENT'));
  await expect(card).toContainText('Germany');
  await expectAccessible(page);
  await screenshot(page, 'partner-offers-staff-en');

  // The German end customer's admin reads it in German among today's offers for Germany, also at phone width.
  const customer = await (
    await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      locale: 'de-DE',
      timezoneId: 'Europe/Berlin',
      viewport: { width: 390, height: 844 },
      reducedMotion: 'reduce',
    })
  ).newPage();
  await logIn(customer, 'ec2.admin@demo.onsite.test');
  await customer.goto('/de/partner-offers');
  const offer = customer.getByTestId('partner-offer').filter({ hasText: partner });
  await expect(offer.getByRole('heading', { name: 'Arbeiten in der Höhe, zertifiziert' })).toBeVisible();
  await expect(offer.getByRole('link', { name: de('partners.visit', { partner }) })).toHaveAttribute('href', 'https://partners.onsite.example/alpine');
  await expect(offer.getByTestId('partner-offer-phase')).toHaveCount(0);
  await expect(offer.getByRole('button')).toHaveCount(0);
  // The lubricants offer for Germany ended last month: not shown.
  await expect(customer.getByTestId('partner-offer').filter({ hasText: 'Kühl & Schmier AG' })).toHaveCount(0);
  await expectNoPageOverflow(customer);
  await expectAccessible(customer);
  await screenshot(customer, 'partner-offers-customer-de-390');
  // Searching for what is not offered says so and offers the way back.
  await customer.getByRole('searchbox', { name: de('partners.search') }).fill('Zeppelin');
  await expect(customer.getByTestId('empty-state')).toContainText(de('partners.empty.noMatch'));
  await customer.getByRole('button', { name: de('partners.clearFilters') }).click();
  await expect(offer).toBeVisible();

  // Staff edit it while a colleague changed it meanwhile: the conflict is said, the reload shows the current offer.
  const staffToken = await apiToken(request, 'bl.planner@demo.onsite.test');
  await card.getByRole('button', { name: en('partners.editNamed', { title: 'Working at height, certified' }) }).click();
  const edit = page.getByRole('dialog', { name: en('partners.dialog.editTitle') });
  const current = (await apiPost<{ items: Offer[] }>(request, staffToken, '/api/partner-offers/list', { search: partner })).items[0]!;
  await apiPost(request, staffToken, '/api/partner-offers/update', {
    offerId: current.offerId,
    version: current.version,
    content: { ...current.content, partnerName: `${partner} Ltd` },
  });
  await edit.getByRole('textbox', { name: en('partners.fields.title'), exact: true }).fill('Working at height, certified (2 days)');
  await edit.getByTestId('save-partner-offer').click();
  await expect(edit.getByTestId('conflict-alert')).toContainText(en('partners.dialog.conflict'));
  await edit.getByRole('button', { name: en('actions.reload') }).click();
  await expect(edit).toBeHidden();
  const renamed = page.getByTestId('partner-offer').filter({ hasText: `${partner} Ltd` });
  await expect(renamed).toBeVisible();

  // Retired, it leaves the customer's page and is listed for staff under 'Retired'.
  await renamed.getByRole('button', { name: en('partners.retireNamed', { title: 'Working at height, certified' }) }).click();
  const retire = page.getByRole('dialog', { name: en('partners.retireDialog.title') });
  await retire.getByRole('textbox', { name: en('partners.retireDialog.reason') }).fill('The course is fully booked.');
  await retire.getByTestId('confirm-retire').click();
  await expect(retire).toBeHidden();
  await expect(renamed).toHaveCount(0);
  await page
    .getByRole('group', { name: en('partners.phaseFilter') })
    .getByText(en('partners.phases.RETIRED'), { exact: true })
    .click();
  await expect(page).toHaveURL(/phases=SCHEDULED%2CCURRENT%2CEXPIRED%2CRETIRED|phases=SCHEDULED,CURRENT,EXPIRED,RETIRED/);
  await expect(renamed.getByTestId('partner-offer-phase')).toHaveText(en('partners.phases.RETIRED'));
  await customer.reload();
  await expect(customer.getByTestId('partner-offer').first()).toBeVisible();
  await expect(customer.getByTestId('partner-offer').filter({ hasText: partner })).toHaveCount(0);
  await customer.context().close();
});

test('an English end customer in the UK sees today’s offers for the UK; management users do not have the page', async ({ page, browser }) => {
  await logIn(page, 'ec.admin@demo.onsite.test');
  await openFromMenu(page, en);
  await expect(page.getByText(en('partners.intro', { country: en('countries.uk') }))).toBeVisible();
  const thames = page.getByTestId('partner-offer').filter({ hasText: 'Thames Technical Academy' });
  await expect(thames.getByRole('heading', { name: 'Operator training for your maintenance team' })).toBeVisible();
  await expect(thames.getByTestId('partner-offer-validity')).toContainText('Valid until');
  // Financing starts next month: not yet shown.
  await expect(page.getByTestId('partner-offer').filter({ hasText: 'Meridian Equipment Finance' })).toHaveCount(0);
  await page.getByRole('combobox', { name: en('partners.fields.type'), exact: true }).click();
  await page.getByRole('option', { name: en('partners.types.SOFTWARE') }).click();
  await expect(page).toHaveURL(/type=SOFTWARE/);
  await expect(page.getByTestId('partner-offer')).toHaveCount(1);
  await expectAccessible(page);
  await screenshot(page, 'partner-offers-customer-en');

  const management = await (await browser.newContext({ baseURL: test.info().project.use.baseURL })).newPage();
  await logIn(management, 'oem.management@demo.onsite.test');
  await management.goto('/en/partner-offers');
  await expect(management).not.toHaveURL(/partner-offers/);
  await management.context().close();
});
