import type { DomainEvent, EventMetadata, RecordedEvent } from '@onsite/domain';

/** Expected version of a stream for an append: a number (the last version seen; 0 = the stream must not exist yet),
 *  or 'any' to skip the check. */
export type ExpectedVersion = number | 'any';

export interface EventToAppend<E extends DomainEvent = DomainEvent> {
  /** Optional id; derived ids make retries idempotent (a duplicate id is a version conflict, nothing written). */
  readonly eventId?: string;
  readonly type: E['type'];
  readonly data: E['data'];
  readonly metadata: EventMetadata;
}

export interface AppendResult {
  /** The stream's version after the append (its last event's streamVersion). */
  readonly nextVersion: number;
  readonly lastCheckpoint: string;
}

/** The checkpoint before the first event of the store. */
export const START: string = '0';

export interface ReadAllResult {
  readonly events: readonly RecordedEvent[];
  /** Pass back to continue after the last returned event; equals the input when nothing new is visible. */
  readonly checkpoint: string;
}

export interface Subscription {
  close(): Promise<void>;
}

export interface SubscribeOptions {
  readonly from: string;
  readonly batchSize?: number;
  /** Called for each batch, in global order; the subscription waits for the promise before reading on. */
  readonly onEvents: (events: readonly RecordedEvent[], checkpoint: string) => Promise<void>;
  readonly onError?: (error: unknown) => void;
}

export interface EventStore {
  /** Adapter name shown by /api/health. */
  readonly name: string;
  /** Creates schema objects if missing. Idempotent. */
  init(): Promise<void>;
  /** Appends atomically. Throws VersionConflictError (and writes nothing) when the stream's version differs. */
  appendToStream(streamId: string, events: readonly EventToAppend[], expectedVersion: ExpectedVersion): Promise<AppendResult>;
  /** Events of one stream in stream order; `fromVersion` is inclusive and 1-based. */
  readStream(streamId: string, options?: { fromVersion?: number; toVersion?: number }): Promise<RecordedEvent[]>;
  /** The next batch of committed events after `checkpoint`, in global order, never skipping one that commits later. */
  readAll(checkpoint: string, batchSize?: number): Promise<ReadAllResult>;
  /** Catch-up then live subscription from `from` (exclusive). Each committed event is delivered exactly once, in order. */
  subscribe(options: SubscribeOptions): Subscription;
  /** Orders two checkpoints of this store: negative when `a` comes first, 0 when equal, positive when later.
   *  Lets a caller wait until a subscriber has passed the checkpoint of an append. */
  compareCheckpoints(a: string, b: string): number;
  /** How many committed events readAll can return from START (progress totals of rebuilds). */
  countEvents(): Promise<number>;
  close(): Promise<void>;
}

export class VersionConflictError extends Error {
  readonly code = 'version_conflict';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number,
  ) {
    super(`Stream ${streamId} is at version ${actual}, expected ${String(expected)}.`);
    this.name = 'VersionConflictError';
  }
}
