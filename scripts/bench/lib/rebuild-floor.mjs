#!/usr/bin/env node
// The floor under a rebuild on the embedded engine: what writing the rebuilt read models costs PGlite alone, with no
// projection code and no event read. Run on the benchmark's data directory after its rebuild. For each collection of
// every projection, as `rebuild` makes it (the project's own ensureCollection and refreshStatistics): a fresh table
// without indexes, its rows loaded from the rebuilt one inside the database (the JSON parsed from text, as the
// rebuild's COPY parses it), then the declared indexes, then ANALYZE; the copy is dropped at the end.
// Prints one JSON line: { seconds, load, indexes, analyze, rows, collections }.
// Usage: node scripts/bench/lib/rebuild-floor.mjs DATA_DIR   (build first)
import { join } from 'node:path';
import { openPglite, SqlDocumentStore } from '@onsite/infrastructure';
import { ALL_PROJECTIONS } from '../../../projections/dist/read-models.js';

const [dataDir] = process.argv.slice(2);
if (!dataDir) {
  console.error('usage: rebuild-floor.mjs DATA_DIR');
  process.exit(2);
}
const client = await openPglite({ dataDir: join(dataDir, 'pglite') });
const store = new SqlDocumentStore(client);
await store.init();
const spent = { load: 0, indexes: 0, analyze: 0 };
let rows = 0;
const collections = ALL_PROJECTIONS.flatMap((projection) => projection.collections);
const timed = async (part, work) => {
  const started = performance.now();
  await work();
  spent[part] += (performance.now() - started) / 1000;
};
try {
  for (const definition of collections) {
    const name = `${definition.name}__floor`;
    await store.dropCollection(name);
    await store.ensureCollection({ name, ...(definition.jsonText ? { jsonText: true } : {}) });
    await timed('load', () =>
      client.query(`INSERT INTO "rm_${name}" (id, revision, data) SELECT id, revision, data::text::jsonb FROM "rm_${definition.name}"`),
    );
    rows += (await client.query(`SELECT count(*)::int AS n FROM "rm_${name}"`))[0].n;
    await timed('indexes', () => store.ensureCollection({ ...definition, name }));
    await timed('analyze', () => store.refreshStatistics(name));
    await store.dropCollection(name);
  }
} finally {
  await client.close();
}
const seconds = spent.load + spent.indexes + spent.analyze;
process.stdout.write(`${JSON.stringify({ seconds, ...spent, rows, collections: collections.length })}\n`);
