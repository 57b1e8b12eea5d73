import { expect, test, type Page } from '@playwright/test';
import { texts } from './i18n';
import { plannedJob, requestedOrder, type OrderRef, type Site } from './order-setup';
import { expectAccessible, expectNoPageOverflow, logIn, screenshot } from './staff-support';

/** A site with its map position (the harbour of Hamburg), so the detail can pin it. */
const PINNED_SITE: Site = {
  name: 'Harbour plant',
  addressLine1: 'Am Sandtorkai 1',
  city: 'Hamburg',
  postCode: '20457',
  country: 'de',
  timeZone: 'Europe/Berlin',
  geo: { lat: 53.5434, lng: 9.9886 },
};
const MACHINES = {
  equipments: [
    { producer: 'Krones', machine: 'Modulfill HRS', machineType: 'Filler', amount: 2, machineNumbers: ['SN-1001', 'SN-1002'], comments: 'Line 3, hall B' },
  ],
};

const TABS = [
  ['request', 'orders.detail.tabs.quoteRequest'],
  ['offer', 'orders.detail.tabs.offer'],
  ['order', 'orders.detail.tabs.order'],
  ['job-information', 'orders.detail.tabs.jobInformation'],
  ['feedback', 'orders.detail.tabs.feedback'],
] as const;

async function openTab(page: Page, lang: 'en' | 'de', order: OrderRef, tab: (typeof TABS)[number]) {
  const t = texts(lang);
  await page.getByRole('tab', { name: t(tab[1]), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/order/${order.refId}${tab[0] === 'request' ? '' : `/${tab[0]}`}$`));
}

for (const [lang, customer] of [
  ['en', 'ec.admin@demo.onsite.test'],
  ['de', 'ec2.admin@demo.onsite.test'],
] as const) {
  test(`every tab of an order whose job is planned: the pinned location, services and equipment, the order, the job, feedback (${lang})`, async ({ page }) => {
    const t = texts(lang);
    const order = await plannedJob(customer, PINNED_SITE, MACHINES);
    await logIn(page, customer);
    await page.goto(`/${lang}/order/${order.refId}`);
    await expect(page.getByRole('heading', { name: order.refId, level: 1 })).toBeVisible();
    await expect(page.getByRole('tab')).toHaveCount(TABS.length);

    // The quote request: the site on its map with the pin, the way to the public map, and the customer's machines.
    const map = page.getByTestId('location-map');
    await expect(map).toBeVisible();
    await expect(map.locator('.onsite-map-pin')).toHaveCount(1);
    await expect(page.getByTestId('open-map')).toHaveAttribute('href', /mlat=53\.5434&mlon=9\.9886/);
    const machines = page.getByTestId('equipment-table');
    await expect(machines.getByRole('row', { name: /Krones/ })).toContainText('SN-1001, SN-1002');
    await expect(machines.getByRole('row', { name: /Krones/ })).toContainText('Line 3, hall B');
    await expectAccessible(page);
    await screenshot(page, `order-request-tab-${lang}`);

    await openTab(page, lang, order, TABS[1]);
    await expect(page.getByTestId('offer-outcome')).toHaveText(t('orders.offer.outcome.accepted'));
    await expectAccessible(page);
    await screenshot(page, `order-offer-tab-${lang}`);

    // The order: the PO and billing address, and what was ordered, machines included.
    await openTab(page, lang, order, TABS[2]);
    await expect(page.getByTestId('po-number')).toHaveText(t('orders.order.po.none'));
    await expect(page.getByTestId('equipment-table')).toContainText('Modulfill HRS');
    await expect(page.getByTestId('location-map')).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, `order-order-tab-${lang}`);

    // The job: where, which services, when, how many technicians and who; the local contact beside it.
    await openTab(page, lang, order, TABS[3]);
    await expect(page.getByTestId('job-location-name')).toHaveText('Harbour plant');
    await expect(page.getByTestId('job-details')).toContainText('Am Sandtorkai 1');
    await expect(page.getByTestId('job-service-types')).not.toHaveText('—');
    await expect(page.getByTestId('job-schedule')).toHaveText(lang === 'de' ? '12.01.2027 08:00 – 12.01.2027 16:00' : '12/01/2027 08:00 – 12/01/2027 16:00');
    await expect(page.getByTestId('job-team-count')).toHaveText('1');
    await expect(page.getByTestId('job-team')).toHaveText('Lukas Brandt');
    await expect(page.getByRole('region', { name: t('orders.order.localContact.title') })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, `order-job-tab-${lang}`);

    await openTab(page, lang, order, TABS[4]);
    await expect(page.getByTestId('save-feedback')).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, `order-feedback-tab-${lang}`);
  });

  test(`every tab at phone width keeps to the screen and passes axe (${lang}, 390 px)`, async ({ page }) => {
    const order = await plannedJob(customer, PINNED_SITE, MACHINES);
    await page.setViewportSize({ width: 390, height: 844 });
    await logIn(page, customer);
    // The tabs fold into 'more', tables scroll in their own box.
    for (const [tab] of TABS) {
      await page.goto(`/${lang}/order/${order.refId}${tab === 'request' ? '' : `/${tab}`}`);
      await expect(page.getByRole('heading', { name: order.refId, level: 1 })).toBeVisible();
      await expectNoPageOverflow(page);
      await expectAccessible(page);
      await screenshot(page, `order-${tab}-tab-${lang}-390`);
    }
  });
}

test('a location without a map position shows its address where the map would be', async ({ page }) => {
  const en = texts('en');
  const order = await requestedOrder('ec.admin@demo.onsite.test');
  await logIn(page, 'ec.admin@demo.onsite.test');
  await page.goto(`/en/order/${order.refId}`);
  const notice = page.getByTestId('no-geolocation');
  await expect(notice).toHaveText(en('orders.detail.map.noPosition', { address: 'Hafenstraße 1, 20095 Hamburg, Germany' }));
  await expect(page.getByTestId('location-map')).toHaveCount(0);
  await expect(page.getByTestId('no-equipment')).toHaveText(en('orders.detail.equipment.none'));
  // A tab the order does not have yet leads to its first tab instead of an empty page.
  await page.goto(`/en/order/${order.refId}/job-information`);
  await expect(page).toHaveURL(new RegExp(`/en/order/${order.refId}$`));
  await expect(page.getByRole('tab', { name: en('orders.detail.tabs.quoteRequest'), exact: true })).toHaveAttribute('aria-selected', 'true');
});
