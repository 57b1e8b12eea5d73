import { orderStreamId, type RecordedEvent } from '@onsite/domain';
import { START, type EventStore } from '@onsite/infrastructure';
import { AUDIT_FORMAT, ChainWriter, type ExportedEvent, type ExportHeader } from './audit-chain.js';

/** What an export holds: one order's stream, or every event that occurred in [from, to). */
export type ExportScope =
  { readonly kind: 'order'; readonly orderId: string; readonly refId: string } | { readonly kind: 'range'; readonly from?: string; readonly to?: string };

const BATCH = 1_000;

export function exportedEvent(e: RecordedEvent): ExportedEvent {
  return {
    eventId: e.eventId,
    streamId: e.streamId,
    streamVersion: e.streamVersion,
    globalPosition: e.globalPosition,
    type: e.type,
    data: e.data,
    metadata: e.metadata,
    recordedAt: e.recordedAt,
  };
}

/**
 * The events of a scope, streamed in the store's global order (an order: stream order), a batch at a time:
 * memory stays bounded whatever the log's size. `keep` filters (the api keeps the orders the caller may see).
 */
export async function* eventsOf(
  eventStore: EventStore,
  scope: ExportScope,
  keep: (event: RecordedEvent) => boolean | Promise<boolean> = () => true,
): AsyncGenerator<RecordedEvent> {
  if (scope.kind === 'order') {
    const stream = orderStreamId(scope.orderId);
    for (let from = 1; ; from += BATCH) {
      const events = await eventStore.readStream(stream, { fromVersion: from, toVersion: from + BATCH - 1 });
      for (const e of events) if (await keep(e)) yield e;
      if (events.length < BATCH) return;
    }
  }
  const from = scope.from ? Date.parse(scope.from) : Number.NEGATIVE_INFINITY;
  const to = scope.to ? Date.parse(scope.to) : Number.POSITIVE_INFINITY;
  let checkpoint = START;
  for (;;) {
    const batch = await eventStore.readAll(checkpoint, BATCH);
    if (batch.events.length === 0) return;
    for (const e of batch.events) {
      const at = Date.parse(e.metadata.occurredAt);
      if (at >= from && at < to && (await keep(e))) yield e;
    }
    checkpoint = batch.checkpoint;
  }
}

export function headerOf(scope: ExportScope, exportedAt: Date): ExportHeader {
  const range = scope.kind === 'range' ? { ...(scope.from ? { from: scope.from } : {}), ...(scope.to ? { to: scope.to } : {}) } : {};
  return { format: AUDIT_FORMAT, exportedAt: exportedAt.toISOString(), scope: scope.kind === 'order' ? { order: scope.refId } : range };
}

/**
 * Writes the chained export of `events` line by line through `write` (which should wait while its sink is full)
 * and answers the number of events and the head hash.
 */
export async function writeAuditExport(
  events: AsyncIterable<RecordedEvent>,
  header: ExportHeader,
  write: (line: string) => void | Promise<void>,
  onProgress?: (events: number) => void,
): Promise<{ readonly events: number; readonly head: string }> {
  const chain = new ChainWriter();
  await write(chain.header(header));
  for await (const e of events) {
    await write(chain.event(exportedEvent(e)));
    if (onProgress && chain.count % 10_000 === 0) onProgress(chain.count);
  }
  await write(chain.end());
  return { events: chain.count, head: chain.head };
}
