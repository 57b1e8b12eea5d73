import { expect, test, type Page } from '@playwright/test';
import { texts } from './i18n';
import { expectAccessible, expectNoPageOverflow, logIn, openUserMenu, screenshot } from './staff-support';

const en = texts('en');

/** A day as an English (UK) user types it, `days` from today. */
function typed(days: number): string {
  const day = new Date(Date.now() + days * 86_400_000);
  return `${String(day.getDate()).padStart(2, '0')}/${String(day.getMonth() + 1).padStart(2, '0')}/${day.getFullYear()}`;
}

async function openFromMenu(page: Page) {
  await openUserMenu(page);
  await page.getByTestId('menu-coupons').click();
  await expect(page).toHaveURL(/\/en\/coupons$/);
  await expect(page.getByRole('heading', { level: 1, name: en('coupons.title') })).toBeVisible();
}

/** A label as the start of an accessible name (a required field's ends in '*'). */
const startsWith = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
const field = (scope: Page | ReturnType<Page['getByRole']>, label: string) => scope.getByRole('textbox', { name: startsWith(label) });

test('sales staff create a coupon (each mistake named at its field), change it, read its history and retire it (en, 390 px)', async ({ page }) => {
  const code = `SPRING-${Date.now().toString(36).toUpperCase()}`;
  await logIn(page, 'bl.sales@demo.onsite.test');
  await openFromMenu(page);
  // The seeded codes, each with where it stands today.
  await expect(page.getByTestId('coupon-phase-WELCOME10')).toHaveText(en('coupons.phases.active'));
  await expect(page.getByTestId('coupon-phase-SPRING2025')).toHaveText(en('coupons.phases.expired'));
  await expect(page.getByTestId('coupon-phase-FUTURE30')).toHaveText(en('coupons.phases.scheduled'));
  await expect(page.getByTestId('coupon-WELCOME10')).toContainText(en('coupons.discountValue', { percent: 10 }));

  await page.getByTestId('new-coupon').click();
  const dialog = page.getByRole('dialog', { name: en('coupons.dialog.newTitle') });
  await dialog.getByTestId('save-coupon').click();
  await expect(dialog.getByText(en('coupons.errors.code'))).toBeVisible();
  await field(dialog, en('coupons.fields.code')).fill(code);
  await field(dialog, en('coupons.fields.descriptionIn', { language: en('languages.en') })).fill('Spring service week');
  await dialog.getByRole('combobox', { name: startsWith(en('coupons.fields.countries')) }).fill('Germ');
  await page.getByRole('option', { name: en('countries.de') }).click();
  await field(dialog, en('coupons.fields.validFrom')).fill(typed(30));
  await field(dialog, en('coupons.fields.validTo')).fill(typed(-1));
  await field(dialog, en('coupons.fields.validTo')).press('Tab');
  await dialog.getByRole('textbox', { name: startsWith(en('coupons.fields.discount')) }).fill('15');
  await dialog.getByTestId('save-coupon').click();
  // The end before the start is refused at its field, and nothing is created.
  await expect(dialog.getByText(en('coupons.errors.endBeforeStart'))).toBeVisible();
  await field(dialog, en('coupons.fields.validFrom')).fill(typed(-1));
  await field(dialog, en('coupons.fields.validTo')).fill(typed(60));
  await field(dialog, en('coupons.fields.validTo')).press('Tab');
  await expectAccessible(page, '[role="dialog"]');
  await screenshot(page, 'coupon-dialog-en');
  await dialog.getByTestId('save-coupon').click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId(`coupon-${code}`);
  await expect(row).toContainText('Spring service week');
  await expect(row).toContainText(en('countries.de'));
  await expect(row).toContainText(en('coupons.discountValue', { percent: 15 }));
  await expect(page.getByTestId(`coupon-phase-${code}`)).toHaveText(en('coupons.phases.active'));

  // The same code again: taken, said at the code.
  await page.getByTestId('new-coupon').click();
  await field(dialog, en('coupons.fields.code')).fill(code.toLowerCase());
  await dialog.getByTestId('save-coupon').click();
  await expect(dialog.getByText(en('coupons.errors.exists'))).toBeVisible();
  await dialog.getByRole('button', { name: en('actions.cancel') }).click();

  // A change: the discount goes to 20 %.
  await row.getByRole('button', { name: en('coupons.actionsFor', { code }) }).click();
  await page.getByRole('menuitem', { name: en('coupons.edit') }).click();
  const edit = page.getByRole('dialog', { name: en('coupons.dialog.editTitle') });
  await expect(field(edit, en('coupons.fields.code'))).toBeDisabled();
  await edit.getByRole('textbox', { name: startsWith(en('coupons.fields.discount')) }).fill('20');
  await edit.getByTestId('save-coupon').click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText(en('coupons.discountValue', { percent: 20 }));
  await expectAccessible(page);
  await screenshot(page, 'coupons-en');

  // Retired, the code stays listed with its history: created, changed, retired, each by the sales user.
  await row.getByRole('button', { name: en('coupons.actionsFor', { code }) }).click();
  await page.getByRole('menuitem', { name: en('coupons.retire') }).click();
  await page.getByTestId('confirm-retire-coupon').click();
  await expect(page.getByTestId(`coupon-phase-${code}`)).toHaveText(en('coupons.phases.retired'));
  await row.getByRole('button', { name: en('coupons.history.open') }).click();
  const history = page.getByTestId('coupon-history');
  await expect(history.locator('tbody tr')).toHaveCount(3);
  await expect(history.locator('tbody tr').first()).toContainText(en('coupons.history.retired'));
  await expect(history.locator('tbody tr').nth(1)).toContainText(en('coupons.discountValue', { percent: 20 }));
  await expect(history.locator('tbody tr').nth(2)).toContainText(en('coupons.history.created'));
  await expectAccessible(page, '[role="dialog"]');
  await screenshot(page, 'coupon-history-en');
  await page.keyboard.press('Escape');

  // At phone width the coupons are cards, and the page never scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('coupon-cards')).toBeVisible();
  await expect(page.getByTestId(`coupon-${code}`)).toContainText(en('coupons.phases.retired'));
  await expectNoPageOverflow(page);
  await expectAccessible(page);
  await screenshot(page, 'coupons-en-390');
});

test('auditors read the coupons and their history and are offered no change; customers have no coupon page', async ({ page }) => {
  await logIn(page, 'bl.auditor@demo.onsite.test');
  await openFromMenu(page);
  await expect(page.getByTestId('coupon-WELCOME10')).toBeVisible();
  await expect(page.getByTestId('new-coupon')).toHaveCount(0);
  await expect(page.getByText(en('coupons.introReadOnly'))).toBeVisible();
  await page
    .getByTestId('coupon-WELCOME10')
    .getByRole('button', { name: en('coupons.history.open') })
    .click();
  await expect(page.getByTestId('coupon-history').locator('tbody tr')).toHaveCount(1);
  await expectAccessible(page, '[role="dialog"]');

  await logIn(page, 'ec.admin@demo.onsite.test');
  await openUserMenu(page);
  await expect(page.getByTestId('menu-coupons')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/en/coupons');
  await expect(page.getByRole('heading', { level: 1, name: en('coupons.title') })).toHaveCount(0);
});
