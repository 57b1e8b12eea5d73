import { expect, test } from '@playwright/test';
import { texts } from './i18n';
import { acceptedOrder } from './order-setup';
import { expectAccessible, logIn, screenshot } from './staff-support';

const en = texts('en');

/** The planning-tool simulator beside the test server (scripts/start-test-server.mjs: the server's port + 10). */
function simulatorUrl(): string {
  const server = new URL(String(test.info().project.use.baseURL));
  return `http://127.0.0.1:${Number(server.port) + 10}`;
}

test('staff prepare a job in the console; the planning tool plans, runs, completes and closes it, and staff bill it (en)', async ({ page, request }) => {
  const order = await acceptedOrder('ec.admin@demo.onsite.test');
  // This order's job is played by the simulator, as planners and technicians would report it.
  expect((await request.post(`${simulatorUrl()}/__admin/play`, { data: { orderIds: [order._id] } })).status()).toBe(200);

  await logIn(page, 'bl.planner@demo.onsite.test');
  await page.goto(`/en/order/${order.refId}`);
  await page.getByTestId('prepare-job').click();
  const prepare = page.getByRole('dialog', { name: en('staffOrder.prepare.title') });
  // The team size and the window start from what the customer asked for; staff change the team to three.
  await expect(prepare.getByRole('textbox', { name: en('fields.dateFrom'), exact: true })).not.toHaveValue('');
  await prepare.getByRole('textbox', { name: en('staffOrder.prepare.teamSize') }).fill('3');
  await prepare.getByRole('textbox', { name: en('staffOrder.prepare.notes') }).fill('Forklift available at gate 3.');
  await expectAccessible(page);
  await screenshot(page, 'staff-prepare-job-dialog-en');
  await prepare.getByTestId('confirm-prepare').click();
  await expect(prepare).toBeHidden();
  await page.getByRole('tab', { name: en('orders.detail.tabs.jobInformation'), exact: true }).click();

  await expect(page.getByTestId('job-requested')).toContainText(en('orders.job.requested_other', { count: 3, window: '' }).split(',')[0]!);
  // The specification reaches the tool with what staff asked for.
  await expect
    .poll(async () => {
      const specs = (await (await request.get(`${simulatorUrl()}/job-specifications`)).json()) as {
        specification: { order: { orderId: string }; requestedTeamSize: number | null; notes: string | null };
      }[];
      const mine = specs.find((s) => s.specification.order.orderId === order._id)?.specification;
      return mine ? [mine.requestedTeamSize, mine.notes] : null;
    })
    .toEqual([3, 'Forklift available at gate 3.']);
  // Its reports arrive one after another and the open page follows them.
  await expect(page.getByTestId('export-status')).toContainText(en('orders.job.export.exported', { date: '' }).split('(')[0]!.trim());
  await expect(page.getByTestId('job-team')).toHaveText(/Ana Lima\s*Jonas Weber/, { timeout: 15_000 });
  await expect(page.getByTestId('job-status')).toHaveText(en('orders.job.status.CLOSED'), { timeout: 15_000 });
  await expect(page.getByText(en('status.JOB_CLOSED')).first()).toBeVisible();
  for (const event of ['JOB_PLANNED', 'JOB_IN_PROGRESS', 'JOB_COMPLETED', 'JOB_CLOSED']) {
    await expect(page.getByRole('cell', { name: en(`orderEvent.${event}`), exact: true }).first()).toBeVisible();
  }
  await expectAccessible(page);
  await screenshot(page, 'job-closed-by-planning-tool-en');

  // Staff record the invoice: the order is billed and nothing more can be recorded.
  await page.getByRole('button', { name: en('orders.job.markBilled') }).click();
  const bill = page.getByRole('dialog', { name: en('orders.job.billDialog.title') });
  await bill.getByRole('textbox', { name: en('orders.job.billDialog.invoiceReference') }).fill('INV-2026-0815');
  await bill.getByRole('button', { name: en('orders.job.billDialog.confirm') }).click();
  await expect(bill).toBeHidden();
  await expect(page.getByText(en('status.BILLED')).first()).toBeVisible();
  await expect(page.getByRole('button', { name: en('orders.job.recordProgress') })).toHaveCount(0);
});

test('a job specification the planning tool refuses shows as failed with its answer, on the job tab and the personal page; retry sends it', async ({
  page,
  request,
}) => {
  const order = await acceptedOrder('ec.admin@demo.onsite.test');
  // The tool refuses this order's specification (only this one: other tests' exports go through).
  const refuse = (message: string | null) => request.post(`${simulatorUrl()}/__admin/refuse`, { data: { orderIds: [order._id], message } });
  expect((await refuse('No planner covers this region yet')).status()).toBe(200);

  await logIn(page, 'bl.planner@demo.onsite.test');
  await page.goto(`/en/order/${order.refId}`);
  await page.getByTestId('prepare-job').click();
  const prepare = page.getByRole('dialog', { name: en('staffOrder.prepare.title') });
  await prepare.getByTestId('confirm-prepare').click();
  await expect(prepare).toBeHidden();
  await page.getByRole('tab', { name: en('orders.detail.tabs.jobInformation'), exact: true }).click();

  // The open page learns of the failure by itself (the updates stream), with the tool's answer.
  const status = page.getByTestId('export-status');
  await expect(status).toContainText(en('orders.job.export.failedTitle'), { timeout: 15_000 });
  // One attempt: retrying cannot change a refusal.
  await expect(status).toContainText(
    en('orders.job.export.failed_one', { count: 1, reason: 'Planning tool answered 422: No planner covers this region yet (specification_refused)' }),
  );
  await expectAccessible(page);
  await screenshot(page, 'job-export-failed-en');

  await page.goto('/en/personal-page');
  const failed = page.getByTestId('queue-failedExports');
  await expect(failed.locator(`[data-testid="work-row"][data-ref-id="${order.refId}"]`)).toBeVisible();
  await failed.locator(`[data-testid="work-row"][data-ref-id="${order.refId}"]`).locator('td').nth(2).click();
  await expect(page).toHaveURL(new RegExp(`/en/order/${order.refId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(order.refId);
  await page.getByRole('tab', { name: en('orders.detail.tabs.jobInformation'), exact: true }).click();

  // The region is covered now: staff send it again and it is exported.
  expect((await refuse(null)).status()).toBe(200);
  await page.getByTestId('retry-export').click();
  await expect(page.getByText(en('orders.job.export.retried'))).toBeVisible();
  await expect(status).toContainText(en('orders.job.export.exported', { date: '' }).split('(')[0]!.trim(), { timeout: 15_000 });
  const specs = (await (await request.get(`${simulatorUrl()}/job-specifications`)).json()) as { specification: { order: { orderId: string } } }[];
  expect(specs.filter((s) => s.specification.order.orderId === order._id)).toHaveLength(1);
});
