import { expect, test } from '@playwright/test';
import { texts } from './i18n';
import { expectAccessible, expectNoPageOverflow, logIn, openUserMenu, screenshot } from './staff-support';

const en = texts('en');
const de = texts('de');

test('a staff administrator adds a help question in English and German, a German customer reads it, and it goes when removed (en, de, 390 px)', async ({
  page,
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const question = `Can technicians work night shifts ${stamp}?`;
  const frage = `Arbeiten Techniker auch nachts ${stamp}?`;
  await logIn(page, 'bl.admin@demo.onsite.test');
  await openUserMenu(page);
  await page.getByTestId('menu-helpContent').click();
  await expect(page).toHaveURL(/\/en\/help-content$/);
  await expect(page.getByRole('heading', { level: 1, name: en('helpContent.title') })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: en('help.topics.ordering') })).toBeVisible();

  await page.getByTestId('new-faq').click();
  const dialog = page.getByRole('dialog', { name: en('helpContent.dialog.newTitle') });
  await dialog.getByTestId('save-faq').click();
  // Topic, English question and answer are required, each said at its field.
  await expect(dialog.getByText(en('validation.required'))).toHaveCount(3);
  await dialog.getByRole('combobox', { name: new RegExp(`^${en('helpContent.fields.topic')}`) }).click();
  await page.getByRole('option', { name: en('help.topics.jobs') }).click();
  await dialog.getByRole('textbox', { name: new RegExp(`^${en('helpContent.fields.question')}`) }).fill(question);
  await dialog.getByRole('textbox', { name: new RegExp(`^${en('helpContent.fields.answer')}`) }).fill('Yes: name the shifts in your request.');
  await dialog.getByRole('tab', { name: en('languages.de') }).click();
  await dialog.getByRole('textbox', { name: new RegExp(`^${en('helpContent.fields.question')}`) }).fill(frage);
  await dialog.getByRole('textbox', { name: new RegExp(`^${en('helpContent.fields.answer')}`) }).fill('Ja: Nennen Sie die Schichten in Ihrer Anfrage.');
  await expectAccessible(page, '[role="dialog"]');
  await screenshot(page, 'help-content-dialog-en');
  await dialog.getByTestId('save-faq').click();
  await expect(dialog).toBeHidden();
  const card = page.getByTestId('managed-faq').filter({ hasText: question });
  await expect(card).toContainText('DE');
  await expect(card).not.toContainText('PT');
  await expectAccessible(page);
  await screenshot(page, 'help-content-en');

  // A German customer finds it in German in the help area.
  const customer = await (
    await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'de-DE', timezoneId: 'Europe/Berlin', viewport: { width: 390, height: 844 } })
  ).newPage();
  await logIn(customer, 'ec2.admin@demo.onsite.test', undefined, 'de');
  await customer.goto('/de/help/faq');
  await expect(customer.getByRole('heading', { level: 1, name: de('help.title') })).toBeVisible();
  await customer.getByRole('button', { name: frage }).click();
  await expect(customer.getByText('Ja: Nennen Sie die Schichten in Ihrer Anfrage.')).toBeVisible();
  await expectNoPageOverflow(customer);
  await screenshot(customer, 'help-content-customer-de-390');

  // Changed, then removed: the history says who did what, and the customer no longer finds it.
  await card.getByRole('button', { name: en('helpContent.edit') }).click();
  const edit = page.getByRole('dialog', { name: en('helpContent.dialog.editTitle') });
  await edit.getByRole('textbox', { name: new RegExp(`^${en('helpContent.fields.answer')}`) }).fill('Yes: name the shifts and the nights in your request.');
  await edit.getByTestId('save-faq').click();
  await expect(edit).toBeHidden();
  await card.getByRole('button', { name: en('helpContent.history.open') }).click();
  await expect(page.getByTestId('faq-history').locator('tbody tr')).toHaveCount(2);
  await expect(page.getByTestId('faq-history').locator('tbody tr').first()).toContainText(en('helpContent.history.changed'));
  await expectAccessible(page, '[role="dialog"]');
  await page.keyboard.press('Escape');
  await card.getByRole('button', { name: en('helpContent.remove') }).click();
  await page.getByTestId('confirm-remove-faq').click();
  await expect(card).toHaveCount(0);
  await customer.reload();
  await expect(customer.getByRole('heading', { level: 1, name: de('help.title') })).toBeVisible();
  await expect(customer.getByRole('button', { name: frage })).toHaveCount(0);

  // At phone width the staff page stays within the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoPageOverflow(page);
  await expectAccessible(page);
  await screenshot(page, 'help-content-en-390');
});

test('auditors read the help questions and their history, and are offered no change', async ({ page }) => {
  await logIn(page, 'bl.auditor@demo.onsite.test');
  await page.goto('/en/help-content');
  await expect(page.getByRole('heading', { level: 1, name: en('helpContent.title') })).toBeVisible();
  await expect(page.getByTestId('managed-faq').first()).toBeVisible();
  await expect(page.getByTestId('new-faq')).toHaveCount(0);
  await expect(page.getByRole('button', { name: en('helpContent.remove') })).toHaveCount(0);
  await page
    .getByTestId('managed-faq')
    .first()
    .getByRole('button', { name: en('helpContent.history.open') })
    .click();
  await expect(page.getByTestId('faq-history').locator('tbody tr')).toHaveCount(1);
  await page.keyboard.press('Escape');
  // The banner's history too: who set it, and when.
  await page.getByTestId('banner-history-open').click();
  await expect(page.getByTestId('banner-history').locator('tbody tr').last()).toContainText(en('helpContent.banner.historySet'));
  await expect(page.getByTestId('banner-history').locator('tbody tr').last()).toContainText('Lena Vogt');
  await expectAccessible(page, '[role="dialog"]');
});

