#!/usr/bin/env node
// Time and peak memory of the order history's Excel export over N orders (default 100,000).
// Seeds the order-list read model of a throw-away PGlite store (a temporary directory) with multi-row INSERTs (the export
// reads only that read model), then:
// - by default, streams the whole list through the same code as POST /api/order/export into a temporary file and
//   samples this process's resident memory while it runs;
// - with --api, starts the built api on that data directory (embedded profile, demo users, no demo history), logs in
//   as a staff administrator, calls POST /api/order/export over HTTP, and measures the API PROCESS: the time to the
//   last byte, and its peak resident memory during the export (its VmHWM reset through /proc/<pid>/clear_refs just
//   before the call, VmRSS sampled every 20 ms as a check); the file is read back to count its rows.
// Build first: npx tsc -b services/api/tsconfig.json
// In-process, it also counts the SQL statements the export ran and the time the database took for them.
// Usage: node scripts/bench/excel-export.bench.mjs [--orders 100000] [--api] [--port 3190] [--sort requestedAt:desc]
import 'reflect-metadata';
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import ExcelJS from 'exceljs';
import { openPglite, SqlDocumentStore } from '@onsite/infrastructure';
import { ALL_PROJECTIONS, ORDER_LIST } from '@onsite/projections';
import { writeOrderExport } from '../../services/api/dist/orders/export-orders/export-orders.js';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '100000' },
    batch: { type: 'string', default: '1000' },
    api: { type: 'boolean', default: false },
    port: { type: 'string', default: '3190' },
    sort: { type: 'string', default: 'requestedAt:desc' },
  },
});
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

/** Fills the order list of the PGlite store in `pgliteDir` with `total` orders; close the client to free the directory. */
async function seed(pgliteDir) {
  const client = await openPglite({ dataDir: pgliteDir });
  const store = new SqlDocumentStore(client);
  await store.init();
  for (const projection of ALL_PROJECTIONS) for (const collection of projection.collections) await store.ensureCollection(collection);
  const seedStarted = process.hrtime.bigint();
  for (let from = 0; from < total; from += batch) {
    const rows = Array.from({ length: Math.min(batch, total - from) }, (_, n) => order(from + n));
    const placeholders = rows.map((_, r) => `($${r * 2 + 1}, 1, $${r * 2 + 2}::jsonb)`).join(',');
    await client.query(
      `INSERT INTO rm_${ORDER_LIST} (id, revision, data) VALUES ${placeholders}`,
      rows.flatMap((row) => [row._id, JSON.stringify(row)]),
    );
  }
  await client.query(`ANALYZE rm_${ORDER_LIST}`);
  console.log(`seeded ${total.toLocaleString('en')} orders in ${seconds(seedStarted)} s`);
  return { client, store };
}

const dir = await mkdtemp(join(tmpdir(), 'onsite-export-bench-'));
const file = join(dir, 'orders.xlsx');
const [sortField, sortDirection] = values.sort.split(':');
const request = { filter: {}, sort: { field: sortField, direction: sortDirection ?? 'asc' }, lang: 'en', timeZone: 'Europe/Berlin' };
try {
  if (values.api) await benchApiProcess();
  else await benchInProcess();
} finally {
  await rm(dir, { recursive: true, force: true });
}

async function benchInProcess() {
  const { client, store } = await seed(join(dir, 'pglite'));
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);

  const actor = { userId: 'bench', type: 'BL', role: 'ADMIN', companyId: 'provider', country: 'de', countriesFilter: [] };
  const exportStarted = process.hrtime.bigint();
  const output = createWriteStream(file);
  const finished = new Promise((resolve, reject) => output.on('finish', resolve).on('error', reject));
  const statements = { count: 0, ms: 0 };
  const query = client.query.bind(client);
  client.query = async (text, params) => {
    const started = process.hrtime.bigint();
    try {
      return await query(text, params);
    } finally {
      statements.count++;
      statements.ms += Number(process.hrtime.bigint() - started) / 1e6;
    }
  };
  const rows = await writeOrderExport({ documentStore: store }, actor, request, output);
  client.query = query;
  await finished;
  const exportSeconds = seconds(exportStarted);
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);

  const size = (await stat(file)).size;
  console.log(
    `exported ${rows.toLocaleString('en')} rows (${mb(size)} .xlsx) in ${exportSeconds} s (${Math.round(rows / Number(exportSeconds)).toLocaleString('en')} rows/s)`,
  );
  console.log(`sort ${values.sort}: ${statements.count} statements, ${Math.round(statements.ms)} ms in them`);
  console.log(
    `resident memory: ${mb(rssBefore)} before the export, peak ${mb(peak)} during it (+${mb(peak - rssBefore)}); process maxRSS ${mb(process.resourceUsage().maxRSS * 1024)}`,
  );
  await client.close();
}

