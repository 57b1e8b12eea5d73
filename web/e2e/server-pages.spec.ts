import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { texts } from './i18n';
import { requestedOrder } from './order-setup';
import { expectNoPageOverflow, logIn, newCompanyAdmin, screenshot, storeSession } from './staff-support';

// The pages the server sends drawn (D85, D101): the login page for a signed-out visitor and 'my service orders' for a
// signed-in one, painted before the console's scripts, replaced by the console's own page in one commit, and never
// shown to a visitor they are not for.

/** The page exactly as the server sends it: no script runs. */
async function serverPage(browser: Browser, path: string, viewport = { width: 1350, height: 940 }): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport, locale: 'en-GB', reducedMotion: 'reduce' });
  return context.newPage();
}

for (const lang of ['en', 'de', 'pt'] as const) {
  test(`/${lang}/login arrives from the server as the page in its language, inert, before any script`, async ({ browser }) => {
    const t = texts(lang);
    const page = await serverPage(browser, `/${lang}/login`);
    await page.goto(`/${lang}/login`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang === 'pt' ? 'pt-BR' : lang);
    await expect(page).toHaveTitle(`${t('auth.login.title')} · ${t('app.name')}`);
    const shell = page.locator('#server-page');
    await expect(shell).toHaveAttribute('inert', '');
    await expect(shell.getByRole('heading', { level: 1 })).toHaveText(t('auth.login.title'));
    await expect(shell.getByText(t('auth.login.subtitle'))).toBeVisible();
    await expect(shell.getByTestId('register-button')).toHaveText(t('actions.register'));
    await expect(shell.locator('input[type="email"], input[type="password"]')).toHaveCount(2);
    await expect(shell.locator('footer')).toContainText(t('shell.footer.imprint'));
    // Nothing can be typed into it: what a user typed would be lost when the console's page replaces it.
    await shell.locator('input').first().click({ force: true });
    await page.keyboard.type('lost');
    await expect(shell.locator('input').first()).toHaveValue('');
    await page.context().close();
  });
}

/** The server's page as drawn, with the script that requests the console's scripts refused: it stays. */
async function shellOnly(page: Page, path: string) {
  await page.route('**/server-page.js', (route) => route.abort());
  await page.goto(path);
  await expect(page.locator('#server-page')).toBeVisible();
}

test('the server page has no accessibility violations', async ({ page }) => {
  for (const lang of ['en', 'de'] as const) {
    await shellOnly(page, `/${lang}/login`);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(results.violations.map((v) => `/${lang}/login ${v.id} (${v.impact}): ${v.nodes.map((n) => n.html).join(', ')}`)).toEqual([]);
  }
});

/** Fonts loaded and two frames drawn since: what a screenshot takes then is what the page shows at rest. */
async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
  });
}

/** How many pixels of two PNG images differ (any channel), decoded in the browser; -1 if their sizes differ. */
async function differingPixels(page: Page, a: Buffer, b: Buffer): Promise<{ differing: number; total: number; box: string }> {
  return page.evaluate(
    async ([first, second]) => {
      const decode = async (base64: string) => {
        // An image, not fetch(): the console's CSP allows data: images, not data: connections.
        const bitmap = new Image();
        bitmap.src = `data:image/png;base64,${base64}`;
        await bitmap.decode();
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext('2d');
        if (!context) throw new Error('no 2d context');
        context.drawImage(bitmap, 0, 0);
        return context.getImageData(0, 0, bitmap.width, bitmap.height);
      };
      const [x, y] = await Promise.all([decode(first), decode(second)]);
      if (x.width !== y.width || x.height !== y.height)
        return { differing: -1, total: x.width * x.height, box: `${x.width}x${x.height} against ${y.width}x${y.height}` };
      let differing = 0;
      const box = { left: x.width, top: x.height, right: -1, bottom: -1 };
      for (let i = 0; i < x.data.length; i += 4) {
        if (x.data[i] !== y.data[i] || x.data[i + 1] !== y.data[i + 1] || x.data[i + 2] !== y.data[i + 2] || x.data[i + 3] !== y.data[i + 3]) {
          differing += 1;
          const [column, row] = [(i / 4) % x.width, Math.floor(i / 4 / x.width)];
          [box.left, box.top, box.right, box.bottom] = [
            Math.min(box.left, column),
            Math.min(box.top, row),
            Math.max(box.right, column),
            Math.max(box.bottom, row),
          ];
        }
      }
      return { differing, total: x.width * x.height, box: differing ? `x ${box.left}–${box.right}, y ${box.top}–${box.bottom}` : 'none' };
    },
    [a.toString('base64'), b.toString('base64')] as const,
  );
}

