import type { RecordedEvent } from '@onsite/domain';
import { START, type DocumentStore, type EventStore } from '@onsite/infrastructure';
import { checkProjectionNames, mappedSession, projectionVersion, ProjectionError, versionKey, type Projection } from './projection.js';
import { RebuildSession } from './rebuild-session.js';

export interface RebuildProgress {
  readonly projection: string;
  /** Events read so far (handled or not). */
  readonly processed: number;
  /** Events in the store when the rebuild started (grows if more are appended meanwhile). */
  readonly total: number;
  readonly done: boolean;
}

export interface RebuildOptions {
  /**
   * Events read and applied per chunk (default 2,000); the documents a chunk changed are written when they leave
   * memory, or at the end.
   */
  readonly batchSize?: number;
  /** Documents kept in memory per collection between chunks (default 2,000). */
  readonly cachedDocuments?: number;
  readonly onProgress?: (progress: RebuildProgress) => void;
  /**
   * The id of the documents that belong to a stream (an order's documents are keyed by the order's id), or undefined:
   * before a chunk is applied, those of its streams are read from the store in one query per collection (D122).
   */
  readonly streamDocument?: (streamId: string) => string | undefined;
  /**
   * Beside a live runner that keeps applying new events to the old read models (a version upgrade without downtime,
   * see ProjectionRunner and D210): the last events are applied and the collections swapped inside `exclusive`, which runs
   * its function while the live runner applies no batch and passes it the live checkpoint of these projections; the
   * swapped-in read models are at least there. Without it, the rebuild swaps at the log's head as it read it.
   */
  readonly live?: { exclusive(fn: (liveCheckpoint: string) => Promise<string>): Promise<string> };
  /** Checked between chunks: when it returns true the rebuild stops, drops its collections and throws RebuildAborted. */
  readonly aborted?: () => boolean;
}

export class RebuildAborted extends Error {
  constructor() {
    super('The rebuild was stopped.');
    this.name = 'RebuildAborted';
  }
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
export async function rebuild(
  { eventStore, documentStore }: ProjectionStores,
  projections: readonly Projection[],
  options: RebuildOptions = {},
): Promise<string> {
  checkProjectionNames(projections);
  if (projections.length === 0) return START;
  const batchSize = options.batchSize ?? 2000;
  const label = projections.map((projection) => projection.name).join(', ');
  const report = (processed: number, total: number, done: boolean): void =>
    options.onProgress?.({ projection: label, processed, total: Math.max(total, processed), done });
  const collections = projections.flatMap((projection) => projection.collections);

  // The indexes come after the documents: building them once is cheaper than keeping them up to date row by row.
  // A document's JSON text (jsonText) is computed as each one is loaded: added afterwards, it rewrote the whole table.
  for (const definition of collections) {
    const name = rebuildCollectionName(definition.name);
    await documentStore.dropCollection(name);
    await documentStore.ensureCollection({ name, ...(definition.jsonText ? { jsonText: true } : {}) });
  }
  try {
    const handles = projections.map((projection) => new Set(projection.handles));
    const session = new RebuildSession(
      documentStore,
      new Set(collections.map((definition) => rebuildCollectionName(definition.name))),
      options.cachedDocuments ?? 2_000,
    );
    const targets = projections.map((projection) => mappedSession(session, projection, rebuildCollectionName));
    const total = await eventStore.countEvents();
    let processed = 0;
    let checkpoint = START;
    report(processed, total, false);
    /** Reads and applies the events after `checkpoint`, up to the log's head or, given, up to `limit`. */
    const applyUntil = async (limit?: string) => {
      for (;;) {
        if (options.aborted?.()) throw new RebuildAborted();
        if (limit !== undefined && eventStore.compareCheckpoints(checkpoint, limit) >= 0) break;
        const batch = await eventStore.readAll(checkpoint, batchSize);
        const events = limit === undefined ? batch.events : batch.events.filter((event) => eventStore.compareCheckpoints(event.checkpoint, limit) <= 0);
        if (events.length === 0) break;
        if (options.streamDocument) await session.prefetch(streamDocuments(events, options.streamDocument));
        // As a live batch is applied: each projection in turn, its events in the log's order.
        for (const [i, projection] of projections.entries()) {
          for (const event of events) {
            if (!handles[i]!.has(event.type)) continue;
            try {
              await projection.apply(event, targets[i]!);
            } catch (error) {
              throw new ProjectionError(projection.name, event, error);
            }
          }
        }
        await session.trim();
        processed += events.length;
        checkpoint = events.length === batch.events.length ? batch.checkpoint : events[events.length - 1]!.checkpoint;
        report(processed, total, false);
      }
    };
    await applyUntil();
    await session.flush();
    await session.settled();
    for (const definition of collections) {
      await documentStore.ensureCollection({ ...definition, name: rebuildCollectionName(definition.name) });
      await documentStore.refreshStatistics(rebuildCollectionName(definition.name));
    }
    const renames = collections.map((definition) => ({ source: rebuildCollectionName(definition.name), target: definition.name }));
    const swap = async () => {
      const checkpoints = projections.flatMap((projection) => [
        { projection: projection.name, checkpoint },
        { projection: versionKey(projection), checkpoint: projectionVersion(projection) },
      ]);
      if (documentStore.swapCollections) {
        // Readers see all the old read models or all the new ones.
        await documentStore.swapCollections(renames, checkpoints);
      } else {
        // Each rename is atomic. Should the process die between them, the checkpoints are still the old ones and the
        // live runner re-applies events that the (replay-safe) documents already reflect.
        for (const { source, target } of renames) await documentStore.renameCollection(source, target);
        await documentStore.transaction(async (session) => {
          for (const { projection, checkpoint: value } of checkpoints) await session.setCheckpoint(projection, value);
        });
      }
    };
    if (options.live) {
      // What was appended while the indexes and statistics were built, without holding up the live runner; then the
      // last few events and the swap while it waits (it has applied them to the old read models meanwhile).
      await applyUntil();
      await session.flush();
      await session.settled();
      const swappedAt = await options.live.exclusive(async (liveCheckpoint) => {
        await applyUntil(liveCheckpoint);
        await session.flush();
        await session.settled();
        await swap();
        return checkpoint;
      });
      checkpoint = swappedAt;
    } else {
      await swap();
    }
    // Read by no one now (the new code does not know them); dropped once the new read models serve.
    for (const name of projections.flatMap((projection) => projection.retiredCollections ?? [])) await documentStore.dropCollection(name);
    report(processed, total, true);
    return checkpoint;
  } catch (error) {
    for (const definition of collections) await documentStore.dropCollection(rebuildCollectionName(definition.name)).catch(() => undefined);
    throw error;
  }
}

function streamDocuments(events: readonly RecordedEvent[], documentOf: (streamId: string) => string | undefined): Set<string> {
  const ids = new Set<string>();
  for (const { streamId } of events) {
    const id = documentOf(streamId);
    if (id !== undefined) ids.add(id);
  }
  return ids;
}
