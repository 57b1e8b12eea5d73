#!/usr/bin/env node
// Append and read throughput of the event store, as a ratio of a ceiling measured in the same run on the same
// engine: plain multi-row INSERTs (and a plain SELECT) of the same rows into a bare table with no stream
// versioning, no uniqueness and no snapshot ordering. Build first: npx tsc -b services/api/tsconfig.json
// Usage: node scripts/bench/event-store.bench.mjs [--events 5000] [--batch 10] [--postgres URL]
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { openPglite, openPostgres, SqlEventStore, START } from '@onsite/infrastructure';

const { values } = parseArgs({
  options: { events: { type: 'string', default: '5000' }, batch: { type: 'string', default: '10' }, postgres: { type: 'string' } },
});
const total = Number(values.events);
const batch = Number(values.batch);
const metadata = { actorUserId: 'bench', correlationId: 'bench', causationId: 'bench', occurredAt: new Date().toISOString() };
const payload = (i) => ({
  orderId: `o-${i}`,
  content: { location: { name: 'Plant', city: 'Reading' }, services: [{ serviceId: 'svc', name: 'Maintenance' }] },
});

async function timed(work) {
  const started = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - started) / 1e9;
}

const schema = `bench_${randomUUID().slice(0, 8)}`;
const client = values.postgres ? await openPostgres({ connectionString: values.postgres, schema }) : await openPglite({ dataDir: 'memory://' });
try {
  await client.query('CREATE TABLE bench_raw (id bigint generated always as identity primary key, stream text, type text, data jsonb, metadata jsonb)');
  const ceilingAppend = await timed(async () => {
    for (let i = 0; i < total; i += batch) {
      const rows = Array.from({ length: batch }, (_, j) => [`s-${Math.floor(i / batch)}`, 'CREATE', JSON.stringify(payload(i + j)), JSON.stringify(metadata)]);
      const params = rows.flat();
      const placeholders = rows.map((_, r) => `($${r * 4 + 1}, $${r * 4 + 2}, $${r * 4 + 3}::jsonb, $${r * 4 + 4}::jsonb)`).join(',');
      await client.transaction((tx) => tx.query(`INSERT INTO bench_raw (stream, type, data, metadata) VALUES ${placeholders}`, params));
    }
  });
  const ceilingRead = await timed(async () => {
    for (let from = 0; ; from += 500) {
      const rows = await client.query('SELECT * FROM bench_raw WHERE id > $1 ORDER BY id LIMIT 500', [from]);
      if (rows.length === 0) break;
    }
  });

  const store = new SqlEventStore(client);
  await store.init();
  const append = await timed(async () => {
    for (let i = 0; i < total; i += batch) {
      const events = Array.from({ length: batch }, (_, j) => ({ type: 'CREATE', data: payload(i + j), metadata }));
      await store.appendToStream(`order-${Math.floor(i / batch)}`, events, 0);
    }
  });
  const read = await timed(async () => {
    let checkpoint = START;
    for (;;) {
      const page = await store.readAll(checkpoint, 500);
      if (page.events.length === 0) break;
      checkpoint = page.checkpoint;
    }
  });

  const rate = (n, s) => Math.round(n / s).toLocaleString('en');
  console.log(`engine: ${client.dialect}, ${total} events in batches of ${batch}`);
  console.log(
    `append: ${rate(total, append)} events/s; ceiling (bare INSERT) ${rate(total, ceilingAppend)} events/s; ratio ${(ceilingAppend / append).toFixed(2)}`,
  );
  console.log(`readAll: ${rate(total, read)} events/s; ceiling (bare SELECT) ${rate(total, ceilingRead)} events/s; ratio ${(ceilingRead / read).toFixed(2)}`);
} finally {
  if (values.postgres) await client.query(`DROP SCHEMA ${schema} CASCADE`).catch(() => {});
  await client.close();
}
