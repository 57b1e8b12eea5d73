import { expect, test, type Page } from '@playwright/test';
import { texts } from './i18n';
import { expectAccessible, expectNoPageOverflow, logIn, screenshot } from './staff-support';
import { fillLocation, type T, typeDate, typedDate } from './ordering-steps';

const stamp = Date.now().toString(36);

/** The shipped gazetteer finds the city of the address and the pin goes there; the basemap credits its data. */
async function pinOnMap(page: Page, t: T) {
  await page.getByTestId('find-on-map').click();
  const map = page.getByTestId('location-map');
  await expect(map).toBeVisible();
  await expect(map.locator('.onsite-map-pin')).toHaveCount(1);
  await expect(page.getByText(new RegExp(t('ordering.location.pinned', { latitude: '@', longitude: '@' }).split('@')[0]!))).toBeVisible();
  await expect(page.getByTestId('geocode-fallback')).toHaveCount(0);
  await expect(map.locator('.leaflet-control-attribution')).toContainText('Natural Earth');
}

test('an end customer gets a quote through the checkout: a pin on the map, one coupon refused and another accepted (en)', async ({ page }) => {
  const t = texts('en');
  await logIn(page, 'ec.planner@demo.onsite.test');
  // As the service portfolio sends them: the service chosen, priced for their country.
  await page.goto('/en/order-form?services=svc-preventive-maintenance&country=uk');
  await expect(page.getByRole('heading', { level: 1, name: t('ordering.title.checkout') })).toBeVisible();
  await expect(page.locator('[data-service-id="svc-preventive-maintenance"]')).toBeChecked();

  await fillLocation(page, t, { name: `Reading ${stamp}`, street: '14 Riverside Way', postCode: 'RG1 8DB', city: 'Reading' });
  await pinOnMap(page, t);

  await typeDate(page.getByLabel(new RegExp(`^${t('fields.dateFrom')}`)).first(), typedDate(30));
  await expect(page.getByTestId('feasibility')).toContainText(t('ordering.feasibility.earliest', { start: '@', timeZone: '@' }).split('@')[0]!);
  await expect(page.getByTestId('short-notice')).toHaveCount(0);

  await page.getByTestId('add-equipment').click();
  const machine = page.getByTestId('equipment-row');
  await machine.getByRole('textbox', { name: new RegExp(`^${t('ordering.equipment.producer')}`) }).fill('Krones');
  await machine
    .getByRole('textbox', { name: new RegExp(`^${t('ordering.equipment.machine')}\\b`) })
    .first()
    .fill('Labeller');

  // The coupon is checked against the server: an expired one is refused with its date, a valid one accepted.
  const coupon = page.getByLabel(new RegExp(`^${t('ordering.coupon.label')}`));
  await coupon.fill('spring2025');
  await page.getByTestId('check-coupon').click();
  await expect(page.getByTestId('coupon-result')).toHaveAttribute('data-status', 'expired');
  await coupon.fill('NOSUCHCODE');
  await page.getByTestId('check-coupon').click();
  await expect(page.getByTestId('coupon-result')).toHaveAttribute('data-status', 'not_found');
  await expect(page.getByTestId('coupon-result')).toContainText(t('ordering.coupon.status.not_found'));
  await coupon.fill('WELCOME10');
  await page.getByTestId('check-coupon').click();
  await expect(page.getByTestId('coupon-result')).toHaveAttribute('data-status', 'valid');

  await page.getByLabel(t('orders.form.disclaimer')).check();
  await expectAccessible(page);
  await screenshot(page, 'ordering-checkout-en');
  await page.getByTestId('submit-order').click();

  await expect(page).toHaveURL(/\/en\/order-confirmation\?refId=/);
  await expect(page.getByRole('heading', { name: t('ordering.confirmation.title.quote') })).toBeVisible();
  const refId = (await page.getByTestId('confirmation-ref').textContent())!;
  await expectAccessible(page);
  await screenshot(page, 'ordering-confirmation-en');
  await page.getByTestId('confirmation-open-order').click();
  await expect(page.getByRole('heading', { level: 1, name: refId })).toBeVisible();
  await expect(page.getByText(t('status.REQUESTED_QUOTE')).first()).toBeVisible();
  await expect(page.getByTestId('order-coupon')).toHaveText('WELCOME10');
});

