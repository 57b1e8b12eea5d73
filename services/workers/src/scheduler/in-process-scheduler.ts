import type { JobHandler, JobScheduler, ScheduledJob } from './job-scheduler.js';

interface Entry {
  readonly job: ScheduledJob;
  timer: NodeJS.Timeout | undefined;
  attempts: number;
}

// setTimeout cannot wait longer than about 24.8 days; longer waits are chained.
const MAX_DELAY_MS = 2 ** 31 - 1;

/** Jobs of one kind run at once by default, as a BullMQ worker's jobs (bullmq-scheduler.ts). */
const DEFAULT_CONCURRENCY = 4;

/** The jobs of one name: those due and waiting for a place, and how many run. */
interface Lane {
  readonly due: Entry[];
  running: number;
}

/**
 * Runs jobs in this process at their time. Nothing is persisted here: at start-up the workers re-derive
 * pending jobs from the read models, so a restart loses nothing. A failing job is retried with
 * exponential backoff (1 s, 2 s, 4 s … at most 5 minutes) until it succeeds or is cancelled.
 * At most `concurrency` jobs of each name run at once; the others of that name that are due wait their turn in the
 * order they fell due. A store with thousands of overdue jobs (offers that expired while the server was down) then
 * keeps only a few of their commands ahead of a request in the store's queue, instead of all of them; and exports
 * retrying against a planning tool that is down never hold up an offer's expiry.
 */
export class InProcessScheduler implements JobScheduler {
  readonly name = 'in-process';
  private readonly handlers = new Map<string, JobHandler>();
  private readonly entries = new Map<string, Entry>();
  private readonly running = new Set<Promise<void>>();
  private readonly lanes = new Map<string, Lane>();
  private readonly concurrency: number;
  private closed = false;

  constructor(
    private readonly clock: () => Date = () => new Date(),
    private readonly onError: (job: ScheduledJob, error: unknown) => void = () => {},
    options: { readonly concurrency?: number } = {},
  ) {
    this.concurrency = Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY);
  }

  register<P>(jobName: string, handler: JobHandler<P>): void {
    this.handlers.set(jobName, handler as JobHandler);
  }

  async schedule<P>(job: ScheduledJob<P>): Promise<void> {
    if (this.closed || this.entries.has(job.id)) return;
    if (!this.handlers.has(job.name)) throw new Error(`No handler registered for job ${job.name}`);
    const entry: Entry = { job, timer: undefined, attempts: 0 };
    this.entries.set(job.id, entry);
    this.arm(entry, job.runAt.getTime() - this.clock().getTime());
  }

  async cancel(id: string): Promise<void> {
    const entry = this.entries.get(id);
    if (entry?.timer) clearTimeout(entry.timer);
    this.entries.delete(id);
  }

  async pending(): Promise<readonly ScheduledJob[]> {
    return [...this.entries.values()].map((e) => e.job);
  }

  /** Stops the timers and waits for jobs already running. */
  async close(): Promise<void> {
    this.closed = true;
    for (const entry of this.entries.values()) if (entry.timer) clearTimeout(entry.timer);
    this.entries.clear();
    for (const lane of this.lanes.values()) lane.due.length = 0;
    await Promise.allSettled([...this.running]);
  }

  private arm(entry: Entry, delayMs: number): void {
    const delay = Math.max(0, delayMs);
    entry.timer = setTimeout(
      () => {
        // A timer may fire a millisecond before the clock reaches runAt (timers and the wall clock round
        // differently), and a long wait is chained: a job never runs before its time by the scheduler's clock. An
        // offer's expiry run early would be refused by the domain and retried only after the 1 s backoff.
        const remaining = entry.job.runAt.getTime() - this.clock().getTime();
        if (remaining > 0) return this.arm(entry, remaining);
        entry.timer = undefined;
        this.laneOf(entry.job.name).due.push(entry);
        this.startDue(entry.job.name);
      },
      Math.min(delay, MAX_DELAY_MS),
    );
    entry.timer.unref?.();
  }

  private laneOf(name: string): Lane {
    let lane = this.lanes.get(name);
    if (!lane) this.lanes.set(name, (lane = { due: [], running: 0 }));
    return lane;
  }

  /** Starts due jobs of this name while places are free; each one that ends starts the next. */
  private startDue(name: string): void {
    const lane = this.laneOf(name);
    while (!this.closed && lane.running < this.concurrency && lane.due.length > 0) {
      const run = this.execute(lane.due.shift()!);
      lane.running++;
      this.running.add(run);
      void run.finally(() => {
        lane.running--;
        this.running.delete(run);
        this.startDue(name);
      });
    }
  }

  private async execute(entry: Entry): Promise<void> {
    if (this.entries.get(entry.job.id) !== entry) return;
    const handler = this.handlers.get(entry.job.name);
    try {
      entry.attempts++;
      await handler?.(entry.job);
      if (this.entries.get(entry.job.id) === entry) this.entries.delete(entry.job.id);
    } catch (error) {
      this.onError(entry.job, error);
      if (!this.closed && this.entries.get(entry.job.id) === entry) {
        this.arm(entry, Math.min(1000 * 2 ** (entry.attempts - 1), 300_000));
      }
    }
  }
}
