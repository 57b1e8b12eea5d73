import { evolveOrder, initialOrderState, ORDER_EVENT_TYPES, type OrderEvent, type OrderState, type RecordedEvent } from '@onsite/domain';
import type { CollectionDefinition, DocumentSession } from '@onsite/infrastructure';
import type { Projection } from '../runner/index.js';
import { detailFromState, listItemOf, type OrderDetailView, type OrderEventRow, type OrderListItem } from './order-views.js';

export const ORDER_DETAILS = 'order_details';
export const ORDER_LIST = 'order_list';
/** The folded domain state per order, so each event is applied with the domain's own evolve. */
export const ORDER_STATES = 'order_states';
/**
 * How many listed orders each (customer company, country, status) has: the list's total and the status cards are
 * sums of these, instead of a count over every order of the scope.
 */
export const ORDER_COUNTS = 'order_counts';

export interface OrderCount {
  readonly companyId: string;
  readonly country: string;
  readonly status: string;
  readonly count: number;
}

const SUBMISSIONS = new Set(['GET_QUOTE', 'DIRECT_ORDER', 'CONVERT']);

const collections: CollectionDefinition[] = [
  { name: ORDER_STATES },
  { name: ORDER_COUNTS },
  { name: ORDER_DETAILS, indexes: [{ name: 'order_details_ref', paths: ['refId'], unique: true }] },
  {
    name: ORDER_LIST,
    indexes: [
      { name: 'order_list_ref', paths: ['refId'], unique: true },
      { name: 'order_list_company_status', paths: ['companyId', 'status'] },
      { name: 'order_list_country_status', paths: ['country', 'status'] },
      { name: 'order_list_updated', paths: ['updatedAt'] },
      // The list's default order (latest change first): a page reads its own rows, not the whole list.
      { name: 'order_list_by_update', sort: [{ path: 'updatedAt', direction: 'desc' }, { path: 'refId', direction: 'asc' }] },
      // The list's search and the staff's customer filters (case-insensitive substrings).
      ...(['refId', 'customerName', 'locationName', 'city', 'endCustomerName'] as const).map((path) => ({ name: `order_list_${path.toLowerCase()}_search`, contains: path })),
    ],
  },
];

function eventRow(recorded: RecordedEvent, event: OrderEvent, before: OrderState, after: OrderState): OrderEventRow {
  const d = event.data as Record<string, unknown>;
  const text = (key: string) => (typeof d[key] === 'string' ? { [key]: d[key] as string } : {});
  const po = typeof d.po === 'object' && d.po !== null ? (d.po as { number?: string }).number : undefined;
  return {
    _id: recorded.eventId,
    event: event.type,
    status: after.status === 'none' ? 'INCOMPLETE' : after.status,
    previousStatus: before.status === 'none' ? null : before.status,
    timestamp: recorded.metadata.occurredAt,
    authorUserId: recorded.metadata.actorUserId,
    onBehalfOfUserId: recorded.metadata.onBehalfOfUserId ?? null,
    ...text('externalComment'),
    ...text('internalComment'),
    ...text('comment'),
    ...text('offerId'),
    ...(typeof d.expiresAt === 'string' ? { expiryDate: d.expiresAt } : {}),
    ...(po ? { po } : {}),
    ...(Array.isArray(d.reasons) ? { reasons: d.reasons as string[] } : {}),
  };
}

/**
 * One order event applied to the folded domain state and to the detail before it: the projection's step, pure,
 * so that the order as of any event (time travel, issue 16) is folded from the stream exactly as the live
 * detail was. `detail` is null while the order does not exist (the previous detail stands).
 */
export function applyOrderEvent(
  recorded: RecordedEvent,
  before: OrderState,
  previous: OrderDetailView | null,
): { readonly state: OrderState; readonly detail: OrderDetailView | null } {
  const event = { type: recorded.type, data: recorded.data } as OrderEvent;
  const after = evolveOrder(before, event);
  if (after.status === 'none') return { state: after, detail: null };
  const detail = detailFromState(after, previous, {
    version: recorded.streamVersion,
    at: recorded.metadata.occurredAt,
    actorUserId: recorded.metadata.actorUserId,
    submitted: SUBMISSIONS.has(event.type),
    row: eventRow(recorded, event, before, after),
  });
  return { state: after, detail };
}

/** Moves an order from its count (as listed before the event) to its count as listed now. */
async function moveCount(session: DocumentSession, before: OrderDetailView | null, after: OrderDetailView | null): Promise<void> {
  const key = (d: OrderDetailView) => `${d.customer.companyId}|${d.country}|${d.status}`;
  if (before && after && key(before) === key(after)) return;
  const counts = session.collection<OrderCount>(ORDER_COUNTS);
  for (const [detail, step] of [[before, -1], [after, 1]] as const) {
    if (!detail) continue;
    const stored = await counts.get(key(detail));
    const count = (stored?.data.count ?? 0) + step;
    await counts.upsert(key(detail), { companyId: detail.customer.companyId, country: detail.country, status: detail.status, count }, (stored?.revision ?? 0) + 1);
  }
}

/**
 * The order detail (with its events table) and the order list, from the order streams. Documents carry the
 * stream version they reflect, so a replayed event is ignored. An order deleted forever leaves the list.
 */
export const ordersProjection: Projection = {
  name: 'orders',
  // 2: list rows carry serviceIds; 3: the open offer's expiry and the service window; 5: the list's counts.
  // A new version makes the runner rebuild this projection at start.
  version: 5,
  collections,
  // Every order event the domain has (the list is exhaustive by type, so a new event cannot be forgotten here).
  handles: ORDER_EVENT_TYPES,
  async apply(recorded: RecordedEvent, session: DocumentSession): Promise<void> {
    if (!recorded.streamId.startsWith('order-')) return;
    const orderId = recorded.streamId.slice('order-'.length);
    const states = session.collection<{ state: OrderState }>(ORDER_STATES);
    const stored = await states.get(orderId);
    if (stored && stored.revision >= recorded.streamVersion) return;

    const details = session.collection<OrderDetailView>(ORDER_DETAILS);
    const previous = (await details.get(orderId))?.data ?? null;
    const { state: after, detail } = applyOrderEvent(recorded, stored?.data.state ?? initialOrderState, previous);
    await states.upsert(orderId, { state: after }, recorded.streamVersion);
    if (!detail) return;
    await details.upsert(orderId, detail, recorded.streamVersion);

    const list = session.collection<OrderListItem>(ORDER_LIST);
    if (detail.deletedForever) await list.delete(orderId);
    else await list.upsert(orderId, listItemOf(detail), recorded.streamVersion);
    await moveCount(session, previous && !previous.deletedForever ? previous : null, detail.deletedForever ? null : detail);
  },
};
