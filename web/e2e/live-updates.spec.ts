import { expect, request as apiRequest, test, type Page } from '@playwright/test';
import { fillNewBillingAddress } from './accept-dialog';
import { texts } from './i18n';
import { makeOffer, requestedOrder, type OrderRef } from './order-setup';
import { logIn, PASSWORD } from './staff-support';

const en = texts('en');
/**
 * The promise (D12): another user's change is on screen within a second, without a reload or polling. The
 * server announces it within milliseconds (updates.e2e.test.ts); the half second more is for a browser sharing two
 * cores with the server and other work.
 */
const LIVE_MS = 1_500;
const PO_DOCUMENT = { name: 'PO-4711.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n') };

/** A promise with its resolve function outside (Node 20 has no Promise.withResolvers). */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

async function customerToken(): Promise<string> {
  const response = await fetch(`${test.info().project.use.baseURL}/api/log-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'ec.admin@demo.onsite.test', password: PASSWORD }),
  });
  return ((await response.json()) as { token: string }).token;
}

/** Where the updates stream stands now: the id of its first frame, as a console that was connected until now saw last. */
async function streamPosition(token: string): Promise<string> {
  const abort = new AbortController();
  const response = await fetch(`${test.info().project.use.baseURL}/api/updates`, { headers: { authorization: `Bearer ${token}` }, signal: abort.signal });
  const reader = response.body!.getReader();
  let text = '';
  while (!text.includes('\n\n')) text += new TextDecoder().decode((await reader.read()).value);
  abort.abort();
  const id = /^id: (.+)$/m.exec(text)?.[1];
  if (!id) throw new Error(`No position in ${text}`);
  return id;
}

/** Staff leave the customer a comment through the api (a change the customer's events table shows). */
async function staffComment(order: OrderRef, text: string): Promise<void> {
  const api = await apiRequest.newContext({ baseURL: test.info().project.use.baseURL });
  const token = ((await (await api.post('/api/log-in', { data: { email: 'bl.sales@demo.onsite.test', password: PASSWORD } })).json()) as { token: string })
    .token;
  const headers = { authorization: `Bearer ${token}` };
  const { version } = ((await (await api.post('/api/order/getByRefId', { data: { refId: order.refId }, headers })).json()) as { data: OrderRef }).data;
  const r = await api.post('/api/order/comment', { data: { orderId: order._id, version, externalComment: text }, headers });
  expect(r.status(), await r.text()).toBe(200);
  await api.dispose();
}

test('an offer made meanwhile appears on the customer’s open page; the customer accepts with a PO document and a new billing address; staff see it, all without a reload', async ({
  page,
  browser,
}) => {
  const order = await requestedOrder('ec.admin@demo.onsite.test');
  await logIn(page, 'ec.admin@demo.onsite.test');
  await page.goto(`/en/order/${order.refId}`);
  await expect(page.getByText(en('status.REQUESTED_QUOTE')).first()).toBeVisible();
  await expect(page.getByRole('tab', { name: en('orders.detail.tabs.offer'), exact: true })).toHaveCount(0);
  // The customer's list, open in a second tab of the same session, follows too.
  const list = await page.context().newPage();
  await list.goto('/en/my-service-orders');
  await expect(list.getByRole('link', { name: order.refId })).toBeVisible();

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await logIn(staff, 'bl.sales@demo.onsite.test');
  await staff.goto(`/en/order/${order.refId}`);
  await expect(staff.getByText(en('statusStaff.REQUESTED_QUOTE')).first()).toBeVisible();

  // Staff make the offer (through the api: the offer screen is not the step under test).
  await makeOffer(order);
  const offerTab = page.getByRole('tab', { name: en('orders.detail.tabs.offer'), exact: true });
  await expect(offerTab).toBeVisible({ timeout: LIVE_MS });
  await expect(list.getByRole('row', { name: new RegExp(order.refId) }).getByText(en('status.OFFERED'))).toBeVisible({ timeout: LIVE_MS });

  // The customer accepts in the console, with the PO's document and a billing address typed in for this order.
  await offerTab.click();
  await page.getByTestId('accept-offer').click();
  const dialog = page.getByRole('dialog', { name: en('orders.offer.acceptDialog.title') });
  const poNumber = dialog.getByRole('textbox', { name: en('orders.offer.acceptDialog.poNumber') });
  // The dialog puts the focus in its first field as it opens: typing starts after that, as a person's would.
  await expect(poNumber).toBeFocused();
  await poNumber.fill('PO-4711');
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: en('widgets.upload.choose') }).click();
  await (await chooser).setFiles(PO_DOCUMENT);
  await expect(dialog.getByText(PO_DOCUMENT.name)).toBeVisible();
  // A new billing address, even where the company has stored ones (other specs may have added some).
  await dialog.getByRole('radio', { name: en('orders.offer.acceptDialog.newAddress') }).check();
  await fillNewBillingAddress(dialog, en);
  await dialog.getByRole('checkbox').check();
  await dialog.getByTestId('confirm-accept').click();
  await expect(dialog.getByTestId('accept-confirmed')).toBeVisible();
  await dialog.getByTestId('accept-close').click();
  await expect(dialog).toBeHidden();

  // Staff's open page shows the submitted order within a second, and its order tab the PO and the new address.
  await expect(staff.getByText(en('statusStaff.ORDER_SUBMITTED')).first()).toBeVisible({ timeout: LIVE_MS });
  await staff.getByRole('tab', { name: en('orders.detail.tabs.order'), exact: true }).click();
  await expect(staff.getByTestId('po-number')).toHaveText('PO-4711');
  await expect(staff.getByRole('button', { name: PO_DOCUMENT.name })).toBeVisible();
  await expect(staff.getByRole('region', { name: en('orders.order.billing.title') })).toContainText('14 Riverside Way');
  await staffContext.close();
});

/**
 * Signed in, with the first page's own stream open: a route on the stream set up after this sees only the streams of
 * the pages opened later (the first page's could otherwise start after the route and be taken for the next page's).
 */
async function logInWithStream(page: Page, email: string) {
  const stream = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/updates');
  await logIn(page, email);
  await stream;
}

test('when the live stream drops, the console reconnects from where it was: the change it missed and later ones show without a reload', async ({ page }) => {
  const order = await requestedOrder('ec.admin@demo.onsite.test');
  await logInWithStream(page, 'ec.admin@demo.onsite.test');
  const position = await streamPosition(await customerToken());

  // The first stream ends after its first frame (as when a proxy or the server closes it); the next attempt meets a
  // network that is down; from the third on, the real stream.
  let attempts = 0;
  const secondAttempt = deferred<void>();
  const networkBack = deferred<void>();
  const reconnectedFrom = deferred<string | undefined>();
  await page.route('**/api/updates', async (route) => {
    attempts++;
    if (attempts === 1) {
      await route.fulfill({ status: 200, headers: { 'content-type': 'text/event-stream' }, body: `id: ${position}\nevent: position\ndata: {}\n\n` });
    } else if (attempts === 2) {
      secondAttempt.resolve();
      await networkBack.promise;
      await route.abort('internetdisconnected');
    } else {
      reconnectedFrom.resolve(route.request().headers()['last-event-id']);
      await route.continue();
    }
  });
  await page.goto(`/en/order/${order.refId}`);
  await expect(page.getByText(en('status.REQUESTED_QUOTE')).first()).toBeVisible();

  // While the console is cut off, staff make the offer.
  await secondAttempt.promise;
  const offered = await makeOffer(order);
  networkBack.resolve();
  // Back on the real stream, the console says what it saw last (Last-Event-ID) and is told what it missed.
  expect(await reconnectedFrom.promise).toBe(position);
  await expect(page.getByRole('tab', { name: en('orders.detail.tabs.offer'), exact: true })).toBeVisible();
  // And what happens from then on arrives live.
  await staffComment(offered, 'We can also come a day earlier.');
  await expect(page.locator('[data-event="COMMENT"]')).toHaveCount(1, { timeout: LIVE_MS });
});

test('a console whose stream is refused at first reads its order again once it gets through', async ({ page }) => {
  const order = await requestedOrder('ec.admin@demo.onsite.test');
  await logInWithStream(page, 'ec.admin@demo.onsite.test');
  // The first attempt is held while staff make the offer, then refused: the console has no position to resume from.
  let attempts = 0;
  const held = deferred<void>();
  const refuse = deferred<void>();
  await page.route('**/api/updates', async (route) => {
    attempts++;
    if (attempts > 1) return route.continue();
    held.resolve();
    await refuse.promise;
    return route.abort('connectionrefused');
  });
  await page.goto(`/en/order/${order.refId}`);
  await expect(page.getByText(en('status.REQUESTED_QUOTE')).first()).toBeVisible();
  await held.promise;
  await makeOffer(order);
  refuse.resolve();
  await expect(page.getByRole('tab', { name: en('orders.detail.tabs.offer'), exact: true })).toBeVisible();
  expect(attempts).toBeGreaterThan(1);
});