test('an OEM orders directly through the stepper with a pin on the map, confirming the short notice (de)', async ({ page }) => {
  const t = texts('de');
  // The demo company has its billing address from the seed (a direct order needs one).
  await logIn(page, 'oem.admin@demo.onsite.test');
  await page.goto('/de/service-order?services=svc-calibration');
  await expect(page.getByRole('heading', { level: 1, name: t('ordering.title.service-order') })).toBeVisible();
  const next = page.getByTestId('next-step');

  // 1 customer: the end customer is required.
  await next.click();
  await expect(page.getByText(t('validation.required')).first()).toBeVisible();
  await page.getByLabel(new RegExp(`^${t('ordering.customer.endCustomerName')}`)).fill(`Brauerei ${stamp}`);
  await expectAccessible(page);
  await screenshot(page, 'ordering-step1-customer-de');
  await next.click();

  // 2 location with a pin.
  await expect(page).toHaveURL(/step=location/);
  await fillLocation(page, t, { name: `Werk ${stamp}`, street: 'Bahnhofstrasse 1', postCode: '8001', city: 'Zürich' });
  await pinOnMap(page, t);
  await expectAccessible(page);
  await screenshot(page, 'ordering-step2-location-de');
  await next.click();

  // 3 time frame within 72 hours: the short notice must be confirmed before going on.
  await expect(page).toHaveURL(/step=time-frames/);
  await typeDate(page.getByLabel(new RegExp(`^${t('fields.dateFrom')}`)).first(), typedDate(2));
  await expect(page.getByTestId('short-notice')).toBeVisible();
  await next.click();
  await expect(page.getByText(t('validation.mustAccept'))).toBeVisible();
  await page.getByLabel(t('orders.form.shortNotice.confirm')).check();
  await expectAccessible(page);
  await screenshot(page, 'ordering-step3-time-frames-de');
  await next.click();

  // 4 equipment (optional), 5 details with the billing address a direct order needs.
  await expect(page).toHaveURL(/step=equipment/);
  await screenshot(page, 'ordering-step4-equipment-de');
  await next.click();
  await expect(page).toHaveURL(/step=additional-information/);
  await next.click();
  await expect(page.getByText(t('validation.required')).first()).toBeVisible();
  await page
    .getByRole('radio', { name: /Seestrasse 44/ })
    .first()
    .check();
  await page.getByLabel(new RegExp(`^${t('ordering.contact.name')}`)).fill('Marco Frei');
  await expectAccessible(page);
  await screenshot(page, 'ordering-step5-details-de');
  await next.click();

  // 6 summary: what was entered, then the order.
  await expect(page).toHaveURL(/step=summary/);
  await expect(page.getByTestId('order-summary')).toContainText(`Brauerei ${stamp}`);
  await expect(page.getByTestId('order-summary')).toContainText(t('ordering.summary.pinned'));
  // The prices ordered at, their total, the billing address and the contact on site.
  await expect(page.getByTestId('summary-prices')).toContainText(/CHF/);
  await expect(page.getByTestId('summary-total')).toContainText(/CHF/);
  await expect(page.getByTestId('summary-billing')).toContainText('Seestrasse 44');
  await expect(page.getByTestId('summary-contact')).toContainText('Marco Frei');
  await page.getByLabel(t('ordering.disclaimer.order')).check();
  await expectAccessible(page);
  await screenshot(page, 'ordering-step6-summary-de');
  await page.getByTestId('submit-order').click();
  await expect(page).toHaveURL(/\/de\/order-confirmation\?refId=/);
  await expect(page.getByRole('heading', { name: t('ordering.confirmation.title.order') })).toBeVisible();
  await screenshot(page, 'ordering-confirmation-de');
});

test('an order in progress survives a reload, leaving asks first, and a saved draft is resumed from the list (en, 390 px)', async ({ page }) => {
  const t = texts('en');
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, 'ec.admin@demo.onsite.test');
  await page.goto('/en/order-form?services=svc-calibration&country=uk');
  await fillLocation(page, t, { name: `Draft ${stamp}`, street: '1 Mill Lane', postCode: 'OX1 1AA', city: 'Oxford' });
  await expectNoPageOverflow(page);

  // A reload keeps what was typed.
  await page.reload();
  await expect(page.getByTestId('draft-restored')).toBeVisible();
  await expect(page.getByLabel(new RegExp(`^${t('fields.locationName')}`))).toHaveValue(`Draft ${stamp}`);

  // Leaving with unsaved entries asks first; staying keeps the form.
  await page.getByLabel(new RegExp(`^${t('fields.city')}`)).fill('Oxford Centre');
  await page.getByRole('link', { name: t('app.home') }).click();
  const leave = page.getByRole('dialog', { name: t('dataLoss.title') });
  await expect(leave).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'ordering-data-loss-en');
  await leave.getByRole('button', { name: t('actions.stay') }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(/order-form/);

  // Saved on the server, the draft is resumed by its reference after the browser forgot it.
  await page.getByTestId('save-draft').click();
  await expect(page).toHaveURL(/draft=/);
  const refId = new URL(page.url()).searchParams.get('draft')!;
  await page.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => k.startsWith('onsite.orderDraft.'))
      .forEach((k) => localStorage.removeItem(k)),
  );
  await page.goto(`/en/order/${refId}`);
  await page.getByTestId('continue-editing').click();
  await expect(page).toHaveURL(new RegExp(`order-form\\?draft=${refId}`));
  await expect(page.getByLabel(new RegExp(`^${t('fields.locationName')}`))).toHaveValue(`Draft ${stamp}`);
  await expectNoPageOverflow(page);
});

