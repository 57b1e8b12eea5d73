import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { createStores, type Stores, type StoresConfig } from '@onsite/infrastructure';
import { BullMqScheduler, ensureWebhookStores, InProcessScheduler, startWorkers, type JobScheduler } from '@onsite/workers';
import { ALL_PROJECTIONS, newOrderDocument, ProjectionRunner, SharedProjections, type ReadModelProgress } from '@onsite/projections';
import type { AppConfig } from './config/config.js';
import { instrumentScheduler, Metrics, timedEventStore } from './metrics/metrics.js';
import { ensureCredentialStore } from './identity/credentials.js';
import { ensureIdentityStores } from './identity/index.js';
import { SessionService } from './identity/sessions.js';
import { createNotifier } from './notifications/create-notifier.js';
import { offerReminderSender } from './notifications/offer-reminders.js';
import { OutboxSender } from './notifications/outbox.js';
import type { Runtime } from './runtime.js';

export interface OpenRuntime extends Runtime {
  close(): Promise<void>;
}

/** Opens the stores of the configured profile, starts the projections and returns the runtime. */
export async function openRuntime(config: AppConfig, options: { clock?: () => Date; template?: Blob } = {}): Promise<OpenRuntime> {
  const storesConfig = storesConfigOf(config);
  const stores = await createStores(storesConfig.profile === 'embedded' && options.template ? { ...storesConfig, template: options.template } : storesConfig);
  const clock = options.clock ?? (() => new Date());
  const metrics = new Metrics();
  // Every append of this process is timed, whoever makes it (commands, workers, the planning tool's inbox).
  const eventStore = timedEventStore(stores.eventStore, metrics);
  const logger = new Logger('projections');
  const runnerOptions = {
    newStreamDocument: newOrderDocument,
    logger: {
      info: (message: string) => logger.log(message),
      error: (message: string, error: unknown) => logger.error(message, error instanceof Error ? error.stack : String(error)),
    },
  };
  const projectionStores = { eventStore, documentStore: stores.documentStore };
  // PROJECTIONS=all: this process runs every projection; lease: the ones whose lease it holds; none: none (D165, D166).
  const projections: ReadModelProgress =
    config.projections === 'all'
      ? new ProjectionRunner(projectionStores, ALL_PROJECTIONS, runnerOptions)
      : new SharedProjections(projectionStores, ALL_PROJECTIONS, { ...runnerOptions, lease: config.projections === 'lease' });
  try {
    await ensureCredentialStore(stores.documentStore);
    await ensureIdentityStores({ documentStore: stores.documentStore, clock });
    await ensureWebhookStores(stores.documentStore);
    await new SessionService(stores.documentStore, { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs }, clock).ensure();
    await projections.start();
  } catch (error) {
    await stores.close();
    throw error;
  }
  metrics.watchProjections(projections);
  const workers = config.runWorkers ? await startProcessWorkers(config, { ...stores, eventStore }, clock, metrics) : null;
  return {
    config,
    eventStore,
    storedEvents: stores.storedEvents,
    metrics,
    documentStore: stores.documentStore,
    projections,
    clock,
    jobs: workers ? workers.schedulerName : 'none',
    ...(workers && config.planningToolUrl ? { retryFailedExports: workers.retryFailedExports } : {}),
    async close() {
      await workers?.stop();
      await projections.stop();
      await stores.close();
    },
    ...(stores.snapshot ? { snapshot: stores.snapshot } : {}),
  };
}

export function storesConfigOf(config: AppConfig): StoresConfig {
  switch (config.profile) {
    case 'embedded':
      return { profile: 'embedded', dataDir: config.dataDir === 'memory://' ? 'memory://' : join(config.dataDir, 'pglite') };
    case 'postgres':
      return { profile: 'postgres', databaseUrl: config.databaseUrl ?? '', schema: config.databaseSchema };
    case 'production':
      return { profile: 'production', eventStoreUrl: config.eventStoreUrl ?? '', mongoUrl: config.mongoUrl ?? '', mongoDatabase: config.mongoDatabase };
  }
}

/** Offer expiry and job-specification export, on BullMQ when Redis is configured, else in this process. */
async function startProcessWorkers(config: AppConfig, stores: Stores, clock: () => Date, metrics: Metrics) {
  const logger = new Logger('workers');
  const onError = (job: { id: string } | undefined, error: unknown) =>
    logger.warn(`job ${job?.id ?? '(queue)'} failed: ${error instanceof Error ? error.message : String(error)}`);
  const scheduler: JobScheduler = instrumentScheduler(
    config.redisUrl ? new BullMqScheduler({ redisUrl: config.redisUrl, onError }) : new InProcessScheduler(clock, onError),
    metrics,
  );
  const running = await startWorkers({
    eventStore: stores.eventStore,
    documentStore: stores.documentStore,
    scheduler,
    clock,
    planningToolUrl: config.planningToolUrl,
    exportAttempts: config.exportAttempts,
    exportBackoffMs: config.exportBackoffMs,
    webhooks: {
      allowLoopback: config.webhookAllowLoopback,
      backoffMs: config.webhookBackoffMs,
      maxBackoffMs: config.webhookMaxBackoffMs,
      timeoutMs: config.webhookTimeoutMs,
    },
    // The reminders go out through the same notifier as every other message (the dev outbox in the embedded profile).
    offerReminders: offerReminderSender(stores.documentStore, createNotifier(config, new OutboxSender(stores.documentStore, clock)), config.publicUrl),
    logger: { info: (message) => logger.log(message), error: (message, error) => logger.error(message, error instanceof Error ? error.stack : String(error)) },
  });
  return { schedulerName: scheduler.name, stop: () => running.stop(), retryFailedExports: (orderId?: string) => running.retryFailedExports(orderId) };
}
