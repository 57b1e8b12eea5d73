import { expect, test } from '@playwright/test';
import { texts } from './i18n';
import { plannedJob, type Site } from './order-setup';
import { expectAccessible, expectNoPageOverflow, logIn, screenshot } from './staff-support';

const en = texts('en');
const de = texts('de');

/** A site of its own, so that a search finds only this spec's orders. */
function siteNamed(name: string): Site {
  return { name, addressLine1: 'Werkstraße 7', city: 'Augsburg', postCode: '86150', country: 'de', timeZone: 'Europe/Berlin' };
}

const GANTT_HEADERS = (t: ReturnType<typeof texts>) => [
  t('fields.reference'),
  t('fields.customer'),
  t('fields.location'),
  t('fields.services'),
  t('fields.status'),
  t('fields.start'),
  t('orders.gantt.columns.end'),
  t('orders.gantt.columns.duration'),
  t('orders.gantt.columns.technicians'),
];

test('the timeline shows its nine columns for a planned job, its reference kept in sight at 390 px (en)', async ({ page }) => {
  const site = `Gantt hall ${Date.now()}`;
  // A job planned for 12 January 2027, 8:00–16:00, with Lukas Brandt.
  const order = await plannedJob('ec.admin@demo.onsite.test', siteNamed(site));
  await logIn(page, 'ec.admin@demo.onsite.test');
  await page.goto(`/en/my-service-orders?view=timeline&status=JOB_PLANNED&from=2027-01-11&q=${encodeURIComponent(site)}`);
  const gantt = page.getByTestId('gantt');
  for (const header of GANTT_HEADERS(en)) await expect(gantt.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  const row = gantt.locator(`[data-ref-id="${order.refId}"]`);
  await expect(row.getByTestId('gantt-customer')).toHaveText('Thames Precision Ltd');
  await expect(row.getByTestId('gantt-location')).toHaveText(`${site}, Augsburg`);
  await expect(row.getByTestId('gantt-services')).not.toHaveText('–');
  await expect(row.getByTestId('gantt-duration')).toHaveText('8 hours');
  await expect(row.getByTestId('gantt-technicians')).toHaveText('Lukas Brandt');
  await expectAccessible(page);
  await screenshot(page, 'brief-gantt-en');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(row.getByTestId('gantt-technicians')).toHaveText('Lukas Brandt');
  await expectNoPageOverflow(page);
  // Scrolled sideways to the technicians, the reference stays at the left edge.
  await row.getByTestId('gantt-technicians').scrollIntoViewIfNeeded();
  const reference = row.getByTestId('gantt-ref');
  await expect(reference).toBeInViewport();
  expect((await reference.boundingBox())!.x).toBeLessThan(60);
  await screenshot(page, 'brief-gantt-en-390');
  await reference.click();
  await expect(page).toHaveURL(new RegExp(`/order/${order.refId}$`));
});

test('the timeline in German, for a customer whose job is planned (de)', async ({ page }) => {
  const site = `Gantt-Halle ${Date.now()}`;
  const order = await plannedJob('ec2.admin@demo.onsite.test', siteNamed(site));
  await logIn(page, 'ec2.admin@demo.onsite.test', undefined, 'de');
  await page.goto(`/de/my-service-orders?view=timeline&status=JOB_PLANNED&from=2027-01-11&q=${encodeURIComponent(site)}`);
  const gantt = page.getByTestId('gantt');
  for (const header of GANTT_HEADERS(de)) await expect(gantt.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  const row = gantt.locator(`[data-ref-id="${order.refId}"]`);
  await expect(row.getByTestId('gantt-customer')).toHaveText('Rheinwerk Maschinenbau GmbH');
  await expect(row.getByTestId('gantt-location')).toHaveText(`${site}, Augsburg`);
  await expect(row.getByTestId('gantt-duration')).toHaveText('8 Stunden');
  await expect(row.getByTestId('gantt-technicians')).toHaveText('Lukas Brandt');
  await expectAccessible(page);
  await screenshot(page, 'brief-gantt-de');
});
