import { expect, test, type Page } from '@playwright/test';
import { texts } from './i18n';
import { expectAccessible, expectNoPageOverflow, logIn, screenshot } from './staff-support';
import { fillLocation, type T, typeDate, typedDate } from './ordering-steps';

const stamp = Date.now().toString(36);

/** Small real files: the server reads the type from the content. */
const PDF = (name: string) => ({ name, mimeType: 'application/pdf', buffer: Buffer.from(`%PDF-1.4\n% ${name}\n%%EOF\n`) });
const PNG = (name: string) => ({
  name,
  mimeType: 'image/png',
  buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
});
type Upload = ReturnType<typeof PDF>;

/** Picks files as a person does: the 'Add files' button opens the system's file chooser. */
async function attach(page: Page, t: T, files: Upload[]) {
  const chooser = page.waitForEvent('filechooser');
  await page
    .getByTestId('attachments')
    .getByRole('button', { name: t('widgets.upload.choose') })
    .click();
  await (await chooser).setFiles(files);
}

async function pickSegment(page: Page, t: T, segment: string) {
  await page.getByRole('combobox', { name: t('ordering.segments.label') }).focus();
  await page.keyboard.press('ArrowDown');
  await page.getByRole('option', { name: segment, exact: true }).click();
  await page.keyboard.press('Escape');
}

/** The files the order's additional information lists, in order. */
async function expectFiles(page: Page, names: string[]) {
  await expect(page.getByTestId('order-attachment')).toHaveText(names);
}

test('an end customer attaches two files to a quote request, removes one from the saved draft, and the request shows the other (en, de)', async ({ page }) => {
  const t = texts('en');
  await logIn(page, 'ec.admin@demo.onsite.test');
  await page.goto('/en/order-form?services=svc-calibration&country=uk');
  await expect(page.getByRole('heading', { level: 1, name: t('ordering.title.checkout') })).toBeVisible();
  await fillLocation(page, t, { name: `Files ${stamp}`, street: '3 Kennet Side', postCode: 'RG1 3DW', city: 'Reading' });
  await typeDate(page.getByLabel(new RegExp(`^${t('fields.dateFrom')}`)).first(), typedDate(30));
  await pickSegment(page, t, 'Packaging');

  await attach(page, t, [PDF(`site-plan-${stamp}.pdf`), PNG(`gate-${stamp}.png`)]);
  const attachments = page.getByTestId('attachments');
  await expect(attachments.getByText(`site-plan-${stamp}.pdf`)).toBeVisible();
  await expect(attachments.getByText(`gate-${stamp}.png`)).toBeVisible();
  await expect(page.getByTestId('attachments-pending')).toHaveText(t('ordering.attachments.pending_other', { count: 2 }));
  await expectAccessible(page);
  await screenshot(page, 'ordering-files-picked-en');

  // Saved, the draft holds both files; removing one takes it off the draft at once.
  await page.getByTestId('save-draft').click();
  await expect(page).toHaveURL(/draft=/);
  await expect(attachments.getByTestId('kept-file')).toHaveText([`site-plan-${stamp}.pdf`, `gate-${stamp}.png`]);
  await expect(page.getByTestId('attachments-pending')).toHaveCount(0);
  const removal = page.waitForResponse((r) => r.url().endsWith('/api/order/fileRemove') && r.request().method() === 'POST');
  await attachments.getByRole('button', { name: t('widgets.upload.remove', { name: `site-plan-${stamp}.pdf` }) }).click();
  expect((await removal).status()).toBe(200);
  await expect(page.getByText(t('ordering.attachments.removed', { name: `site-plan-${stamp}.pdf` }))).toBeVisible();
  await expect(attachments.getByTestId('kept-file')).toHaveText([`gate-${stamp}.png`]);
  await screenshot(page, 'ordering-files-kept-en');

  await page.getByLabel(t('orders.form.disclaimer')).check();
  // Save and submit are two commands, each waiting for the read models: on a saturated machine that can take longer
  // than one expect's wait, so the submission's own answer is awaited (and its status named if it fails).
  const submitted = page.waitForResponse((r) => r.url().endsWith('/api/order/submit') && r.request().method() === 'POST', { timeout: 60_000 });
  await page.getByTestId('submit-order').click();
  expect((await submitted).status()).toBe(200);
  await expect(page).toHaveURL(/\/en\/order-confirmation\?refId=/);
  const refId = new URL(page.url()).searchParams.get('refId')!;

  // The quote-request tab lists exactly the remaining file, opened through a signed link, and the segment.
  await page.goto(`/en/order/${refId}`);
  await expect(page.getByRole('heading', { level: 1, name: refId })).toBeVisible();
  await expectFiles(page, [`gate-${stamp}.png`]);
  await expect(page.getByTestId('order-segments')).toHaveText('Packaging');
  const popup = page.waitForEvent('popup');
  await page.getByTestId('order-attachment').click();
  const opened = await popup;
  await expect.poll(() => opened.url()).toContain('/api/file/');
  await opened.close();
  await expectAccessible(page);
  await screenshot(page, 'ordering-files-request-en');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoPageOverflow(page);
  await screenshot(page, 'ordering-files-request-en-390');
});

