import { canSeeOrder, isStaff, notFound, orderStreamId, initialOrderState, type Actor, type OrderState, type RecordedEvent } from '@onsite/domain';
import type { DocumentStore, EventStore } from '@onsite/infrastructure';
import { applyOrderEvent, ordersProjection, type OrderDetailView } from '@onsite/projections';
import { presentOrderDetail, visibleOrder, type OrderDetailResponse } from '../orders/order-detail.js';

/**
 * Where to stop: at an instant (every event that occurred at or before it), at a stream version (event number),
 * or at an event (by its id, as the events table lists it: exact even when several events share an instant).
 */
export type AsOf = { readonly asOf: string } | { readonly asOfVersion: number } | { readonly asOfEventId: string };
type FoldUntil = Exclude<AsOf, { readonly asOfEventId: string }>;

/** The detail as of a moment, with what that moment was and how far the order has moved on since. */
type HistoricalOrderDetailResponse = OrderDetailResponse & {
  readonly historical: { readonly asOf: string | null; readonly asOfVersion: number; readonly latestVersion: number };
};

const ORDER_EVENTS: ReadonlySet<string> = new Set(ordersProjection.handles);

/**
 * Folds an order stream up to a moment with the same step as the live projection (the domain's evolve, then the
 * detail); null when the order did not exist yet. Pure: the events are the only input, never the read model.
 */
export function foldOrderDetail(events: readonly RecordedEvent[], until: FoldUntil): OrderDetailView | null {
  let state: OrderState = initialOrderState;
  let detail: OrderDetailView | null = null;
  const cutAt = 'asOf' in until ? Date.parse(until.asOf) : Number.POSITIVE_INFINITY;
  const cutVersion = 'asOfVersion' in until ? until.asOfVersion : Number.POSITIVE_INFINITY;
  for (const recorded of events) {
    if (recorded.streamVersion > cutVersion || Date.parse(recorded.metadata.occurredAt) > cutAt) break;
    if (!ORDER_EVENTS.has(recorded.type)) continue;
    const step = applyOrderEvent(recorded, state, detail);
    state = step.state;
    detail = step.detail ?? detail;
  }
  return detail;
}

/**
 * The order detail as of an instant or an event, folded from the event stream. The caller must be able to see
 * the order now (404 otherwise) and, for customers, in the state it had then (an order still in preparation was
 * not theirs to see); customers get their customer-safe view. 404 when the order did not exist yet.
 */
export async function orderDetailAsOf(
  stores: { readonly documentStore: DocumentStore; readonly eventStore: EventStore },
  actor: Actor,
  refId: string,
  until: AsOf,
): Promise<HistoricalOrderDetailResponse> {
  const current = await visibleOrder(stores.documentStore, actor, { refId });
  const events = await stores.eventStore.readStream(orderStreamId(current._id));
  const missing = () => notFound('The order did not exist yet at that moment, or you could not see it then.');
  let cut: FoldUntil;
  if ('asOfEventId' in until) {
    const event = events.find((e) => e.eventId === until.asOfEventId);
    if (!event) throw notFound('This order has no such event.');
    cut = { asOfVersion: event.streamVersion };
  } else {
    cut = until;
  }
  const then = foldOrderDetail(events, cut);
  if (!then) throw missing();
  if (!(isStaff(actor) && !actor.onBehalfOf) && !canSeeOrder(actor, { status: then.status, companyId: then.customer.companyId, country: then.country }))
    throw missing();
  const presented = await presentOrderDetail(stores.documentStore, actor, then);
  return {
    ...presented,
    historical: {
      asOf: 'asOf' in until ? new Date(until.asOf).toISOString() : 'asOfEventId' in until ? then.updatedAt : null,
      asOfVersion: then.version,
      latestVersion: events.at(-1)?.streamVersion ?? then.version,
    },
  };
}
