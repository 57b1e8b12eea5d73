import { evolveOrder, initialOrderState, type OrderEvent, type OrderState, type RecordedEvent } from '@onsite/domain';

/** One step of an order's history: the state after the event, and who caused it. */
interface ReplayStep {
  readonly version: number;
  readonly occurredAt: string;
  readonly event: string;
  readonly status: string;
  readonly previousStatus: string | null;
  readonly actorUserId: string;
  readonly onBehalfOfUserId: string | null;
}

/** Folds an order stream with the domain's evolve, one step per event, up to `until` (an instant, inclusive). */
export function replaySteps(events: readonly RecordedEvent[], until?: string): ReplayStep[] {
  const cut = until ? Date.parse(until) : Number.POSITIVE_INFINITY;
  const steps: ReplayStep[] = [];
  let state: OrderState = initialOrderState;
  for (const e of events) {
    if (Date.parse(e.metadata.occurredAt) > cut) break;
    const before = state;
    state = evolveOrder(state, { type: e.type, data: e.data } as OrderEvent);
    steps.push({
      version: e.streamVersion,
      occurredAt: e.metadata.occurredAt,
      event: e.type,
      status: state.status,
      previousStatus: before.status === 'none' ? null : before.status,
      actorUserId: e.metadata.actorUserId,
      onBehalfOfUserId: e.metadata.onBehalfOfUserId ?? null,
    });
  }
  return steps;
}
