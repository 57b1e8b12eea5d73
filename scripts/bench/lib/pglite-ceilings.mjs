#!/usr/bin/env node
// Ceilings on the embedded engine, each in its own process (as the api has PGlite to itself):
//   insert DIR SECONDS  bare single-row INSERTs, each its own (durable) transaction, into a fresh on-disk database
//   read DATA_DIR       a bare SELECT of the whole event log in pages of 2,000, on the benchmark's seeded database
// Prints one JSON line.
//
// Both go through PGlite's own `query` (the unnamed statement, parsed and planned each time), as every round has
// measured them: the project's client runs the same statements as named prepared statements (D104), which is part of
// what the figures measure, not of the ceiling.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const openPglite = async ({ dataDir }) => {
  const db = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  return { query: async (text, params) => (await db.query(text, params)).rows, close: () => db.close() };
};

const [mode, dir, secondsArg] = process.argv.slice(2);
if (mode === 'insert') {
  rmSync(dir, { recursive: true, force: true });
  const client = await openPglite({ dataDir: dir });
  await client.query('CREATE TABLE ceiling (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, stream text, data jsonb)');
  const payload = JSON.stringify({
    orderId: 'o',
    content: { location: { name: 'Plant', city: 'Reading' }, services: [{ serviceId: 'svc', name: 'Maintenance' }] },
  });
  for (let i = 0; i < 200; i++) await client.query('INSERT INTO ceiling (stream, data) VALUES ($1, $2::jsonb)', [`s-${i}`, payload]);
  const until = performance.now() + Number(secondsArg) * 1000;
  const started = performance.now();
  let count = 0;
  while (performance.now() < until) {
    await client.query('INSERT INTO ceiling (stream, data) VALUES ($1, $2::jsonb)', [`s-${count}`, payload]);
    count++;
  }
  const seconds = (performance.now() - started) / 1000;
  await client.close();
  rmSync(dir, { recursive: true, force: true });
  process.stdout.write(`${JSON.stringify({ count, seconds, rate: count / seconds })}\n`);
} else if (mode === 'read') {
  const client = await openPglite({ dataDir: join(dir, 'pglite') });
  const started = performance.now();
  let count = 0;
  for (let after = 0; ;) {
    const rows = await client.query(
      'SELECT global_position, event_id, stream_id, stream_version, type, data, metadata, recorded_at FROM es_events WHERE global_position > $1 ORDER BY global_position LIMIT 2000',
      [after],
    );
    if (rows.length === 0) break;
    count += rows.length;
    after = Number(rows.at(-1).global_position);
  }
  const seconds = (performance.now() - started) / 1000;
  await client.close();
  process.stdout.write(`${JSON.stringify({ count, seconds, rate: count / seconds })}\n`);
} else {
  console.error('usage: pglite-ceilings.mjs insert DIR SECONDS | read DATA_DIR');
  process.exit(2);
}
