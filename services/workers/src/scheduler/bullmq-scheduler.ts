import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { JobHandler, JobScheduler, ScheduledJob } from './job-scheduler.js';

interface BullMqSchedulerOptions {
  /** redis://host:port/db */
  readonly redisUrl: string;
  /** Queue name (no ':'); default `onsite-jobs`. */
  readonly queueName?: string;
  /** Redis key prefix; default `onsite`. Tests use a unique one. */
  readonly prefix?: string;
  /** Whether this process runs jobs (a worker) or only schedules them (default true). */
  readonly process?: boolean;
  /** Attempts per job, the first included (default 10), with exponential backoff from backoffMs (default 1 s). */
  readonly attempts?: number;
  readonly backoffMs?: number;
  /** A job whose worker died is taken over after the lock expires (default 30 s; renewed every half). */
  readonly lockDurationMs?: number;
  readonly stalledIntervalMs?: number;
  readonly concurrency?: number;
  /** How long finished jobs are kept so that re-scheduling the same id stays a no-op (default 7 days). */
  readonly keepFinishedSeconds?: number;
  readonly onError?: (job: ScheduledJob | undefined, error: unknown) => void;
}

interface JobData {
  readonly runAt: string;
  readonly payload: unknown;
}

/** BullMQ refuses ':' in custom ids (and pure integers). */
function bullJobId(id: string): string {
  const safe = id.replace(/:/g, '_');
  return /^\d+$/.test(safe) ? `j${safe}` : safe;
}

/**
 * The JobScheduler port on BullMQ (Redis): delayed jobs, job ids derived from the causing events (adding a
 * job whose id exists is a no-op, while pending and for `keepFinishedSeconds` afterwards), retries with
 * exponential backoff, and take-over of jobs whose worker died (stalled-job detection).
 */
export class BullMqScheduler implements JobScheduler {
  readonly name = 'bullmq';
  private readonly handlers = new Map<string, JobHandler>();
  private readonly queueConnection: Redis;
  private workerConnection: Redis | undefined;
  private readonly queue: Queue<JobData>;
  private worker: Worker<JobData> | undefined;
  private readonly queueName: string;
  private readonly prefix: string;
  private closed = false;

  constructor(private readonly options: BullMqSchedulerOptions) {
    this.queueName = options.queueName ?? 'onsite-jobs';
    this.prefix = options.prefix ?? 'onsite';
    this.queueConnection = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
    this.queue = new Queue<JobData>(this.queueName, { connection: this.queueConnection, prefix: this.prefix });
    this.queue.on('error', (error) => this.options.onError?.(undefined, error));
  }

  register<P>(jobName: string, handler: JobHandler<P>): void {
    this.handlers.set(jobName, handler as JobHandler);
    if (this.options.process !== false && !this.worker && !this.closed) this.startWorker();
  }

  async schedule<P>(job: ScheduledJob<P>): Promise<void> {
    if (this.closed) return;
    const keep = { age: this.options.keepFinishedSeconds ?? 7 * 24 * 3600 };
    await this.queue.add(
      job.name,
      { runAt: job.runAt.toISOString(), payload: job.payload },
      {
        jobId: bullJobId(job.id),
        delay: Math.max(0, job.runAt.getTime() - Date.now()),
        attempts: this.options.attempts ?? 10,
        backoff: { type: 'exponential', delay: this.options.backoffMs ?? 1000 },
        removeOnComplete: keep,
        removeOnFail: keep,
      },
    );
  }

  async cancel(id: string): Promise<void> {
    try {
      await this.queue.remove(bullJobId(id));
    } catch {
      // A running (locked) job cannot be removed; its handler must find nothing to do.
    }
  }

  async pending(): Promise<readonly ScheduledJob[]> {
    const jobs = await this.queue.getJobs(['delayed', 'wait', 'waiting', 'active', 'prioritized']);
    return jobs.filter((j): j is Job<JobData> => j !== undefined && j !== null).map((j) => this.toScheduled(j));
  }

  /** Waits for running jobs, then closes the worker, the queue and their connections. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.worker?.close();
    await this.queue.close();
    await Promise.allSettled([quit(this.workerConnection), quit(this.queueConnection)]);
  }

  /** Simulates a crash (tests): drops the connections at once, abandoning running jobs without releasing their locks. */
  async kill(): Promise<void> {
    this.closed = true;
    this.workerConnection?.disconnect();
    this.queueConnection.disconnect();
    await Promise.allSettled([this.worker?.close(true), this.queue.close()]);
  }

  private startWorker(): void {
    this.workerConnection = new Redis(this.options.redisUrl, { maxRetriesPerRequest: null });
    this.worker = new Worker<JobData>(
      this.queueName,
      async (job) => {
        const handler = this.handlers.get(job.name);
        if (!handler) throw new Error(`No handler registered for job ${job.name}`);
        // Redis's delay may end a few milliseconds before this process's clock reaches runAt: wait the rest rather
        // than run early (an offer's expiry run early is refused and retried only after the backoff).
        const early = Date.parse(job.data.runAt) - Date.now();
        if (early > 0 && early < 1_000) await new Promise((resolve) => setTimeout(resolve, early));
        await handler(this.toScheduled(job));
      },
      {
        connection: this.workerConnection,
        prefix: this.prefix,
        concurrency: this.options.concurrency ?? 4,
        lockDuration: this.options.lockDurationMs ?? 30_000,
        stalledInterval: this.options.stalledIntervalMs ?? this.options.lockDurationMs ?? 30_000,
        maxStalledCount: 3,
      },
    );
    this.worker.on('failed', (job, error) => this.options.onError?.(job ? this.toScheduled(job) : undefined, error));
    this.worker.on('error', (error) => {
      if (!this.closed) this.options.onError?.(undefined, error);
    });
  }

  private toScheduled(job: Job<JobData>): ScheduledJob {
    return { id: job.id ?? '', name: job.name, runAt: new Date(job.data.runAt), payload: job.data.payload };
  }
}

async function quit(connection: Redis | undefined): Promise<void> {
  if (!connection || connection.status === 'end') return;
  try {
    await connection.quit();
  } catch {
    connection.disconnect();
  }
}
