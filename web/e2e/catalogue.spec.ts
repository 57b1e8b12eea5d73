import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { texts } from './i18n';
import { expectAccessible, expectNoPageOverflow, logIn, openUserMenu, screenshot } from './staff-support';

const en = texts('en');

async function openFromMenu(page: Page) {
  await openUserMenu(page);
  await page.getByTestId('menu-catalogue').click();
  await expect(page).toHaveURL(/\/en\/catalogue$/);
  await expect(page.getByRole('heading', { level: 1, name: en('catalogueAdmin.title') })).toBeVisible();
}

/** A label as the start of an accessible name (a required field's ends in '*'). */
const startsWith = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: string, typed: string, option: string) {
  await scope.getByRole('combobox', { name: startsWith(label) }).fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a staff administrator creates a service with prices and publishes it; customers of its countries then pick it when ordering (en, de, 390 px)', async ({
  page,
}) => {
  const id = `svc-vision-${Date.now().toString(36)}`;
  await logIn(page, 'bl.admin@demo.onsite.test');
  await openFromMenu(page);
  // The seeded services, published.
  await expect(page.getByTestId('service-status-svc-repair')).toHaveText(en('catalogueAdmin.statuses.published'));

  await page.getByTestId('new-service').click();
  const dialog = page.getByRole('dialog', { name: en('catalogueAdmin.service.newTitle') });
  await dialog.getByTestId('save-service').click();
  // Each mistake at its field; nothing is created.
  await expect(dialog.getByText(en('catalogueAdmin.errors.id'))).toBeVisible();
  await expect(dialog.getByText(en('catalogueAdmin.errors.countries'))).toBeVisible();
  await dialog.getByTestId('service-id').fill(id);
  await dialog.getByTestId('service-name-en').fill('Vision system tuning');
  await dialog.getByTestId('service-name-de').fill('Einstellung von Kamerasystemen');
  await dialog.getByTestId('service-description-en').fill('Camera and lighting set-up for inline inspection.');
  await choose(page, dialog, en('catalogueAdmin.fields.segments'), 'Pack', 'Packaging');
  await choose(page, dialog, en('catalogueAdmin.fields.countries'), 'United', en('countries.uk'));
  await choose(page, dialog, en('catalogueAdmin.fields.countries'), 'Germ', en('countries.de'));
  await page.keyboard.press('Escape');
  // A price for each currency of the chosen countries; one left empty is refused at its field.
  await dialog.getByTestId('service-price-GBP').fill('495');
  await dialog.getByTestId('save-service').click();
  await expect(dialog.getByText(en('catalogueAdmin.errors.price', { currency: 'EUR' }))).toBeVisible();
  await dialog.getByTestId('service-price-EUR').fill('575.50');
  await dialog.getByRole('button', { name: en('catalogueAdmin.addEquipment') }).click();
  await dialog.getByRole('textbox', { name: en('catalogueAdmin.fields.machineModel') }).fill('Vision camera');
  await expectAccessible(page, '[role="dialog"]');
  await screenshot(page, 'catalogue-service-dialog-en');
  await dialog.getByTestId('save-service').click();
  await expect(dialog).toBeHidden();

  const row = page.getByTestId(`service-${id}`);
  await expect(row).toContainText('Vision system tuning');
  await expect(row).toContainText('£495.00');
  await expect(page.getByTestId(`service-status-${id}`)).toHaveText(en('catalogueAdmin.statuses.draft'));

  // Published: offered to the customers of its countries from now on.
  await row.getByRole('button', { name: en('catalogueAdmin.actionsFor', { id }) }).click();
  await page.getByRole('menuitem', { name: en('catalogueAdmin.publish') }).click();
  await page.getByTestId('confirm-catalogue').click();
  await expect(page.getByTestId(`service-status-${id}`)).toHaveText(en('catalogueAdmin.statuses.published'));
  await expectAccessible(page);
  await screenshot(page, 'catalogue-en');

  await row.getByRole('button', { name: en('catalogueAdmin.actionsFor', { id }) }).click();
  await page.getByRole('menuitem', { name: en('catalogueAdmin.history.open') }).click();
  const history = page.getByTestId('catalogue-history');
  await expect(history.locator('tbody tr')).toHaveCount(2);
  await expect(history.locator('tbody tr').first()).toContainText(en('catalogueAdmin.history.published'));
  await expect(history.locator('tbody tr').nth(1)).toContainText('£495.00');
  await expectAccessible(page, '[role="dialog"]');
  await page.keyboard.press('Escape');

  // At phone width the services are cards, and the page never scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('service-cards')).toBeVisible();
  await expect(page.getByTestId(`service-${id}`)).toContainText(en('catalogueAdmin.statuses.published'));
  await expectNoPageOverflow(page);
  await expectAccessible(page);
  await screenshot(page, 'catalogue-en-390');
  await page.getByTestId('tab-segments').click();
  await expect(page.getByTestId('segment-cards')).toBeVisible();
  await expectNoPageOverflow(page);
  await screenshot(page, 'catalogue-segments-en-390');

  // A customer in the UK finds it in the ordering form's service picker, priced in pounds.
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, 'ec.planner@demo.onsite.test');
  await page.goto('/en/order-form?services=svc-calibration&country=uk');
  const offered = page.locator(`[data-service-id="${id}"]`);
  await expect(offered).toBeVisible();
  await offered.check();
  await expect(page.getByText('Vision system tuning')).toBeVisible();
  await expect(page.getByText(en('orders.form.priceFrom', { price: '£495.00' }))).toBeVisible();
  await screenshot(page, 'catalogue-picker-en');

  // A customer in Germany sees the German name and the price in euros (de, 390 px).
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, 'ec2.admin@demo.onsite.test', undefined, 'de');
  await page.goto('/de/order-form?services=svc-calibration&country=de');
  await expect(page.locator(`[data-service-id="${id}"]`)).toBeVisible();
  await expect(page.getByText('Einstellung von Kamerasystemen')).toBeVisible();
  await expect(page.getByText(/575,50\s*€/)).toBeVisible();
  await expectNoPageOverflow(page);
  await expectAccessible(page);
  await screenshot(page, 'catalogue-picker-de-390');
});

