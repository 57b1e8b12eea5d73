#!/usr/bin/env node
// Seeds a data directory for the read benchmarks: the demo data (users, companies, catalogue) through the api's own
// seed, then N generated orders (order-generator.mjs) appended to the event log. The read models of the orders are
// not written here: the benchmark rebuilds them (and measures that). Prints one JSON line: { orders, events, seconds }.
// Usage: node scripts/bench/lib/seed-orders.mjs --data-dir DIR --orders N
import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { openRuntime } from '../../../services/api/dist/bootstrap.js';
import { loadConfig } from '../../../services/api/dist/config/config.js';
import { seedDemoData } from '../../../services/api/dist/seed/demo-seed.js';
import { generateOrders } from './order-generator.mjs';

const { values } = parseArgs({ options: { 'data-dir': { type: 'string' }, orders: { type: 'string', default: '100000' } } });
const count = Number(values.orders);
const config = loadConfig({ PROFILE: 'embedded', DATA_DIR: values['data-dir'], RUN_WORKERS: 'false', LOG_LEVEL: 'error', WEB_DIST: '/nonexistent' });
const runtime = await openRuntime(config);
await seedDemoData(runtime);
await runtime.projections.stop();

const companies = await runtime.documentStore.collection('companies').find({ filter: { type: { in: ['EC', 'OEM'] } }, sort: [{ path: '_id', direction: 'asc' }] });
const users = await runtime.documentStore.collection('users').find({ filter: { role: 'ADMIN', status: 'ACTIVE' }, sort: [{ path: '_id', direction: 'asc' }] });
const actorOf = (user) => ({ userId: user._id, type: user.type, role: user.role, companyId: user.company._id, country: user.country, ...(user.type === 'BL' ? { countriesFilter: [] } : {}) });
const customers = companies.flatMap((company) => {
  const admin = users.find((user) => user.company._id === company._id);
  return admin ? [{ companyId: company._id, name: company.name, country: company.country, actor: actorOf(admin) }] : [];
});
const staffUser = users.find((user) => user.type === 'BL');
if (customers.length === 0 || !staffUser) throw new Error('The demo seed made no customer admins or no staff admin.');

const started = Date.now();
const events = await generateOrders({
  eventStore: runtime.eventStore,
  customers,
  staff: actorOf(staffUser),
  count,
  onProgress: (done, written) => {
    if (done % 10_000 === 0) process.stderr.write(`  seeded ${done.toLocaleString('en')}/${count.toLocaleString('en')} orders (${written.toLocaleString('en')} events, ${Math.round((Date.now() - started) / 1000)} s)\n`);
  },
});
const seconds = (Date.now() - started) / 1000;
await runtime.close();
process.stdout.write(`${JSON.stringify({ orders: count, customers: customers.length, events, seconds })}\n`);