for (const lang of ['en', 'de'] as const) {
  for (const viewport of [
    { width: 1350, height: 940 },
    { width: 390, height: 844 },
  ]) {
    test(`/${lang}/login at ${viewport.width} px: the server page and the console's first page are the same pixels`, async ({ browser }) => {
      const context = await browser.newContext({ viewport, locale: 'en-GB', reducedMotion: 'reduce' });
      const shellPage = await context.newPage();
      await shellOnly(shellPage, `/${lang}/login`);
      await settled(shellPage);
      const shell = await shellPage.screenshot({ fullPage: true });
      const appPage = await context.newPage();
      // The language field comes once the page is ready (lib/page-ready.ts), after the first page: held back here,
      // so the image is the console's first page, the one that replaces the server's.
      await appPage.route(/LanguageSelectField-[\w-]+\.js$/, () => undefined);
      await appPage.goto(`/${lang}/login`);
      await expect(appPage.locator('#server-page')).toHaveCount(0);
      await expect(appPage.locator('#root form')).toBeVisible();
      await appPage.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
      await settled(appPage);
      const app = await appPage.screenshot({ fullPage: true });
      const { differing, total, box } = await differingPixels(shellPage, shell, app);
      console.log(`/${lang}/login ${viewport.width}x${viewport.height}: ${differing} of ${total} pixels differ (${box})`);
      test.info().annotations.push({ type: 'pixels', description: `${differing} of ${total} differ (${box})` });
      if (differing !== 0) {
        // What differed, for whoever reads the report: both images as taken.
        await test.info().attach('server page', { body: shell, contentType: 'image/png' });
        await test.info().attach('console page', { body: app, contentType: 'image/png' });
      }
      expect(differing, `the pixels that differ lie at ${box}`).toBe(0);
      await context.close();
    });
  }
}

test('with a query or without a language, /login is the console as before', async ({ request }) => {
  for (const path of ['/en/login?redirect=%2Fen%2Fcontact', '/login', '/en/registration']) {
    const html = await (await request.get(path)).text();
    expect(html, path).not.toContain('server-page');
  }
});

/**
 * Records, before every frame the page draws, whether the server's page and the console's page (`appSelector` inside
 * #root) are on screen.
 */
async function recordFrames(page: Page, appSelector = 'form') {
  await page.addInitScript((selector) => {
    const frames: string[] = [];
    (window as unknown as { frames_: string[] }).frames_ = frames;
    const shown = (element: Element | null) => element !== null && element.getClientRects().length > 0;
    const sample = () => {
      const shell = shown(document.getElementById('server-page'));
      const root = document.getElementById('root');
      const app = shown(root) && root?.querySelector(selector) != null;
      frames.push(`${shell ? 'shell' : ''}${app ? 'app' : ''}` || 'neither');
      window.requestAnimationFrame(sample);
    };
    window.requestAnimationFrame(sample);
  }, appSelector);
}
const framesOf = (page: Page) => page.evaluate(() => (window as unknown as { frames_: string[] }).frames_);

/** The server's page came first and the console's replaced it in one frame: never both, never neither. */
async function expectOneSwap(page: Page) {
  // The console's page can be on screen before the recorder's next frame has noted it.
  await expect.poll(async () => (await framesOf(page)).includes('app')).toBe(true);
  const frames = await framesOf(page);
  // Frames before the body was parsed show nothing of either (on a busy machine the recorder's first frames can come
  // before it); from the first page drawn on, exactly one, the server's first.
  const drawn = frames.slice(frames.findIndex((frame) => frame !== 'neither'));
  expect(drawn[0]).toBe('shell');
  expect([...new Set(drawn)]).toEqual(['shell', 'app']);
  expect(drawn.lastIndexOf('shell')).toBeLessThan(drawn.indexOf('app'));
}

test('the console replaces the server page in one frame: never both, never neither', async ({ page }) => {
  await recordFrames(page);
  await page.goto('/de/login');
  await expect(page.locator('#server-page')).toHaveCount(0);
  await expect(page.locator('#root form')).toBeVisible();
  await expectOneSwap(page);
});

