#!/usr/bin/env node
/**
 * Planning-tool simulator for dev and tests (loopback unless --host says otherwise, as in docker-compose.yml).
 *
 *   node scripts/planning-tool-simulator.mjs [--port 4010] [--host 127.0.0.1] [--fail-first N] [--delay-ms M]
 *                                            [--report-to http://127.0.0.1:3000 --secret S] [--step-ms 3000]
 *   (or PORT, FAIL_FIRST, DELAY_MS, REPORT_TO, PLANNING_TOOL_SECRET, STEP_MS)
 *
 * With --report-to and --secret it also plays the planners and technicians: every newly accepted specification's
 * job is reported back to Onsite's signed endpoint POST <report-to>/api/planning-tool/job-progress as PLANNED
 * (a team and the first time frame), IN_PROGRESS, COMPLETED and CLOSED, one step every --step-ms. Each report is
 * signed (Onsite-Signature: t=<unix seconds>,v1=HMAC-SHA256(secret, "<t>.<body>")), carries a stable report id and
 * is retried on network errors and 5xx; a 4xx ends that job's sequence (logged).
 *
 * POST /job-specifications   Idempotency-Key header required. The first N requests answer 503. Afterwards a
 *                            new key is stored and answered 201; a known key answers 200 with the stored entry
 *                            (nothing stored twice).
 * GET  /job-specifications   The accepted specifications.
 * GET  /__admin/state        { requests, failures, accepted, duplicates } counters and entries.
 * POST /__admin/reset        Body { failFirst?, delayMs?, reportTo?, secret?, stepMs? }: clears everything, sets the failure
 *                            count and (when given) where and how fast jobs are reported back.
 * POST /__admin/play         Body { orderIds }: with --play-only-listed (PLAY_ONLY_LISTED=1), only the jobs of these
 *                            orders are played; others are accepted and left as they are (a shared test server
 *                            where one test watches a job move while others record progress by hand).
 * POST /__admin/refuse       Body { orderIds, message }: the specifications of these orders are refused with 422
 *                            { error: 'specification_refused', message } (not worth retrying) until a call with
 *                            message null accepts them again: one test's failed export leaves the others alone.
 * GET  /health               { status: 'ok' }
 *
 * Prints `planning-tool-simulator listening on http://<host>:<port>` once listening (port 0 = any free port).
 */
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';

const arg = (name, env, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  if (index > 0 && process.argv[index + 1] !== undefined) return Number(process.argv[index + 1]);
  return process.env[env] !== undefined ? Number(process.env[env]) : fallback;
};

let failFirst = arg('fail-first', 'FAIL_FIRST', 0);
let delayMs = arg('delay-ms', 'DELAY_MS', 0);
const port = arg('port', 'PORT', 4010);
const text = (name, env) => {
  const index = process.argv.indexOf(`--${name}`);
  if (index > 0 && process.argv[index + 1] !== undefined) return process.argv[index + 1];
  return process.env[env] || undefined;
};
let reportTo = text('report-to', 'REPORT_TO');
let secret = text('secret', 'PLANNING_TOOL_SECRET');
let stepMs = arg('step-ms', 'STEP_MS', 3000);
const host = text('host', 'SIMULATOR_HOST') ?? '127.0.0.1';
/** With --play-only-listed: the orders whose jobs are played (all others are only accepted). */
const playOnly = process.argv.includes('--play-only-listed') || process.env.PLAY_ONLY_LISTED === '1' ? new Set() : null;
/** Order id → the message its specifications are refused with. */
const refused = new Map();
/** What was reported back: { jobId, step, status, error? } */
let reports = [];
let requests = 0;
let failures = 0;
let duplicates = 0;
/** Idempotency-Key → { key, receivedAt, specification } */
let accepted = new Map();

const readBody = (req) =>
  new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

