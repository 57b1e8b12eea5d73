#!/usr/bin/env node
// Prototype for D90 (measurement only; nothing the api reads changes): on a COPY of a seeded, rebuilt data directory,
// adds stored generated columns to rm_order_search (customer name, ref id, search text, scope fields), one b-tree on
// (customer, ref) INCLUDE (text, scope, id), vacuums it, and compares the staff's 'Köln' page sorted by customer as
// the api asks it today (JSONB expressions, order_search_by_customer) with the same question on the typed columns.
// With a DATABASE_URL, copies the copy's search rows into that (scratch) database and does the same on PostgreSQL.
// Usage: cp -r DATA_DIR COPY && node scripts/bench/prototype-typed-search.mjs COPY [DATABASE_URL]
import pg from 'pg';
import { openPglite } from '@onsite/infrastructure';

const lite = await openPglite({ dataDir: process.argv[2] + '/pglite' });
const engines = [['PGlite', (text, params) => lite.query(text, params)]];
if (process.argv[3]) {
  const pool = new pg.Pool({ connectionString: process.argv[3] });
  const q = async (text, params) => (await pool.query(text, params)).rows;
  await q('DROP TABLE IF EXISTS rm_order_search');
  await q('CREATE TABLE rm_order_search (id text PRIMARY KEY, revision bigint NOT NULL, data jsonb NOT NULL)');
  for (let offset = 0; ; offset += 5000) {
    const rows = await lite.query('SELECT id, revision, data FROM rm_order_search ORDER BY id LIMIT 5000 OFFSET $1', [offset]);
    if (rows.length === 0) break;
    await q(`INSERT INTO rm_order_search SELECT r->>'id', (r->>'revision')::bigint, r->'data' FROM jsonb_array_elements($1::jsonb) r`, [JSON.stringify(rows)]);
  }
  await q(`CREATE INDEX rm_order_search__order_search_by_customer ON rm_order_search ((data #>> '{customerName}'), (data #>> '{refId}'))`);
  engines.push(['PostgreSQL', q, () => pool.end()]);
}
const json = `SELECT id FROM rm_order_search WHERE (data #>> '{text}') LIKE $1 ORDER BY (data #>> '{customerName}') ASC, (data #>> '{refId}') ASC LIMIT 10`;
const typed = `SELECT id FROM rm_order_search WHERE s_text LIKE $1 ORDER BY s_customer ASC, s_ref ASC LIMIT 10`;
// The page's total (D67: counted to 1,001), as the api sends it and on the typed text.
const jsonCount = `SELECT count(*)::integer AS n FROM (SELECT 1 FROM rm_order_search WHERE (data #>> '{text}') LIKE $1 LIMIT 1001) t`;
const typedCount = `SELECT count(*)::integer AS n FROM (SELECT 1 FROM rm_order_search WHERE s_text LIKE $1 LIMIT 1001) t`;
for (const [engine, q, close] of engines) {
  for (const [column, path] of [
    ['s_customer', 'customerName'],
    ['s_ref', 'refId'],
    ['s_text', 'text'],
    ['s_company', 'companyId'],
    ['s_country', 'country'],
    ['s_status', 'status'],
  ]) {
    await q(`ALTER TABLE rm_order_search ADD COLUMN IF NOT EXISTS ${column} text GENERATED ALWAYS AS (data->>'${path}') STORED`);
  }
  await q('CREATE INDEX IF NOT EXISTS proto_search_by_customer ON rm_order_search (s_customer, s_ref) INCLUDE (s_text, s_company, s_country, s_status, id)');
  await q('VACUUM ANALYZE rm_order_search');
  for (const [label, sql] of [
    ['jsonb (today)', json],
    ['typed columns', typed],
    ['count, jsonb (today)', jsonCount],
    ['count, typed', typedCount],
  ]) {
    const plan = await q('EXPLAIN (ANALYZE, BUFFERS) ' + sql, ['%köln%']);
    const runs = 10;
    const t0 = performance.now();
    for (let i = 0; i < runs; i++) await q(sql, ['%köln%']);
    console.log(`--- ${engine}, ${label}: ${((performance.now() - t0) / runs).toFixed(2)} ms a statement`);
    for (const row of plan) console.log('   ', row['QUERY PLAN'].slice(0, 160));
  }
  const ids = async (sql) => (await q(sql, ['%köln%'])).map((r) => r.id).join();
  console.log(`${engine}: same page:`, (await ids(json)) === (await ids(typed)));
  await close?.();
}
await lite.close();
