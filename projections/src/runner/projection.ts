import type { RecordedEvent } from '@onsite/domain';
import type { Collection, CollectionDefinition, DocumentSession, DocumentStore } from '@onsite/infrastructure';

/** A read-model projection: applies the events it handles to its collections, named logically. */
export interface Projection {
  /** Also the key of its checkpoint. Letters, digits, '-' and '_'. */
  readonly name: string;
  /** Bump when `apply` changes meaningfully: the runner then rebuilds the projection before going live. Default 1. */
  readonly version?: number;
  readonly collections: readonly CollectionDefinition[];
  /** Event types passed to `apply`; the checkpoint still advances over the others. */
  readonly handles: readonly string[];
  /** Must be replay-safe: runs inside the batch's transaction and is retried with its batch after a failure. */
  apply(event: RecordedEvent, session: DocumentSession): Promise<void>;
}

const PROJECTION_NAME = /^[A-Za-z0-9_-]+$/;

export function checkProjectionNames(projections: readonly Projection[]): void {
  const seen = new Set<string>();
  for (const { name } of projections) {
    if (!PROJECTION_NAME.test(name)) throw new Error(`Invalid projection name "${name}" (expected ${PROJECTION_NAME.source}).`);
    if (seen.has(name)) throw new Error(`Two projections are named "${name}".`);
    seen.add(name);
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

/**
 * Applies `events` (already filtered to the handled types) in one transaction and, when given, stores the
 * checkpoint in the same transaction: the batch is applied completely or not at all.
 */
export async function applyInTransaction(
  documentStore: DocumentStore,
  projection: Projection,
  events: readonly RecordedEvent[],
  checkpoint: string | undefined,
  physical?: (logical: string) => string,
): Promise<void> {
  await documentStore.transaction(async (session) => {
    const target = physical ? mappedSession(session, projection, physical) : session;
    for (const event of events) await projection.apply(event, target);
    if (checkpoint !== undefined) await session.setCheckpoint(projection.name, checkpoint);
  });
}
