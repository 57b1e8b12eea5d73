import AxeBuilder from '@axe-core/playwright';
import { expect, request as apiRequest, test, type Page } from '@playwright/test';
import { fillNewBillingAddress } from './accept-dialog';
import { texts } from './i18n';
import { screenshot as shot } from './screenshots';
import { jobInPlanning, offeredOrder, type OrderRef } from './order-setup';
import { logIn as signIn } from './staff-support';

const PASSWORD = 'Onsite-demo-1';

type Lang = 'en' | 'de';

async function bumpVersion(order: OrderRef): Promise<void> {
  const api = await apiRequest.newContext({ baseURL: test.info().project.use.baseURL });
  const token = ((await (await api.post('/api/log-in', { data: { email: 'bl.sales@demo.onsite.test', password: PASSWORD } })).json()) as { token: string })
    .token;
  const detail = (await (await api.post('/api/order/getByRefId', { data: { refId: order.refId }, headers: { authorization: `Bearer ${token}` } })).json()) as {
    data: OrderRef;
  };
  const r = await api.post('/api/order/comment', {
    data: { orderId: order._id, version: detail.data.version, externalComment: 'We can also come a day earlier.' },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(r.status()).toBe(200);
  await api.dispose();
}

async function logIn(page: Page, email: string, lang: Lang) {
  await signIn(page, email, PASSWORD, lang);
  await expect(page).toHaveURL(new RegExp(`/${lang}/my-service-orders`));
}

async function openOffer(page: Page, lang: Lang, order: OrderRef) {
  const t = texts(lang);
  await page.goto(`/${lang}/order/${order.refId}`);
  await page.getByRole('tab', { name: t('orders.detail.tabs.offer'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${order.refId}/offer$`));
  await expect(page.getByRole('heading', { name: t('orders.offer.title') })).toBeVisible();
}

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(', ')}`)).toEqual([]);
}

test('an end customer sees the offer with its countdown and accepts it with a PO and a new billing address (en)', async ({ page }) => {
  const t = texts('en');
  const order = await offeredOrder('ec.admin@demo.onsite.test');
  await logIn(page, 'ec.admin@demo.onsite.test', 'en');
  await page.goto(`/en/order/${order.refId}`);
  // The header leads to the decision: the offer tab, where the offer is accepted or rejected.
  await page.getByRole('link', { name: t('orders.offer.review') }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${order.refId}/offer$`));
  await expect(page.getByRole('link', { name: t('orders.offer.review') })).toHaveCount(0);
  await expect(page.getByTestId('offer-countdown')).toHaveText(/Expires in 3 d (4|5) h/);
  await expect(page.getByText('Two technicians, one day.').first()).toBeVisible();
  await expect(page.getByTestId('offer-price')).toHaveText('€2,450.00');
  await expect(page.getByRole('button', { name: 'Offer.pdf' })).toBeVisible();
  // The offer's id goes to the clipboard, e.g. for the customer's purchasing system.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByTestId('copy-offer-id').click();
  await expect(page.getByTestId('copy-offer-id')).toHaveText(t('orders.offer.idCopied'));
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^[0-9a-f-]{36}$/);
  await expectNoSeriousViolations(page);
  await shot(page, 'offer-tab-en');

  await page.getByTestId('accept-offer').click();
  const dialog = page.getByRole('dialog', { name: t('orders.offer.acceptDialog.title') });
  await expect(dialog).toBeVisible();
  // The company's stored billing address (the demo company has one) is offered first; this customer bills elsewhere.
  await expect(dialog.getByRole('radio', { name: /^Oliver Bennett, .*14 Riverside Way/ })).toBeChecked();
  await dialog.getByRole('radio', { name: t('orders.offer.acceptDialog.newAddress') }).check();
  // Nothing filled in: Accept waits until the terms are ticked and the billing address is complete, and says so.
  await expect(dialog.getByTestId('confirm-accept')).toBeDisabled();
  await expect(dialog.getByTestId('accept-not-ready')).toHaveText(t('orders.offer.acceptDialog.notReady'));
  await dialog.getByLabel(t('orders.offer.acceptDialog.poNumber')).fill('PO-4711');
  await fillNewBillingAddress(dialog, t);
  await expect(dialog.getByTestId('confirm-accept')).toBeDisabled();
  await dialog.getByRole('checkbox', { name: /terms|Bedingungen|AGB/i }).check();
  await expect(dialog.getByTestId('confirm-accept')).toBeEnabled();
  await expect(dialog.getByTestId('accept-not-ready')).toHaveCount(0);
  // The address typed here is offered for the company's list (the admin decides; ticked by default).
  await expect(dialog.getByRole('switch', { name: t('orders.offer.acceptDialog.keepAddress') })).toBeChecked();
  // Enabled, the button fades to its colour: axe judges the contrast once that transition has ended.
  await dialog.getByTestId('confirm-accept').evaluate((button) => Promise.all(button.getAnimations().map((animation) => animation.finished)));
  await expectNoSeriousViolations(page);
  await shot(page, 'offer-accept-dialog-en');
  await dialog.getByTestId('confirm-accept').click();
  await expect(dialog.getByTestId('accept-confirmed')).toBeVisible();
  await expect(dialog.getByTestId('address-kept')).toHaveText(t('orders.offer.acceptDialog.addressKept'));
  await dialog.getByTestId('accept-close').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(t('status.ORDER_SUBMITTED')).first()).toBeVisible();
  await expect(page.getByTestId('offer-outcome')).toHaveText(t('orders.offer.outcome.accepted'));
  await expect(page.getByTestId('accept-offer')).toHaveCount(0);
});

test('a German end customer rejects an offer: a reason is needed, and a comment with "other"; then the list (de)', async ({ page }) => {
  const t = texts('de');
  const order = await offeredOrder('ec2.admin@demo.onsite.test');
  await logIn(page, 'ec2.admin@demo.onsite.test', 'de');
  await openOffer(page, 'de', order);
  await expect(page.getByTestId('offer-countdown')).toHaveText(/Läuft ab in 3 T/);
  await expect(page.getByTestId('offer-price')).toHaveText(/^2\.450,00\s€$/);
  await expectNoSeriousViolations(page);
  await shot(page, 'offer-tab-de');
  await page.getByRole('button', { name: t('orders.reject.action.OFFERED') }).click();
  const dialog = page.getByRole('dialog', { name: t('orders.reject.title.OFFERED') });
  await dialog.getByTestId('confirm-reject').click();
  await expect(dialog.getByText(t('orders.reject.reasonRequired'))).toBeVisible();
  // All six reasons for an offer, 'someone else' included (it is left out only for a plain quote request).
  await expect(dialog.getByRole('checkbox')).toHaveCount(6);
  await expect(dialog.getByLabel(t('orders.reject.reason.SOMEONE_ELSE'))).toBeVisible();
  const comment = dialog.getByLabel(new RegExp(`^${t('orders.reject.comment')}`));
  await comment.fill('Zu teuer.');
  // Choosing 'other' starts the comment afresh (D41): it must say what the other reason is.
  await dialog.getByLabel(t('orders.reject.reason.OTHER')).check();
  await expect(comment).toHaveValue('');
  await dialog.getByTestId('confirm-reject').click();
  await expect(dialog.getByText(t('validation.required'))).toBeVisible();
  await comment.fill('Budget eingefroren.');
  await expectNoSeriousViolations(page);
  await shot(page, 'offer-reject-dialog-de');
  await dialog.getByTestId('confirm-reject').click();
  // After a reject the customer is back at the service orders (D41).
  await expect(page).toHaveURL(/\/de\/my-service-orders$/);
  await expect(page.getByText(t('orders.reject.done.OFFERED', { refId: order.refId }))).toBeVisible();
  await page.goto(`/de/order/${order.refId}/offer`);
  await expect(page.getByTestId('offer-outcome')).toHaveText(t('orders.offer.outcome.rejected'));
  await expect(page.getByText(t('status.DECLINED')).first()).toBeVisible();
});

test('a stale accept shows the conflict with a reload button, never a silent overwrite', async ({ page }) => {
  const t = texts('en');
  const order = await offeredOrder('ec.admin@demo.onsite.test');
  await logIn(page, 'ec.admin@demo.onsite.test', 'en');
  await openOffer(page, 'en', order);
  await page.getByTestId('accept-offer').click();
  const dialog = page.getByRole('dialog', { name: t('orders.offer.acceptDialog.title') });
  // The dialog puts the focus in its first field as it opens: typing starts after that, as a person's would.
  await expect(dialog.getByRole('textbox', { name: t('orders.offer.acceptDialog.poNumber') })).toBeFocused();
  await bumpVersion(order);
  const fill = async () => {
    await fillNewBillingAddress(dialog, t);
    await dialog.getByRole('checkbox').check();
  };
  await fill();
  await dialog.getByTestId('confirm-accept').click();
  await expect(dialog.getByTestId('conflict-alert')).toContainText(t('orders.offer.conflict'));
  // Trying again with the same stale version shows the one message, not two.
  await dialog.getByTestId('confirm-accept').click();
  await expect(dialog.getByTestId('conflict-alert')).toHaveCount(1);
  await shot(page, 'offer-conflict-en');
  await dialog.getByRole('button', { name: t('actions.reload') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(t('status.OFFERED')).first()).toBeVisible();
  // Reloaded, the customer decides again, on the current version.
  await page.getByTestId('accept-offer').click();
  await expect(dialog.getByRole('textbox', { name: t('orders.offer.acceptDialog.poNumber') })).toBeFocused();
  await fill();
  await dialog.getByTestId('confirm-accept').click();
  await expect(dialog.getByTestId('accept-confirmed')).toBeVisible();
  await dialog.getByTestId('accept-close').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(t('status.ORDER_SUBMITTED')).first()).toBeVisible();
});

test('a role that may not accept sees why; the offer works at phone width', async ({ page }) => {
  const t = texts('en');
  const order = await offeredOrder('ec.admin@demo.onsite.test');
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, 'ec.quotation_only@demo.onsite.test', 'en');
  await openOffer(page, 'en', order);
  const accept = page.getByTestId('accept-offer');
  await expect(accept).toHaveAttribute('aria-disabled', 'true');
  await accept.hover();
  await expect(page.getByText(t('orders.offer.blocker.role_restriction'))).toBeVisible();
  await expect(page.getByRole('button', { name: t('orders.reject.action.OFFERED') })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'offer-tab-en-390');
});

test("an order whose job is being planned is never hidden silently from the customer's list", async ({ page }) => {
  const t = texts('en');
  const order = await jobInPlanning('ec.admin@demo.onsite.test');
  await logIn(page, 'ec.admin@demo.onsite.test', 'en');
  const hint = page.getByTestId('hidden-orders');
  await expect(hint).toBeVisible();
  await expect(page.getByRole('link', { name: order.refId })).toHaveCount(0);
  await shot(page, 'my-orders-hidden-note-en');
  await hint.getByRole('button', { name: t('orders.list.showAll') }).click();
  await expect(page.getByRole('link', { name: order.refId })).toBeVisible();
  await expect(hint).toHaveCount(0);
  // The 'job planned' button alone shows it too: it stands for the job being planned as well.
  await page.goto('/en/my-service-orders?status=JOB_PLANNED');
  await expect(page.getByRole('link', { name: order.refId })).toBeVisible();
  await expectNoSeriousViolations(page);
});
