import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { texts } from './i18n';
import { offeredOrder } from './order-setup';
import { expectAccessible, expectNoPageOverflow, logIn, openUserMenu, screenshot } from './staff-support';

const en = texts('en');
const de = texts('de');

type Message = { id: string; kind: string; orderRef: string; data: Record<string, unknown> };

/** The customer's system: a small receiver on loopback that keeps what it is sent. */
async function startReceiver(): Promise<{
  url: string;
  received: { raw: string; headers: IncomingHttpHeaders; message: Message }[];
  close: () => Promise<void>;
}> {
  const received: { raw: string; headers: IncomingHttpHeaders; message: Message }[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      received.push({ raw, headers: req.headers, message: JSON.parse(raw) as Message });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/onsite/webhooks`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** As docs/integration.md tells a customer's developer: HMAC-SHA256 over `<t>.<body>`, any v1 entry may match. */
function signedWith(secret: string, header: string, raw: string): boolean {
  const parts = header.split(',').map((part) => part.split('='));
  const t = parts.find(([key]) => key === 't')?.[1];
  const expected = createHmac('sha256', secret).update(`${t}.${raw}`).digest();
  return parts
    .filter(([key]) => key === 'v1')
    .some(([, hex]) => {
      const sent = Buffer.from(hex ?? '', 'hex');
      return sent.length === expected.length && timingSafeEqual(expected, sent);
    });
}

async function openFromMenu(page: Page, t: ReturnType<typeof texts>, lang: 'en' | 'de') {
  await openUserMenu(page);
  await page.getByTestId('menu-webhooks').click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/webhooks$`));
  await expect(page.getByRole('heading', { level: 1, name: t('webhooks.title') })).toBeVisible();
}

test('a customer administrator adds a webhook, sees its secret once, an offer arrives signed, and sends it again (en, 390 px)', async ({ page }) => {
  const receiver = await startReceiver();
  try {
    await logIn(page, 'ec.admin@demo.onsite.test');
    await openFromMenu(page, en, 'en');

    await page.getByTestId('new-webhook').click();
    const dialog = page.getByRole('dialog', { name: en('webhooks.dialog.title') });
    // Without an address nothing is sent.
    await dialog.getByTestId('create-webhook').click();
    await expect(dialog.getByText(en('validation.required'))).toBeVisible();
    await dialog.getByRole('textbox', { name: new RegExp(`^${en('webhooks.fields.url')}`) }).fill(receiver.url);
    await expect(dialog.getByRole('checkbox', { name: en('webhooks.kinds.offer_made') })).toBeChecked();
    await expectAccessible(page, '[role="dialog"]');
    await screenshot(page, 'webhook-dialog-en');
    await dialog.getByTestId('create-webhook').click();

    const shown = page.getByRole('dialog', { name: en('webhooks.secret.title') });
    const secret = (await shown.getByTestId('webhook-secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    await expect(shown.getByText(en('webhooks.secret.once'))).toBeVisible();
    await expectAccessible(page, '[role="dialog"]');
    await shown.getByTestId('webhook-secret-done').click();
    await expect(shown).toBeHidden();
    const card = page.getByTestId('webhook-card').filter({ hasText: receiver.url });
    await expect(card.getByTestId('webhook-state')).toHaveText(en('webhooks.states.active'));
    await expect(page.getByText(secret)).toHaveCount(0);

    // Staff make an offer: the customer's system hears of it, signed with the secret, without price or comment.
    const order = await offeredOrder('ec.admin@demo.onsite.test');
    await expect
      .poll(() => receiver.received.filter((r) => r.message.orderRef === order.refId && r.message.kind === 'offer.made').length, { timeout: 20_000 })
      .toBe(1);
    const offer = receiver.received.find((r) => r.message.orderRef === order.refId)!;
    expect(signedWith(secret, offer.headers['onsite-signature'] as string, offer.raw)).toBe(true);
    expect(Object.keys(offer.message.data).sort()).toEqual(['expiresAt', 'offerId']);

    // The delivery log shows it delivered; 'send again' sends the same message (same id) once more.
    await card.getByTestId('webhook-toggle-log').click();
    const row = card.getByTestId('webhook-delivery').filter({ hasText: order.refId });
    await expect(row).toContainText(en('webhooks.kinds.offer_made'));
    await expect(row).toContainText(en('webhooks.log.states.delivered'));
    await expectAccessible(page);
    await screenshot(page, 'webhooks-en');
    await row.getByRole('button', { name: en('webhooks.log.sendAgainFor', { kind: en('webhooks.kinds.offer_made'), ref: order.refId }) }).click();
    await expect.poll(() => receiver.received.filter((r) => r.message.id === offer.message.id).length, { timeout: 20_000 }).toBe(2);
    await expect(row.getByRole('cell').nth(4)).toHaveText('2', { timeout: 10_000 });

    // Paused and resumed by hand.
    await card.getByTestId('webhook-pause').click();
    await expect(card.getByTestId('webhook-state')).toHaveText(en('webhooks.states.paused'));
    await card.getByTestId('webhook-resume').click();
    await expect(card.getByTestId('webhook-state')).toHaveText(en('webhooks.states.active'));

    // At phone width the log is cards, and the page never scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(card.getByTestId('webhook-delivery').filter({ hasText: order.refId })).toBeVisible();
    await expectNoPageOverflow(page);
    await expectAccessible(page);
    await screenshot(page, 'webhooks-en-390');

    // Removed after a confirmation.
    await card.getByRole('button', { name: en('webhooks.remove') }).click();
    const confirm = page.getByRole('dialog', { name: en('webhooks.removeDialog.title') });
    await confirm.getByTestId('confirm-remove-webhook').click();
    await expect(confirm).toBeHidden();
    await expect(card).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});

test('the page in German refuses a private address; staff administrators choose the company; other roles have no page', async ({ page }) => {
  await logIn(page, 'ec2.admin@demo.onsite.test', undefined, 'de');
  await openFromMenu(page, de, 'de');
  await page.getByTestId('new-webhook').click();
  const dialog = page.getByRole('dialog', { name: de('webhooks.dialog.title') });
  await dialog.getByRole('textbox', { name: new RegExp(`^${de('webhooks.fields.url')}`) }).fill('https://10.0.0.8/hooks');
  await dialog.getByTestId('create-webhook').click();
  await expect(dialog.getByText(de('webhooks.errors.urlNotAllowed'))).toBeVisible();
  await expectAccessible(page, '[role="dialog"]');
  await screenshot(page, 'webhook-dialog-de');
  await dialog.getByRole('button', { name: de('actions.cancel') }).click();
  await expectAccessible(page);
  await screenshot(page, 'webhooks-de');

  await logIn(page, 'bl.admin@demo.onsite.test');
  await openFromMenu(page, en, 'en');
  await expect(page.getByText(en('webhooks.chooseCompany'))).toBeVisible();
  await expect(page.getByTestId('new-webhook')).toHaveCount(0);
  await page.getByTestId('webhook-company').fill('Thames');
  await page.getByRole('option', { name: 'Thames Precision Ltd' }).click();
  await expect(page.getByTestId('new-webhook')).toBeVisible();
  await expectAccessible(page);

  await logIn(page, 'ec.planner@demo.onsite.test');
  await openUserMenu(page);
  await expect(page.getByTestId('menu-webhooks')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/en/webhooks');
  await expect(page.getByRole('heading', { level: 1, name: en('webhooks.title') })).toHaveCount(0);
});
