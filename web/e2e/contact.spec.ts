import { expect, test } from '@playwright/test';
import { texts } from './i18n';
import { apiToken, expectAccessible, expectNoPageOverflow, logIn, screenshot } from './staff-support';

const stamp = Date.now().toString(36);

for (const [lang, email, support] of [
  ['en', 'ec.supervisor@demo.onsite.test', 'support-uk@onsite.example'],
  ['de', 'ec2.supervisor@demo.onsite.test', 'support-de@onsite.example'],
] as const) {
  test(`a customer writes to support through the contact form; leaving a typed message asks first (${lang})`, async ({ page, request }) => {
    const t = texts(lang);
    await logIn(page, email);
    await page.getByTestId('contact-form-link').click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/contact$`));
    await expect(page.getByRole('heading', { level: 1, name: t('page.titles.contact') })).toBeVisible();
    await expect(page.getByRole('link', { name: support })).toBeVisible();

    await page.getByRole('button', { name: t('contact.send') }).click();
    await expect(page.getByText(t('validation.required')).first()).toBeVisible();
    await page.getByLabel(new RegExp(`^${t('contact.subject')}`)).fill(`Access badges ${stamp}`);
    await page.getByLabel(new RegExp(`^${t('contact.message')}`)).fill('Our technicians need access badges for hall 3.');

    // A message typed and not sent is not lost by a stray click.
    await page.getByRole('link', { name: t('app.home') }).click();
    const leave = page.getByRole('dialog', { name: t('dataLoss.title') });
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: t('actions.stay') }).click();
    await expectAccessible(page);
    await screenshot(page, `contact-${lang}`);

    await page.getByTestId('send-contact').click();
    await expect(page.getByTestId('contact-sent')).toContainText(support);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoPageOverflow(page);

    // Support receives it (the dev outbox of the embedded profile).
    const staff = await apiToken(request, 'bl.admin@demo.onsite.test');
    const outbox = await request.get(`/api/dev/outbox?to=${encodeURIComponent(support)}`, { headers: { authorization: `Bearer ${staff}` } });
    const messages = ((await outbox.json()) as { data: { subject: string }[] }).data;
    expect(messages.map((m) => m.subject)).toContain(`[Onsite contact] Access badges ${stamp}`);
  });
}
