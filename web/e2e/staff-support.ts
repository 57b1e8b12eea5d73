import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { texts } from './i18n';

/** Shared steps of the staff and admin browser tests (order history, companies, users, my profile). */
export const PASSWORD = 'Onsite-demo-1';
/** Where the console keeps the session token (web/src/lib/session/token-store.ts). */
const TOKEN_KEY = 'onsite.token';

/**
 * Signed in as `email`, on the page the login form leads to (the user's first page in `lang`). The session comes from
 * the api and is stored where the console keeps it, as for a returning user whose browser kept the session: the form
 * itself is driven by the specs about it (shell, account, quote request, login shell), and a spec that only needs a
 * signed-in user does not pay for it again in every test.
 */
export async function logIn(page: Page, email: string, password = PASSWORD, lang: 'en' | 'de' | 'pt' = 'en') {
  await storeSession(page, email, password);
  // Where the form sends a user who came to it directly (safeRedirect in web/src/lib/paths.ts).
  await page.goto(`/${lang}/my-service-orders`);
  await expect(page).not.toHaveURL(/\/login/);
}

/**
 * Opens the user menu as a person does: a click on their name, and a second one if the menu did not open. The button
 * is drawn again when the menu's code arrives (UserMenu), which once lost a click whose press and release straddled
 * that moment; the button now takes the press as the click (UserMenu.unit.test.tsx), and a second click stays what a
 * person would do if the menu still did not open.
 */
