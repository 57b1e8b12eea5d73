import { START, type DocumentStore, type EventStore } from '@onsite/infrastructure';
import { applyInTransaction, checkProjectionNames, projectionVersion, versionKey, type Projection } from './projection.js';

export interface RebuildProgress {
  readonly projection: string;
  /** Events read so far (handled or not). */
  readonly processed: number;
  /** Events in the store when the rebuild started (grows if more are appended meanwhile). */
  readonly total: number;
  readonly done: boolean;
}

export interface RebuildOptions {
  readonly batchSize?: number;
  readonly onProgress?: (progress: RebuildProgress) => void;
}

export interface ProjectionStores {
  readonly eventStore: EventStore;
  readonly documentStore: DocumentStore;
}

/** Physical name of a collection while it is being rebuilt. */
export function rebuildCollectionName(logical: string): string {
  return `${logical}__rebuild`;
}

/**
 * Rebuilds each projection from START into fresh collections, then swaps them in and stores the checkpoint
 * and version. The live read model keeps serving until the swap. Do not run a live runner for the same
 * projections meanwhile: both would write its checkpoint.
 */
export async function rebuild(stores: ProjectionStores, projections: readonly Projection[], options: RebuildOptions = {}): Promise<void> {
  checkProjectionNames(projections);
  for (const projection of projections) await rebuildOne(stores, projection, options);
}

async function rebuildOne({ eventStore, documentStore }: ProjectionStores, projection: Projection, options: RebuildOptions): Promise<void> {
  const batchSize = options.batchSize ?? 1000;
  const report = (processed: number, total: number, done: boolean): void =>
    options.onProgress?.({ projection: projection.name, processed, total: Math.max(total, processed), done });

  for (const definition of projection.collections) {
    const name = rebuildCollectionName(definition.name);
    await documentStore.dropCollection(name);
    await documentStore.ensureCollection({ ...definition, name });
  }
  try {
    const handles = new Set(projection.handles);
    const total = await eventStore.countEvents();
    let processed = 0;
    let checkpoint = START;
    report(processed, total, false);
    for (;;) {
      const batch = await eventStore.readAll(checkpoint, batchSize);
      if (batch.events.length === 0) break;
      const handled = batch.events.filter((event) => handles.has(event.type));
      await applyInTransaction(documentStore, projection, handled, undefined, rebuildCollectionName);
      processed += batch.events.length;
      checkpoint = batch.checkpoint;
      report(processed, total, false);
    }
    // Each rename is atomic. Should the process die between them, the checkpoint is still the old one and the
    // live runner re-applies events that the (replay-safe) documents already reflect.
    for (const definition of projection.collections) await documentStore.renameCollection(rebuildCollectionName(definition.name), definition.name);
    await documentStore.transaction(async (session) => {
      await session.setCheckpoint(projection.name, checkpoint);
      await session.setCheckpoint(versionKey(projection), projectionVersion(projection));
    });
    report(processed, total, true);
  } catch (error) {
    for (const definition of projection.collections) {
      await documentStore.dropCollection(rebuildCollectionName(definition.name)).catch(() => undefined);
    }
    throw error;
  }
}