test('the checkout can be completed with the keyboard alone (en)', async ({ page }) => {
  const t = texts('en');
  await logIn(page, 'ec.planner@demo.onsite.test');
  await page.goto('/en/order-form?services=svc-calibration&country=uk');
  await expect(page.getByRole('heading', { level: 1, name: t('ordering.title.checkout') })).toBeVisible();
  /** Tab forward until the field with this label has the focus (never more than 80 presses). */
  const tabTo = async (label: RegExp) => {
    for (let i = 0; i < 80; i++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const el = document.activeElement as HTMLInputElement | null;
        return el?.labels?.[0]?.textContent ?? el?.getAttribute('aria-label') ?? el?.textContent ?? '';
      });
      if (label.test(focused)) return;
    }
    throw new Error(`No focusable field ${label}`);
  };
  await tabTo(new RegExp(`^${t('fields.locationName')}`));
  await page.keyboard.type(`Keyboard ${stamp}`);
  await tabTo(new RegExp(`^${t('fields.addressLine1')}`));
  await page.keyboard.type('2 Queen Street');
  await tabTo(new RegExp(`^${t('fields.postCode')}`));
  await page.keyboard.type('RG1 1AA');
  await tabTo(new RegExp(`^${t('fields.city')}`));
  await page.keyboard.type('Reading');
  await tabTo(new RegExp(`^${t('fields.dateFrom')}`));
  await page.keyboard.type(typedDate(20));
  // Leaving the field commits the date, and the end of the fixed time frame follows it, as a person sees it do.
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(new RegExp(`^${t('fields.dateTo')}`)).first()).not.toHaveValue('');
  await tabTo(new RegExp(`^${t('orders.form.disclaimer')}`));
  await page.keyboard.press('Space');
  await tabTo(new RegExp(`^${t('ordering.submit.quote')}`));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/en\/order-confirmation\?refId=/);
});

test('an OEM requests a quote through the stepper, every step shown (en)', async ({ page }) => {
  const t = texts('en');
  await logIn(page, 'oem2.planner@demo.onsite.test');
  await page.goto('/en/service-quote?services=svc-line-audit');
  await expect(page.getByRole('heading', { level: 1, name: t('ordering.title.service-quote') })).toBeVisible();
  const next = page.getByTestId('next-step');
  await page.getByLabel(t('ordering.customer.own', { company: 'Northfield Robotics Inc.' })).check();
  await screenshot(page, 'ordering-step1-customer-en');
  await next.click();
  await fillLocation(page, t, { name: `Boston ${stamp}`, street: '200 Harbor Drive', postCode: '02210', city: 'Boston' });
  await screenshot(page, 'ordering-step2-location-en');
  await next.click();
  await typeDate(page.getByLabel(new RegExp(`^${t('fields.dateFrom')}`)).first(), typedDate(40));
  await typeDate(page.getByLabel(new RegExp(`^${t('fields.dateTo')}`)).first(), typedDate(42));
  // Other hours on the last day (D214): a night shift at the end only.
  const preferred = page.getByTestId('time-frame').first();
  await preferred.getByRole('switch', { name: t('ordering.frames.perDay') }).check({ force: true });
  await preferred
    .getByRole('group', { name: t('ordering.frames.lastDay') })
    .getByRole('switch', { name: t('ordering.frames.nightShift') })
    .check({ force: true });
  await page.getByTestId('add-frame').click();
  await expect(page.getByTestId('time-frame')).toHaveCount(2);
  await typeDate(page.getByLabel(new RegExp(`^${t('fields.dateFrom')}`)).nth(1), typedDate(47));
  await page
    .getByTestId('time-frame')
    .nth(1)
    .getByRole('switch', { name: t('ordering.frames.nightShift') })
    .check({ force: true });
  await expect(page.locator('[data-rule="night_shift"]')).toContainText(t('ordering.feasibility.night_shift', { frames: '1, 2' }));
  await expectAccessible(page);
  await screenshot(page, 'ordering-step3-time-frames-en');
  await next.click();
  await page.getByTestId('add-equipment').click();
  const machine = page.getByTestId('equipment-row');
  await machine.getByRole('textbox', { name: new RegExp(`^${t('ordering.equipment.producer')}`) }).fill('Fanuc');
  await machine
    .getByRole('textbox', { name: new RegExp(`^${t('ordering.equipment.machine')}\\b`) })
    .first()
    .fill('Robot cell');
  await screenshot(page, 'ordering-step4-equipment-en');
  await next.click();
  await screenshot(page, 'ordering-step5-details-en');
  await next.click();
  await expect(page.getByTestId('order-summary')).toContainText('Fanuc Robot cell');
  await expect(page.getByTestId('order-summary')).toContainText(
    t('ordering.frames.perDaySummary', { first: '08:00–18:00', every: '08:00–18:00', last: '22:00–06:00' }),
  );
  await page.getByLabel(t('orders.form.disclaimer')).check();
  await screenshot(page, 'ordering-step6-summary-en');
  await page.getByTestId('submit-order').click();
  await expect(page.getByRole('heading', { name: t('ordering.confirmation.title.quote') })).toBeVisible();
});
