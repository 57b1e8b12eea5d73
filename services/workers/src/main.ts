/**
 * Worker process (postgres and production profiles): subscribes the worker handlers and runs BullMQ jobs.
 *   PROFILE=postgres   DATABASE_URL [DATABASE_SCHEMA]
 *   PROFILE=production EVENTSTORE_URL MONGODB_URL
 *   REDIS_URL (default redis://127.0.0.1:6379), PLANNING_TOOL_URL (optional), WORKER_CONCURRENCY (default 4),
 *   WEBHOOK_ALLOW_LOOPBACK (default false), WEBHOOK_BACKOFF_MS (10000), WEBHOOK_MAX_BACKOFF_MS (3600000), WEBHOOK_TIMEOUT_MS (10000)
 * Several worker processes may run: BullMQ hands each job to one of them, scheduling is idempotent by job id, and
 * every handler records its result through the domain (a repeated expiry or export records nothing more).
 */
import { createStores, type StoresConfig } from '@onsite/infrastructure';
import { BullMqScheduler } from './scheduler/bullmq-scheduler.js';
import { startWorkers } from './start-workers.js';

function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    console.error(`Invalid configuration:\n  - ${name}: required for PROFILE=${process.env.PROFILE ?? ''}`);
    process.exit(1);
  }
  return value;
}

function storesConfig(): StoresConfig {
  switch (process.env.PROFILE) {
    case 'production':
      return { profile: 'production', eventStoreUrl: required('EVENTSTORE_URL'), mongoUrl: required('MONGODB_URL') };
    case 'postgres':
      return { profile: 'postgres', databaseUrl: required('DATABASE_URL'), ...(process.env.DATABASE_SCHEMA ? { schema: process.env.DATABASE_SCHEMA } : {}) };
    default:
      console.error('The worker process runs with PROFILE=postgres or PROFILE=production; the embedded profile runs the workers inside the api (npm start).');
      process.exit(1);
  }
}

const stores = await createStores(storesConfig());
const scheduler = new BullMqScheduler({
  redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  concurrency: Number(process.env.WORKER_CONCURRENCY ?? 4),
  onError: (job, error) => console.error(`Job ${job?.id ?? '?'} failed:`, error),
});
const workers = await startWorkers({
  eventStore: stores.eventStore,
  documentStore: stores.documentStore,
  scheduler,
  clock: () => new Date(),
  ...(process.env.PLANNING_TOOL_URL ? { planningToolUrl: process.env.PLANNING_TOOL_URL } : {}),
  webhooks: {
    allowLoopback: ['true', '1'].includes(process.env.WEBHOOK_ALLOW_LOOPBACK ?? ''),
    backoffMs: Number(process.env.WEBHOOK_BACKOFF_MS ?? 10_000),
    maxBackoffMs: Number(process.env.WEBHOOK_MAX_BACKOFF_MS ?? 3_600_000),
    timeoutMs: Number(process.env.WEBHOOK_TIMEOUT_MS ?? 10_000),
  },
});
console.log(`Workers running (${stores.eventStore.name} / ${stores.documentStore.name} / ${scheduler.name}).`);

let stopping = false;
const shutdown = async (): Promise<void> => {
  if (stopping) return;
  stopping = true;
  await workers.stop();
  await stores.close();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
