import type { Locator } from '@playwright/test';
import type { texts } from './i18n';

/**
 * Types a new billing address into the accept dialog, field by field, as a customer would (a UK address). A NEW one
 * even where the company has stored addresses (every demo company has one, preselected): chosen first.
 */
export async function fillNewBillingAddress(dialog: Locator, t: ReturnType<typeof texts>): Promise<void> {
  await dialog.getByRole('radio', { name: t('orders.offer.acceptDialog.newAddress') }).check();
  const field = (key: string) => dialog.getByLabel(new RegExp(`^${t(`orders.offer.acceptDialog.fields.${key}`)}`));
  await field('firstName').fill('Ann');
  await field('lastName').fill('Lee');
  await field('email').fill('ap@thames.example');
  await field('department').fill('Accounts payable');
  await field('addressLine1').fill('14 Riverside Way');
  await field('addressPostCode').fill('RG1 8DB');
  await field('addressCity').fill('Reading');
  await field('taxNumber').fill('GB123456789');
}
