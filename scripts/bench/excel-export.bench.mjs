#!/usr/bin/env node
// Time and peak memory of the order history's Excel export over N orders (default 100,000).
// Seeds the order-list read model of a throw-away PGlite store (a temporary directory) with multi-row INSERTs (the export
// reads only that read model), then streams the whole list through the same code as POST /api/order/export
// into a temporary file and samples the process's resident memory while it runs.
// Build first: npx tsc -b services/api/tsconfig.json
// Usage: node scripts/bench/excel-export.bench.mjs [--orders 100000]
import 'reflect-metadata';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openPglite, SqlDocumentStore } from '@onsite/infrastructure';
import { ALL_PROJECTIONS, ORDER_LIST } from '@onsite/projections';
import { writeOrderExport } from '../../services/api/dist/orders/export-orders/export-orders.js';

const { values } = parseArgs({ options: { orders: { type: 'string', default: '100000' }, batch: { type: 'string', default: '1000' } } });
const total = Number(values.orders);
const batch = Number(values.batch);
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const seconds = (from) => (Number(process.hrtime.bigint() - from) / 1e9).toFixed(1);

const STATUSES = ['REQUESTED_QUOTE', 'OFFERED', 'ORDER_SUBMITTED', 'JOB_PLANNED', 'JOB_COMPLETED', 'CLOSED', 'INCOMPLETE', 'DECLINED'];
const COUNTRIES = ['uk', 'de', 'us', 'in', 'ch', 'fr'];
const SERVICES = ['Preventive maintenance', 'Commissioning', 'Robot calibration', 'Safety inspection'];
function order(i) {
  const requested = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
  const status = STATUSES[i % STATUSES.length];
  return {
    _id: `bench-${i}`,
    refId: `ON-26-${String(i).padStart(7, '0')}`,
    status,
    creationType: 'QUOTE_REQUEST',
    type: 'quote',
    companyId: `company-${i % 50}`,
    customerName: `Customer ${i % 50} Ltd`,
    endCustomerName: i % 3 === 0 ? `End customer ${i % 17}` : null,
    country: COUNTRIES[i % COUNTRIES.length],
    locationName: `Plant ${i % 200}`,
    city: `City ${i % 90}`,
    serviceNames: SERVICES.slice(0, 1 + (i % SERVICES.length)),
    serviceIds: SERVICES.slice(0, 1 + (i % SERVICES.length)).map((_, n) => `svc-${n}`),
    requestedAt: requested,
    createdAt: requested,
    updatedAt: requested,
    firstStart: '2026-03-02T08:00:00',
    timeZone: 'Europe/Berlin',
    hasChanges: false,
    ownerUserId: null,
    offerExpiresAt: status === 'OFFERED' ? new Date(Date.parse(requested) + 7 * 86_400_000).toISOString() : null,
  };
}

const dir = await mkdtemp(join(tmpdir(), 'onsite-export-bench-'));
const client = await openPglite({ dataDir: join(dir, 'pglite') });
const store = new SqlDocumentStore(client);
await store.init();
for (const projection of ALL_PROJECTIONS) for (const collection of projection.collections) await store.ensureCollection(collection);

const seedStarted = process.hrtime.bigint();
for (let from = 0; from < total; from += batch) {
  const rows = Array.from({ length: Math.min(batch, total - from) }, (_, n) => order(from + n));
  const placeholders = rows.map((_, r) => `($${r * 2 + 1}, 1, $${r * 2 + 2}::jsonb)`).join(',');
  await client.query(`INSERT INTO rm_${ORDER_LIST} (id, revision, data) VALUES ${placeholders}`, rows.flatMap((row) => [row._id, JSON.stringify(row)]));
}
await client.query(`ANALYZE rm_${ORDER_LIST}`);
console.log(`seeded ${total.toLocaleString('en')} orders in ${seconds(seedStarted)} s`);

global.gc?.();
const rssBefore = process.memoryUsage().rss;
let peak = rssBefore;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);

const file = join(dir, 'orders.xlsx');
const actor = { userId: 'bench', type: 'BL', role: 'ADMIN', companyId: 'provider', country: 'de', countriesFilter: [] };
const request = { filter: {}, sort: { field: 'requestedAt', direction: 'desc' }, lang: 'en', timeZone: 'Europe/Berlin' };
const exportStarted = process.hrtime.bigint();
const output = createWriteStream(file);
const finished = new Promise((resolve, reject) => output.on('finish', resolve).on('error', reject));
const rows = await writeOrderExport({ documentStore: store }, actor, request, output);
await finished;
const exportSeconds = seconds(exportStarted);
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage().rss);

const size = (await stat(file)).size;
console.log(`exported ${rows.toLocaleString('en')} rows (${mb(size)} .xlsx) in ${exportSeconds} s (${Math.round(rows / Number(exportSeconds)).toLocaleString('en')} rows/s)`);
console.log(`resident memory: ${mb(rssBefore)} before the export, peak ${mb(peak)} during it (+${mb(peak - rssBefore)}); process maxRSS ${mb(process.resourceUsage().maxRSS * 1024)}`);
await store.close();
await rm(dir, { recursive: true, force: true });