export async function openUserMenu(page: Page) {
  const dropdown = page.getByTestId('user-menu-dropdown');
  await expect(async () => {
    if (!(await dropdown.isVisible())) await page.getByTestId('user-menu').click();
    await expect(dropdown).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/** A session of `email` from the api, stored where the console keeps it; the page is left on a file of the origin. */
export async function storeSession(page: Page, email: string, password = PASSWORD) {
  const token = await apiToken(page.request, email, password);
  // Any small file of the console's origin: localStorage belongs to the origin.
  await page.goto('/server-page.js');
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
}

/**
 * The login form in `lang`, as a person fills it in (the specs about signing in). A page already on the login form
 * (sent there from a page that needs a session) keeps it, with where it leads back to.
 */
export async function logInThroughForm(page: Page, email: string, password = PASSWORD, lang: 'en' | 'de' | 'pt' = 'en') {
  const t = texts(lang);
  if (!new URL(page.url(), 'http://x').pathname.endsWith(`/${lang}/login`)) await page.goto(`/${lang}/login`);
  // The field's whole label (a required field's ends in '*'): in German the password's show/hide button begins alike.
  const field = (label: string) => page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`));
  await field(t('fields.email')).fill(email);
  await field(t('fields.password')).fill(password);
  await page.getByRole('button', { name: t('actions.login'), exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

export { screenshot } from './screenshots';

/**
 * No serious or critical axe violation (WCAG 2 A and AA), on the page or only `within` a part of it (a dialog: what it
 * covers cannot be judged for contrast).
 */
export async function expectAccessible(page: Page, within?: string) {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']);
  const results = await (within ? builder.include(within) : builder).analyze();
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

/** Uploads a small PDF as the console does (multipart) and answers the reference a command takes. */
export async function apiUploadPdf(request: APIRequestContext, token: string, name = 'Offer.pdf'): Promise<{ uploadId: string }> {
  const response = await request.post('/api/file/upload', {
    multipart: { file: { name, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n') } },
    headers: { authorization: `Bearer ${token}` },
  });
  if (response.status() !== 200) throw new Error(`upload: ${response.status()} ${await response.text()}`);
  return { uploadId: ((await response.json()) as { data: { uploadId: string } }).data.uploadId };
}

/** A quote request as a customer would send it, starting in 30 days; returns its reference. */
export async function requestQuote(
  request: APIRequestContext,
  token: string,
  location: { name: string; city: string; country: string; timeZone: string },
  endCustomer?: string,
) {
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

/** The newest link of this kind the dev outbox holds for a recipient (read with a staff administrator's session). */
export async function outboxLink(request: APIRequestContext, recipient: string, kind: 'invitation' | 'password-reset' | 'verify-email'): Promise<string> {
  const staff = await apiToken(request, 'bl.admin@demo.onsite.test');
  const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(recipient)}`, { headers: { authorization: `Bearer ${staff}` } });
  expect(response.status()).toBe(200);
  const messages = ((await response.json()) as { data: { kind: string; link?: string; sentAt: string }[] }).data;
  const link = messages.filter((m) => m.kind === kind && m.link).sort((a, b) => b.sentAt.localeCompare(a.sentAt))[0]?.link;
  if (!link) throw new Error(`No ${kind} link for ${recipient} in the dev outbox`);
  return link;
}

let usersMade = 0;

/**
 * A new active user of the company `colleague` belongs to, invited by staff, who set their password from the
 * invitation and accepted the agreements: a user a test may edit, archive or delete without disturbing the demo
 * users other tests log in as.
 */
export async function newActiveUser(
  request: APIRequestContext,
  colleague: string,
  settings: { role: string; firstName?: string; lastName?: string; phone?: string } & Record<string, unknown>,
): Promise<{ _id: string; email: string; name: string }> {
  const staff = await apiToken(request, 'bl.admin@demo.onsite.test');
  const { company } = await apiPost<{ company: { _id: string } }>(request, await apiToken(request, colleague), '/api/user/getProfile', {});
  const email = `e2e.${settings.role.toLowerCase()}.${Date.now().toString(36)}.${++usersMade}.${process.pid}@example.test`;
  const { firstName = 'Robin', lastName = `Test${usersMade}${Date.now().toString(36)}`, ...rest } = settings;
  const user = await apiPost<{ _id: string }>(request, staff, '/api/admin/user/invite', {
    ...rest,
    email,
    firstName,
    lastName,
    companyId: company._id,
    communicationChannels: ['email'],
  });
  const token = new URL(await outboxLink(request, email, 'invitation')).searchParams.get('token');
  const set = await request.post('/api/user/set-password', { data: { token, password: PASSWORD, confirmPassword: PASSWORD } });
  expect(set.status()).toBe(200);
  // They accepted the licence and the privacy policy at their first login, as every demo user has.
  const session = await apiToken(request, email);
  for (const agreement of ['/api/user/acceptUserLicence', '/api/user/acceptPrivacyPolicy'])
    expect((await request.post(agreement, { headers: { authorization: `Bearer ${session}` } })).status()).toBe(200);
  return { _id: user._id, email, name: `${firstName} ${lastName}` };
}

/**
 * A company of its own with a new, active administrator, brought in by staff through the api: for a test that
 * changes a company (its information, its completeness) without disturbing the demo companies other specs order
 * for at the same time.
 */
export async function newCompanyAdmin(
  request: APIRequestContext,
  company: { name: string; type: 'EC' | 'OEM'; country: string },
  person: { firstName: string; lastName: string },
): Promise<{ companyId: string; email: string }> {
  const staff = await apiToken(request, 'bl.admin@demo.onsite.test');
  const { _id: companyId } = await apiPost<{ _id: string }>(request, staff, '/api/admin/company/create', {
    ...company,
    name: `${company.name} ${Date.now().toString(36)}`,
  });
  const email = `e2e.admin.${Date.now().toString(36)}.${++usersMade}.${process.pid}@example.test`;
  await apiPost(request, staff, '/api/admin/user/invite', { email, ...person, role: 'ADMIN', companyId, communicationChannels: ['email'] });
  const token = new URL(await outboxLink(request, email, 'invitation')).searchParams.get('token');
  expect((await request.post('/api/user/set-password', { data: { token, password: PASSWORD, confirmPassword: PASSWORD } })).status()).toBe(200);
  const session = await apiToken(request, email);
  for (const agreement of ['/api/user/acceptUserLicence', '/api/user/acceptPrivacyPolicy'])
    expect((await request.post(agreement, { headers: { authorization: `Bearer ${session}` } })).status()).toBe(200);
  return { companyId, email };
}