test('a signed-in user opening /en/login is sent on and never sees the server page', async ({ page }) => {
  const t = texts('en');
  await page.goto('/en/login');
  await page.getByLabel(new RegExp(`^${t('fields.email')}`)).fill('ec.admin@demo.onsite.test');
  await page.getByLabel(new RegExp(`^${t('fields.password')}`)).fill('Onsite-demo-1');
  await page.getByRole('button', { name: t('actions.login'), exact: true }).click();
  await expect(page).toHaveURL(/\/en\/my-service-orders$/);

  await recordFrames(page);
  await page.goto('/en/login');
  await expect(page).toHaveURL(/\/en\/my-service-orders$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const frames = await framesOf(page);
  expect(frames.length).toBeGreaterThan(0);
  expect(frames.filter((frame) => frame.includes('shell'))).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-signed-in'))).toBe(true);
});

// 'My service orders' for a signed-in visitor (D101): the header and the page's own first drawing (title, filters, the
// list's loading rows), nothing of the user, until the console has the profile and the list.

/** A signed-in visitor's page of `lang` with the console's scripts refused: the server's page stays. */
async function signedInFrameOnly(page: Page, email: string, lang: 'en' | 'de' | 'pt') {
  await storeSession(page, email);
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto(`/${lang}/my-service-orders`);
  await expect(page.locator('#server-page')).toBeVisible();
}

for (const [lang, email] of [
  ['en', 'ec.admin@demo.onsite.test'],
  ['de', 'ec2.admin@demo.onsite.test'],
  ['pt', 'ec.admin@demo.onsite.test'],
] as const) {
  test(`/${lang}/my-service-orders arrives from the server as the page in its language for a signed-in visitor, inert, before any script`, async ({ page }) => {
    const t = texts(lang);
    // The list's answers refused too: an empty list's would replace the loading rows (D103).
    await page.route('**/api/order/list', (route) => route.abort());
    await signedInFrameOnly(page, email, lang);
    await expect(page.locator('html')).toHaveAttribute('lang', lang === 'pt' ? 'pt-BR' : lang);
    await expect(page).toHaveTitle(`${t('orders.list.title')} · ${t('app.name')}`);
    const frame = page.locator('#server-page');
    await expect(frame).toHaveAttribute('inert', '');
    await expect(frame).toHaveAttribute('data-for', 'signed-in');
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText(t('orders.list.title'));
    await expect(frame.locator('table[aria-busy="true"]')).toBeVisible();
    await expect(frame.locator('footer')).toContainText(t('shell.footer.imprint'));
    // Nothing of a user, and nothing of a signed-out visitor.
    await expect(frame.getByTestId('login-button')).toHaveCount(0);
    await expect(frame.getByTestId('register-button')).toHaveCount(0);
    await expect(page.locator('#root')).toBeHidden();
  });
}

test("the server's 'my service orders' has no accessibility violations and fits 390 px", async ({ page }) => {
  for (const [lang, email] of [
    ['en', 'ec.admin@demo.onsite.test'],
    ['de', 'ec2.admin@demo.onsite.test'],
  ] as const) {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signedInFrameOnly(page, email, lang);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `/${lang}/my-service-orders ${v.id} (${v.impact}): ${v.nodes.map((n) => n.html).join(', ')}`)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoPageOverflow(page);
    await page.unrouteAll();
  }
});

test("the console replaces the server's 'my service orders' in one frame, with the user's own page", async ({ page }) => {
  const t = texts('de');
  await logIn(page, 'ec2.admin@demo.onsite.test', undefined, 'de');
  await recordFrames(page, 'h1');
  await page.goto('/de/my-service-orders');
  await expect(page.locator('#server-page')).toHaveCount(0);
  // The console's page: the user's menu and navigation, which the server's page has not.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('orders.list.title'));
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expectOneSwap(page);
});

test("a signed-out visitor opening 'my service orders' never sees the server's page: the login form, and back after it", async ({ page }) => {
  const t = texts('en');
  await recordFrames(page);
  await page.goto('/en/my-service-orders');
  await expect(page).toHaveURL(/\/en\/login\?redirect=%2Fen%2Fmy-service-orders$/);
  await expect(page.locator('#root form')).toBeVisible();
  expect((await framesOf(page)).filter((frame) => frame.includes('shell'))).toEqual([]);
  await page.getByLabel(new RegExp(`^${t('fields.email')}`)).fill('ec.admin@demo.onsite.test');
  await page.getByLabel(new RegExp(`^${t('fields.password')}`)).fill('Onsite-demo-1');
  await page.getByRole('button', { name: t('actions.login'), exact: true }).click();
  await expect(page).toHaveURL(/\/en\/my-service-orders$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('orders.list.title'));
});

