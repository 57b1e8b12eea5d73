import type { RecordedEvent } from '@onsite/domain';
import type { Collection, CollectionDefinition, DocumentSession, DocumentStore } from '@onsite/infrastructure';
import { BatchSession } from './batch-session.js';

/** A read-model projection: applies the events it handles to its collections, named logically. */
export interface Projection {
  /** Also the key of its checkpoint. Letters, digits, '-' and '_'. */
  readonly name: string;
  /** Bump when `apply` changes meaningfully: the runner then rebuilds the projection before going live. Default 1. */
  readonly version?: number;
  readonly collections: readonly CollectionDefinition[];
  /**
   * Collections an earlier version of this projection (or a projection merged into it) kept and this one no longer
   * does: dropped when the projection is rebuilt, after the swap. Bump `version` with the entry.
   */
  readonly retiredCollections?: readonly string[];
  /** Event types passed to `apply`; the checkpoint still advances over the others. */
  readonly handles: readonly string[];
  /** Must be replay-safe: runs inside the batch's transaction and is retried with its batch after a failure. */
  apply(event: RecordedEvent, session: DocumentSession): Promise<void>;
}

const PROJECTION_NAME = /^[A-Za-z0-9_-]+$/;

export function checkProjectionNames(projections: readonly Projection[]): void {
  const seen = new Set<string>();
  for (const { name, collections, retiredCollections } of projections) {
    if (!PROJECTION_NAME.test(name)) throw new Error(`Invalid projection name "${name}" (expected ${PROJECTION_NAME.source}).`);
    if (seen.has(name)) throw new Error(`Two projections are named "${name}".`);
    seen.add(name);
    const kept = retiredCollections?.find((retired) => collections.some((collection) => collection.name === retired));
    if (kept) throw new Error(`Projection "${name}" both keeps and retires the collection "${kept}".`);
  }
}

/** Checkpoint-table key under which the version a projection's read model was built with is kept. */
export function versionKey(projection: Projection): string {
  return `${projection.name}@version`;
}

export function projectionVersion(projection: Projection): string {
  return String(projection.version ?? 1);
}

/**
 * A session in which the projection's declared (logical) collection names resolve to physical ones, e.g. the
 * fresh `<name>__rebuild` collections of a rebuild. Other names pass through, so a projection can still read
 * another projection's collection.
 */
export function mappedSession(session: DocumentSession, projection: Projection, physical: (logical: string) => string): DocumentSession {
  const declared = new Set(projection.collections.map((collection) => collection.name));
  return {
    collection: <T>(name: string): Collection<T> => session.collection<T>(declared.has(name) ? physical(name) : name),
    getCheckpoint: (name) => session.getCheckpoint(name),
    setCheckpoint: (name, checkpoint) => session.setCheckpoint(name, checkpoint),
  };
}

/** A projection and the events of a batch it handles (possibly none: then only its checkpoint moves). */
export interface ProjectionWork {
  readonly projection: Projection;
  readonly events: readonly RecordedEvent[];
}

/**
 * Applies each projection's events in one transaction (rebuildable: its commit does not wait for the disk, D46), their documents written through a BatchSession (one
 * multi-row upsert per collection), and, when given, stores every listed projection's checkpoint in the same
 * transaction: the batch is applied completely or not at all.
 */
export async function applyInTransaction(
  documentStore: DocumentStore,
  work: readonly ProjectionWork[],
  checkpoint: string | undefined,
  /** Document ids that no collection can hold before this batch (documents of streams that begin in it). */
  absent?: ReadonlySet<string>,
  /** Runs first in the transaction and throws when this process may no longer write (a lost lease, D165). */
  fence?: (session: DocumentSession) => Promise<void>,
): Promise<void> {
  await documentStore.transaction(
    async (session) => {
      await fence?.(session);
      const batch = new BatchSession(session, absent);
      for (const { projection, events } of work) {
        for (const event of events) {
          try {
            await projection.apply(event, batch);
          } catch (error) {
            throw new ProjectionError(projection.name, event, error);
          }
        }
      }
      await batch.flush(checkpoint === undefined ? [] : work.map(({ projection }) => ({ projection: projection.name, checkpoint })));
    },
    { rebuildable: true },
  );
}

/** A projection refused an event: names both, keeps the cause. */
export class ProjectionError extends Error {
  constructor(
    readonly projection: string,
    event: RecordedEvent,
    cause: unknown,
  ) {
    super(
      `Projection ${projection} failed on ${event.type} of ${event.streamId} (version ${event.streamVersion}): ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
    this.name = 'ProjectionError';
  }
}
