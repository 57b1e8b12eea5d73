import type { DocumentStore, EventStore } from '@onsite/infrastructure';
import { EventStoreCommandPort, type CommandPort } from './commands/command-port.js';
import { consoleLogger, WorkerHost, type EventHandler, type WorkerHostOptions, type WorkerLogger } from './host/worker-host.js';
import { JobExporter } from './job-export/job-export.js';
import { HttpPlanningTool, type PlanningTool } from './job-export/planning-tool.js';
import { offerExpiryHandler, REDERIVE_PAGE_SIZE, rederiveOfferExpiries, registerOfferExpiryJob } from './offer-expiry/offer-expiry.js';
import {
  DEFAULT_REMINDER_LEAD_MS,
  offerReminderHandler,
  rederiveOfferReminders,
  registerOfferReminderJob,
  type OfferReminderSender,
} from './offer-reminder/offer-reminder.js';
import type { JobScheduler } from './scheduler/job-scheduler.js';
import { WebhookDispatcher, type WebhookDispatcherOptions } from './webhooks/webhook-dispatcher.js';

interface StartWorkersOptions {
  readonly eventStore: EventStore;
  readonly documentStore: DocumentStore;
  /** InProcessScheduler (embedded) or BullMqScheduler (postgres, production). Closed by stop(). */
  readonly scheduler: JobScheduler;
  /** Defaults to an EventStoreCommandPort on `eventStore` with the system actor. */
  readonly commandPort?: CommandPort;
  /** Base URL of the planning tool (PLANNING_TOOL_URL); without it (and without planningTool) no export runs. */
  readonly planningToolUrl?: string;
  /** Overrides planningToolUrl (tests). */
  readonly planningTool?: PlanningTool;
  readonly clock: () => Date;
  readonly logger?: WorkerLogger;
  readonly host?: WorkerHostOptions;
  /** Export HTTP attempts per run and first backoff (defaults 5 and 1 s). */
  readonly exportAttempts?: number;
  readonly exportBackoffMs?: number;
  /** Sends the 'your offer expires soon' reminders; without it none are scheduled. */
  readonly offerReminders?: OfferReminderSender;
  /** How long before an offer's expiry its reminder goes out (default 24 h). */
  readonly reminderLeadMs?: number;
  /** Orders per page of the scans of open offers at start (default REDERIVE_PAGE_SIZE). */
  readonly rederivePageSize?: number;
  /** Webhook deliveries (D215): where endpoints may point, backoff and timeout. Without it no webhook is delivered. */
  readonly webhooks?: Omit<WebhookDispatcherOptions, 'clock' | 'logger'>;
  /** Whether to subscribe to the event store (default true). A BullMQ process that only runs jobs passes false. */
  readonly subscribe?: boolean;
}

export interface RunningWorkers {
  readonly host: WorkerHost;
  /**
   * Settles when the open offers' expiries and reminders found in the read model at start are scheduled again (after
   * the subscriptions start, while the process serves). Never rejects: a failure is logged.
   */
  readonly rederived: Promise<void>;
  /** Staff retry of finally failed job-specification exports; resolves to their job ids. Rejects without a planning tool. */
  retryFailedExports(orderId?: string): Promise<string[]>;
  /** Stops the subscriptions, then closes the scheduler (waiting for running jobs). */
  stop(): Promise<void>;
}

/**
 * Registers the job handlers, re-derives the pending exports, subscribes the event handlers from their own
 * checkpoints (`worker:offer-expiry`, `worker:job-export`), then re-derives the open offers' expiries and reminders
 * in the background (`rederived`).
 */
export async function startWorkers(options: StartWorkersOptions): Promise<RunningWorkers> {
  const { eventStore, documentStore, scheduler, clock } = options;
  const logger = options.logger ?? consoleLogger;
  const stores = { eventStore, documentStore };
  const commandPort = options.commandPort ?? new EventStoreCommandPort(eventStore, { clock });
  const handlers: EventHandler[] = [];

  registerOfferExpiryJob(scheduler, commandPort, logger);
  handlers.push(offerExpiryHandler(scheduler));
  const reminderLeadMs = options.reminderLeadMs ?? DEFAULT_REMINDER_LEAD_MS;
  if (options.offerReminders) {
    registerOfferReminderJob(stores, scheduler, options.offerReminders, clock, logger);
    handlers.push(offerReminderHandler(scheduler, reminderLeadMs));
  }

  const planningTool = options.planningTool ?? (options.planningToolUrl ? new HttpPlanningTool(options.planningToolUrl) : undefined);
  let exporter: JobExporter | undefined;
  if (planningTool) {
    exporter = new JobExporter(stores, scheduler, {
      planningTool,
      clock,
      logger,
      ...(options.exportAttempts === undefined ? {} : { attempts: options.exportAttempts }),
      ...(options.exportBackoffMs === undefined ? {} : { backoffMs: options.exportBackoffMs }),
    });
    await exporter.init();
    exporter.register();
    handlers.push(exporter.handler());
  } else {
    logger.info('Workers: no PLANNING_TOOL_URL, job specifications are not exported.');
  }

  if (options.webhooks) {
    const dispatcher = new WebhookDispatcher(stores, scheduler, { ...options.webhooks, clock, logger });
    await dispatcher.init();
    dispatcher.register();
    handlers.push(dispatcher.handler());
    const lanes = await dispatcher.rederive();
    if (lanes > 0) logger.info(`Workers: re-derived ${lanes} webhook lanes with undelivered messages.`);
  }

  const exports = (await exporter?.rederive()) ?? 0;
  if (exports > 0) logger.info(`Workers: re-derived ${exports} pending exports.`);

  const host = new WorkerHost(stores, options.subscribe === false ? [] : handlers, { logger, ...options.host });
  await host.start();
  // The open offers' expiries and reminders of the past are scheduled again while the process already serves: a
  // store with thousands of them (offers that expired while it was down) would otherwise keep the api from listening
  // until every one had run. Jobs are scheduled by id, so one the subscription schedules as well runs once.
  const stopping = new AbortController();
  const pageSize = options.rederivePageSize ?? REDERIVE_PAGE_SIZE;
  const rederived = (async () => {
    const expiries = await rederiveOfferExpiries(stores, scheduler, logger, pageSize, stopping.signal);
    if (options.offerReminders) await rederiveOfferReminders(stores, scheduler, reminderLeadMs, clock, pageSize, stopping.signal);
    if (expiries > 0) logger.info(`Workers: re-derived ${expiries} offer expiries.`);
  })().catch((error: unknown) =>
    logger.error("Workers: re-deriving the open offers' expiries and reminders failed; they run when their offers change, or at the next start.", error),
  );
  return {
    host,
    rederived,
    retryFailedExports: async (orderId?: string) => {
      if (!exporter) throw new Error('No planning tool is configured (PLANNING_TOOL_URL).');
      return exporter.retryFailedExports(orderId);
    },
    stop: async () => {
      stopping.abort();
      await rederived;
      await host.stop();
      await scheduler.close();
    },
  };
}