test('an OEM orders directly with a file, and the order tab lists it (de)', async ({ page }) => {
  const t = texts('de');
  await logIn(page, 'oem.admin@demo.onsite.test');
  await page.goto('/de/service-order?services=svc-calibration');
  await expect(page.getByRole('heading', { level: 1, name: t('ordering.title.service-order') })).toBeVisible();
  const next = page.getByTestId('next-step');
  await page.getByLabel(new RegExp(`^${t('ordering.customer.endCustomerName')}`)).fill(`Dateien ${stamp}`);
  await next.click();
  await fillLocation(page, t, { name: `Werk Dateien ${stamp}`, street: 'Bahnhofstrasse 1', postCode: '8001', city: 'Zürich' });
  await next.click();
  await expect(page).toHaveURL(/step=time-frames/);
  await typeDate(page.getByLabel(new RegExp(`^${t('fields.dateFrom')}`)).first(), typedDate(30));
  // The working hours on the day-time slider, by keyboard: an hour later start, a quarter of an hour per arrow.
  const hours = page.getByTestId('day-hours').first();
  await hours.getByRole('slider', { name: t('widgets.dayTime.from') }).focus();
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  await expect(hours.getByTestId('day-time-from')).toHaveText('09:00');
  await expect(hours.getByLabel(new RegExp(`^${t('fields.timeFrom')}`))).toHaveValue('09:00');
  await expectAccessible(page);
  await screenshot(page, 'ordering-files-oem-hours-de');
  await next.click();
  await expect(page).toHaveURL(/step=equipment/);
  await next.click();
  await expect(page).toHaveURL(/step=additional-information/);
  await pickSegment(page, t, 'Verpackung');
  await attach(page, t, [PDF(`schaltplan-${stamp}.pdf`)]);
  await expect(page.getByTestId('attachments').getByText(`schaltplan-${stamp}.pdf`)).toBeVisible();
  await page
    .getByRole('radio', { name: /Seestrasse 44/ })
    .first()
    .check();
  await expectAccessible(page);
  await screenshot(page, 'ordering-files-oem-details-de');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoPageOverflow(page);
  await screenshot(page, 'ordering-files-oem-details-de-390');
  await page.setViewportSize({ width: 1280, height: 900 });
  await next.click();
  await expect(page).toHaveURL(/step=summary/);
  await expect(page.getByTestId('summary-files')).toHaveText(`schaltplan-${stamp}.pdf`);
  await expect(page.getByTestId('order-summary')).toContainText('Verpackung');
  await page.getByLabel(t('ordering.disclaimer.order')).check();
  await page.getByTestId('submit-order').click();
  await expect(page).toHaveURL(/\/de\/order-confirmation\?refId=/);
  const refId = new URL(page.url()).searchParams.get('refId')!;

  await page.goto(`/de/order/${refId}/order`);
  await expect(page.getByRole('heading', { level: 1, name: refId })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/order/${refId}/order`));
  await expectFiles(page, [`schaltplan-${stamp}.pdf`]);
  await expect(page.getByTestId('order-segments')).toHaveText('Verpackung');
  await expectAccessible(page);
  await screenshot(page, 'ordering-files-order-tab-de');

  // The quote-request tab of the same order lists the same file.
  await page.getByRole('tab', { name: t('orders.detail.tabs.quoteRequest') }).click();
  await expect(page).toHaveURL(new RegExp(`/de/order/${refId}$`));
  await expectFiles(page, [`schaltplan-${stamp}.pdf`]);

  // Staff read it in English: the segment named in English, the same file.
  await logIn(page, 'bl.admin@demo.onsite.test');
  await page.goto(`/en/order/${refId}/order`);
  await expect(page.getByRole('heading', { level: 1, name: refId })).toBeVisible();
  await expectFiles(page, [`schaltplan-${stamp}.pdf`]);
  await expect(page.getByTestId('order-segments')).toHaveText('Packaging');
});

test('registration explains itself for a known source and not for an unknown one (en, de, 390 px)', async ({ page }) => {
  for (const lang of ['en', 'de'] as const) {
    const t = texts(lang);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/${lang}/registration?source=trade-fair`);
    const panel = page.getByTestId('briefing-panel');
    await expect(panel.getByRole('heading', { name: t('account.briefing.trade-fair.title') })).toBeVisible();
    await expect(panel.getByRole('link')).toHaveCount(2);
    await expect(panel.getByRole('link').first()).toHaveAttribute('href', `/${lang}/service-portfolio`);
    await expect(panel.getByRole('link').nth(1)).toHaveAttribute('href', `/${lang}/login`);
    await expect(panel).toContainText(t('account.briefing.trade-fair.footer'));
    await expect(page.getByRole('heading', { level: 1, name: t('account.registration.title') })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, `registration-briefing-${lang}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoPageOverflow(page);
    await screenshot(page, `registration-briefing-${lang}-390`);

    // An unknown source, or none: the form alone.
    await page.goto(`/${lang}/registration?source=billboard`);
    await expect(page.getByRole('heading', { level: 1, name: t('account.registration.title') })).toBeVisible();
    await expect(page.getByTestId('briefing-panel')).toHaveCount(0);
  }
  // Following a paragraph's link goes to the named route.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/en/registration?source=newsletter');
  await page.getByTestId('briefing-panel').getByRole('link').nth(1).click();
  await expect(page).toHaveURL(/\/en\/terms$/);
});
