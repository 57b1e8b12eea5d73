import { expect, test } from '@playwright/test';
import { texts } from './i18n';
import { expectAccessible, expectNoPageOverflow, logIn, screenshot } from './staff-support';

const en = texts('en');
const de = texts('de');

test('a German customer finds an answer by searching, and opens a manual as a PDF; what is not translated says so (de, 390 px)', async ({
  page,
  context,
  request,
}) => {
  await logIn(page, 'ec2.admin@demo.onsite.test');
  await page.goto('/de/help');
  await expect(page).toHaveURL(/\/de\/help\/faq$/);
  await expect(page.getByRole('heading', { level: 1, name: de('help.title') })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: de('help.topics.offers') })).toBeVisible();

  // Searching narrows the questions; the answer opens in place.
  await page.getByRole('searchbox', { name: de('help.search.label') }).fill('Bestellnummer');
  await expect(page).toHaveURL(/q=Bestellnummer/);
  await expect(page.getByTestId('faq-list').getByRole('button')).toHaveCount(1);
  await page.getByRole('button', { name: 'Was, wenn ich noch keine Bestellnummer habe?' }).click();
  await expect(page.getByTestId('faq-po-number')).toContainText('Nehmen Sie das Angebot mit „-“ als Bestellnummer an.');
  await expectAccessible(page);
  await screenshot(page, 'help-faq-de');

  // Nothing matches: the page says so and offers to clear the search.
  await page.getByRole('searchbox', { name: de('help.search.label') }).fill('Zeppelin');
  await expect(page.getByTestId('empty-state')).toContainText(de('help.faq.noMatch', { search: 'Zeppelin' }));
  await page.getByRole('button', { name: de('help.clearSearch') }).click();
  await expect(page.getByTestId('faq-list').getByRole('button').first()).toBeVisible();

  // Manuals: the one without a German edition is marked, the German guide opens as a PDF in a new tab.
  await page.getByTestId('help-tab-manuals').click();
  await expect(page).toHaveURL(/\/de\/help\/manuals$/);
  await expect(page.getByTestId('manual-administration').getByTestId('manual-in-english')).toHaveText(de('help.inEnglish'));
  await expect(page.getByTestId('manual-ordering-guide')).toContainText('Leitfaden Bestellen');
  await expectAccessible(page);
  await screenshot(page, 'help-manuals-de');
  const popup = context.waitForEvent('page');
  await page.getByTestId('open-manual-ordering-guide').click();
  const tab = await popup;
  await expect.poll(() => tab.url()).toMatch(/\/api\/cms\/manual\/ordering-guide\/de\?/);
  const file = await request.get(tab.url());
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('application/pdf');
  expect((await file.body()).toString('latin1')).toContain('Leitfaden Bestellen');
  await tab.close();

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoPageOverflow(page);
  await screenshot(page, 'help-manuals-de-390');
});

test('help in English, reached from the user menu; roles without help are sent to their page', async ({ page }) => {
  await logIn(page, 'ec.planner@demo.onsite.test');
  await page.goto('/en/help/manuals');
  await expect(page.getByRole('heading', { level: 1, name: en('help.title') })).toBeVisible();
  // The demo's three manuals (a spec running beside this one may add a manual of its own for a while).
  for (const id of ['ordering-guide', 'offers-and-acceptance', 'administration']) await expect(page.getByTestId(`manual-${id}`)).toBeVisible();
  await expect(page.getByTestId('manual-in-english')).toHaveCount(0);
  await page.getByTestId('help-tab-faq').click();
  await expect(page.getByRole('heading', { level: 2, name: en('help.topics.ordering') })).toBeVisible();
  await expect(page.getByTestId('faq-list')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'help-faq-en');

  // OEM management has the dashboard, not help.
  await page.goto('/en/logout');
  await expect(page).toHaveURL(/\/en\/login/);
  await logIn(page, 'oem.management@demo.onsite.test');
  await page.goto('/de/help/faq');
  await expect(page).toHaveURL(/\/de\/dashboard$/);
});
