#!/usr/bin/env node
// p95 of the two dashboards' queries (GET /api/kpi and GET /api/dashboard run exactly these) with N orders (default
// 100,000) in the read store. The read-model rows are made by the orders projection (the dashboards are its read model, D83) from generated order
// events (applied in memory, then written to a throw-away PGlite store with multi-row INSERTs), not through HTTP.
// The ceiling is a trivial read-store query measured in the same run (one document by id); ratio = value / ceiling.
// Build first: npx tsc -b services/api/tsconfig.json
// Usage: node scripts/bench/dashboards.bench.mjs [--orders 100000] [--runs 200]
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openPglite, SqlDocumentStore } from '@onsite/infrastructure';
import { DASHBOARD_FACTS, dashboardReport, dashboardsReadModel, KPI_BUCKETS, kpiReport, ordersProjection } from '@onsite/projections';

const { values } = parseArgs({ options: { orders: { type: 'string', default: '100000' }, runs: { type: 'string', default: '200' } } });
const total = Number(values.orders);
const runs = Number(values.runs);
const started = process.hrtime.bigint();
const seconds = () => (Number(process.hrtime.bigint() - started) / 1e9).toFixed(1);

/** An in-memory session: the projection's own apply, without a database round trip per event. */
const memory = new Map();
const session = {
  collection(name) {
    if (!memory.has(name)) memory.set(name, new Map());
    const docs = memory.get(name);
    return {
      get: async (id) => docs.get(id) ?? null,
      upsert: async (id, data, revision) => {
        const stored = docs.get(id);
        if (stored && stored.revision >= revision) return false;
        docs.set(id, { id, revision, data });
        return true;
      },
      delete: async (id) => docs.delete(id),
    };
  },
};

const COUNTRIES = ['uk', 'de', 'us', 'in', 'ch', 'fr', 'it', 'es'];
const SERVICES = ['Preventive maintenance', 'Commissioning', 'Robot calibration', 'Safety inspection'];
const REASONS = ['PRICE_TOO_HIGH', 'SOMEONE_ELSE', 'USE_OWN_TECHNICIANS', 'SERVICE_NO_LONGER_NEEDED', 'OTHER'];
const pdf = { path: 'offers/o.pdf', name: 'o.pdf', mimeType: 'application/pdf' };
const billing = {
  id: 'b',
  firstName: 'A',
  lastName: 'B',
  email: 'a@b.test',
  department: 'D',
  addressLine1: 'L',
  addressCity: 'C',
  addressPostCode: 'P',
  addressCountry: 'de',
  taxNumber: 'T',
};
const HOUR = 3_600_000;
const BASE = Date.UTC(2025, 6, 1);

function eventsOf(i) {
  const country = COUNTRIES[i % COUNTRIES.length];
  const at = BASE + (i / total) * 365 * 24 * HOUR;
  const day = new Date(at + 14 * 24 * HOUR).toISOString().slice(0, 10);
  const content = {
    location: {
      name: `Plant ${i % 300}`,
      addressLine1: 'Street 1',
      city: `City ${i % 90}`,
      postCode: '1000',
      country,
      timeZone: 'Europe/Berlin',
      geo: { lat: 40 + (i % 150) / 10, lng: -5 + (i % 200) / 10 },
    },
    timeframes: [{ type: 'FIXED', date: { from: `${day}T08:00:00`, to: `${day}T18:00:00` } }],
    services: [{ serviceId: `svc-${i % SERVICES.length}`, name: SERVICES[i % SERVICES.length], price: { amount: 100, currency: 'EUR' }, equipmentItems: [] }],
    equipments: [],
    additionalInformation: {},
    contacts: { additionalContacts: [] },
  };
  const list = [
    [
      {
        type: 'CREATE',
        data: {
          orderId: `o${i}`,
          refId: `ON-25-${String(i).padStart(7, '0')}`,
          customer: { companyId: `company-${i % 50}`, name: `Customer ${i % 50}`, country },
          creationType: 'QUOTE_REQUEST',
          content,
        },
      },
      0,
    ],
    [{ type: 'GET_QUOTE', data: { disclaimerAccepted: true, shortNotice: null } }, 1],
  ];
  const ending = i % 10;
  if (ending === 0) return list;
  list.push([
    { type: 'OFFER', data: { offerId: 'f1', pdf, attachments: [], expiresAt: new Date(at + 200 * HOUR).toISOString(), offeredAt: new Date(at).toISOString() } },
    2 + (i % 72),
  ]);
  if (ending === 1) return [...list, [{ type: 'EXPIRE', data: { offerId: 'f1' } }, 200]];
  if (ending <= 3) return [...list, [{ type: 'REJECT', data: { offerId: 'f1', reasons: [REASONS[i % REASONS.length]] } }, 100]];
  list.push([
    { type: 'ACCEPT_OFFER', data: { offerId: 'f1', po: { number: 'PO' }, billingAddress: billing, termsAccepted: true, additionalInformationRequired: false } },
    80 + (i % 48),
  ]);
  if (ending <= 5) return list;
  list.push([{ type: 'CREATE_JOB_SPECIFICATION', data: { jobId: `j${i}` } }, 150], [{ type: 'JOB_PLANNED', data: { jobId: `j${i}`, team: [] } }, 160]);
  if (ending <= 7) return list;
  return [...list, [{ type: 'JOB_IN_PROGRESS', data: { jobId: `j${i}` } }, 14 * 24], [{ type: 'JOB_COMPLETED', data: { jobId: `j${i}` } }, 14 * 24 + 9]];
}

