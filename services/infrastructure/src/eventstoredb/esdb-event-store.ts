import { createHash, randomUUID } from 'node:crypto';
import {
  ANY,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START as ESDB_START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  jsonEvent,
  type AppendExpectedRevision,
  type ResolvedEvent,
} from '@eventstore/db-client';
import { withSchemaVersion, type EventMetadata, type RecordedEvent } from '@onsite/domain';
import {
  START,
  VersionConflictError,
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type ExpectedVersion,
  type ReadAllResult,
  type SubscribeOptions,
  type Subscription,
} from '../event-store/event-store.js';

/** Our expected version (0 = no stream, n = n events) → the server's (revision of the last event, 0-based). */
export function toExpectedRevision(expected: ExpectedVersion): AppendExpectedRevision {
  if (expected === 'any') return ANY;
  if (expected === 0) return NO_STREAM;
  return BigInt(expected - 1);
}

/** Checkpoints are `<commit>/<prepare>` of the $all position; START ('0') is before everything. */
export function encodeCheckpoint(position: { commit: bigint; prepare: bigint }): string {
  return `${position.commit}/${position.prepare}`;
}

export function decodeCheckpoint(checkpoint: string): { commit: bigint; prepare: bigint } | null {
  if (checkpoint === START) return null;
  const match = /^(\d+)\/(\d+)$/.exec(checkpoint);
  if (!match) throw new Error(`Not an EventStoreDB checkpoint: ${checkpoint}`);
  return { commit: BigInt(match[1]!), prepare: BigInt(match[2]!) };
}

export function compareEsdbCheckpoints(a: string, b: string): number {
  const pa = decodeCheckpoint(a);
  const pb = decodeCheckpoint(b);
  if (!pa || !pb) return (pa ? 1 : 0) - (pb ? 1 : 0);
  if (pa.commit !== pb.commit) return pa.commit < pb.commit ? -1 : 1;
  if (pa.prepare !== pb.prepare) return pa.prepare < pb.prepare ? -1 : 1;
  return 0;
}

