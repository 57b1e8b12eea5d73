import { randomUUID } from 'node:crypto';
import {
  foldJobExport,
  foldStream,
  jobExportDecider,
  jobExportStreamId,
  orderDecider,
  orderStreamId,
  type JobExportCommand,
  type JobExportEvent,
  type JobSpecificationCreated,
  type RecordedEvent,
} from '@onsite/domain';
import { handleCommand, type DocumentStore, type EventStore } from '@onsite/infrastructure';
import { SYSTEM_ACTOR } from '../commands/command-port.js';
import type { EventHandler, WorkerLogger } from '../host/worker-host.js';
import type { JobScheduler, ScheduledJob } from '../scheduler/job-scheduler.js';
import { jobSpecificationOf } from './job-specification.js';
import { PlanningToolError, type PlanningTool } from './planning-tool.js';

const EXPORT_JOB_SPEC_JOB = 'export-job-specification';

/** The export worker's own read state: one document per job specification (id = jobId). */
export const JOB_EXPORTS_COLLECTION = 'worker_job_exports';

interface JobExportPayload {
  readonly orderId: string;
  readonly jobId: string;
  /** Id of the CREATE_JOB_SPECIFICATION event: the Idempotency-Key derives from it. */
  readonly eventId: string;
  /** Order stream version of that event. */
  readonly specVersion: number;
  readonly notes?: string;
  /** 0 for the first run, n for the n-th staff retry. */
  readonly run: number;
}

export interface JobExportRecord {
  readonly orderId: string;
  readonly jobId: string;
  readonly eventId: string;
  readonly specVersion: number;
  readonly notes?: string;
  readonly status: 'pending' | 'exported' | 'failed';
  readonly run: number;
  /** HTTP attempts so far, over every run. */
  readonly attempts: number;
  readonly lastError?: string;
  readonly updatedAt: string;
}

interface JobExportOptions {
  readonly planningTool: PlanningTool;
  readonly clock: () => Date;
  /** HTTP attempts per run (default 5), with exponential backoff from backoffMs (default 1 s) up to maxBackoffMs (60 s). */
  readonly attempts?: number;
  readonly backoffMs?: number;
  readonly maxBackoffMs?: number;
  readonly logger?: WorkerLogger;
}

const idempotencyKeyOf = (eventId: string): string => `job-spec-${eventId}`;
const exportJobId = (eventId: string, run: number): string => (run === 0 ? `export-job-spec-${eventId}` : `export-job-spec-${eventId}-retry-${run}`);

interface Stores {
  readonly eventStore: EventStore;
  readonly documentStore: DocumentStore;
}

/**
 * Sends job specifications to the planning tool. On CREATE_JOB_SPECIFICATION a pending record is written
 * and a job scheduled; the job POSTs the specification (retrying with backoff) and records JOB_SPEC_EXPORTED
 * or, after the last attempt, JOB_SPEC_EXPORT_FAILED on `job-export-<orderId>`. The Idempotency-Key is the
 * same for every attempt, run and worker, so the tool accepts the specification once.
 */
export class JobExporter {
  private readonly attempts: number;
  private readonly backoffMs: number;
  private readonly maxBackoffMs: number;

  constructor(
    private readonly stores: Stores,
    private readonly scheduler: JobScheduler,
    private readonly options: JobExportOptions,
  ) {
    this.attempts = Math.max(1, options.attempts ?? 5);
    this.backoffMs = options.backoffMs ?? 1000;
    this.maxBackoffMs = options.maxBackoffMs ?? 60_000;
  }

  async init(): Promise<void> {
    await this.stores.documentStore.ensureCollection({
      name: JOB_EXPORTS_COLLECTION,
      indexes: [{ name: `${JOB_EXPORTS_COLLECTION}_status`, paths: ['status'] }],
    });
  }

  register(): void {
    this.scheduler.register<JobExportPayload>(EXPORT_JOB_SPEC_JOB, (job) => this.run(job.payload));
  }

  handler(): EventHandler {
    return {
      name: 'job-export',
      handles: ['CREATE_JOB_SPECIFICATION'],
      handle: (event) => this.onJobSpecified(event),
    };
  }

  /** Schedules the pending exports again (after a restart of the in-process scheduler). Returns how many. */
  async rederive(): Promise<number> {
    const pending = await this.records().find({ filter: { status: 'pending' } });
    for (const record of pending) await this.scheduler.schedule(jobOf(record));
    return pending.length;
  }

  /** Staff retry: every export that finally failed is scheduled again (a new run). Returns their job ids. */
  /** Schedules every finally failed export again (or only those of one order); resolves to their job ids. */
  async retryFailedExports(orderId?: string): Promise<string[]> {
    const failed = await this.records().findDocuments({ filter: orderId ? { status: 'failed', orderId } : { status: 'failed' } });
    for (const doc of failed) {
      const record: JobExportRecord = { ...doc.data, status: 'pending', run: doc.data.run + 1, updatedAt: this.now() };
      await this.records().upsert(record.jobId, record, doc.revision + 1);
      await this.scheduler.schedule(jobOf(record));
    }
    return failed.map((doc) => doc.data.jobId);
  }

