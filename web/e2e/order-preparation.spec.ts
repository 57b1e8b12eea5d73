import { expect, test } from '@playwright/test';
import { texts } from './i18n';
import { expectAccessible, logIn, screenshot } from './staff-support';

const stamp = Date.now().toString(36);

test('staff prepare a request for a customer company, save it, and turn it into the customer’s quote request (en)', async ({ page }) => {
  const t = texts('en');
  await logIn(page, 'bl.admin@demo.onsite.test');
  await page.goto('/en/order-history');
  await page.getByTestId('prepare-order').click();
  await expect(page).toHaveURL(/\/en\/order-preparation$/);
  await expect(page.getByTestId('save-preparation')).toBeDisabled();

  const company = page.getByRole('combobox', { name: new RegExp(`^${t('ordering.preparation.company')}`) });
  await company.click();
  await company.fill('Thames');
  await page.getByRole('option', { name: /Thames Precision Ltd/ }).click();
  await page.locator('[data-service-id="svc-repair"]').check();
  await page.getByLabel(new RegExp(`^${t('fields.locationName')}`)).fill(`Prepared ${stamp}`);
  await page.getByLabel(new RegExp(`^${t('fields.addressLine1')}`)).fill('5 Kings Road');
  await page.getByLabel(new RegExp(`^${t('fields.postCode')}`)).fill('RG1 3AA');
  await page.getByLabel(new RegExp(`^${t('fields.city')}`)).fill('Reading');
  const start = new Date(Date.now() + 25 * 86_400_000);
  const from = page.getByLabel(new RegExp(`^${t('fields.dateFrom')}`)).first();
  await from.fill(`${String(start.getDate()).padStart(2, '0')}.${String(start.getMonth() + 1).padStart(2, '0')}.${start.getFullYear()}`);
  await from.blur();
  // A drawing for the technicians, picked as a person picks a file; it is uploaded with the first save.
  const chooser = page.waitForEvent('filechooser');
  await page
    .getByTestId('attachments')
    .getByRole('button', { name: t('widgets.upload.choose') })
    .click();
  await (await chooser).setFiles({ name: `drawing-${stamp}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
  await expectAccessible(page);
  await screenshot(page, 'order-preparation-en');
  await page.getByTestId('save-preparation').click();

  await expect(page).toHaveURL(/\/en\/order-preparation\/ON-/);
  const refId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  await expect(page.getByRole('heading', { level: 1, name: t('ordering.preparation.titleSaved', { refId }) })).toBeVisible();
  await expect(page.getByLabel(new RegExp(`^${t('fields.locationName')}`))).toHaveValue(`Prepared ${stamp}`);
  await expect(page.getByTestId('kept-file')).toHaveText([`drawing-${stamp}.pdf`]);

  // Saved again after a change: the change is kept (a reload shows it), and only then can it be converted.
  await page.getByLabel(new RegExp(`^${t('fields.locationName')}`)).fill(`Prepared again ${stamp}`);
  await expect(page.getByTestId('convert')).toBeDisabled();
  // With unsaved changes a held file cannot be removed (the page would reload the saved request).
  await expect(page.getByRole('button', { name: t('widgets.upload.remove', { name: `drawing-${stamp}.pdf` }) })).toBeDisabled();
  await page.getByTestId('save-preparation').click();
  // (The first save's notice may still be on screen: the same words twice.)
  await expect(page.getByText(t('ordering.preparation.saved', { refId })).last()).toBeVisible();
  await expect(page.getByTestId('convert')).toBeEnabled();
  await page.reload();
  await expect(page.getByLabel(new RegExp(`^${t('fields.locationName')}`))).toHaveValue(`Prepared again ${stamp}`);
  await page.getByTestId('convert').click();
  await expect(page).toHaveURL(new RegExp(`/en/order/${refId}`));
  await expect(page.getByText(t('statusStaff.REQUESTED_QUOTE')).first()).toBeVisible();
  await expect(page.getByTestId('order-attachment')).toHaveText([`drawing-${stamp}.pdf`]);
});
