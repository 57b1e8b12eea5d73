#!/usr/bin/env node
// An example receiver of Onsite webhooks (docs/integration.md): node, no dependencies.
//
//   WEBHOOK_SECRET=whsec_… node scripts/webhook-receiver.mjs [--port 8787] [--path /onsite/webhooks]
//
// It checks every message's signature, refuses one signed more than five minutes ago, drops a message it has seen
// before (the same event id: Onsite delivers at least once), and prints the rest, one JSON line each. During a secret
// rotation give both secrets, comma-separated (WEBHOOK_SECRET=whsec_new,whsec_old). Your own receiver keeps the
// seen ids in its database, in the same transaction as the work the message causes; this one keeps them in memory.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] ? args[at + 1] : fallback;
};
const port = Number(option('port', process.env.PORT ?? '8787'));
const path = option('path', '/onsite/webhooks');
const secrets = (process.env.WEBHOOK_SECRET ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
if (secrets.length === 0) {
  console.error('Set WEBHOOK_SECRET to the secret the console showed (two, comma-separated, while one is rotated).');
  process.exit(1);
}
const TOLERANCE_SECONDS = 300;
const MAX_BODY_BYTES = 1024 * 1024;

/** Header `Onsite-Signature: t=<unix seconds>,v1=<hex>[,v1=<hex>]`: HMAC-SHA256 over `<t>.<raw body>`; any v1 may match. */
function verify(header, rawBody, nowMs = Date.now()) {
  const parts = String(header ?? '')
    .split(',')
    .map((part) => part.trim().split('='));
  const t = parts.find(([key]) => key === 't')?.[1];
  const signatures = parts.filter(([key]) => key === 'v1').map(([, value]) => Buffer.from(value ?? '', 'hex'));
  if (!t || !/^\d+$/.test(t) || signatures.length === 0) return 'missing or malformed signature';
  if (Math.abs(nowMs / 1000 - Number(t)) > TOLERANCE_SECONDS) return 'signed too long ago (replayed?)';
  const valid = secrets.some((secret) => {
    const expected = createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest();
    return signatures.some((sent) => sent.length === expected.length && timingSafeEqual(sent, expected));
  });
  return valid ? null : 'signature does not match';
}

const seen = new Set();

const server = createServer((req, res) => {
  if (req.method !== 'POST' || new URL(req.url ?? '/', 'http://x').pathname !== path) {
    res.writeHead(404).end();
    return;
  }
  const chunks = [];
  let size = 0;
  req.on('data', (chunk) => {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) req.destroy();
    else chunks.push(chunk);
  });
  req.on('end', () => {
    // Verify the exact bytes received, before parsing: re-serialised JSON would not match.
    const raw = Buffer.concat(chunks);
    const problem = verify(req.headers['onsite-signature'], raw);
    if (problem) {
      console.error(JSON.stringify({ refused: problem }));
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: problem }));
      return;
    }
    const message = JSON.parse(raw.toString('utf8'));
    if (seen.has(message.id)) {
      // Already handled: answer 2xx so Onsite stops sending it, and do nothing more.
      console.log(JSON.stringify({ duplicate: message.id }));
      res.writeHead(200).end();
      return;
    }
    seen.add(message.id);
    console.log(JSON.stringify({ received: message }));
    res.writeHead(204).end();
  });
});

server.listen(port, () => console.log(JSON.stringify({ listening: `http://localhost:${port}${path}` })));
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