const send = (res, status, body) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const server = createServer(async (req, res) => {
  try {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'GET' && url.pathname === '/health') return send(res, 200, { status: 'ok' });
    if (req.method === 'GET' && url.pathname === '/__admin/state')
      return send(res, 200, { requests, failures, duplicates, accepted: [...accepted.values()], reports });
    if (req.method === 'POST' && url.pathname === '/__admin/reset') {
      const body = JSON.parse((await readBody(req)) || '{}');
      failFirst = Number(body.failFirst ?? 0);
      delayMs = Number(body.delayMs ?? 0);
      if (body.reportTo !== undefined) reportTo = body.reportTo || undefined;
      if (body.secret !== undefined) secret = body.secret || undefined;
      if (body.stepMs !== undefined) stepMs = Number(body.stepMs);
      requests = failures = duplicates = 0;
      accepted = new Map();
      reports = [];
      return send(res, 200, { ok: true });
    }
    if (req.method === 'POST' && url.pathname === '/__admin/play') {
      const body = JSON.parse((await readBody(req)) || '{}');
      for (const id of body.orderIds ?? []) playOnly?.add(String(id));
      return send(res, 200, { ok: true });
    }
    if (req.method === 'POST' && url.pathname === '/__admin/refuse') {
      const body = JSON.parse((await readBody(req)) || '{}');
      for (const id of body.orderIds ?? []) {
        if (body.message) refused.set(String(id), String(body.message));
        else refused.delete(String(id));
      }
      return send(res, 200, { ok: true });
    }
    if (req.method === 'GET' && url.pathname === '/job-specifications') return send(res, 200, [...accepted.values()]);
    if (req.method === 'POST' && url.pathname === '/job-specifications') {
      requests++;
      const raw = await readBody(req);
      if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
      if (failures < failFirst) {
        failures++;
        return send(res, 503, { error: 'unavailable', message: `simulated failure ${failures}/${failFirst}` });
      }
      const key = req.headers['idempotency-key'];
      if (typeof key !== 'string' || key === '') return send(res, 400, { error: 'idempotency_key_required' });
      let specification;
      try {
        specification = JSON.parse(raw);
      } catch {
        return send(res, 400, { error: 'invalid_json' });
      }
      const refusal = refused.get(String(specification.order?.orderId));
      if (refusal) return send(res, 422, { error: 'specification_refused', message: refusal });
      const known = accepted.get(key);
      if (known) {
        duplicates++;
        return send(res, 200, known);
      }
      const entry = { key, receivedAt: new Date().toISOString(), specification };
      accepted.set(key, entry);
      if (reportTo && secret && (!playOnly || playOnly.has(String(specification.order?.orderId)))) void playJob(specification);
      return send(res, 201, entry);
    }
    send(res, 404, { error: 'not_found' });
  } catch (error) {
    send(res, 500, { error: 'server_error', message: String(error) });
  }
});

const TEAM = [
  { id: 'sim-tech-1', name: 'Ana Lima' },
  { id: 'sim-tech-2', name: 'Jonas Weber' },
];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Signs and posts one report; retries network errors and 5xx. Resolves with the final HTTP status. */
async function postReport(body) {
  const raw = JSON.stringify(body);
  for (let attempt = 1; ; attempt++) {
    const t = Math.floor(Date.now() / 1000);
    const mac = createHmac('sha256', secret).update(`${t}.`).update(raw).digest('hex');
    try {
      const response = await fetch(new URL('/api/planning-tool/job-progress', reportTo), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'onsite-signature': `t=${t},v1=${mac}` },
        body: raw,
      });
      if (response.status < 500 || attempt >= 5) return { status: response.status, answer: await response.text() };
    } catch (error) {
      if (attempt >= 5) return { status: 0, answer: String(error) };
    }
    await sleep(500 * attempt);
  }
}

/** Plays a job through to closed, one step every stepMs. */
async function playJob(specification) {
  const { jobId, specVersion } = specification;
  const orderId = specification.order?.orderId;
  const window = specification.timeframes?.[0]?.date;
  const steps = [
    { step: 'PLANNED', team: TEAM, ...(window?.from && window?.to ? { schedule: { from: window.from, to: window.to } } : {}) },
    { step: 'IN_PROGRESS' },
    { step: 'COMPLETED' },
    { step: 'CLOSED' },
  ];
  for (const extra of steps) {
    await sleep(stepMs);
    const { status, answer } = await postReport({ reportId: `${jobId}:${specVersion}:${extra.step}`, orderId, jobId, ...extra });
    reports.push({ jobId, step: extra.step, status, ...(status === 200 ? {} : { error: answer.slice(0, 300) }) });
    if (status !== 200) {
      process.stderr.write(`planning-tool-simulator: report ${extra.step} of job ${jobId} refused (${status}): ${answer.slice(0, 300)}\n`);
      return;
    }
  }
}

server.listen(port, host, () => {
  const address = server.address();
  process.stdout.write(`planning-tool-simulator listening on http://${host}:${address.port}\n`);
});
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
