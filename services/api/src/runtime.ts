import type { DocumentStore, EventStore } from '@onsite/infrastructure';
import type { ReadModelProgress } from '@onsite/projections';
import type { AppConfig } from './config/config.js';

/** Everything the api needs from outside Nest; built by bootstrap (or a test) and handed to AppModule. */
export interface Runtime {
  readonly config: AppConfig;
  readonly eventStore: EventStore;
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
  /** The current instant; tests may pin it. */
  readonly clock: () => Date;
}

export const RUNTIME = Symbol('RUNTIME');
