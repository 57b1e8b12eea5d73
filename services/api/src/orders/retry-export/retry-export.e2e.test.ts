import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { OrderFlows, type OrderDetail } from '../../test-support/order-flows.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';

function startSimulator(failFirst: number): Promise<{ url: string; child: ChildProcess }> {
  const script = path.resolve(__dirname, '../../../../../scripts/planning-tool-simulator.mjs');
  const child = spawn(process.execPath, [script, '--port', '0', '--fail-first', String(failFirst)], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let output = '';
    child.once('error', reject);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve({ url: match[1], child });
    });
  });
}

type WithExport = OrderDetail & { jobExport: { status: string; attempts: number; lastError: string | null } | null };

describe('the job-specification export on the order, and its retry', () => {
  let t: TestApp;
  let simulator: { url: string; child: ChildProcess };
  beforeAll(async () => {
    simulator = await startSimulator(1);
    t = await startTestApp({ PLANNING_TOOL_URL: simulator.url, EXPORT_ATTEMPTS: '1', EXPORT_BACKOFF_MS: '10' });
  });
  afterAll(async () => {
    await t.close();
    simulator.child.kill('SIGTERM');
  });

  it('staff see the failed export with its reason and send it again; customers see nothing of it', async () => {
    const flows = new OrderFlows(t);
    const order = await flows.jobInPlanning('ec.admin');
    const until = async (status: string) => {
      for (let waited = 0; waited < 10_000; waited += 100) {
        const detail = (await flows.detail(order.refId, 'bl.planner')) as WithExport;
        if (detail.jobExport?.status === status) return detail;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`export never ${status}`);
    };
    const failed = await until('failed');
    expect(failed.jobExport).toMatchObject({ status: 'failed', attempts: 1, lastError: expect.stringContaining('503') });
    expect(((await flows.detail(order.refId, 'ec.admin')) as WithExport).jobExport).toBeNull();

    expect((await flows.post('/api/order/retry-export', { orderId: order._id }, 'ec.admin')).status).toBe(403);
    expect((await flows.post('/api/order/retry-export', { orderId: '00000000-0000-4000-8000-000000000000' }, 'bl.planner')).status).toBe(404);
    const retried = await flows.ok<{ retried: string[] }>('/api/order/retry-export', { orderId: order._id }, 'bl.planner');
    expect(retried.retried).toEqual([failed.job!.jobId]);
    expect((await until('exported')).jobExport).toMatchObject({ status: 'exported', attempts: 2 });
  });
});
