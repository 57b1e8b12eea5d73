import { expect, test, type Page } from '@playwright/test';
import { texts } from './i18n';
import { expectAccessible, expectNoPageOverflow, logIn, openUserMenu, requestQuote, screenshot } from './staff-support';

const en = texts('en');
const de = texts('de');

async function openFromMenu(page: Page, t: ReturnType<typeof texts>, lang: 'en' | 'de') {
  await openUserMenu(page);
  await page.getByTestId('menu-apiTokens').click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/api-tokens$`));
  await expect(page.getByRole('heading', { level: 1, name: t('apiTokens.title') })).toBeVisible();
}

/** A label as the start of an accessible name (a required field's ends in '*'). */
const startsWith = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

test('a customer administrator creates a token, sees its secret once, the token places a quote request, and is revoked (en, 390 px)', async ({ page }) => {
  const name = `ERP ${Date.now().toString(36)}`;
  await logIn(page, 'ec.admin@demo.onsite.test');
  await openFromMenu(page, en, 'en');

  await page.getByTestId('new-api-token').click();
  const dialog = page.getByRole('dialog', { name: en('apiTokens.dialog.title') });
  // Without a name nothing is sent.
  await dialog.getByTestId('create-api-token').click();
  await expect(dialog.getByText(en('validation.required'))).toBeVisible();
  await dialog.getByRole('textbox', { name: startsWith(en('apiTokens.fields.name')) }).fill(name);
  await dialog.getByRole('radio', { name: en('apiTokens.scopes.write') }).check();
  await expectAccessible(page, '[role="dialog"]');
  await screenshot(page, 'api-token-dialog-en');
  await dialog.getByTestId('create-api-token').click();

  // The secret, once, with a copy button.
  const shown = page.getByRole('dialog', { name: en('apiTokens.secret.title') });
  const secret = (await shown.getByTestId('api-token-secret').textContent())!.trim();
  expect(secret).toMatch(/^onsite_tok_[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
  await expect(shown.getByText(en('apiTokens.secret.once'))).toBeVisible();
  await expect(shown.getByRole('button', { name: en('apiTokens.secret.copy') })).toBeVisible();
  await expectAccessible(page, '[role="dialog"]');
  await screenshot(page, 'api-token-secret-en');
  await shown.getByTestId('api-token-secret-done').click();
  await expect(shown).toBeHidden();

  const row = page.getByTestId(`api-token-${name}`);
  await expect(row).toContainText(en('apiTokens.scopes.writeShort'));
  await expect(row).toContainText(en('apiTokens.neverUsed'));
  await expect(page.getByText(secret)).toHaveCount(0);

  // The token works as the customer's system would use it; the order's events say so.
  const refId = await requestQuote(page.request, secret, { name: 'Hamburg plant', city: 'Hamburg', country: 'uk', timeZone: 'Europe/London' });
  await page.reload();
  await expect(row).not.toContainText(en('apiTokens.neverUsed'));
  await expectAccessible(page);
  await screenshot(page, 'api-tokens-en');
  await page.goto(`/en/order/${refId}`);
  await expect(page.getByTestId('via-api-token').first()).toHaveText(en('orders.eventTexts.viaApiToken', { name }));

  // Revoked after a confirmation: the next request is 401.
  await page.goto('/en/api-tokens');
  await row.getByRole('button', { name: en('apiTokens.revokeFor', { name }) }).click();
  const confirm = page.getByRole('dialog', { name: en('apiTokens.revokeDialog.title', { name }) });
  await expectAccessible(page, '[role="dialog"]');
  await confirm.getByTestId('confirm-revoke-token').click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText(en('apiTokens.states.revoked'));
  await expect(row.getByRole('button', { name: en('apiTokens.revokeFor', { name }) })).toHaveCount(0);
  const refused = await page.request.post('/api/order/list', { data: { page: 1, pageSize: 10 }, headers: { authorization: `Bearer ${secret}` } });
  expect(refused.status()).toBe(401);

  // At phone width the tokens are cards, and the page never scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('api-token-cards')).toBeVisible();
  await expect(page.getByTestId(`api-token-${name}`)).toContainText(en('apiTokens.states.revoked'));
  await expectNoPageOverflow(page);
  await expectAccessible(page);
  await screenshot(page, 'api-tokens-en-390');
});

test('the page in German; staff administrators choose the company; other roles have no page', async ({ page }) => {
  await logIn(page, 'ec2.admin@demo.onsite.test', undefined, 'de');
  await openFromMenu(page, de, 'de');
  await page.getByTestId('new-api-token').click();
  const dialog = page.getByRole('dialog', { name: de('apiTokens.dialog.title') });
  await expect(dialog.getByRole('radio', { name: de('apiTokens.scopes.read') })).toBeChecked();
  await expectAccessible(page, '[role="dialog"]');
  await screenshot(page, 'api-token-dialog-de');
  await dialog.getByRole('button', { name: de('actions.cancel') }).click();
  await expectAccessible(page);
  await screenshot(page, 'api-tokens-de');

  await logIn(page, 'bl.admin@demo.onsite.test');
  await openFromMenu(page, en, 'en');
  await expect(page.getByText(en('apiTokens.chooseCompany'))).toBeVisible();
  await expect(page.getByTestId('new-api-token')).toHaveCount(0);
  await expectAccessible(page);
  await page.getByTestId('api-token-company').fill('Thames');
  await page.getByRole('option', { name: 'Thames Precision Ltd' }).click();
  await expect(page.getByTestId('new-api-token')).toBeVisible();
  await expect(page.getByTestId('api-token-table').or(page.getByText(en('apiTokens.empty')))).toBeVisible();

  await logIn(page, 'ec.planner@demo.onsite.test');
  await openUserMenu(page);
  await expect(page.getByTestId('menu-apiTokens')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/en/api-tokens');
  await expect(page.getByRole('heading', { level: 1, name: en('apiTokens.title') })).toHaveCount(0);
});
