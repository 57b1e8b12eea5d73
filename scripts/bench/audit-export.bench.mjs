#!/usr/bin/env node
// Throughput and peak memory of the tamper-evident audit export and its verification (docs/audit.md).
// Seeds N order events into an on-disk PGlite data directory (the embedded profile), then runs
// `audit:export --from … --out FILE` and `audit:verify FILE` each in its own process and prints events/s and
// that process's peak resident memory and JS heap (sampled every 25 ms). The export's RSS includes PGlite's
// WebAssembly heap, whose buffer cache fills up to PostgreSQL's shared_buffers as more of the log is read. Both stream, so peak memory should not grow with N.
// Build first: npx tsc -b services/api/tsconfig.json
// Usage: node scripts/bench/audit-export.bench.mjs [--events 1000000] [--heap 128] [--keep]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '1000000' },
    keep: { type: 'boolean', default: false },
    phase: { type: 'string' },
    dir: { type: 'string' },
    heap: { type: 'string', default: '128' },
  },
});
const here = dirname(fileURLToPath(import.meta.url));

if (values.phase) {
  // One measured phase, in its own process: its peak RSS is this phase's alone.
  const { runAuditExportCli } = values.phase === 'export' ? await import('../../services/api/dist/audit/audit-cli.js') : {};
  const { runAuditVerifyCli } = values.phase === 'verify' ? await import('../../services/api/dist/audit/audit-verify-cli.js') : {};
  const quiet = { out: () => {}, err: (line) => process.stderr.write(`  ${line}\n`), env: { ...process.env, PROFILE: 'embedded', DATA_DIR: values.dir } };
  const file = join(values.dir, 'export.ndjson');
  // Sampled, not getrusage's maxRSS: on Linux a spawned process inherits its parent's high-water mark.
  let peak = process.memoryUsage().rss;
  let heap = process.memoryUsage().heapUsed;
  const sample = () => {
    const m = process.memoryUsage();
    peak = Math.max(peak, m.rss);
    heap = Math.max(heap, m.heapUsed);
  };
  const sampler = setInterval(sample, 25);
  const started = process.hrtime.bigint();
  const code =
    values.phase === 'export' ? await runAuditExportCli(['--from', '2000-01-01T00:00:00Z', '--out', file], quiet) : await runAuditVerifyCli([file], quiet);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  clearInterval(sampler);
  sample();
  process.stdout.write(JSON.stringify({ code, seconds, maxRssMb: Math.round(peak / 1024 / 1024), maxHeapMb: Math.round(heap / 1024 / 1024) }));
  process.exit(0);
}

const total = Number(values.events);
const dir = mkdtempSync(join(tmpdir(), 'onsite-audit-bench-'));
const { openPglite, SqlEventStore } = await import('@onsite/infrastructure');
const seedStarted = Date.now();
{
  const client = await openPglite({ dataDir: join(dir, 'pglite') });
  const store = new SqlEventStore(client);
  await store.init();
  const perStream = 10;
  const occurredAt = new Date('2026-01-01T00:00:00Z');
  for (let i = 0; i < total; i += perStream) {
    const n = Math.min(perStream, total - i);
    const events = Array.from({ length: n }, (_, j) => ({
      type: j === 0 ? 'CREATE' : 'COMMENT',
      data: {
        orderId: `o-${i}`,
        externalComment: `Comment ${i + j} on the job at the plant in Reading.`,
        content: { services: [{ serviceId: 'svc-maintenance', price: { amount: 1200, currency: 'EUR' } }] },
      },
      metadata: { actorUserId: 'bench-user', correlationId: `c-${i}`, causationId: `c-${i}`, occurredAt: new Date(occurredAt.getTime() + i + j).toISOString() },
    }));
    await store.appendToStream(`order-${i / perStream}`, events, 0);
    if ((i + n) % 100_000 === 0) process.stderr.write(`seeded ${i + n}/${total} events (${Math.round((Date.now() - seedStarted) / 1000)} s)\n`);
  }
  await client.close();
}
console.log(`seeded ${total} events in ${Math.round((Date.now() - seedStarted) / 1000)} s (PGlite on disk, ${dir})`);

const phase = (name) => {
  // The JS heap is capped (--heap MB, default 128): a phase that held on to events would fail instead of passing.
  const run = spawnSync(process.execPath, [`--max-old-space-size=${values.heap}`, join(here, 'audit-export.bench.mjs'), '--phase', name, '--dir', dir], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 1 << 20,
  });
  if (run.status !== 0 || !run.stdout)
    throw new Error(`${name} failed (exit ${run.status}${run.signal ? `, ${run.signal}` : ''}): within a ${values.heap} MB heap?`);
  const result = JSON.parse(run.stdout);
  if (result.code !== 0) throw new Error(`${name} exited with ${result.code}`);
  return result;
};
const exported = phase('export');
const size = statSync(join(dir, 'export.ndjson')).size;
const verified = phase('verify');
const rate = (s) => Math.round(total / s).toLocaleString('en');
console.log(`JS heap of each phase capped at ${values.heap} MB (--max-old-space-size)`);
console.log(
  `export: ${total} events in ${exported.seconds.toFixed(1)} s = ${rate(exported.seconds)} events/s, peak RSS ${exported.maxRssMb} MB, peak JS heap ${exported.maxHeapMb} MB (file ${(size / 1e6).toFixed(0)} MB)`,
);
console.log(
  `verify: ${total} events in ${verified.seconds.toFixed(1)} s = ${rate(verified.seconds)} events/s, peak RSS ${verified.maxRssMb} MB, peak JS heap ${verified.maxHeapMb} MB`,
);
if (!values.keep) rmSync(dir, { recursive: true, force: true });
