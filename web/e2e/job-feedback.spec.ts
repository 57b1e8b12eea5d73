import { expect, test, type Page } from '@playwright/test';
import { texts } from './i18n';
import { jobInPlanning, plannedJob, type OrderRef } from './order-setup';
import { expectAccessible, expectNoPageOverflow, logIn, screenshot } from './staff-support';

const en = texts('en');
const de = texts('de');

async function openTab(page: Page, lang: 'en' | 'de', order: OrderRef, tab: 'job-information' | 'feedback') {
  const t = texts(lang);
  await page.goto(`/${lang}/order/${order.refId}`);
  await page.getByRole('tab', { name: t(tab === 'feedback' ? 'orders.detail.tabs.feedback' : 'orders.detail.tabs.jobInformation'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${order.refId}/${tab}$`));
}

async function recordStep(page: Page, step: string) {
  await page.getByRole('button', { name: en('orders.job.recordProgress') }).click();
  const dialog = page.getByRole('dialog', { name: en('orders.job.progressDialog.title') });
  await dialog.getByRole('combobox', { name: en('orders.job.progressDialog.step') }).click();
  await page.getByRole('option', { name: en(`orders.job.step.${step}`), exact: true }).click();
  await dialog.getByTestId('confirm-progress').click();
  await expect(dialog).toBeHidden();
}

test('staff record a job by hand and bill it; the customer rates it and meets a conflict when the job moved on (en)', async ({ page, browser }) => {
  const order = await jobInPlanning('ec.admin@demo.onsite.test');

  // Staff plan the job with a team typed in.
  await logIn(page, 'bl.planner@demo.onsite.test');
  await openTab(page, 'en', order, 'job-information');
  await expect(page.getByTestId('job-status')).toHaveText(en('orders.job.status.CREATED'));
  await expect(page.getByText(en('orders.job.noTeam'))).toBeVisible();
  await page.getByRole('button', { name: en('orders.job.recordProgress') }).click();
  const dialog = page.getByRole('dialog', { name: en('orders.job.progressDialog.title') });
  await dialog.getByRole('combobox', { name: en('orders.job.progressDialog.step') }).click();
  await page.getByRole('option', { name: en('orders.job.step.PLANNED'), exact: true }).click();
  const team = dialog.getByRole('combobox', { name: en('orders.job.progressDialog.team') });
  await team.fill('Ana Lima');
  await team.press('Enter');
  await team.fill('Jonas Weber');
  await team.press('Enter');
  await dialog.getByRole('textbox', { name: en('fields.dateFrom'), exact: true }).fill('12/01/2027');
  await dialog.getByRole('textbox', { name: en('fields.dateTo'), exact: true }).fill('13/01/2027');
  await dialog.getByRole('textbox', { name: en('fields.dateTo'), exact: true }).blur();
  await expectAccessible(page);
  await screenshot(page, 'job-progress-dialog-en');
  await dialog.getByTestId('confirm-progress').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('job-status')).toHaveText(en('orders.job.status.PLANNED'));
  await expect(page.getByTestId('job-team')).toHaveText(/Ana Lima\s*Jonas Weber/);
  await expect(page.getByTestId('job-schedule')).toHaveText(/12\/01\/2027.*08:00.*13\/01\/2027.*17:00/);
  await expectAccessible(page);
  await screenshot(page, 'job-information-staff-en');

  // The customer rates the planned job: two stars need a comment.
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await logIn(customer, 'ec.admin@demo.onsite.test');
  await openTab(customer, 'en', order, 'feedback');
  await customer.getByTestId('rating-JOB_RATING').locator('label').nth(1).dispatchEvent('click');
  await customer.getByTestId('save-feedback').click();
  await expect(customer.getByText(en('orders.feedback.commentRequired'), { exact: true })).toBeVisible();
  await customer
    .getByRole('textbox', { name: en('orders.feedback.commentFor', { type: en('orders.feedback.type.JOB_RATING') }) })
    .fill('The team arrived two hours late.');
  await customer.getByRole('textbox', { name: en('orders.feedback.type.IMPROVEMENT_IDEAS') }).fill('Call ahead when you are delayed.');
  await customer.getByTestId('save-feedback').click();
  await expect(customer.getByText(en('orders.feedback.saved'))).toBeVisible();
  await expect(customer.getByText(en('orders.feedback.commentRequired'), { exact: true })).toBeHidden();
  await expectAccessible(customer);
  await screenshot(customer, 'feedback-customer-en');

  // Staff's open page hears of the feedback at once, without a reload.
  await expect(page.getByRole('cell', { name: en('orderEvent.FEEDBACK_SAVED'), exact: true })).toBeVisible({ timeout: 2_000 });

  // The customer edits again while staff re-plan the job: the page stays as typed, the stale save meets the
  // conflict, and a reload starts the form from what is stored.
  await customer.getByTestId('rating-CUSTOMER_SATISFACTION').locator('label').nth(4).dispatchEvent('click');
  await page.getByRole('button', { name: en('orders.job.recordProgress') }).click();
  const replan = page.getByRole('dialog', { name: en('orders.job.progressDialog.title') });
  await expect(replan.getByRole('combobox', { name: en('orders.job.progressDialog.step') })).toHaveValue(en('orders.job.step.IN_PROGRESS'));
  await replan.getByRole('combobox', { name: en('orders.job.progressDialog.step') }).click();
  await page.getByRole('option', { name: en('orders.job.step.PLANNED'), exact: true }).click();
  const moreTeam = replan.getByRole('combobox', { name: en('orders.job.progressDialog.team') });
  await moreTeam.fill('Lea Braun');
  await moreTeam.press('Enter');
  await replan.getByTestId('confirm-progress').click();
  await expect(replan).toBeHidden();
  await customer.getByTestId('save-feedback').click();
  const conflict = customer.getByTestId('conflict-alert');
  await expect(conflict).toBeVisible();
  await conflict.getByRole('button', { name: en('actions.reload') }).click();
  await expect(conflict).toBeHidden();
  await expect(customer.getByRole('textbox', { name: en('orders.feedback.commentFor', { type: en('orders.feedback.type.JOB_RATING') }) })).toHaveValue(
    'The team arrived two hours late.',
  );
  // Customers see the job, live, but none of staff's actions.
  await customer.getByRole('tab', { name: en('orders.detail.tabs.jobInformation'), exact: true }).click();
  await expect(customer.getByTestId('job-team')).toContainText('Lea Braun');
  await expect(customer.getByRole('button', { name: en('orders.job.recordProgress') })).toHaveCount(0);

  // Staff record the start: the customer's open page follows within a second; feedback is closed while the job runs.
  await recordStep(page, 'IN_PROGRESS');
  await expect(customer.getByTestId('job-status')).toHaveText(en('orders.job.status.IN_PROGRESS'), { timeout: 2_000 });
  await customer.getByRole('tab', { name: en('orders.detail.tabs.feedback'), exact: true }).click();
  await expect(customer.getByTestId('feedback-list')).toContainText('The team arrived two hours late.');
  await expect(customer.getByTestId('save-feedback')).toHaveCount(0);
  await customerContext.close();

  // Staff complete and bill the job.
  await recordStep(page, 'COMPLETED');
  await page.getByRole('button', { name: en('orders.job.markBilled') }).click();
  const bill = page.getByRole('dialog', { name: en('orders.job.billDialog.title') });
  await bill.getByRole('textbox', { name: en('orders.job.billDialog.invoiceReference') }).fill('INV-2026-0042');
  await bill.getByRole('button', { name: en('orders.job.billDialog.confirm') }).click();
  await expect(bill).toBeHidden();
  await expect(page.getByText(en('status.BILLED')).first()).toBeVisible();
  await expect(page.getByRole('button', { name: en('orders.job.markBilled') })).toHaveCount(0);
  await expect(page.getByRole('button', { name: en('orders.job.recordProgress') })).toHaveCount(0);
});

test('a German customer sees the job and rates it, also at phone width (de)', async ({ page }) => {
  const order = await plannedJob('ec2.admin@demo.onsite.test');

  await logIn(page, 'ec2.admin@demo.onsite.test');
  await openTab(page, 'de', order, 'job-information');
  await expect(page.getByTestId('job-status')).toHaveText(de('orders.job.status.PLANNED'));
  await expect(page.getByTestId('job-schedule')).toHaveText('12.01.2027 08:00 – 12.01.2027 16:00');
  await expectAccessible(page);
  await screenshot(page, 'job-information-customer-de');

  await page.getByRole('tab', { name: de('orders.detail.tabs.feedback'), exact: true }).click();
  await page.getByTestId('rating-JOB_RATING').locator('label').nth(4).dispatchEvent('click');
  await page.getByTestId('save-feedback').click();
  await expect(page.getByText(de('orders.feedback.saved'))).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'feedback-customer-de');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/de/order/${order.refId}/job-information`);
  await expect(page.getByTestId('job-team')).toContainText('Lukas Brandt');
  await expectNoPageOverflow(page);
  await screenshot(page, 'job-information-customer-de-390');
});

test('staff name a supervisor of the customer for the job and take them off; an end customer does not see the section', async ({ page, browser }) => {
  const order = await jobInPlanning('ec.admin@demo.onsite.test');
  await logIn(page, 'bl.planner@demo.onsite.test');
  await openTab(page, 'en', order, 'job-information');
  const section = page.getByRole('region', { name: en('orders.supervisors.title') });
  await expect(section.getByText(en('orders.supervisors.none'))).toBeVisible();
  await section.getByRole('combobox', { name: en('orders.supervisors.add') }).click();
  await page.getByRole('option').first().click();
  await section.getByTestId('add-supervisor').click();
  await expect(section.getByTestId('supervisors').getByRole('listitem')).toHaveCount(1);
  await expectAccessible(page);
  await screenshot(page, 'job-supervisors-staff-en');

  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await logIn(customer, 'ec.admin@demo.onsite.test');
  await openTab(customer, 'en', order, 'job-information');
  await expect(customer.getByTestId('job-status')).toBeVisible();
  await expect(customer.getByRole('region', { name: en('orders.supervisors.title') })).toHaveCount(0);
  await customerContext.close();

  await section.getByRole('button', { name: /^Remove / }).click();
  await expect(section.getByText(en('orders.supervisors.none'))).toBeVisible();
});

test('a job planned without dates says so, never "not scheduled yet" beside "Planned" (en, de)', async ({ page, browser }) => {
  const order = await jobInPlanning('ec2.admin@demo.onsite.test');
  await logIn(page, 'bl.planner@demo.onsite.test');
  await openTab(page, 'en', order, 'job-information');
  await expect(page.getByTestId('job-schedule')).toHaveText(en('orders.job.notScheduled'));
  await recordStep(page, 'PLANNED');
  await expect(page.getByTestId('job-status')).toHaveText(en('orders.job.status.PLANNED'));
  await expect(page.getByTestId('job-schedule')).toHaveText(en('orders.job.noWindowGiven'));
  await expect(page.getByText(en('orders.job.notScheduled'))).toHaveCount(0);
  await expect(page.getByText(en('orders.job.noTeamGiven'))).toBeVisible();
  await screenshot(page, 'walk-job-planned-no-window-en');

  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await logIn(customer, 'ec2.admin@demo.onsite.test', undefined, 'de');
  await openTab(customer, 'de', order, 'job-information');
  await expect(customer.getByTestId('job-status')).toHaveText(de('orders.job.status.PLANNED'));
  await expect(customer.getByTestId('job-schedule')).toHaveText(de('orders.job.noWindowGiven'));
  await expectAccessible(customer);
  await screenshot(customer, 'walk-job-planned-no-window-de');
  await customerContext.close();
});
