import { expect, test, type Locator, type Page } from '@playwright/test';
import { inflateSync } from 'node:zlib';
import { texts } from './i18n';
import { acceptedOrder, plannedJob, type Site } from './order-setup';
import { expectAccessible, expectNoPageOverflow, logIn, newCompanyAdmin, screenshot } from './staff-support';

/**
 * Every map of the console on the basemap that ships with the product (D145) and its gazetteer (D146), with no network
 * beyond this machine: each request for another host is refused, and the page may neither break its own
 * Content-Security-Policy nor throw.
 */
// Each test works on its own user or order: they spread over the workers instead of one worker taking the file's minutes.
test.describe.configure({ mode: 'parallel' });

type Watch = { readonly problems: string[]; readonly refused: string[] };

async function offline(page: Page): Promise<Watch> {
  const watch: Watch = { problems: [], refused: [] };
  await page.context().route(
    (url) => !['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname),
    (route) => {
      watch.refused.push(route.request().url());
      return route.abort('internetdisconnected');
    },
  );
  page.on('pageerror', (error) => watch.problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) watch.problems.push(`csp: ${message.text()}`);
  });
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`),
    ),
  );
  return watch;
}

/** Distinct colours of a PNG screenshot (8-bit RGB or RGBA, as Chromium writes them), up to `limit`. */
function coloursOf(png: Buffer, limit = 50): number {
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const channels = png[25] === 6 ? 4 : 3;
  const chunks: Buffer[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') chunks.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const data = inflateSync(Buffer.concat(chunks));
  const stride = width * channels;
  const previous = Buffer.alloc(stride);
  const row = Buffer.alloc(stride);
  const seen = new Set<number>();
  for (let y = 0; y < height; y++) {
    const filter = data[y * (stride + 1)]!;
    for (let x = 0; x < stride; x++) {
      const raw = data[y * (stride + 1) + 1 + x]!;
      const left = x >= channels ? row[x - channels]! : 0;
      const up = previous[x]!;
      const upLeft = x >= channels ? previous[x - channels]! : 0;
      const p = left + up - upLeft;
      const paeth =
        Math.abs(p - left) <= Math.abs(p - up) && Math.abs(p - left) <= Math.abs(p - upLeft) ? left : Math.abs(p - up) <= Math.abs(p - upLeft) ? up : upLeft;
      row[x] = (raw + [0, left, up, (left + up) >> 1, paeth][filter]!) & 0xff;
    }
    for (let x = 0; x < stride; x += channels) seen.add((row[x]! << 16) | (row[x + 1]! << 8) | row[x + 2]!);
    if (seen.size >= limit) return seen.size;
    row.copy(previous);
  }
  return seen.size;
}

/** The basemap is drawn: country shapes as vector paths, place names, and a picture of more than one colour. */
async function expectBasemap(map: Locator) {
  await expect(map).toBeVisible();
  await expect.poll(() => map.locator('.leaflet-basemap-pane path').count()).toBeGreaterThan(0);
  await expect(map.locator('.onsite-basemap-place span').first()).toBeVisible();
  await expect(map.locator('.leaflet-control-attribution')).toContainText('Natural Earth');
  expect(coloursOf(await map.screenshot())).toBeGreaterThan(10);
}

const pinAt = async (page: Page, t: ReturnType<typeof texts>) => {
  const text = await page.getByText(new RegExp(t('ordering.location.pinned', { latitude: '@', longitude: '@' }).split('@')[0]!)).innerText();
  const [lat, lng] = (text.match(/-?\d+\.\d+/g) ?? []).map(Number);
  return { lat: lat!, lng: lng! };
};

/** Where an element is once two frames in a row agree on it (never a box that is about to move or be replaced). */
async function stableBox(page: Page, element: Locator) {
  const frames = () => page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
  const seen: { box: Awaited<ReturnType<Locator['boundingBox']>> } = { box: null };
  await expect
    .poll(async () => {
      const before = await element.boundingBox();
      await frames();
      const after = (seen.box = await element.boundingBox());
      return before !== null && after !== null && before.x === after.x && before.y === after.y;
    })
    .toBe(true);
  return seen.box!;
}

/** Drags the pin of a map so that its tip lands on a place's label (the label's dot is the place). */
async function dragPinTo(page: Page, map: Locator, place: string) {
  const label = map.locator('.onsite-basemap-place span', { hasText: place }).first();
  await expect(label).toBeVisible();
  // Place names are drawn again whenever the map settles after a zoom: aim once they stay put.
  const target = await stableBox(page, label);
  const pin = await stableBox(page, map.locator('.onsite-map-pin'));
  const grip = { x: pin.x + pin.width / 2, y: pin.y + pin.height / 2 };
  // The pin's tip is its bottom centre; the label's dot sits at its left end, mid-height.
  const delta = { x: target.x + 4 - (pin.x + 14), y: target.y + target.height / 2 - (pin.y + 28) };
  await page.mouse.move(grip.x, grip.y);
  await page.mouse.down();
  await page.mouse.move(grip.x + delta.x / 2, grip.y + delta.y / 2, { steps: 5 });
  await page.mouse.move(grip.x + delta.x, grip.y + delta.y, { steps: 5 });
  await page.mouse.up();
}

for (const lang of ['en', 'de', 'pt'] as const) {
  test(`the location step finds Basel as the person types, and Zürich where they drag the pin, with no outside service (${lang})`, async ({
    page,
    request,
  }) => {
    const t = texts(lang);
    const watch = await offline(page);
    const email =
      lang === 'en'
        ? 'ec.planner@demo.onsite.test'
        : lang === 'de'
          ? 'ec2.planner@demo.onsite.test'
          : (await newCompanyAdmin(request, { name: 'Paulista Mapas', type: 'EC', country: 'br' }, { firstName: 'Rui', lastName: 'Costa' })).email;
    await logIn(page, email, undefined, lang);
    await page.goto(`/${lang}/order-form?services=svc-preventive-maintenance&country=ch`);
    await expect(page).toHaveURL(new RegExp(`/${lang}/order-form`));
    const map = page.getByTestId('location-map');
    await expectBasemap(map);

    // A slow answer shows progress; the answer then offers the place.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      '**/api/geocode/suggest',
      async (route) => {
        await held;
        await route.continue();
      },
      { times: 1 },
    );
    const city = page.getByLabel(new RegExp(`^${t('fields.city')}`));
    await city.pressSequentially('Base');
    await expect(page.getByTestId('city-search-status')).toHaveText(t('ordering.location.search.searching'));
    release();
    const basel = page.getByRole('option', { name: /^Basel BS\b/ });
    await expect(basel).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, `maps-city-search-${lang}`);

    // Nothing is written but the typed text until Basel is chosen: then the city, and the pin at Basel.
    await page.getByLabel(new RegExp(`^${t('fields.postCode')}`)).fill('4051');
    await city.click();
    await expect(basel).toBeVisible();
    await basel.click();
    await expect(city).toHaveValue('Basel');
    await expect(page.getByLabel(new RegExp(`^${t('fields.postCode')}`))).toHaveValue('4051');
    const pinned = await pinAt(page, t);
    expect(Math.abs(pinned.lat - 47.56)).toBeLessThan(0.05);
    expect(Math.abs(pinned.lng - 7.59)).toBeLessThan(0.05);
    await expect(map.locator('.onsite-map-pin')).toHaveCount(1);

    // Zürich in view (zoomed out as a person would), the pin dragged onto it: the place is proposed, written on consent.
    for (let i = 0; i < 5; i++) await map.getByRole('button', { name: t('widgets.map.zoomOut') }).click();
    const nearest = page.getByTestId('nearest-place');
    // On a machine saturated by the rest of the tier the map may still move under the hand (a late redraw after the
    // zoom): a pin dropped beside Zürich is dragged again, as a person would; what it proposes is still checked.
    await expect(async () => {
      await dragPinTo(page, map, 'Zürich');
      await expect(nearest).toContainText('Zürich', { timeout: 5_000 });
    }).toPass({ timeout: 60_000 });
    await expect(city).toHaveValue('Basel');
    await expectAccessible(page);
    await screenshot(page, `maps-nearest-place-${lang}`);
    await page.getByTestId('use-nearest-place').click();
    await expect(city).toHaveValue('Zürich');
    // Basel's post code would be wrong for Zürich, and the gazetteer has none: it is left for the person to type.
    await expect(page.getByLabel(new RegExp(`^${t('fields.postCode')}`))).toHaveValue('');
    const moved = await pinAt(page, t);
    expect(Math.abs(moved.lat - 47.37)).toBeLessThan(0.1);
    expect(Math.abs(moved.lng - 8.54)).toBeLessThan(0.1);

    // A name no place has: the list says so.
    await city.fill('');
    await city.pressSequentially('Qqqzx');
    await expect(page.getByTestId('city-search-status')).toHaveText(t('ordering.location.search.noMatch', { query: 'Qqqzx', country: t('countries.ch') }));
    await city.press('Escape');

    if (lang !== 'pt') {
      // The map and the address fields keep to a phone's width.
      await page.setViewportSize({ width: 390, height: 844 });
      for (const part of [map, city])
        await expect
          .poll(async () => {
            const box = (await part.boundingBox())!;
            return box.x + box.width;
          })
          .toBeLessThanOrEqual(390);
      await expectBasemap(map);
      await screenshot(page, `maps-location-step-${lang}-390`);
    }
    expect(watch).toEqual({ problems: [], refused: [] });
  });
}

/** A site with its map position (the harbour of Hamburg). */
const HAMBURG: Site = {
  name: 'Harbour plant',
  addressLine1: 'Am Sandtorkai 1',
  city: 'Hamburg',
  postCode: '20457',
  country: 'de',
  timeZone: 'Europe/Berlin',
  geo: { lat: 53.5434, lng: 9.9886 },
};
/** In Austria, where no other spec has a site: the dashboard's Austrian jobs are these two, each on its own. */
const INNSBRUCK: Site = {
  name: 'Montage Innsbruck',
  addressLine1: 'Museumstrasse 5',
  city: 'Innsbruck',
  postCode: '6020',
  country: 'at',
  timeZone: 'Europe/Vienna',
  geo: { lat: 47.2692, lng: 11.4041 },
};
const GRAZ: Site = {
  name: 'Werk Graz',
  addressLine1: 'Annenstrasse 10',
  city: 'Graz',
  postCode: '8020',
  country: 'at',
  timeZone: 'Europe/Vienna',
  geo: { lat: 47.0707, lng: 15.4395 },
};

for (const lang of ['en', 'de'] as const) {
  test(`the order detail and the job tab show the site on the basemap with its address, offline (${lang})`, async ({ page }) => {
    const t = texts(lang);
    const customer = lang === 'en' ? 'ec.admin@demo.onsite.test' : 'ec2.admin@demo.onsite.test';
    const order = await plannedJob(customer, HAMBURG);
    const watch = await offline(page);
    await logIn(page, customer, undefined, lang);
    await page.goto(`/${lang}/order/${order.refId}`);
    const map = page.getByTestId('location-map');
    await expectBasemap(map);
    await expect(map.locator('.onsite-map-pin-label')).toHaveText('Harbour plant · Am Sandtorkai 1, 20457 Hamburg, ' + t('countries.de'));
    await expect(map).toHaveAccessibleName(t('orders.detail.map.label', { address: `Am Sandtorkai 1, 20457 Hamburg, ${t('countries.de')}` }));
    await expectAccessible(page);
    await screenshot(page, `maps-order-detail-${lang}`);

    await page.getByRole('tab', { name: t('orders.detail.tabs.jobInformation'), exact: true }).click();
    await expect(page.getByTestId('job-details')).toContainText('Am Sandtorkai 1');
    await expectBasemap(page.getByTestId('location-map'));
    await expectAccessible(page);
    await screenshot(page, `maps-job-tab-${lang}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoPageOverflow(page);
    await screenshot(page, `maps-job-tab-${lang}-390`);
    expect(watch).toEqual({ problems: [], refused: [] });
  });
}

