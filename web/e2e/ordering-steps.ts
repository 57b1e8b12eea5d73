import type { Locator, Page } from '@playwright/test';
import type { texts } from './i18n';

/** Steps of the ordering form as a person takes them, shared by the ordering specs. */
export type T = ReturnType<typeof texts>;

/** A calendar day `days` from today: as people type it (day first) and as `YYYY-MM-DD`. */
export function dayIn(days: number): { typed: string; iso: string } {
  const d = new Date(Date.now() + days * 86_400_000);
  const [y, m, dd] = [d.getFullYear(), String(d.getMonth() + 1).padStart(2, '0'), String(d.getDate()).padStart(2, '0')];
  return { typed: `${dd}.${m}.${y}`, iso: `${y}-${m}-${dd}` };
}

/** A day `days` from today as people type it (day first). */
export const typedDate = (days: number): string => dayIn(days).typed;

/** Types a date and leaves the field, as a person does (the field reads what was typed on blur). */
export async function typeDate(field: Locator, value: string) {
  await field.fill(value);
  await field.blur();
}

/** The site's name and address; the city's suggestions are not wanted here, closed as a person would. */
export async function fillLocation(page: Page, t: T, site: { name: string; street: string; postCode: string; city: string }) {
  await page.getByLabel(new RegExp(`^${t('fields.locationName')}`)).fill(site.name);
  await page.getByLabel(new RegExp(`^${t('fields.addressLine1')}`)).fill(site.street);
  await page.getByLabel(new RegExp(`^${t('fields.postCode')}`)).fill(site.postCode);
  const city = page.getByLabel(new RegExp(`^${t('fields.city')}`));
  await city.fill(site.city);
  await city.press('Escape');
}
