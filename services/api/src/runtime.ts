import type { DocumentStore, EventStore } from '@onsite/infrastructure';
import type { ReadModelProgress } from '@onsite/projections';
import type { AppConfig } from './config/config.js';
import type { Metrics } from './metrics/metrics.js';

/** Everything the api needs from outside Nest; built by bootstrap (or a test) and handed to AppModule. */
export interface Runtime {
  readonly config: AppConfig;
  /** Every event read in today's shape (the domain's upcasters); appends timed for the metrics. */
  readonly eventStore: EventStore;
  /** The events exactly as stored: what the audit export and the evidence pack hash. */
  readonly storedEvents: EventStore;
  readonly documentStore: DocumentStore;
  /**
   * The read models' progress the api waits on: this process's ProjectionRunner (PROJECTIONS=all), or the checkpoints
   * stored by whichever process holds each projection's lease (lease, none; D166).
   */
  readonly projections: ReadModelProgress;
  /** The workers' job scheduler in this process ('in-process', 'bullmq'), or 'none' when workers run elsewhere. */
  readonly jobs: string;
  /** Staff retry of finally failed job-specification exports (of one order), when this process runs the workers with a planning tool. */
  readonly retryFailedExports?: (orderId?: string) => Promise<string[]>;
  /** This process's metrics (docs/operations.md). */
  readonly metrics: Metrics;
  /** The current instant; tests may pin it. */
  readonly clock: () => Date;
  /** Embedded: a consistent copy of the whole database (tests start from seeded copies; backups, D198). */
  snapshot?(): Promise<Blob>;
}

export const RUNTIME = Symbol('RUNTIME');