/** A small valid PDF whose text says `marker`. */
const pdf = (marker: string) => Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${marker}\ntrailer << /Root 1 0 R >>\n%%EOF\n`, 'latin1');

test('a staff administrator uploads a manual in English and German; a German customer opens the German PDF; an image is refused', async ({
  page,
  browser,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const title = `Safety on site ${stamp}`;
  const titel = `Sicherheit vor Ort ${stamp}`;
  await logIn(page, 'bl.admin@demo.onsite.test');
  await page.goto('/en/help-content');
  await expect(page.getByRole('heading', { level: 2, name: en('helpContent.manuals.heading') })).toBeVisible();
  await expect(page.getByTestId('managed-manual').filter({ hasText: 'Ordering guide' })).toContainText('PT');

  await page.getByTestId('new-manual').click();
  const dialog = page.getByRole('dialog', { name: en('helpContent.manuals.newTitle') });
  // A file is picked as a person does: the field opens the file chooser.
  const pick = async (testId: string, file: { name: string; mimeType: string; buffer: Buffer }) => {
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByTestId(testId).click();
    await (await chooser).setFiles(file);
  };
  await dialog.getByTestId('save-manual').click();
  // Title, summary, date and the English PDF are required, each said at its field.
  await expect(dialog.getByText(en('validation.required'))).toHaveCount(3);
  await expect(dialog.getByText(en('helpContent.manuals.englishPdfRequired'))).toBeVisible();
  await dialog.getByRole('textbox', { name: new RegExp(`^${en('helpContent.manuals.issued')}`) }).fill('30.11.2026');
  await dialog.getByRole('textbox', { name: new RegExp(`^${en('helpContent.manuals.fields.title')}`) }).fill(title);
  await dialog
    .getByRole('textbox', { name: new RegExp(`^${en('helpContent.manuals.fields.summary')}`) })
    .fill('What our technicians need from you on the day.');
  // An image where the PDF belongs: the server reads the content and refuses it at the field.
  await pick('manual-pdf-en', { name: 'photo.pdf', mimeType: 'application/pdf', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]) });
  await dialog.getByTestId('save-manual').click();
  await expect(dialog.getByText(en('error.pdf_required'))).toBeVisible();
  await pick('manual-pdf-en', { name: 'safety-en.pdf', mimeType: 'application/pdf', buffer: pdf(`english ${stamp}`) });
  await dialog.getByRole('tab', { name: en('languages.de') }).click();
  await dialog.getByRole('textbox', { name: new RegExp(`^${en('helpContent.manuals.fields.title')}`) }).fill(titel);
  await dialog
    .getByRole('textbox', { name: new RegExp(`^${en('helpContent.manuals.fields.summary')}`) })
    .fill('Was unsere Techniker am Einsatztag von Ihnen brauchen.');
  await pick('manual-pdf-de', { name: 'sicherheit-de.pdf', mimeType: 'application/pdf', buffer: pdf(`deutsch ${stamp}`) });
  await expectAccessible(page, '[role="dialog"]');
  await screenshot(page, 'help-content-manual-dialog-en');
  await dialog.getByTestId('save-manual').click();
  await expect(dialog).toBeHidden();
  const card = page.getByTestId('managed-manual').filter({ hasText: title });
  await expect(card).toContainText('DE');
  await expect(card).not.toContainText('PT');
  await expectAccessible(page);
  await screenshot(page, 'help-content-manuals-en');

  // A German customer finds it in German and opens the German file.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  const customer = await context.newPage();
  await logIn(customer, 'ec2.admin@demo.onsite.test', undefined, 'de');
  await customer.goto('/de/help/manuals');
  const listed = customer.getByTestId('manual-list').locator('[data-testid^="manual-"]').filter({ hasText: titel });
  await expect(listed).toBeVisible();
  const popup = context.waitForEvent('page');
  await listed.locator('[data-testid^="open-manual-"]').click();
  const tab = await popup;
  await expect.poll(() => tab.url()).toMatch(/\/api\/cms\/manual\/[0-9a-f-]+\/de\?/);
  const file = await request.get(tab.url());
  expect(file.headers()['content-type']).toBe('application/pdf');
  expect((await file.body()).toString('latin1')).toContain(`deutsch ${stamp}`);
  await tab.close();
  await screenshot(customer, 'help-manuals-managed-de');

  // Removed: the history says who did what, and the customer no longer finds it.
  await card.getByRole('button', { name: en('helpContent.remove') }).click();
  await page.getByTestId('confirm-remove-manual').click();
  await expect(card).toHaveCount(0);
  await customer.reload();
  await expect(customer.getByText(titel)).toHaveCount(0);
  await context.close();
});