  private async onJobSpecified(event: RecordedEvent): Promise<void> {
    if (!event.streamId.startsWith('order-')) return;
    const data = event.data as JobSpecificationCreated['data'];
    const existing = await this.records().get(data.jobId);
    if (existing && existing.data.status !== 'pending') return;
    const orderId = event.streamId.slice('order-'.length);
    // A worker that starts late (the planning tool configured on a data directory with history) reads every job ever
    // specified: only a job that still awaits its export is sent; one planned, done, closed or replaced meanwhile is not.
    // Sending an old job again is a staff action (retryFailedExports).
    if (!existing && !(await this.awaitsExport(orderId, data.jobId))) {
      this.options.logger?.info(`Job specification ${data.jobId} not exported: the job no longer awaits its export.`);
      return;
    }
    const record: JobExportRecord = existing?.data ?? {
      orderId,
      jobId: data.jobId,
      eventId: event.eventId,
      specVersion: event.streamVersion,
      ...(data.notes === undefined ? {} : { notes: data.notes }),
      status: 'pending',
      run: 0,
      attempts: 0,
      updatedAt: this.now(),
    };
    if (!existing) await this.records().upsert(record.jobId, record, 1);
    await this.scheduler.schedule(jobOf(record));
  }

  /** Whether the order's job is still this one, just specified (not yet planned, started, done or cancelled), and not exported. */
  private async awaitsExport(orderId: string, jobId: string): Promise<boolean> {
    const order = foldStream(orderDecider, await this.stores.eventStore.readStream(orderStreamId(orderId)));
    if (order.status !== 'JOB_IN_PLANNING' || order.order.job?.jobId !== jobId || order.order.job.status !== 'CREATED') return false;
    return foldJobExport(await this.readExportEvents(orderId)).jobs[jobId]?.status !== 'exported';
  }

  /** The job. Safe to run twice or concurrently: the tool dedupes by key and the decider records one success. */
  async run(payload: JobExportPayload): Promise<void> {
    const exportState = foldJobExport(await this.readExportEvents(payload.orderId));
    if (exportState.jobs[payload.jobId]?.status === 'exported') {
      await this.updateRecord(payload.jobId, { status: 'exported' });
      return;
    }
    const orderEvents = await this.stores.eventStore.readStream(orderStreamId(payload.orderId), { toVersion: payload.specVersion });
    const order = foldStream(orderDecider, orderEvents);
    if (order.status === 'none') throw new Error(`Order ${payload.orderId} not found for job ${payload.jobId}.`);
    const specification = jobSpecificationOf(order, {
      jobId: payload.jobId,
      specVersion: payload.specVersion,
      ...(payload.notes === undefined ? {} : { notes: payload.notes }),
    });
    const before = (await this.records().get(payload.jobId))?.data.attempts ?? 0;
    let lastError = '';
    let tried = 0;
    for (let attempt = 1; attempt <= this.attempts; attempt++) {
      tried = attempt;
      try {
        await this.options.planningTool.submit(specification, idempotencyKeyOf(payload.eventId));
        await this.record(payload.orderId, {
          type: 'RecordExportSucceeded',
          data: { jobId: payload.jobId, exportedAt: this.now(), attempt: before + attempt },
        });
        await this.updateRecord(payload.jobId, { status: 'exported', attempts: before + attempt });
        this.options.logger?.info(`Job specification ${payload.jobId} exported (attempt ${before + attempt}).`);
        return;
      } catch (error) {
        lastError = error instanceof Error ? error.message : String(error);
        if (error instanceof PlanningToolError && !error.retryable) break;
        if (!(error instanceof PlanningToolError)) throw error;
        if (attempt < this.attempts) await sleep(Math.min(this.backoffMs * 2 ** (attempt - 1), this.maxBackoffMs));
      }
    }
    // An answer that retrying cannot change ends the run early: only the attempts made count.
    const attempts = before + tried;
    await this.record(payload.orderId, { type: 'RecordExportFailed', data: { jobId: payload.jobId, error: lastError, attempts } });
    await this.updateRecord(payload.jobId, { status: 'failed', attempts, lastError });
    this.options.logger?.error(`Job specification ${payload.jobId} not exported after ${attempts} attempts.`, lastError);
  }

  private async readExportEvents(orderId: string): Promise<JobExportEvent[]> {
    const recorded = await this.stores.eventStore.readStream(jobExportStreamId(orderId));
    return recorded.map((e) => ({ type: e.type, data: e.data }) as JobExportEvent);
  }

  /** Decide on the export stream through the shared write path, as the system actor; re-decided on a concurrent append. */
  private async record(orderId: string, command: JobExportCommand): Promise<void> {
    const id = `${command.data.jobId}-${command.type}`;
    await handleCommand(this.stores.eventStore, jobExportDecider, {
      streamId: jobExportStreamId(orderId),
      command,
      actor: SYSTEM_ACTOR,
      correlationId: id,
      causationId: id,
      clock: this.options.clock,
      newId: randomUUID,
      conflictRetries: 3,
    });
  }

  private async updateRecord(jobId: string, change: Partial<JobExportRecord>): Promise<void> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const doc = await this.records().get(jobId);
      if (!doc) return;
      if (await this.records().upsert(jobId, { ...doc.data, ...change, updatedAt: this.now() }, doc.revision + 1)) return;
    }
  }

  private records() {
    return this.stores.documentStore.collection<JobExportRecord>(JOB_EXPORTS_COLLECTION);
  }

  private now(): string {
    return this.options.clock().toISOString();
  }
}

function jobOf(record: JobExportRecord): ScheduledJob<JobExportPayload> {
  const payload: JobExportPayload = {
    orderId: record.orderId,
    jobId: record.jobId,
    eventId: record.eventId,
    specVersion: record.specVersion,
    ...(record.notes === undefined ? {} : { notes: record.notes }),
    run: record.run,
  };
  return { id: exportJobId(record.eventId, record.run), name: EXPORT_JOB_SPEC_JOB, runAt: new Date(0), payload };
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
