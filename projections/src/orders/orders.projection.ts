import { ORDER_EVENT_TYPES, type RecordedEvent } from '@onsite/domain';
import type { DocumentSession } from '@onsite/infrastructure';
import { DASHBOARD_ORDERS, dashboardsReadModel } from '../dashboards/dashboards.projection.js';
import type { Projection } from '../runner/index.js';
import { applyOrderEvent, orderDetailReadModel, ORDER_DETAILS, type OrderDetailView } from './order-detail/order-detail.js';
import { orderListReadModel } from './order-list/order-list.js';
import type { OrderReadModel } from './order-read-model.js';
import { restOfState, stateBefore, type OrderStateRest } from './order-state.js';

/**
 * Per order, what its folded domain state holds beyond its detail (D83: mostly nothing), and the stream version the
 * order's documents reflect. The state an event is applied to is the detail and this (`stateFromDetail`).
 */
export const ORDER_STATES = 'order_states';

/** The read models about orders, each answering its own question (see its folder; the dashboards' is D83). */
const ORDER_READ_MODELS: readonly OrderReadModel<OrderDetailView>[] = [orderDetailReadModel, orderListReadModel, dashboardsReadModel];

/**
 * The order read models from the order streams: the domain state is folded once per event and the detail it gives
 * is handed to every order read model (the dashboards' too, D83). Documents carry the stream version they reflect, so a replayed event is ignored.
 */
export const ordersProjection: Projection = {
  name: 'orders',
  // 2: list rows carry serviceIds; 3: the open offer's expiry and the service window; 5: the list's counts;
  // 6: the dashboards' read model (once its own projection, 'dashboards') folded from this state, order_states
  // slimmed to what the detail does not show (D83), and the list's narrow search rows (D81); 7: the search's words and
  // their dictionary (D111); 8: list rows carry the job's technicians (the timeline's column, D200); 9: the detail's job
  // result and invoice (D217).
  // A new version makes the runner rebuild this projection at start.
  version: 9,
  collections: [{ name: ORDER_STATES }, ...ORDER_READ_MODELS.flatMap((model) => model.collections)],
  retiredCollections: [DASHBOARD_ORDERS],
  // Every order event the domain has (the list is exhaustive by type, so a new event cannot be forgotten here).
  handles: ORDER_EVENT_TYPES,
  async apply(recorded: RecordedEvent, session: DocumentSession): Promise<void> {
    if (!recorded.streamId.startsWith('order-')) return;
    const orderId = recorded.streamId.slice('order-'.length);
    const states = session.collection<OrderStateRest>(ORDER_STATES);
    const stored = await states.get(orderId);
    if (stored && stored.revision >= recorded.streamVersion) return;

    const before = (await session.collection<OrderDetailView>(ORDER_DETAILS).get(orderId))?.data ?? null;
    const { state, detail } = applyOrderEvent(recorded, stateBefore(before, stored?.data), before);
    await states.upsert(orderId, state.status === 'none' ? {} : restOfState(state), recorded.streamVersion);
    if (!detail || state.status === 'none') return;
    const change = { orderId, version: recorded.streamVersion, before, after: detail, event: recorded, state };
    for (const model of ORDER_READ_MODELS) await model.apply(change, session);
  },
};
