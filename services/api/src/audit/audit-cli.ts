import { once } from 'node:events';
import { createWriteStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { orderStreamId } from '@onsite/domain';
import { DataDirectoryLockedError, createStores, type Stores } from '@onsite/infrastructure';
import { findOrderDetail, userNames } from '@onsite/projections';
import { storesConfigOf } from '../bootstrap.js';
import { loadConfig } from '../config/config.js';
import { EVERY_ORDER } from '../orders/order-scope.js';
import { eventsOf, headerOf, writeAuditExport, type ExportScope } from './audit-export.js';
import { replaySteps } from './replay.js';
import type { VerifyIo } from './audit-verify-cli.js';

export { runAuditVerifyCli } from './audit-verify-cli.js';

/** Where the command line prints: results on stdout, progress and diagnostics on stderr. */
interface CliIo extends VerifyIo {
  readonly env?: NodeJS.ProcessEnv;
  readonly clock?: () => Date;
  /** Stores already open (tests, the benchmark): used as they are and left open. */
  readonly stores?: OpenStores;
}
/** `storedEvents`: the events as stored, which the export hashes (default: `eventStore`). */
type OpenStores = Pick<Stores, 'eventStore' | 'documentStore'> & { readonly storedEvents?: Stores['storedEvents'] };
const DEFAULT_IO: CliIo = { out: (l) => process.stdout.write(`${l}\n`), err: (l) => process.stderr.write(`${l}\n`) };

const isInstant = (value: string | undefined): boolean => value === undefined || (/^\d{4}-\d{2}-\d{2}(T|$)/.test(value) && !Number.isNaN(Date.parse(value)));

/** The stores of the configured profile (same variables as the server); in the embedded profile the server must be stopped. */
async function openStores(io: CliIo): Promise<(OpenStores & { close(): Promise<void> }) | null> {
  if (io.stores) return { ...io.stores, close: async () => {} };
  const config = loadConfig(io.env ?? process.env);
  // Never create an empty database by looking for one in the wrong place.
  if (config.profile === 'embedded' && !config.dataDir.startsWith('memory://') && !existsSync(join(config.dataDir, 'pglite'))) {
    io.err(`No data in ${config.dataDir} (set DATA_DIR to the server's data directory).`);
    return null;
  }
  try {
    return await createStores(storesConfigOf(config));
  } catch (error) {
    if (!(error instanceof DataDirectoryLockedError)) throw error;
    io.err(`${error.message} Stop the application first, or ask the running api (POST /api/audit/export) instead.`);
    return null;
  }
}

async function orderIdOf(stores: OpenStores, refId: string): Promise<string | null> {
  return (await findOrderDetail(stores.documentStore, EVERY_ORDER, { refId }))?._id ?? null;
}

/** `npm run audit:export -- [--order REF | --from T --to T] [--out FILE]`; returns the exit code. */
export async function runAuditExportCli(argv: readonly string[], io: CliIo = DEFAULT_IO): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: [...argv],
      options: { order: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' }, out: { type: 'string' } },
    }).values;
  } catch (error) {
    io.err(`${(error as Error).message}\nUsage: npm run audit:export -- [--order REF | --from T --to T] [--out FILE]`);
    return 2;
  }
  if (args.order && (args.from || args.to)) {
    io.err('Give --order or a time range (--from/--to), not both.');
    return 2;
  }
  if (!isInstant(args.from) || !isInstant(args.to)) {
    io.err('--from and --to are ISO 8601 instants, e.g. 2026-01-01T00:00:00Z.');
    return 2;
  }
  const stores = await openStores(io);
  if (!stores) return 1;
  try {
    let scope: ExportScope;
    if (args.order) {
      const orderId = await orderIdOf(stores, args.order);
      if (!orderId) {
        io.err(`No order ${args.order}.`);
        return 1;
      }
      scope = { kind: 'order', orderId, refId: args.order };
    } else {
      scope = { kind: 'range', ...(args.from ? { from: new Date(args.from).toISOString() } : {}), ...(args.to ? { to: new Date(args.to).toISOString() } : {}) };
    }
    const sink = args.out ? createWriteStream(args.out) : process.stdout;
    const started = Date.now();
    const total = scope.kind === 'range' ? await stores.eventStore.countEvents() : null;
    const write = async (line: string) => {
      if (!sink.write(line)) await once(sink, 'drain');
    };
    const result = await writeAuditExport(
      eventsOf(stores.storedEvents ?? stores.eventStore, scope),
      headerOf(scope, (io.clock ?? (() => new Date()))()),
      write,
      (n) => io.err(`exported ${n} events${total ? ` (${total} in the log)` : ''}, ${Math.round(n / ((Date.now() - started) / 1000 || 1))} events/s`),
    );
    if (args.out) {
      (sink as ReturnType<typeof createWriteStream>).end();
      await once(sink, 'finish');
    }
    io.err(`Exported ${result.events} events${args.out ? ` to ${args.out}` : ''}. Head (keep it apart from the file): ${result.head}`);
    return 0;
  } finally {
    await stores.close();
  }
}

/** `npm run replay -- --order REF [--until T]`: the order's states step by step. */
export async function runReplayCli(argv: readonly string[], io: CliIo = DEFAULT_IO): Promise<number> {
  let args;
  try {
    args = parseArgs({ args: [...argv], options: { order: { type: 'string' }, until: { type: 'string' } } }).values;
  } catch (error) {
    io.err(`${(error as Error).message}\nUsage: npm run replay -- --order REF [--until T]`);
    return 2;
  }
  if (!args.order || !isInstant(args.until)) {
    io.err('Usage: npm run replay -- --order REF [--until T]   (T an ISO 8601 instant)');
    return 2;
  }
  const stores = await openStores(io);
  if (!stores) return 1;
  try {
    const orderId = await orderIdOf(stores, args.order);
    if (!orderId) {
      io.err(`No order ${args.order}.`);
      return 1;
    }
    const steps = replaySteps(await stores.eventStore.readStream(orderStreamId(orderId)), args.until);
    const names = await userNames(
      stores.documentStore,
      steps.flatMap((s) => [s.actorUserId, ...(s.onBehalfOfUserId ? [s.onBehalfOfUserId] : [])]),
    );
    const who = (id: string | null) => (id ? `${names.get(id) ?? (id === 'system' ? 'Onsite (system)' : id)}` : '');
    io.out(`Order ${args.order}: ${steps.length} events${args.until ? ` up to ${args.until}` : ''}`);
    io.out(['version', 'occurred at', 'event', 'status', 'actor', 'on behalf of'].join('\t'));
    for (const s of steps) io.out([s.version, s.occurredAt, s.event, s.status, who(s.actorUserId), who(s.onBehalfOfUserId)].join('\t'));
    return 0;
  } finally {
    await stores.close();
  }
}
