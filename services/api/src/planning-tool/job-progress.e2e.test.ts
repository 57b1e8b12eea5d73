import { randomUUID } from 'node:crypto';
import { orderStreamId } from '@onsite/domain';
import { OrderFlows, type OrderRef } from '../test-support/order-flows.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { PLANNING_INBOX_STREAM, type JobReportOutcome, type RefusedReport } from './planning-tool.controller.js';
import { signReport } from './report-signature.js';

const SECRET = 'planning-tool-shared-secret-for-tests-0123';

describe('job progress from the planning tool and from staff', () => {
  let t: TestApp;
  let flows: OrderFlows;
  beforeAll(async () => {
    t = await startTestApp({ PLANNING_TOOL_SECRET: SECRET });
    flows = new OrderFlows(t);
  });
  afterAll(async () => t.close());

  /** Posts a report as the planning tool would: the exact bytes, signed (or signed as `sign` says). */
  async function send(body: Record<string, unknown>, sign: { secret?: string; at?: number; header?: string } = {}) {
    const raw = JSON.stringify(body);
    const at = sign.at ?? Math.floor(Date.now() / 1000);
    const response = await fetch(`${t.baseUrl}/api/planning-tool/job-progress`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'onsite-signature': sign.header ?? signReport(sign.secret ?? SECRET, at, raw) },
      body: raw,
    });
    return { status: response.status, body: (await response.json()) as { data?: JobReportOutcome; error?: string; message?: string } };
  }

  async function inPlanning(): Promise<OrderRef & { jobId: string }> {
    const order = await flows.jobInPlanning('ec.admin');
    const { job } = await flows.detail(order.refId, 'bl.admin');
    return { ...order, jobId: job!.jobId };
  }

  const inboxSize = async () => (await t.runtime.eventStore.readStream(PLANNING_INBOX_STREAM)).length;

  it('applies signed reports step by step, and staff bill the closed job', async () => {
    const order = await inPlanning();
    const planned = await send({
      reportId: `${order.jobId}:planned`,
      orderId: order._id,
      jobId: order.jobId,
      step: 'PLANNED',
      team: [{ id: 't-1', name: 'Ana Lima' }],
      schedule: { from: '2026-12-01T08:00:00', to: '2026-12-01T16:00:00' },
    });
    expect([planned.status, planned.body.data]).toEqual([200, { outcome: 'applied', orderId: order._id, version: order.version + 1, status: 'JOB_PLANNED' }]);
    const detail = await flows.detail(order.refId, 'ec.admin');
    expect(detail.job).toMatchObject({ jobId: order.jobId, team: [{ id: 't-1', name: 'Ana Lima' }] });

    for (const step of ['IN_PROGRESS', 'COMPLETED', 'CLOSED']) {
      const r = await send({ reportId: `${order.jobId}:${step}`, orderId: order._id, jobId: order.jobId, step });
      expect(r.body.data?.outcome).toBe('applied');
    }
    const stored = await t.runtime.eventStore.readStream(orderStreamId(order._id));
    expect(stored.slice(-4).map((e) => [e.type, e.metadata.actorUserId])).toEqual([
      ['JOB_PLANNED', 'planning-tool'],
      ['JOB_IN_PROGRESS', 'planning-tool'],
      ['JOB_COMPLETED', 'planning-tool'],
      ['JOB_CLOSED', 'planning-tool'],
    ]);

    const closed = await flows.detail(order.refId, 'bl.admin');
    expect(closed.status).toBe('JOB_CLOSED');
    await flows.expectRefused(
      '/api/order/bill',
      { orderId: order._id, version: closed.version, invoiceReference: 'INV-1' },
      'ec.admin',
      [403, 'forbidden'],
      order._id,
    );
    const billed = await flows.ok('/api/order/bill', { orderId: order._id, version: closed.version, invoiceReference: 'INV-2026-001' }, 'bl.admin');
    expect(billed.status).toBe('BILLED');
  });

  it('applies the same report once, however often and however concurrently it arrives', async () => {
    const order = await inPlanning();
    const report = { reportId: `rep-${randomUUID()}`, orderId: order._id, jobId: order.jobId, step: 'PLANNED', team: [] };
    const answers = await Promise.all(Array.from({ length: 6 }, () => send(report)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.filter((a) => a.body.data?.outcome === 'applied')).toHaveLength(1);
    expect((await flows.eventTypes(order._id)).filter((type) => type === 'JOB_PLANNED')).toHaveLength(1);
    const again = await send(report);
    expect(again.body.data).toEqual({ outcome: 'duplicate', orderId: order._id, version: order.version + 1, status: 'JOB_PLANNED' });
  });

  describe('refuses, and writes nothing to the order', () => {
    let order: OrderRef & { jobId: string };
    let before: string[];
    beforeAll(async () => {
      order = await inPlanning();
      await send({ reportId: `first-${order.jobId}`, orderId: order._id, jobId: order.jobId, step: 'PLANNING' });
      before = await flows.eventTypes(order._id);
    });
    afterEach(async () => expect(await flows.eventTypes(order._id)).toEqual(before));

    const report = () => ({ reportId: `r-${randomUUID()}`, orderId: order._id, jobId: order.jobId, step: 'PLANNED', team: [] });

    it('a report signed with another secret, unsigned or with a forged header (401 invalid_signature), and records nothing', async () => {
      const inbox = await inboxSize();
      expect((await send(report(), { secret: 'somebody-elses-secret-0123456789abcdef' })).body.error).toBe('invalid_signature');
      expect((await send(report(), { header: '' })).status).toBe(401);
      expect((await send(report(), { header: 't=1,v1=zz' })).body.error).toBe('invalid_signature');
      expect(await inboxSize()).toBe(inbox);
    });

    it('a correctly signed report from more than five minutes ago (401 stale_report)', async () => {
      const stale = await send(report(), { at: Math.floor(Date.now() / 1000) - 600 });
      expect([stale.status, stale.body.error]).toEqual([401, 'stale_report']);
    });

    it('a report id used before for another report (409 report_replayed)', async () => {
      const replay = await send({ reportId: `first-${order.jobId}`, orderId: order._id, jobId: order.jobId, step: 'CANCELLED', reason: 'forged' });
      expect([replay.status, replay.body.error]).toEqual([409, 'report_replayed']);
    });

    it('a report id already used for another order: refused (409 report_replayed), recorded, and neither order changes', async () => {
      const other = await inPlanning();
      const otherBefore = await flows.eventTypes(other._id);
      const inbox = await inboxSize();
      const reused = await send({ reportId: `first-${order.jobId}`, orderId: other._id, jobId: other.jobId, step: 'PLANNING' });
      expect([reused.status, reused.body.error, reused.body.message]).toEqual([
        409,
        'report_replayed',
        'This report id was already used for a report about another order.',
      ]);
      expect(await flows.eventTypes(other._id)).toEqual(otherBefore);
      expect(await inboxSize()).toBe(inbox + 1);
      const [recorded] = (await t.runtime.eventStore.readStream(PLANNING_INBOX_STREAM)).slice(-1).map((e) => e.data as RefusedReport);
      expect(recorded).toMatchObject({ reportId: `first-${order.jobId}`, orderId: other._id, code: 'report_replayed' });
      // The order the id belongs to still takes that very report as a duplicate.
      const original = await send({ reportId: `first-${order.jobId}`, orderId: order._id, jobId: order.jobId, step: 'PLANNING' });
      expect([original.status, original.body.data?.outcome]).toEqual([200, 'duplicate']);
    });

    it('two reports with one id for two orders at the same moment: exactly one order takes it', async () => {
      const [a, b] = [await inPlanning(), await inPlanning()];
      const [beforeA, beforeB] = [await flows.eventTypes(a._id), await flows.eventTypes(b._id)];
      const reportId = `shared-${randomUUID()}`;
      const answers = await Promise.all([a, b, a, b].map((o) => send({ reportId, orderId: o._id, jobId: o.jobId, step: 'PLANNED', team: [] })));
      const winner = answers.find((r) => r.body.data?.outcome === 'applied')!.body.data!.orderId;
      const loser = winner === a._id ? b : a;
      expect(answers.filter((r) => r.status === 409).map((r) => r.body.error)).toEqual(['report_replayed', 'report_replayed']);
      expect(
        answers
          .filter((r) => r.body.data?.orderId === winner)
          .map((r) => r.body.data!.outcome)
          .sort(),
      ).toEqual(['applied', 'duplicate']);
      expect(await flows.eventTypes(loser._id)).toEqual(loser === a ? beforeA : beforeB);
      expect((await flows.eventTypes(winner)).filter((type) => type === 'JOB_PLANNED')).toHaveLength(1);
    });

    it('a step the lifecycle does not allow, an unknown job, an unknown order, a malformed report — each recorded for staff', async () => {
      const inbox = await inboxSize();
      const early = await send({ ...report(), step: 'CLOSED' });
      expect([early.status, early.body.error]).toEqual([409, 'orderError']);
      const wrongJob = await send({ ...report(), jobId: 'job-from-elsewhere' });
      expect(wrongJob.status).toBe(409);
      const unknownOrder = await send({ ...report(), orderId: randomUUID() });
      expect([unknownOrder.status, unknownOrder.body.error]).toEqual([404, 'order_not_found']);
      const malformed = await send({ ...report(), step: 'FINISHED' });
      expect([malformed.status, malformed.body.error]).toEqual([400, 'validation_error']);
      expect(await inboxSize()).toBe(inbox + 4);

      const listed = await flows.ok<{ items: RefusedReport[] }>('/api/planning-tool/refused-reports', {}, 'bl.admin');
      expect(listed.items.slice(0, 4).map((r) => r.code)).toEqual(['validation_error', 'order_not_found', wrongJob.body.error, 'orderError']);
      expect((await flows.post('/api/planning-tool/refused-reports', {}, 'ec.admin')).status).toBe(403);
    });
  });

  it('staff record progress by hand with the same rules; customers may not', async () => {
    const order = await inPlanning();
    await flows.expectRefused(
      '/api/order/job-progress',
      { orderId: order._id, version: order.version, jobId: order.jobId, step: 'PLANNED' },
      'ec.admin',
      [403, 'forbidden'],
      order._id,
    );
    await flows.expectRefused(
      '/api/order/job-progress',
      { orderId: order._id, version: order.version, jobId: order.jobId, step: 'DONE' },
      'bl.planner',
      [400, 'validation_error'],
      order._id,
    );
    await flows.expectRefused(
      '/api/order/job-progress',
      { orderId: order._id, version: order.version, jobId: order.jobId, step: 'COMPLETED' },
      'bl.planner',
      [409, 'orderError'],
      order._id,
    );
    const planned = await flows.ok(
      '/api/order/job-progress',
      { orderId: order._id, version: order.version, jobId: order.jobId, step: 'PLANNED', team: [{ id: 't-2', name: 'Jonas Weber' }] },
      'bl.planner',
    );
    expect(planned.status).toBe('JOB_PLANNED');
    await flows.expectRefused(
      '/api/order/job-progress',
      { orderId: order._id, version: order.version, jobId: order.jobId, step: 'IN_PROGRESS' },
      'bl.planner',
      [409, 'version_conflict'],
      order._id,
    );
    const stored = await t.runtime.eventStore.readStream(orderStreamId(order._id));
    expect(stored.at(-1)!.metadata.actorUserId).not.toBe('planning-tool');
  });
});

describe('the job-progress endpoint without a shared secret', () => {
  it('is not there (404), so no unsigned report can reach an order', async () => {
    const t = await startTestApp();
    try {
      const response = await fetch(`${t.baseUrl}/api/planning-tool/job-progress`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(response.status).toBe(404);
    } finally {
      await t.close();
    }
  });
});
