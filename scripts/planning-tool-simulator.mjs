#!/usr/bin/env node
/**
 * Planning-tool simulator for dev and tests (loopback only).
 *
 *   node scripts/planning-tool-simulator.mjs [--port 4010] [--fail-first N] [--delay-ms M]
 *   (or PORT, FAIL_FIRST, DELAY_MS)
 *
 * POST /job-specifications   Idempotency-Key header required. The first N requests answer 503. Afterwards a
 *                            new key is stored and answered 201; a known key answers 200 with the stored entry
 *                            (nothing stored twice).
 * GET  /job-specifications   The accepted specifications.
 * GET  /__admin/state        { requests, failures, accepted, duplicates } counters and entries.
 * POST /__admin/reset        Body { failFirst?, delayMs? }: clears everything and sets the failure count.
 * GET  /health               { status: 'ok' }
 *
 * Prints `planning-tool-simulator listening on http://127.0.0.1:<port>` once listening (port 0 = any free port).
 */
import { createServer } from 'node:http';

const arg = (name, env, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  if (index > 0 && process.argv[index + 1] !== undefined) return Number(process.argv[index + 1]);
  return process.env[env] !== undefined ? Number(process.env[env]) : fallback;
};

let failFirst = arg('fail-first', 'FAIL_FIRST', 0);
let delayMs = arg('delay-ms', 'DELAY_MS', 0);
const port = arg('port', 'PORT', 4010);
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
      return send(res, 200, { requests, failures, duplicates, accepted: [...accepted.values()] });
    if (req.method === 'POST' && url.pathname === '/__admin/reset') {
      const body = JSON.parse((await readBody(req)) || '{}');
      failFirst = Number(body.failFirst ?? 0);
      delayMs = Number(body.delayMs ?? 0);
      requests = failures = duplicates = 0;
      accepted = new Map();
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
      const known = accepted.get(key);
      if (known) {
        duplicates++;
        return send(res, 200, known);
      }
      const entry = { key, receivedAt: new Date().toISOString(), specification };
      accepted.set(key, entry);
      return send(res, 201, entry);
    }
    send(res, 404, { error: 'not_found' });
  } catch (error) {
    send(res, 500, { error: 'server_error', message: String(error) });
  }
});

server.listen(port, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`planning-tool-simulator listening on http://127.0.0.1:${address.port}\n`);
});
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
