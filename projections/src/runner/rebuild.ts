import { START, type DocumentStore, type EventStore } from '@onsite/infrastructure';
import { FreshCollections } from './batch-session.js';
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
 * Rebuilds the projections from START into fresh collections, reading the event log once for all of them (each
 * batch applied to every projection in one transaction), then swaps them in and stores their checkpoints and
 * versions. The live read model keeps serving until the swap. Do not run a live runner for the same projections
 * meanwhile: both would write their checkpoints.
 */
export async function rebuild({ eventStore, documentStore }: ProjectionStores, projections: readonly Projection[], options: RebuildOptions = {}): Promise<void> {
  checkProjectionNames(projections);
  if (projections.length === 0) return;
  const batchSize = options.batchSize ?? 2000;
  const label = projections.map((projection) => projection.name).join(', ');
  const report = (processed: number, total: number, done: boolean): void =>
    options.onProgress?.({ projection: label, processed, total: Math.max(total, processed), done });
  const collections = projections.flatMap((projection) => projection.collections);

  // The indexes come after the documents: building them once is cheaper than keeping them up to date row by row.
  for (const definition of collections) {
    const name = rebuildCollectionName(definition.name);
    await documentStore.dropCollection(name);
    await documentStore.ensureCollection({ name });
  }
  try {
    const handles = projections.map((projection) => new Set(projection.handles));
    // The fresh collections start empty and only this rebuild writes them: a document it has not written is not there.
    const fresh = new FreshCollections(new Set(collections.map((definition) => rebuildCollectionName(definition.name))));
    const total = await eventStore.countEvents();
    let processed = 0;
    let checkpoint = START;
    report(processed, total, false);
    for (;;) {
      const batch = await eventStore.readAll(checkpoint, batchSize);
      if (batch.events.length === 0) break;
      const work = projections.map((projection, i) => ({ projection, events: batch.events.filter((event) => handles[i]!.has(event.type)) }));
      await applyInTransaction(documentStore, work, undefined, { physical: rebuildCollectionName, fresh });
      processed += batch.events.length;
      checkpoint = batch.checkpoint;
      report(processed, total, false);
    }
    for (const definition of collections) {
      await documentStore.ensureCollection({ ...definition, name: rebuildCollectionName(definition.name) });
      await documentStore.refreshStatistics(rebuildCollectionName(definition.name));
    }
    // Each rename is atomic. Should the process die between them, the checkpoints are still the old ones and the
    // live runner re-applies events that the (replay-safe) documents already reflect.
    for (const definition of collections) await documentStore.renameCollection(rebuildCollectionName(definition.name), definition.name);
    await documentStore.transaction(async (session) => {
      for (const projection of projections) {
        await session.setCheckpoint(projection.name, checkpoint);
        await session.setCheckpoint(versionKey(projection), projectionVersion(projection));
      }
    });
    report(processed, total, true);
  } catch (error) {
    for (const definition of collections) await documentStore.dropCollection(rebuildCollectionName(definition.name)).catch(() => undefined);
    throw error;
  }
}
