#!/usr/bin/env node
// Memory and statements of the workers' re-derivation of open offers at start (offer reminders: the read model only).
// Seeds N OFFERED order details (about 2 KB each, as a detail with an offer, services and history) into a throw-away
// PGlite store, then runs rederiveOfferReminders with a scheduler that only counts, sampling the heap every 5 ms.
// Build first: npx tsc -b services/workers/tsconfig.json
// Usage: node --expose-gc scripts/bench/rederive-offers.bench.mjs [--orders 20000]
import { parseArgs } from 'node:util';
import { openPglite, SqlDocumentStore } from '@onsite/infrastructure';
import { rederiveOfferReminders } from '../../services/workers/dist/offer-reminder/offer-reminder.js';

const { values } = parseArgs({ options: { orders: { type: 'string', default: '20000' } } });
const total = Number(values.orders);
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const client = await openPglite({ dataDir: 'memory://' });
const store = new SqlDocumentStore(client);
await store.init();
await store.ensureCollection({ name: 'order_details' });
const expiresAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
for (let from = 0; from < total; from += 1000) {
  const rows = Array.from({ length: Math.min(1000, total - from) }, (_, n) => {
    const id = `order-${String(from + n).padStart(7, '0')}`;
    const offer = { offerId: `offer-${from + n}`, expiresAt, offeredAt: new Date().toISOString(), pdf: { name: 'offer.pdf', path: `offers/${id}.pdf` } };
    const history = Array.from({ length: 8 }, (_, h) => ({
      type: 'COMMENT',
      at: new Date().toISOString(),
      text: `Note ${h} about the order's services and planning.`,
    }));
    return { _id: id, status: 'OFFERED', openOfferId: offer.offerId, offers: [offer], history, services: ['Preventive maintenance', 'Commissioning'] };
  });
  await client.query(
    `INSERT INTO rm_order_details (id, revision, data) VALUES ${rows.map((_, r) => `($${r * 2 + 1}, 1, $${r * 2 + 2}::jsonb)`).join(',')}`,
    rows.flatMap((row) => [row._id, JSON.stringify(row)]),
  );
}
const statements = { count: 0 };
const query = client.query.bind(client);
client.query = (text, params) => (statements.count++, query(text, params));
let scheduled = 0;
const scheduler = { schedule: async () => void scheduled++ };
global.gc?.();
const before = process.memoryUsage().heapUsed;
let peak = before;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 5);
const started = process.hrtime.bigint();
await rederiveOfferReminders({ documentStore: store }, scheduler, 3_600_000, () => new Date());
const ms = Number(process.hrtime.bigint() - started) / 1e6;
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage().heapUsed);
console.log(
  `${total.toLocaleString('en')} open offers: ${scheduled} reminders scheduled, ${statements.count} statements, ${Math.round(ms)} ms, heap peak +${mb(peak - before)}`,
);
await client.close();