test("staff, signed in, opening 'my service orders' are sent on to their own page", async ({ page }) => {
  await logIn(page, 'bl.admin@demo.onsite.test');
  await page.goto('/en/my-service-orders');
  await expect(page).not.toHaveURL(/my-service-orders/);
  await expect(page.locator('#server-page')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

// D102: the server's 'my service orders' sends the console's first requests (the profile, the list and the same list
// over every status) while the scripts load; the console takes their answers and asks for none of them again.

test("the server's 'my service orders' asks for the profile and the lists before the scripts, and the console does not ask again", async ({ page }) => {
  const t = texts('de');
  await logIn(page, 'ec2.admin@demo.onsite.test', undefined, 'de');
  // The login's page may still be loading its chunks: leave it first, so only the new page's requests are counted.
  await page.goto('about:blank');
  const sent: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/') || path.endsWith('.js')) sent.push(path);
  });
  await page.goto('/de/my-service-orders');
  await expect(page.getByTestId('user-menu')).toBeVisible();
  // The list's answer on screen (its rows, or its empty state: other tests may add orders of this company meanwhile).
  const table = page.locator('#root table');
  await expect(table).toBeVisible();
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  await expect(
    table
      .locator('tbody tr a')
      .first()
      .or(page.getByText(t('orders.list.empty.title'))),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('orders.list.title'));
  const firstScript = sent.findIndex((path) => path.startsWith('/assets/'));
  expect(sent.slice(0, firstScript)).toEqual(['/server-page.js', '/api/user/getProfile', '/api/order/list', '/api/order/list']);
  expect(sent.filter((path) => path === '/api/user/getProfile')).toHaveLength(1);
  expect(sent.filter((path) => path === '/api/order/list')).toHaveLength(2);
});

test('no early requests for a staff member acting for a customer: their requests carry the customer', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) sent.push(request.url());
  });
  await signedInFrameOnly(page, 'ec.admin@demo.onsite.test', 'en');
  await expect.poll(() => sent.length).toBe(3);
  expect(await page.evaluate(() => typeof window.onsiteEarlyRequests?.take)).toBe('function');
  await page.evaluate(() => window.localStorage.setItem('onsite.onBehalfOf', JSON.stringify({ userId: 'u', name: 'Kim' })));
  sent.length = 0;
  await page.reload();
  await expect(page.locator('#server-page')).toBeVisible();
  expect(sent).toEqual([]);
  expect(await page.evaluate(() => window.onsiteEarlyRequests)).toBeUndefined();
});

// D103: when the early answers show an empty list, the server's page draws the list's empty state as the console does
// for this user (it carries a drawing per kind of user), and the console's first commit draws the same, from the same
// answers: the user never sees the loading rows come back.

for (const [lang, country] of [
  ['en', 'uk'],
  ['de', 'de'],
] as const) {
  test(`a new customer's empty list (${lang}) is drawn by the server's page from its early answers, then by the console in one frame`, async ({
    page,
    request,
  }) => {
    const t = texts(lang);
    const { email } = await newCompanyAdmin(request, { name: `Empty List ${lang}`, type: 'EC', country }, { firstName: 'Robin', lastName: 'Empty' });
    await page.setViewportSize({ width: 1366, height: 900 });
    await signedInFrameOnly(page, email, lang);
    const frame = page.locator('#server-page');
    await expect(frame.getByText(t('orders.list.empty.title'))).toBeVisible();
    await expect(frame.getByText(t('orders.list.empty.text'))).toBeVisible();
    await expect(frame.locator('table[aria-busy="true"]')).toHaveCount(0);
    // The customer may order: 'Request a quote' by the title and in the empty state, inert until the console comes.
    await expect(frame.getByRole('link', { name: t('actions.requestQuote') })).toHaveCount(2);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.html).join(', ')}`)).toEqual([]);
    await screenshot(page, `server-page-empty-list-${lang}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoPageOverflow(page);
    await screenshot(page, `server-page-empty-list-${lang}-390`);
    await page.unrouteAll();

    // With the scripts: the server's empty state, then the console's, with nothing in between.
    await page.setViewportSize({ width: 1366, height: 900 });
    await recordFrames(page, '[data-testid="empty-state"]');
    await page.goto(`/${lang}/my-service-orders`);
    await expect(page.locator('#server-page')).toHaveCount(0);
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await expect(page.locator('#root').getByText(t('orders.list.empty.title'))).toBeVisible();
    await expectOneSwap(page);
    // The console's page works: its 'Request a quote' leads to the order form.
    await page
      .locator('#root')
      .getByTestId('empty-state')
      .getByRole('link', { name: t('actions.requestQuote') })
      .click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/order-form`));
  });
}

test("a customer with orders: the server's page keeps its loading rows, and the console's first commit has the rows", async ({ page }) => {
  await requestedOrder('ec.admin@demo.onsite.test');
  await logIn(page, 'ec.admin@demo.onsite.test');
  await recordFrames(page, '[data-testid="order-row"]');
  await page.goto('/en/my-service-orders');
  await expect(page.locator('#root [data-testid="order-row"]').first()).toBeVisible();
  await expectOneSwap(page);
});