/** The server wants UUID event ids; other ids are mapped to a stable UUID (and kept in the metadata). */
export function toUuid(id: string): string {
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return id.toLowerCase();
  const hex = createHash('sha1').update(id).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

const isSystem = (e: ResolvedEvent): boolean => !e.event || e.event.streamId.startsWith('$') || e.event.type.startsWith('$');

export interface EsdbEventStoreOptions {
  /** Poll interval of subscriptions once caught up (default 200 ms; local appends wake them at once). */
  readonly pollIntervalMs?: number;
}

/** EventStore on EventStoreDB / KurrentDB. Streams keep our names (`order-<id>`); system events (`$…`) are filtered out. */
export class EsdbEventStore implements EventStore {
  readonly name = 'eventstoredb';
  private readonly client: EventStoreDBClient;
  private readonly wakers = new Set<() => void>();
  private readonly subscriptions = new Set<Subscription>();

  constructor(
    connectionString: string,
    private readonly options: EsdbEventStoreOptions = {},
  ) {
    this.client = EventStoreDBClient.connectionString`${connectionString}`;
  }

  async init(): Promise<void> {}

  async appendToStream(streamId: string, events: readonly EventToAppend[], expectedVersion: ExpectedVersion): Promise<AppendResult> {
    const payload = events.map((e) => {
      const eventId = e.eventId ?? randomUUID();
      return jsonEvent({ id: toUuid(eventId), type: e.type, data: e.data as never, metadata: { ...withSchemaVersion(e.type, e.metadata), eventId } as never });
    });
    try {
      const result = await this.client.appendToStream(streamId, payload, { expectedRevision: toExpectedRevision(expectedVersion) });
      for (const wake of [...this.wakers]) wake();
      return { nextVersion: Number(result.nextExpectedRevision) + 1, lastCheckpoint: result.position ? encodeCheckpoint(result.position) : START };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        const actual = typeof error.actualVersion === 'bigint' ? Number(error.actualVersion) + 1 : 0;
        throw new VersionConflictError(streamId, expectedVersion, actual);
      }
      throw error;
    }
  }

  async readStream(streamId: string, options: { fromVersion?: number; toVersion?: number } = {}): Promise<RecordedEvent[]> {
    const from = Math.max(1, options.fromVersion ?? 1);
    const result: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, { fromRevision: BigInt(from - 1), direction: FORWARDS })) {
        const event = this.toRecorded(resolved);
        if (!event) continue;
        if (options.toVersion !== undefined && event.streamVersion > options.toVersion) break;
        result.push(event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return result;
  }

  async readAll(checkpoint: string, batchSize = 500): Promise<ReadAllResult> {
    const from = decodeCheckpoint(checkpoint);
    const events: RecordedEvent[] = [];
    let last = checkpoint;
    for await (const resolved of this.client.readAll({ fromPosition: from ?? ESDB_START, direction: FORWARDS, maxCount: batchSize + 1 })) {
      const position = resolved.event?.position ?? resolved.commitPosition;
      const pos = typeof position === 'bigint' ? { commit: position, prepare: position } : position;
      if (!pos) continue;
      const here = encodeCheckpoint(pos);
      if (compareEsdbCheckpoints(here, checkpoint) <= 0) continue; // readAll starts at (and includes) the given position
      last = here;
      if (!isSystem(resolved)) {
        const event = this.toRecorded(resolved);
        if (event) events.push(event);
      }
      if (events.length >= batchSize) break;
    }
    return { events, checkpoint: last };
  }

  subscribe(options: SubscribeOptions): Subscription {
    let closed = false;
    let wake: (() => void) | undefined;
    const loop = (async () => {
      let checkpoint = options.from;
      while (!closed) {
        try {
          const batch = await this.readAll(checkpoint, options.batchSize ?? 500);
          if (batch.events.length > 0) await options.onEvents(batch.events, batch.checkpoint);
          const moved = batch.checkpoint !== checkpoint;
          checkpoint = batch.checkpoint;
          if (moved) continue;
        } catch (error) {
          if (closed) return;
          options.onError?.(error);
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, this.options.pollIntervalMs ?? 200);
          function done(): void {
            clearTimeout(timer);
            resolve();
          }
          wake = done;
          this.wakers.add(done);
        });
        if (wake) this.wakers.delete(wake);
      }
    })();
    const subscription: Subscription = {
      close: async () => {
        closed = true;
        wake?.();
        this.subscriptions.delete(subscription);
        await loop.catch(() => {});
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  compareCheckpoints(a: string, b: string): number {
    return compareEsdbCheckpoints(a, b);
  }

  async countEvents(): Promise<number> {
    let count = 0;
    for await (const resolved of this.client.readAll({ fromPosition: ESDB_START, direction: FORWARDS })) if (!isSystem(resolved)) count++;
    return count;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.close()));
    await this.client.dispose();
  }

  private toRecorded(resolved: ResolvedEvent): RecordedEvent | null {
    const e = resolved.event;
    if (!e || e.streamId.startsWith('$') || e.type.startsWith('$')) return null;
    const { eventId, ...metadata } = (e.metadata ?? {}) as unknown as EventMetadata & { eventId?: string };
    const position = e.position ?? { commit: 0n, prepare: 0n };
    const created = e.created as unknown;
    return {
      eventId: eventId ?? e.id,
      streamId: e.streamId,
      streamVersion: Number(e.revision) + 1,
      checkpoint: encodeCheckpoint(position),
      globalPosition: position.commit.toString(),
      type: e.type,
      data: e.data,
      metadata: metadata as EventMetadata,
      recordedAt: created instanceof Date ? created.toISOString() : new Date(Number(created) / 10_000 - 62_135_596_800_000).toISOString(),
    };
  }
}
