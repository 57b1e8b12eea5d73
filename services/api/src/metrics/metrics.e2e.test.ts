import { createServer, type Server } from 'node:http';
import { quoteRequestBody } from '../test-support/order-bodies.js';
import { OrderFlows } from '../test-support/order-flows.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { openUpdates } from '../test-support/updates-stream.js';
import { startMetricsServer } from './metrics-http.js';

const TOKEN = 'metrics-token-for-the-e2e-test-0123456789';

/** The samples of a Prometheus text exposition: `name{labels}` → value. */
function parse(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const space = line.lastIndexOf(' ');
    samples.set(line.slice(0, space), Number(line.slice(space + 1)));
  }
  return samples;
}

describe('metrics (Prometheus text format)', () => {
  let t: TestApp;
  let flows: OrderFlows;
  let planningTool: Server;
  let received = 0;

  beforeAll(async () => {
    // A planning tool that takes every job specification, so the export job runs and succeeds.
    planningTool = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        received++;
        response.writeHead(201, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((done) => planningTool.listen(0, '127.0.0.1', done));
    const address = planningTool.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    t = await startTestApp({ METRICS_TOKEN: TOKEN, PLANNING_TOOL_URL: `http://127.0.0.1:${port}` });
    flows = new OrderFlows(t);
  });
  afterAll(async () => {
    await t.close();
    await new Promise((done) => planningTool.close(done));
  });

  const scrape = async (): Promise<Map<string, number>> => {
    const response = await fetch(`${t.baseUrl}/api/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return parse(await response.text());
  };
  const delta = (before: Map<string, number>, after: Map<string, number>, sample: string) => (after.get(sample) ?? 0) - (before.get(sample) ?? 0);

  it('is not public: /api/metrics without the token, or with another, is a 404 like any unknown route', async () => {
    expect((await fetch(`${t.baseUrl}/api/metrics`)).status).toBe(404);
    const wrong = await fetch(`${t.baseUrl}/api/metrics`, { headers: { authorization: 'Bearer not-the-token' } });
    expect(wrong.status).toBe(404);
    expect(await wrong.json()).toMatchObject({ error: 'not_found' });
  });

  it('is not served at all by a server without METRICS_TOKEN', async () => {
    const plain = await startTestApp();
    try {
      expect((await fetch(`${plain.baseUrl}/api/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('counts a scripted workload exactly: requests per route and status, command outcomes, appends, jobs, live streams and lag', async () => {
    const token = await flows.as('ec.admin');
    const before = await scrape();

    // Three drafts made, one submitted; a submit at a stale version (conflict); the submitted one submitted again
    // (refused by a rule); a submit by a user of another company (not found: refused before the command is made,
    // counted under its route).
    const drafts = [];
    for (let i = 0; i < 3; i++) drafts.push(await flows.draft('ec.admin', quoteRequestBody()));
    const submitted = await flows.ok('/api/order/submit', { orderId: drafts[0]!._id, version: drafts[0]!.version, disclaimerAccepted: true }, 'ec.admin');
    expect(
      (await flows.post('/api/order/submit', { orderId: drafts[1]!._id, version: drafts[1]!.version + 5, disclaimerAccepted: true }, 'ec.admin')).status,
    ).toBe(409);
    expect((await flows.post('/api/order/submit', { orderId: submitted._id, version: submitted.version, disclaimerAccepted: true }, 'ec.admin')).status).toBe(
      409,
    );
    expect(
      (await flows.post('/api/order/submit', { orderId: drafts[2]!._id, version: drafts[2]!.version, disclaimerAccepted: true }, 'ec2.admin')).status,
    ).toBe(404);
    // A live-update stream open while scraping.
    const stream = await openUpdates(t, token);

    const during = await scrape();
    expect(delta(before, during, 'onsite_commands_total{command="CreateOrder",outcome="accepted"}')).toBe(3);
    expect(delta(before, during, 'onsite_commands_total{command="SubmitOrder",outcome="accepted"}')).toBe(1);
    expect(delta(before, during, 'onsite_commands_total{command="SubmitOrder",outcome="version_conflict"}')).toBe(1);
    expect(delta(before, during, 'onsite_commands_total{command="SubmitOrder",outcome="refused"}')).toBe(1);
    expect(delta(before, during, 'onsite_commands_total{command="order/submit",outcome="refused"}')).toBe(1);
    expect(delta(before, during, 'onsite_http_request_duration_seconds_count{method="POST",route="/api/order/create",status="200"}')).toBe(3);
    expect(delta(before, during, 'onsite_http_request_duration_seconds_count{method="POST",route="/api/order/submit",status="200"}')).toBe(1);
    expect(delta(before, during, 'onsite_http_request_duration_seconds_count{method="POST",route="/api/order/submit",status="409"}')).toBe(2);
    expect(delta(before, during, 'onsite_http_request_duration_seconds_count{method="POST",route="/api/order/submit",status="404"}')).toBe(1);
    // Every request lands in some bucket: +Inf holds them all.
    expect(during.get('onsite_http_request_duration_seconds_bucket{le="+Inf",method="POST",route="/api/order/create",status="200"}')).toBe(
      during.get('onsite_http_request_duration_seconds_count{method="POST",route="/api/order/create",status="200"}'),
    );
    // One append per accepted command that changed something: 3 creates and 1 submit; the refused ones wrote nothing.
    expect(delta(before, during, 'onsite_event_store_append_duration_seconds_count{store="pglite"}')).toBe(4);
    expect(during.get('onsite_live_update_streams')).toBe(1);
    // The command responses waited for the read models: nothing is behind.
    expect(during.get('onsite_projection_lag_events{projection="orders"}')).toBe(0);
    expect(during.get('onsite_projection_lag_seconds{projection="orders"}')).toBe(0);

    stream.close();
    const afterStream = Date.now() + 5_000;
    let closed = await scrape();
    while (closed.get('onsite_live_update_streams') !== 0 && Date.now() < afterStream) closed = await scrape();
    expect(closed.get('onsite_live_update_streams')).toBe(0);
    expect(submitted.status).toBe('REQUESTED_QUOTE');
  });

  it('shows the job queue by kind and counts job runs: an offer queues its expiry and reminder, a prepared job exports once', async () => {
    const before = await scrape();
    await flows.offered('ec.admin');
    const offered = await scrape();
    expect(delta(before, offered, 'onsite_jobs_queued{kind="expire-offer"}')).toBe(1);
    expect(delta(before, offered, 'onsite_jobs_queued{kind="remind-offer"}')).toBe(1);

    const receivedBefore = received;
    await flows.jobInPlanning('ec.admin');
    const deadline = Date.now() + 10_000;
    let after = await scrape();
    while (delta(before, after, 'onsite_job_runs_total{kind="export-job-specification",outcome="succeeded"}') < 1 && Date.now() < deadline) {
      await new Promise((done) => setTimeout(done, 100));
      after = await scrape();
    }
    expect(delta(before, after, 'onsite_job_runs_total{kind="export-job-specification",outcome="succeeded"}')).toBe(1);
    expect(delta(before, after, 'onsite_job_failures_total{kind="export-job-specification"}')).toBe(0);
    expect(received - receivedBefore).toBe(1);
  });

  it('serves the same text on a listener of its own (METRICS_PORT), at /metrics only', async () => {
    const server = await startMetricsServer(t.runtime.metrics, 0, '127.0.0.1');
    try {
      const address = server.address();
      const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const response = await fetch(`${base}/metrics`);
      expect(response.status).toBe(200);
      expect(parse(await response.text()).has('onsite_live_update_streams')).toBe(true);
      expect((await fetch(`${base}/`)).status).toBe(404);
    } finally {
      await new Promise((done) => server.close(done));
    }
  });
});