test('auditors read the catalogue and its history and are offered no change; customers have no catalogue page', async ({ page }) => {
  await logIn(page, 'bl.auditor@demo.onsite.test');
  await openFromMenu(page);
  await expect(page.getByTestId('service-svc-repair')).toBeVisible();
  await expect(page.getByTestId('new-service')).toHaveCount(0);
  await expect(page.getByText(en('catalogueAdmin.introReadOnly'))).toBeVisible();
  await page
    .getByTestId('service-svc-repair')
    .getByRole('button', { name: en('catalogueAdmin.actionsFor', { id: 'svc-repair' }) })
    .click();
  await expect(page.getByRole('menuitem')).toHaveCount(1);
  await page.getByRole('menuitem', { name: en('catalogueAdmin.history.open') }).click();
  await expect(page.getByTestId('catalogue-history').locator('tbody tr')).toHaveCount(2);
  await expectAccessible(page, '[role="dialog"]');

  await logIn(page, 'ec.admin@demo.onsite.test');
  await openUserMenu(page);
  await expect(page.getByTestId('menu-catalogue')).toHaveCount(0);
  await page.goto('/en/catalogue');
  await expect(page.getByRole('heading', { level: 1, name: en('catalogueAdmin.title') })).toHaveCount(0);
});

test('sales staff export the prices, and an import with one bad row shows every change and mistake and writes nothing (en)', async ({ page }) => {
  await logIn(page, 'bl.sales@demo.onsite.test');
  await openFromMenu(page);
  const download = page.waitForEvent('download');
  await page.getByTestId('export-prices').click();
  const file = await (await download).path();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.getWorksheet('Prices')!;
  const header = sheet.getRow(1).values as unknown[];
  const rowOf = (id: string) => {
    let found: ExcelJS.Row | undefined;
    sheet.eachRow((row) => {
      if (row.getCell(1).value === id) found = row;
    });
    return found!;
  };
  rowOf('svc-calibration').getCell(header.indexOf('GBP')).value = 600;
  rowOf('svc-relocation').getCell(header.indexOf('EUR')).value = 'soon';
  const changed = Buffer.from(await workbook.xlsx.writeBuffer());

  await page.getByTestId('import-prices').click();
  const dialog = page.getByRole('dialog', { name: en('catalogueAdmin.import.title') });
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'prices.xlsx', mimeType: 'application/octet-stream', buffer: changed });
  await expect(dialog.getByTestId('price-changes')).toContainText('svc-calibration');
  await expect(dialog.getByTestId('price-changes')).toContainText('£600.00');
  await expect(dialog.getByTestId('price-errors')).toContainText(
    en('catalogueAdmin.import.errors.invalid_price', { row: rowOf('svc-relocation').number, column: 'EUR' }),
  );
  await expect(dialog.getByTestId('apply-prices')).toBeDisabled();
  await expectAccessible(page, '[role="dialog"]');
  await screenshot(page, 'catalogue-import-en');
  await dialog.getByRole('button', { name: en('actions.cancel') }).click();
  // Nothing changed: calibration keeps its price.
  await expect(page.getByTestId('service-svc-calibration')).toContainText('£550.00');
});
