/** A job to run at (or after) an instant. Ids are derived from the events that cause them, so scheduling is idempotent. */
export interface ScheduledJob<P = unknown> {
  readonly id: string;
  readonly name: string;
  readonly runAt: Date;
  readonly payload: P;
}

export type JobHandler<P = unknown> = (job: ScheduledJob<P>) => Promise<void>;

/** The scheduling port: BullMQ on Redis in the postgres and production profiles, in-process when embedded. */
export interface JobScheduler {
  readonly name: string;
  register<P>(jobName: string, handler: JobHandler<P>): void;
  /** Schedules a job; a second call with the same id is ignored while the first is pending. */
  schedule<P>(job: ScheduledJob<P>): Promise<void>;
  cancel(id: string): Promise<void>;
  pending(): Promise<readonly ScheduledJob[]>;
  close(): Promise<void>;
}
