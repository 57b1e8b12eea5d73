#!/usr/bin/env node
// EXPLAIN ANALYZE of the order list's queries (a page and its total) as the api sends them, for staff and a customer,
// with and without a search, over a data directory the benchmark seeded (or any embedded one; stop its server first).
// Build first: npx tsc -b services/api/tsconfig.json
// Usage: node scripts/bench/explain-order-list.mjs DATA_DIR
import { openPglite, SqlDocumentStore } from '@onsite/infrastructure';
import { findOrderDetail, listOrders, CUSTOMER_VISIBLE_STATUSES } from '@onsite/projections';
import { ORDER_STATUSES } from '@onsite/domain';
const client = await openPglite({ dataDir: process.argv[2] + '/pglite' });
const seen = [];
const spy = {
  dialect: 'pglite',
  query: async (t, p) => {
    seen.push([t, p]);
    return client.query(t, p);
  },
  transaction: (w) => client.transaction(w),
  close: () => client.close(),
};
const store = new SqlDocumentStore(spy);
const companyId = (await client.query(`SELECT data->'customer'->>'companyId' AS c FROM rm_order_details LIMIT 1`))[0].c;
const cases = [
  ['staff default', { kind: 'staff', countries: [] }, { page: 1, pageSize: 10, statuses: ORDER_STATUSES, sort: { field: 'updatedAt', direction: 'desc' } }],
  [
    'staff Köln',
    { kind: 'staff', countries: [] },
    { page: 1, pageSize: 10, statuses: ORDER_STATUSES, search: 'Köln', sort: { field: 'customerName', direction: 'asc' } },
  ],
  [
    'staff OFFERED by expiry, page 3',
    { kind: 'staff', countries: [] },
    { page: 3, pageSize: 25, statuses: ['OFFERED'], sort: { field: 'offerExpiresAt', direction: 'asc' } },
  ],
  [
    'customer nohit',
    { kind: 'company', companyId },
    { page: 1, pageSize: 10, statuses: CUSTOMER_VISIBLE_STATUSES, search: 'no such plant', sort: { field: 'updatedAt', direction: 'desc' } },
  ],
  [
    'customer default',
    { kind: 'company', companyId },
    { page: 1, pageSize: 100, statuses: CUSTOMER_VISIBLE_STATUSES, sort: { field: 'updatedAt', direction: 'desc' } },
  ],
];
const refId = (await client.query(`SELECT data->>'refId' AS r FROM rm_order_list WHERE data->>'companyId' = $1 LIMIT 1`, [companyId]))[0].r;
cases.push(['customer detail', { kind: 'company', companyId }, { refId }]);
for (const [label, scope, q] of cases) {
  seen.length = 0;
  if ('refId' in q) await findOrderDetail(store, scope, q);
  else await listOrders(store, scope, q);
  for (const [t, p] of seen) {
    const plan = await client.query('EXPLAIN (ANALYZE, BUFFERS off) ' + t, p);
    // The statement's own time, warm, as the mean of a few runs.
    const runs = 5;
    const t0 = performance.now();
    for (let i = 0; i < runs; i++) await client.query(t, p);
    const ms = (performance.now() - t0) / runs;
    console.log(`--- ${label} (${ms.toFixed(2)} ms): ${t.replace(/\s+/g, ' ').slice(0, 100)}`);
    for (const row of plan) console.log('   ', row['QUERY PLAN'].slice(0, 160));
  }
}
await client.close();
