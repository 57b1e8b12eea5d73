import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { texts } from './i18n';

/** Shared steps of the staff and admin browser tests (order history, companies, users, my profile). */
export const PASSWORD = 'Onsite-demo-1';

export async function logIn(page: Page, email: string, password = PASSWORD) {
  const t = texts('en');
  await page.goto('/en/login');
  await page.getByLabel(new RegExp(`^${t('fields.email')}`)).fill(email);
  await page.getByLabel(new RegExp(`^${t('fields.password')}`)).fill(password);
  await page.getByRole('button', { name: t('actions.login'), exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

export { screenshot } from './screenshots';

/** No serious or critical axe violation (WCAG 2 A and AA). */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html}`).join(', ')}`)).toEqual([]);
}

/** At 390 px the page itself never scrolls sideways (tables scroll inside their own box). */
export async function expectNoPageOverflow(page: Page) {
  // Charts and maps follow the new width when their resize observers fire: give the layout a moment to settle.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { timeout: 5_000 }).toBeLessThanOrEqual(390);
}

export async function apiToken(request: APIRequestContext, email: string, password = PASSWORD): Promise<string> {
  const response = await request.post('/api/log-in', { data: { email, password } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

export async function apiPost<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const response = await request.post(path, { data, headers: { authorization: `Bearer ${token}` } });
  if (response.status() !== 200) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

/** A quote request as a customer would send it, starting in 30 days; returns its reference. */
export async function requestQuote(request: APIRequestContext, token: string, location: { name: string; city: string; country: string; timeZone: string }, endCustomer?: string) {
  const start = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const end = new Date(Date.now() + 32 * 86_400_000).toISOString().slice(0, 10);
  const draft = await apiPost<{ _id: string; version: number; refId: string }>(request, token, '/api/order/create', {
    creationType: 'QUOTE_REQUEST',
    content: {
      location: { ...location, addressLine1: 'Industriestraße 12', postCode: '20095' },
      ...(endCustomer ? { endCustomer: { name: endCustomer } } : {}),
      timeframes: [{ date: { from: `${start}T08:00:00`, to: `${end}T18:00:00` } }],
      services: [{ serviceId: 'svc-preventive-maintenance' }],
      additionalInformation: { serviceTechnicians: { expectedNumberOfTechnicians: 2 }, remarks: 'Browser test' },
    },
  });
  await apiPost(request, token, '/api/order/submit', { orderId: draft._id, version: draft.version, disclaimerAccepted: true });
  return draft.refId;
}