test('the OEM dashboard clusters its jobs on the basemap, a job opens its order from the map and from the list, and leaving throws nothing (de)', async ({
  page,
}) => {
  const de = texts('de');
  // With a second Austrian job (Innsbruck is off the Austrian view's centre) and one outside Austria (all countries
  // show more jobs than Austria alone); a retry's jobs stand further west, never on the first try's spots.
  const west = (site: Site): Site => ({ ...site, geo: { lat: site.geo!.lat, lng: site.geo!.lng - 1.5 * test.info().retry } });
  const order = await acceptedOrder('oem.planner@demo.onsite.test', west(INNSBRUCK));
  for (const site of [GRAZ, HAMBURG]) await acceptedOrder('oem.planner@demo.onsite.test', west(site));
  const watch = await offline(page);
  await logIn(page, 'oem.management@demo.onsite.test', undefined, 'de');
  await page.goto('/de/dashboard');
  const map = page.getByTestId('jobs-map');
  await expectBasemap(map);
  await expect(map.locator('.marker-cluster, path.leaflet-interactive').first()).toBeVisible();
  await expectAccessible(page, '[data-testid="jobs-map-block"]');
  await screenshot(page, 'maps-oem-dashboard-de');

  // The keyboard's way: the jobs as a table, each of the own company opening its order.
  await page.getByRole('button', { name: new RegExp(de('widgets.map.jobs.showList', { number: '@' }).split('(')[0]!.trim()) }).click();
  const list = page.getByTestId('jobs-map-list');
  await expect(list.getByRole('link', { name: order.refId })).toBeVisible();
  await expectAccessible(page, '[data-testid="jobs-map-block"]');

  // The map's way: Austria's jobs, the job's marker, its popup, its order.
  // Each choice waits for its figures to be drawn (the last ones stay, dimmed and busy, until they are).
  const report = page.getByTestId('oem-dashboard-report');
  const choose = async (country: string) => {
    await page.getByRole('combobox', { name: de('oemDashboard.country') }).click();
    await page.getByRole('option', { name: country }).click();
    await expect(page.getByRole('combobox', { name: de('oemDashboard.country') })).toHaveValue(country);
    await expect(report).not.toHaveAttribute('aria-busy', 'true');
  };
  const answered = page.waitForResponse((r) => r.url().includes('/api/dashboard?') && r.url().includes('country=at'));
  await choose(de('countries.at'));
  await answered;
  await expect(report).not.toHaveAttribute('aria-busy', 'true');
  // Innsbruck is the westernmost job in Austria: the leftmost circle on the map.
  const circles = map.locator('path.leaflet-interactive:not([fill="none"])');
  const lefts = await circles.evaluateAll((paths) => paths.map((path) => path.getBoundingClientRect().x));
  await circles.nth(lefts.indexOf(Math.min(...lefts))).click({ force: true });
  const popup = map.locator('.leaflet-popup-content', { hasText: order.refId });
  await expect(popup).toBeVisible();
  await expect(popup).toContainText('Innsbruck');
  await expect(map.getByRole('button', { name: de('actions.close') })).toBeVisible();
  // All countries again while the popup is open: the job is still on the map, so its popup stays open where it is.
  // Where the popup stands on the map (the page scrolls to the filters) once the map's pan to fit it has ended.
  const boxOf = async () => {
    const [inner, outer] = [await popup.boundingBox(), await map.boundingBox()];
    return inner && outer ? `${inner.x - outer.x},${inner.y - outer.y}` : null;
  };
  let where = await boxOf();
  await expect
    .poll(
      async () => {
        const now = await boxOf();
        const same = now === where;
        where = now;
        return same;
      },
      { intervals: [200] },
    )
    .toBe(true);
  await choose(de('oemDashboard.allCountries'));
  await expect(popup).toBeVisible();
  expect(await boxOf()).toEqual(where);
  await popup.getByRole('link', { name: de('widgets.map.jobs.openOrder', { refId: order.refId }) }).click();
  await expect(page.getByRole('heading', { level: 1, name: order.refId })).toBeVisible();

  // Back on the dashboard, a zoom, and away at once while the map still moves: nothing throws afterwards.
  await page.goBack();
  const back = page.getByTestId('jobs-map');
  await expect(back.locator('.leaflet-basemap-pane path').first()).toBeAttached();
  await back.getByRole('button', { name: de('widgets.map.zoomIn') }).click();
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1, name: order.refId })).toBeVisible();
  await expect(page.getByTestId('jobs-map')).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/de/dashboard');
  await expectBasemap(page.getByTestId('jobs-map'));
  await expectNoPageOverflow(page);
  await screenshot(page, 'maps-oem-dashboard-de-390');
  await page.goto('/de/my-service-orders');
  await expect(page.getByTestId('jobs-map')).toHaveCount(0);
  expect(watch).toEqual({ problems: [], refused: [] });
});
