import { expect, test, type Locator, type Page } from '@playwright/test';
import { texts } from './i18n';
import { acceptedOrder, offeredOrder } from './order-setup';
import { saveScreenshot } from './screenshots';
import { expectAccessible, expectNoPageOverflow, logIn } from './staff-support';

type Lang = 'en' | 'de';

/** The open dialog as a person sees it: the viewport, once the dialog has settled. */
async function dialogShot(page: Page, name: string) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await saveScreenshot(page, name, { fullPage: false });
}

/** Opens a dialog with `opener`, checks it under axe, keeps a picture, and closes it with its own button. */
async function lookAt(page: Page, opener: Locator, title: string, close: string, name: string) {
  await opener.click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialogShot(page, name);
  // It closes only by its buttons (D41): Escape leaves it open.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: close, exact: true }).click();
  await expect(dialog).toBeHidden();
}

for (const [lang, customer] of [
  ['en', 'ec.admin@demo.onsite.test'],
  ['de', 'ec2.admin@demo.onsite.test'],
] as const satisfies readonly (readonly [Lang, string])[]) {
  test(`every dialog of a customer's offer and order, under axe and pictured (${lang})`, async ({ page }) => {
    const t = texts(lang);
    const cancel = t('actions.cancel');
    const offered = await offeredOrder(customer);
    const accepted = await acceptedOrder(customer);
    await logIn(page, customer);

    await page.goto(`/${lang}/order/${offered.refId}/offer`);
    await expect(page.getByRole('heading', { name: t('orders.offer.title') })).toBeVisible();
    await lookAt(page, page.getByTestId('accept-offer'), t('orders.offer.acceptDialog.title'), cancel, `dialog-accept-${lang}`);
    await lookAt(page, page.getByTestId('request-more-time'), t('orders.offer.moreTime.title'), cancel, `dialog-more-time-${lang}`);
    await lookAt(
      page,
      page.getByRole('button', { name: t('orders.reject.action.OFFERED') }),
      t('orders.reject.title.OFFERED'),
      cancel,
      `dialog-reject-offer-${lang}`,
    );
    await lookAt(page, page.getByTestId('request-change'), t('orders.change.title', { refId: offered.refId }), cancel, `dialog-change-${lang}`);

    await page.goto(`/${lang}/order/${accepted.refId}/order`);
    await expect(page.getByTestId('po-number')).toBeVisible();
    await lookAt(page, page.getByRole('button', { name: t('orders.order.po.edit') }), t('orders.order.po.editTitle'), cancel, `dialog-edit-po-${lang}`);
    await lookAt(
      page,
      page.getByRole('button', { name: t('orders.order.localContact.add') }),
      t('orders.order.localContact.title'),
      cancel,
      `dialog-local-contact-${lang}`,
    );
    await lookAt(page, page.getByTestId('cancel-order'), t('orders.cancel.title.order'), t('orders.cancel.keep'), `dialog-cancel-order-${lang}`);
    await lookAt(
      page,
      page.getByRole('button', { name: t('orders.reject.action.ORDER_SUBMITTED') }),
      t('orders.reject.title.ORDER_SUBMITTED'),
      cancel,
      `dialog-reject-order-${lang}`,
    );

    // At phone width the largest of them, the acceptance, fits the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/${lang}/order/${offered.refId}/offer`);
    await page.getByTestId('accept-offer').click();
    await page.getByRole('radio', { name: t('orders.offer.acceptDialog.newAddress') }).check();
    await expectNoPageOverflow(page);
    await dialogShot(page, `dialog-accept-${lang}-390`);
  });
}
