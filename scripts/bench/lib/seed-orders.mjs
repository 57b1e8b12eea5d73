#!/usr/bin/env node
// Seeds a data directory for the read benchmarks: the demo data (users, companies, catalogue) through the api's own
// seed, then N orders decided by the domain's order decider (order-generator.mjs), written into the event log
// 1,000 streams per statement (the append path's own cost is measured by the command figures; here it would only
// make the seed slow). The orders' read models are not written: the benchmark rebuilds them and measures that.
// Prints one JSON line: { orders, customers, events, seconds }.
// Usage: node scripts/bench/lib/seed-orders.mjs --data-dir DIR --orders N
import 'reflect-metadata';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openPglite } from '@onsite/infrastructure';
import { openRuntime } from '../../../services/api/dist/bootstrap.js';
import { loadConfig } from '../../../services/api/dist/config/config.js';
import { seedDemoData } from '../../../services/api/dist/seed/demo-seed.js';
import { orderStreams } from './order-generator.mjs';

const { values } = parseArgs({ options: { 'data-dir': { type: 'string' }, orders: { type: 'string', default: '100000' } } });
const count = Number(values.orders);
const config = loadConfig({ PROFILE: 'embedded', DATA_DIR: values['data-dir'], RUN_WORKERS: 'false', LOG_LEVEL: 'error', WEB_DIST: '/nonexistent' });
const runtime = await openRuntime(config);
await seedDemoData(runtime);
const companies = await runtime.documentStore.collection('companies').find({ filter: { type: { in: ['EC', 'OEM'] } }, sort: [{ path: '_id', direction: 'asc' }] });
const users = await runtime.documentStore.collection('users').find({ filter: { role: 'ADMIN', status: 'ACTIVE' }, sort: [{ path: '_id', direction: 'asc' }] });
await runtime.close();

const actorOf = (user) => ({ userId: user._id, type: user.type, role: user.role, companyId: user.company._id, country: user.country, ...(user.type === 'BL' ? { countriesFilter: [] } : {}) });
const customers = companies.flatMap((company) => {
  const admin = users.find((user) => user.company._id === company._id);
  return admin ? [{ companyId: company._id, name: company.name, country: company.country, actor: actorOf(admin) }] : [];
});
const staffUser = users.find((user) => user.type === 'BL');
if (customers.length === 0 || !staffUser) throw new Error('The demo seed made no customer admins or no staff admin.');

const client = await openPglite({ dataDir: join(values['data-dir'], 'pglite') });
const started = Date.now();
let events = 0;
let orders = 0;
for (const streams of orderStreams({ customers, staff: actorOf(staffUser), count })) {
  const rows = streams.flatMap(({ streamId, events: list }) => list.map((event, n) => ({ ...event, streamId, version: n + 1 })));
  await client.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO es_streams (stream_id, version) SELECT s->>'streamId', (s->>'version')::integer FROM jsonb_array_elements($1::jsonb) AS x(s)`,
      [JSON.stringify(streams.map(({ streamId, events: list }) => ({ streamId, version: list.length })))],
    );
    await tx.query(
      `INSERT INTO es_events (event_id, stream_id, stream_version, type, data, metadata)
       SELECT e->>'eventId', e->>'streamId', (e->>'version')::integer, e->>'type', e->'data', e->'metadata'
         FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS x(e, o) ORDER BY o`,
      [JSON.stringify(rows)],
    );
  });
  events += rows.length;
  orders += streams.length;
  if (orders % 10_000 === 0) process.stderr.write(`  seeded ${orders.toLocaleString('en')}/${count.toLocaleString('en')} orders (${events.toLocaleString('en')} events, ${Math.round((Date.now() - started) / 1000)} s)\n`);
}
await client.close();
process.stdout.write(`${JSON.stringify({ orders: count, customers: customers.length, events, seconds: (Date.now() - started) / 1000 })}\n`);
