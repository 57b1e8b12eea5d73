import { expect, test, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { texts } from './i18n';
import { saveScreenshot, screenshot } from './screenshots';
import { expectAccessible, expectNoPageOverflow, logIn, logInThroughForm, openUserMenu } from './staff-support';

/**
 * Publishing a legal document's new version asks every user to accept it again (D206), which would stop the other
 * specs' users on the shared seeded server: this spec starts its own seeded server (TEST_PORT + 2) and publishes there.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PORT = Number(process.env.LEGAL_TEST_PORT ?? Number(process.env.TEST_PORT ?? '3100') + 2);
const BASE = `http://127.0.0.1:${PORT}`;
const en = texts('en');
const de = texts('de');

let server: ChildProcess | undefined;
let dataDir = '';
let log = '';

test.use({ baseURL: BASE });
test.describe.configure({ mode: 'serial' });

/** A small valid one-page PDF that names its edition. */
function pdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 72 760 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

async function waitForServer(): Promise<void> {
  const deadline = Date.now() + 170_000;
  for (;;) {
    const ok = await fetch(`${BASE}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    if (server?.exitCode !== null && server?.exitCode !== undefined) throw new Error(`The server ended (${server.exitCode}):\n${log}`);
    if (Date.now() > deadline) throw new Error(`The server did not start:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = mkdtempSync(join(tmpdir(), 'onsite-legal-'));
  server = spawn('node', ['services/api/dist/main.js'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PROFILE: 'embedded',
      DATA_DIR: dataDir,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      SEED_DEMO: 'true',
      SEED_DEMO_HISTORY: 'false',
      NO_COLOR: '1',
    },
  });
  server.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  await waitForServer();
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const ended = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await ended;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

async function openFromMenu(page: Page) {
  await openUserMenu(page);
  await page.getByTestId('menu-legalDocuments').click();
  await expect(page).toHaveURL(/\/en\/legal-documents$/);
  await expect(page.getByRole('heading', { level: 1, name: en('legalDocuments.title') })).toBeVisible();
}

test('auditors read the legal documents and their history, without publishing', async ({ page }) => {
  await logIn(page, 'bl.auditor@demo.onsite.test');
  await openFromMenu(page);
  const privacy = page.getByTestId('legal-kind-PRIVACY_POLICY');
  await expect(privacy.getByTestId('current-version')).toContainText(en('legalDocuments.current', { version: 1 }));
  await expect(privacy.getByTestId('legal-history-PRIVACY_POLICY')).toContainText('Lena Vogt');
  await expect(page.getByTestId('publish-PRIVACY_POLICY')).toHaveCount(0);
  await expectAccessible(page);
});

test('a staff administrator publishes a new privacy policy (en and de); a German customer accepts it at log-in and gets in', async ({ page, browser }) => {
  await logIn(page, 'bl.admin@demo.onsite.test');
  await openFromMenu(page);
  await expectAccessible(page);
  await screenshot(page, 'legal-documents-en');

  await page.getByTestId('publish-PRIVACY_POLICY').click();
  const dialog = page.getByRole('dialog', { name: en('legalDocuments.dialog.title', { document: en('legalDocuments.kinds.PRIVACY_POLICY') }) });
  await expect(dialog.getByText(en('legalDocuments.dialog.reaccept'))).toBeVisible();
  // Without the English file nothing is sent.
  await dialog.getByTestId('publish-version').click();
  await expect(dialog.getByTestId('publish-problem')).toHaveText(en('legalDocuments.dialog.englishRequired'));
  const inputs = dialog.getByTestId('file-input');
  await inputs.nth(0).setInputFiles({ name: 'privacy-2027-en.pdf', mimeType: 'application/pdf', buffer: pdf('Privacy policy 2027 - English') });
  await inputs.nth(1).setInputFiles({ name: 'privacy-2027-de.pdf', mimeType: 'application/pdf', buffer: pdf('Datenschutzerklaerung 2027 - Deutsch') });
  await expect(dialog.getByText('privacy-2027-de.pdf')).toBeVisible();
  await expectAccessible(page, '[role="dialog"]');
  await screenshot(page, 'legal-documents-publish-en');
  await dialog.getByTestId('publish-version').click();
  await expect(dialog).toBeHidden();
  // The publisher, too, accepts the new version (it shows the English file) before working on.
  const own = page.getByRole('dialog', { name: en('agreements.privacy.title') });
  await expect(own).toBeVisible();
  await expect(own.locator('iframe')).toHaveAttribute('src', '/api/legal/PRIVACY_POLICY/en.pdf');
  await screenshot(page, 'legal-documents-publisher-accepts-en');
  await own.getByRole('button', { name: en('agreements.accept') }).click();
  await expect(own).toBeHidden();

  const privacy = page.getByTestId('legal-kind-PRIVACY_POLICY');
  const history = privacy.getByTestId('legal-history-PRIVACY_POLICY');
  await expect(history.locator('tbody tr')).toHaveCount(2);
  await expect(history.locator('tbody tr').first()).toContainText('Lena Vogt');
  await expect(privacy.getByTestId('download-PRIVACY_POLICY-2-de')).toBeVisible();
  await expect(privacy.getByTestId('download-PRIVACY_POLICY-2-pt')).toHaveCount(0);
  await expect(privacy.getByTestId('download-PRIVACY_POLICY-1-pt')).toBeVisible();
  await expect(privacy.getByTestId('current-version')).toContainText(en('legalDocuments.current', { version: 2 }));
  await expectAccessible(page);
  await screenshot(page, 'legal-documents-published-en');

  // The older version stays downloadable from here: a signed address of the stored file, in a new tab.
  const [tab] = await Promise.all([page.waitForEvent('popup'), privacy.getByTestId('download-PRIVACY_POLICY-1-de').click()]);
  await expect(tab).toHaveURL(/\/api\/file\/download\/[0-9a-f-]+\.pdf\?name=privacy-policy-de\.pdf&token=/);
  await tab.close();

  // The public document is the new version: German where uploaded, English for Portuguese readers.
  const served = async (lang: string) => Buffer.from(await (await page.request.get(`/api/legal/PRIVACY_POLICY/${lang}.pdf`)).body()).toString('latin1');
  expect(await served('de')).toContain('Datenschutzerklaerung 2027');
  expect(await served('pt')).toContain('Privacy policy 2027 - English');

  // Staff work in English (their console's language): the page at 390 px.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoPageOverflow(page);
  await saveScreenshot(page, 'legal-documents-en-390');

  // A German customer logs in through the form: the privacy dialog shows the new German file; accepting lets them in.
  const context = await browser.newContext({ baseURL: BASE, viewport: { width: 1366, height: 900 }, locale: 'de-DE', reducedMotion: 'reduce' });
  const customer = await context.newPage();
  await customer.goto('/de/login');
  await logInThroughForm(customer, 'ec2.admin@demo.onsite.test', undefined, 'de');
  const agreement = customer.getByRole('dialog', { name: de('agreements.privacy.title') });
  await expect(agreement).toBeVisible();
  await expect(customer.getByRole('dialog', { name: de('agreements.licence.title') })).toHaveCount(0);
  await expect(agreement.locator('iframe')).toHaveAttribute('src', '/api/legal/PRIVACY_POLICY/de.pdf');
  await expectAccessible(customer, '[role="dialog"]');
  await screenshot(customer, 'legal-documents-customer-accept-de');
  await customer.setViewportSize({ width: 390, height: 844 });
  await expectNoPageOverflow(customer);
  await saveScreenshot(customer, 'legal-documents-customer-accept-de-390');
  await agreement.getByRole('button', { name: de('agreements.accept') }).click();
  await expect(agreement).toBeHidden();
  await expect(customer).toHaveURL(/\/de\/my-service-orders$/);
  await expect(customer.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(customer);
  await screenshot(customer, 'legal-documents-customer-home-de');
  await context.close();
});
