#!/usr/bin/env node
// The SQL statements one quote request costs (embedded profile, PGlite): every statement the api, the projections
// and the workers send while N requests run, counted per kind with their mean time (which includes waiting for
// PGlite's one connection), and the transactions. Shows where a command's time goes before changing anything.
// With --profile postgres: every statement (one round trip each) the api sends to PostgreSQL (DATABASE_URL, a schema
// named BENCH_SCHEMA_PREFIX_stmt_<random>, dropped at the end; Redis from BENCH_REDIS_URL or REDIS_URL).
// Build first: npx tsc -b services/api/tsconfig.json
// Usage: node scripts/bench/statements.mjs [--requests 20] [--clients 1] [--data-dir DIR (default: in memory)] [--profile postgres]
// (PROJECTIONS=all|lease in the environment chooses who projects on postgres; lease by default)
import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { PGlite } from '@electric-sql/pglite';
import { openRuntime } from '../../services/api/dist/bootstrap.js';
import { loadConfig } from '../../services/api/dist/config/config.js';
import { createApp } from '../../services/api/dist/create-app.js';
import { seedDemoData } from '../../services/api/dist/seed/demo-seed.js';
import { PreparedStatements } from '../../services/infrastructure/dist/sql/pglite-prepared.js';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '20' },
    clients: { type: 'string', default: '1' },
    'data-dir': { type: 'string' },
    profile: { type: 'string', default: 'embedded' },
  },
});
const requests = Number(values.requests);
const clients = Number(values.clients);

const statements = new Map();
let counting = false;
let transactions = 0;
async function timed(text, run) {
  const started = performance.now();
  try {
    return await run();
  } finally {
    if (counting) {
      const kind = text.replace(/\s+/g, ' ').trim().slice(0, 100);
      const entry = statements.get(kind) ?? { count: 0, ms: 0 };
      entry.count++;
      entry.ms += performance.now() - started;
      statements.set(kind, entry);
    }
  }
}
// Every statement passes through PGlite's query() or a transaction's handle, or (SELECT, INSERT, UPDATE, DELETE and
// WITH, D104) through the client's named prepared statements.
const prepare = PreparedStatements.prototype.run;
PreparedStatements.prototype.run = function (text, ...rest) {
  return timed(text, () => prepare.call(this, text, ...rest));
};
const query = PGlite.prototype.query;
PGlite.prototype.query = function (text, ...rest) {
  return timed(text, () => query.call(this, text, ...rest));
};
const transaction = PGlite.prototype.transaction;
PGlite.prototype.transaction = function (work) {
  if (counting) transactions++;
  return transaction.call(this, (tx) => {
    const inner = tx.query;
    tx.query = (text, ...rest) => timed(text, () => inner.call(tx, text, ...rest));
    return work(tx);
  });
};

// PostgreSQL: every statement passes through pg's Client.query (the pool's too); BEGIN and COMMIT count as statements.
const pg = createRequire(new URL('../../services/infrastructure/package.json', import.meta.url))('pg');
const clientQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, ...rest) {
  const text = typeof config === 'string' ? config : (config?.text ?? '');
  if (counting && /^\s*BEGIN/i.test(text)) transactions++;
  if (!counting || typeof config?.submit === 'function') return clientQuery.call(this, config, ...rest);
  const callback = rest.at(-1);
  if (typeof callback !== 'function') return timed(text, () => clientQuery.call(this, config, ...rest));
  let done;
  void timed(text, () => new Promise((resolve) => (done = resolve)));
  return clientQuery.call(this, config, ...rest.slice(0, -1), (...outcome) => {
    done();
    callback(...outcome);
  });
};

const dataDir = values['data-dir'] ?? 'memory://';
const postgres = values.profile === 'postgres';
const schema = `${process.env.BENCH_SCHEMA_PREFIX ?? 'bench'}_stmt_${randomUUID().slice(0, 8)}`;
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const config = loadConfig(
  postgres
    ? {
        PROFILE: 'postgres',
        DATABASE_URL,
        DATABASE_SCHEMA: schema,
        REDIS_URL: process.env.BENCH_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/13',
        DATA_DIR: 'memory://',
        WEB_DIST: '/nonexistent',
        LOG_LEVEL: 'error',
        ...(process.env.PROJECTIONS ? { PROJECTIONS: process.env.PROJECTIONS } : {}),
      }
    : { PROFILE: 'embedded', DATA_DIR: dataDir, WEB_DIST: '/nonexistent', LOG_LEVEL: 'error' },
);
const runtime = await openRuntime(config);
await seedDemoData(runtime);
const app = await createApp(runtime);
await app.listen(0, '127.0.0.1');
const base = `http://127.0.0.1:${app.getHttpServer().address().port}`;
const post = async (path, body, token) =>
  (
    await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    })
  ).json();
const { token } = await post('/api/log-in', { email: 'ec.admin@demo.onsite.test', password: 'Onsite-demo-1' });
const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const body = {
  creationType: 'QUOTE_REQUEST',
  content: {
    location: { name: 'Reading plant', addressLine1: '14 Riverside Way', city: 'Reading', postCode: 'RG1 8DB', country: 'uk', timeZone: 'Europe/London' },
    timeframes: [{ date: { from: `${day}T08:00:00`, to: `${day}T18:00:00` } }],
    services: [{ serviceId: 'svc-preventive-maintenance' }],
    additionalInformation: { remarks: 'Two packaging lines.' },
  },
};
await post('/api/order/create', body, token);
await new Promise((resolve) => setTimeout(resolve, 300));

counting = true;
const started = performance.now();
const cpuBefore = process.cpuUsage();
await Promise.all(
  Array.from({ length: clients }, async () => {
    for (let i = 0; i < requests / clients; i++) await post('/api/order/create', body, token);
  }),
);
const ms = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
await new Promise((resolve) => setTimeout(resolve, 100));
counting = false;

const total = [...statements.values()].reduce((sum, entry) => sum + entry.count, 0);
console.log(
  `${requests} quote requests from ${clients} client(s): ${(total / requests).toFixed(1)} statements and ${(transactions / requests).toFixed(1)} transactions each, ${(ms / requests).toFixed(1)} ms each, ${((cpu.user + cpu.system) / 1000 / requests).toFixed(2)} ms of CPU each`,
);
for (const [kind, { count, ms: spent }] of [...statements].sort((a, b) => b[1].count - a[1].count)) {
  console.log(`${(count / requests).toFixed(1).padStart(5)} × ${(spent / count).toFixed(2).padStart(6)} ms  ${kind}`);
}
await app.close();
await runtime.close();
if (postgres) {
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  const { rows } = await admin.query('SELECT nspname FROM pg_namespace WHERE nspname LIKE $1', [`${schema}%`]);
  for (const { nspname } of rows) await admin.query(`DROP SCHEMA "${nspname}" CASCADE`);
  await admin.end();
}
