import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { DomainError } from '@onsite/domain';
import { delegatingEventStore, VersionConflictError, type EventStore } from '@onsite/infrastructure';
import type { ReadModelProgress } from '@onsite/projections';
import type { JobHandler, JobScheduler, ScheduledJob } from '@onsite/workers';

/** What a command came to: appended (or nothing to do), refused by a rule, refused for a stale version, or failed. */
export type CommandOutcome = 'accepted' | 'refused' | 'version_conflict' | 'error';

export function commandOutcomeOf(error: unknown): CommandOutcome {
  if (error instanceof VersionConflictError) return 'version_conflict';
  if (error instanceof DomainError) return error.code === 'version_conflict' ? 'version_conflict' : 'refused';
  return 'error';
}

/** Seconds, from 5 ms to 10 s: a request or an append slower than that is an incident, not a bucket. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Events the projection lag counts at most per scrape: beyond it the gauge says "at least this many". */
const LAG_COUNT_LIMIT = 10_000;

/**
 * The process's metrics in the Prometheus text format (docs/operations.md lists them). One registry per runtime, not
 * prom-client's global one, so tests that open several servers in one process each count their own.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  readonly commands: Counter<'command' | 'outcome'>;
  readonly appendDuration: Histogram<'store'>;
  readonly liveStreams: Gauge;
  readonly jobRuns: Counter<'kind' | 'outcome'>;
  readonly jobRetries: Counter<'kind'>;
  readonly jobFailures: Counter<'kind'>;
  private projections: ReadModelProgress | undefined;
  private scheduler: JobScheduler | undefined;

  constructor(options: { readonly defaultMetrics?: boolean } = {}) {
    const registers = [this.registry];
    if (options.defaultMetrics !== false) collectDefaultMetrics({ register: this.registry, prefix: 'onsite_' });
    this.httpDuration = new Histogram({
      name: 'onsite_http_request_duration_seconds',
      help: 'HTTP requests by method, route template and status, from arrival to the last byte sent.',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.commands = new Counter({
      name: 'onsite_commands_total',
      help: 'Commands by type and outcome: accepted, refused (a rule, a permission, not found), version_conflict, error.',
      labelNames: ['command', 'outcome'],
      registers,
    });
    this.appendDuration = new Histogram({
      name: 'onsite_event_store_append_duration_seconds',
      help: 'Appends to the event store, from call to commit (group commits included).',
      labelNames: ['store'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.liveStreams = new Gauge({ name: 'onsite_live_update_streams', help: 'Live-update streams (GET /api/updates) open on this process.', registers });
    this.jobRuns = new Counter({
      name: 'onsite_job_runs_total',
      help: 'Job runs by kind and outcome (succeeded, failed).',
      labelNames: ['kind', 'outcome'],
      registers,
    });
    this.jobRetries = new Counter({
      name: 'onsite_job_retries_total',
      help: 'Job runs that retried a job whose earlier run failed in this process.',
      labelNames: ['kind'],
      registers,
    });
    this.jobFailures = new Counter({
      name: 'onsite_job_failures_total',
      help: 'Job runs that failed (each is retried with backoff).',
      labelNames: ['kind'],
      registers,
    });
    const pendingJobs = async () => (await this.scheduler?.pending().catch(() => [])) ?? [];
    const projectionLag = async () => (await this.projections?.lag({ maxEvents: LAG_COUNT_LIMIT }).catch(() => [])) ?? [];
    new Gauge({
      name: 'onsite_jobs_queued',
      help: 'Jobs scheduled and not yet done, by kind (waiting for their time, due or running).',
      labelNames: ['kind'],
      registers,
      async collect() {
        this.reset();
        const pending = await pendingJobs();
        const byKind = new Map<string, number>();
        for (const job of pending) byKind.set(job.name, (byKind.get(job.name) ?? 0) + 1);
        for (const [kind, count] of byKind) this.set({ kind }, count);
      },
    });
    const lagEvents = new Gauge({
      name: 'onsite_projection_lag_events',
      help: `Events committed that a projection has not applied yet (counted up to ${LAG_COUNT_LIMIT}).`,
      labelNames: ['projection'],
      registers,
    });
    new Gauge({
      name: 'onsite_projection_lag_seconds',
      help: 'Age of the oldest event a projection has not applied yet; 0 when it is caught up.',
      labelNames: ['projection'],
      registers,
      async collect() {
        this.reset();
        lagEvents.reset();
        const lag = await projectionLag();
        for (const entry of lag) {
          lagEvents.set({ projection: entry.projection }, entry.events);
          this.set({ projection: entry.projection }, entry.seconds);
        }
      },
    });
    const projections = () => this.projections;
    new Gauge({
      name: 'onsite_projection_upgrade_remaining_events',
      help: "Events a projection's new version still has to read before it is swapped in (D210); absent when none is being built.",
      labelNames: ['projection'],
      registers,
      collect() {
        this.reset();
        for (const upgrade of projections()?.upgrades?.() ?? []) this.set({ projection: upgrade.projection }, Math.max(0, upgrade.total - upgrade.processed));
      },
    });
  }

  /** The projection runner whose lag is reported. */
  watchProjections(projections: ReadModelProgress): void {
    this.projections = projections;
  }

  /** The job scheduler whose queue is reported; its handlers are counted once registered through `instrumentScheduler`. */
  watchScheduler(scheduler: JobScheduler): void {
    this.scheduler = scheduler;
  }

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.httpDuration.observe({ method, route, status: String(status) }, seconds);
  }

  countCommand(command: string, outcome: CommandOutcome): void {
    this.commands.inc({ command, outcome });
  }

  async text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

/** The event store with every append timed; everything else is the store itself. */
export function timedEventStore(store: EventStore, metrics: Metrics): EventStore {
  const append: EventStore['appendToStream'] = async (streamId, events, expectedVersion) => {
    const end = metrics.appendDuration.startTimer({ store: store.name });
    try {
      return await store.appendToStream(streamId, events, expectedVersion);
    } finally {
      end();
    }
  };
  return delegatingEventStore(store, { appendToStream: append });
}

/**
 * The scheduler with each job run counted by its kind (the job's name): succeeded or failed, and a run of a job that
 * failed before in this process as a retry. Scheduling, cancelling and the queue are the scheduler's own.
 */
export function instrumentScheduler(scheduler: JobScheduler, metrics: Metrics): JobScheduler {
  metrics.watchScheduler(scheduler);
  const failedBefore = new Set<string>();
  return {
    get name() {
      return scheduler.name;
    },
    register<P>(jobName: string, handler: JobHandler<P>): void {
      scheduler.register<P>(jobName, async (job: ScheduledJob<P>) => {
        if (failedBefore.has(job.id)) metrics.jobRetries.inc({ kind: jobName });
        try {
          await handler(job);
        } catch (error) {
          // Bounded: a job that fails for ever (and is then cancelled) must not keep its id here for ever.
          if (failedBefore.size >= 10_000) failedBefore.clear();
          failedBefore.add(job.id);
          metrics.jobFailures.inc({ kind: jobName });
          metrics.jobRuns.inc({ kind: jobName, outcome: 'failed' });
          throw error;
        }
        failedBefore.delete(job.id);
        metrics.jobRuns.inc({ kind: jobName, outcome: 'succeeded' });
      });
    },
    schedule: (job) => scheduler.schedule(job),
    cancel: (id) => scheduler.cancel(id),
    pending: () => scheduler.pending(),
    close: () => scheduler.close(),
  };
}