for (let i = 0; i < total; i++) {
  const at = BASE + (i / total) * 365 * 24 * HOUR;
  let version = 0;
  for (const [event, hours] of eventsOf(i)) {
    version++;
    const occurredAt = new Date(at + hours * HOUR).toISOString();
    await ordersProjection.apply(
      {
        eventId: `o${i}-${version}`,
        streamId: `order-o${i}`,
        streamVersion: version,
        checkpoint: '0',
        globalPosition: '0',
        type: event.type,
        data: event.data,
        metadata: { actorUserId: 'u', correlationId: 'c', causationId: 'c', occurredAt },
        recordedAt: occurredAt,
      },
      session,
    );
  }
  // The folded state, detail and list row are not read by the dashboards' queries: keep memory small.
  for (const name of ['order_states', 'order_details', 'order_list']) memory.get(name)?.delete(`o${i}`);
}
console.log(`projected ${total.toLocaleString('en')} orders in memory in ${seconds()} s`);

const dir = await mkdtemp(join(tmpdir(), 'onsite-dashboards-bench-'));
const client = await openPglite({ dataDir: join(dir, 'pglite') });
const store = new SqlDocumentStore(client);
await store.init();
for (const collection of dashboardsReadModel.collections) await store.ensureCollection(collection);
for (const name of [DASHBOARD_FACTS, KPI_BUCKETS]) {
  const docs = [...memory.get(name).values()];
  for (let from = 0; from < docs.length; from += 1000) {
    const rows = docs.slice(from, from + 1000);
    const placeholders = rows.map((_, r) => `($${r * 3 + 1}, $${r * 3 + 2}, $${r * 3 + 3}::jsonb)`).join(',');
    await client.query(
      `INSERT INTO rm_${name} (id, revision, data) VALUES ${placeholders}`,
      rows.flatMap((d) => [d.id, d.revision, JSON.stringify(d.data)]),
    );
  }
  await client.query(`ANALYZE rm_${name}`);
  console.log(`stored ${docs.length.toLocaleString('en')} rows of ${name} (${seconds()} s)`);
}

async function p95(label, work) {
  for (let i = 0; i < 10; i++) await work(); // warm-up
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    await work();
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { label, p95: times[Math.ceil(0.95 * times.length) - 1], median: times[Math.floor(times.length / 2)] };
}

const ceiling = await p95('trivial query (one document by id)', () => store.collection(KPI_BUCKETS).get('de|2026-01|internal'));
const results = [
  await p95('GET /api/kpi (12 months, all countries)', () => kpiReport(store, { from: '2025-07', to: '2026-06', view: 'internal', countries: [] })),
  await p95('GET /api/kpi (12 months, staff with 2 countries)', () =>
    kpiReport(store, { from: '2025-07', to: '2026-06', view: 'external', countries: ['de', 'uk'] }),
  ),
  await p95('GET /api/dashboard (one company, 18 months)', () =>
    dashboardReport(store, { from: '2025-07-01', to: '2026-12-31', companyIds: ['company-7'] }, []),
  ),
  await p95('GET /api/dashboard (5 tagged accounts, 18 months)', () =>
    dashboardReport(store, { from: '2025-07-01', to: '2026-12-31', companyIds: ['company-1', 'company-2', 'company-3', 'company-4', 'company-5'] }, []),
  ),
];
console.log(`\nceiling: ${ceiling.label}: p95 ${ceiling.p95.toFixed(2)} ms`);
for (const r of results)
  console.log(
    `${r.label}: p95 ${r.p95.toFixed(1)} ms (median ${r.median.toFixed(1)} ms), ceiling ${ceiling.p95.toFixed(2)} ms, ratio ${(r.p95 / ceiling.p95).toFixed(1)}`,
  );
console.log(`total ${seconds()} s`);
await store.close();
await rm(dir, { recursive: true, force: true });