/** The api as `npm run serve` runs it, on the bench's data directory; resolves once /api/health answers. */
async function startApi(port) {
  const child = spawn(process.execPath, ['services/api/dist/main.js'], {
    cwd: new URL('../..', import.meta.url).pathname,
    env: {
      ...process.env,
      PROFILE: 'embedded',
      DATA_DIR: dir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'true',
      SEED_DEMO_HISTORY: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the api stopped (exit ${child.exitCode})`);
    if (
      await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { child, stop: async () => (child.kill('SIGTERM'), await exited) };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGTERM');
  throw new Error('the api did not answer /api/health within 150 s');
}

/** kB fields of /proc/<pid>/status, in bytes. */
async function procStatus(pid, field) {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(await readFile(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : NaN;
}

async function benchApiProcess() {
  const port = Number(values.port);
  // A first start creates the data directory, its read models and the demo users; the orders are added while it is down.
  let api = await startApi(port);
  await api.stop();
  await (await seed(join(dir, 'pglite'))).client.close();

  api = await startApi(port);
  const pid = api.child.pid;
  try {
    const base = `http://127.0.0.1:${port}`;
    const login = await (
      await fetch(`${base}/api/log-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'bl.admin@demo.onsite.test', password: 'Onsite-demo-1' }),
      })
    ).json();
    const auth = { authorization: `Bearer ${login.token}`, 'content-type': 'application/json' };
    const { data: stats } = await (await fetch(`${base}/api/order/stats`, { method: 'POST', headers: auth, body: '{}' })).json();
    const rssBefore = await procStatus(pid, 'VmRSS');
    // VmHWM is the process's peak resident set; writing 5 to clear_refs resets it to the current size (Linux).
    const peakReset = await writeFile(`/proc/${pid}/clear_refs`, '5').then(
      () => true,
      () => false,
    );
    let sampled = rssBefore;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        sampled = Math.max(sampled, await procStatus(pid, 'VmRSS').catch(() => 0));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();

    const started = process.hrtime.bigint();
    const response = await fetch(`${base}/api/order/export`, { method: 'POST', headers: auth, body: JSON.stringify(request) });
    if (response.status !== 200) throw new Error(`export answered ${response.status}: ${await response.text()}`);
    const firstByte = seconds(started);
    await pipeline(Readable.fromWeb(response.body), createWriteStream(file));
    const exportSeconds = seconds(started);
    sampling = false;
    await sampler;
    const hwm = await procStatus(pid, 'VmHWM');
    const peak = peakReset ? Math.max(hwm, sampled) : sampled;

    let rows = 0;
    for await (const sheet of new ExcelJS.stream.xlsx.WorkbookReader(file, { worksheets: 'emit', sharedStrings: 'ignore', styles: 'ignore' })) {
      for await (const _row of sheet) rows++;
    }
    rows -= 1; // the header
    const size = (await stat(file)).size;
    console.log(
      `api process (pid ${pid}): POST /api/order/export of ${rows.toLocaleString('en')} rows (list total ${stats.total.toLocaleString('en')}; ${mb(size)} .xlsx)`,
    );
    console.log(
      `  time: first byte after ${firstByte} s, last byte after ${exportSeconds} s (${Math.round(rows / Number(exportSeconds)).toLocaleString('en')} rows/s)`,
    );
    console.log(
      `  resident memory of the api process: ${mb(rssBefore)} before the call, peak ${mb(peak)} during it (+${mb(peak - rssBefore)}; ${peakReset ? 'VmHWM after a reset, and' : 'no VmHWM reset possible:'} VmRSS sampled every 20 ms: ${mb(sampled)})`,
    );
  } finally {
    await api.stop();
  }
}
