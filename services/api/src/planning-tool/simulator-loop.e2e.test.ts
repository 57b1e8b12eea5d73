import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { OrderFlows } from '../test-support/order-flows.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';

const SECRET = 'simulated-planning-tool-secret-0123456789';

/** scripts/planning-tool-simulator.mjs on a free loopback port; resolves with its URL. */
function startSimulator(): Promise<{ url: string; child: ChildProcess }> {
  const script = path.resolve(__dirname, '../../../../scripts/planning-tool-simulator.mjs');
  const child = spawn(process.execPath, [script, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
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

describe('the whole job loop with the planning-tool simulator', () => {
  let t: TestApp;
  let simulator: { url: string; child: ChildProcess };
  beforeAll(async () => {
    simulator = await startSimulator();
    t = await startTestApp({ PLANNING_TOOL_URL: simulator.url, PLANNING_TOOL_SECRET: SECRET });
    await fetch(`${simulator.url}/__admin/reset`, { method: 'POST', body: JSON.stringify({ reportTo: t.baseUrl, secret: SECRET, stepMs: 30 }) });
  });
  afterAll(async () => {
    await t.close();
    simulator.child.kill('SIGTERM');
  });

  it('exports the specification of a prepared job, and the simulated planners report it through to closed', async () => {
    const flows = new OrderFlows(t);
    const order = await flows.jobInPlanning('ec.admin');
    let status = order.status;
    for (let waited = 0; status !== 'JOB_CLOSED' && waited < 20_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = (await flows.detail(order.refId, 'ec.admin')).status;
    }
    expect(status).toBe('JOB_CLOSED');
    const detail = await flows.detail(order.refId, 'bl.admin');
    expect(detail.events.map((e) => e.event).slice(-4)).toEqual(['JOB_PLANNED', 'JOB_IN_PROGRESS', 'JOB_COMPLETED', 'JOB_CLOSED']);
    expect(detail.job?.team.map((member) => member.name)).toEqual(['Ana Lima', 'Jonas Weber']);
    const state = (await (await fetch(`${simulator.url}/__admin/state`)).json()) as { reports: { step: string; status: number }[] };
    expect(state.reports.map((r) => [r.step, r.status])).toEqual([
      ['PLANNED', 200],
      ['IN_PROGRESS', 200],
      ['COMPLETED', 200],
      ['CLOSED', 200],
    ]);
  });
});
