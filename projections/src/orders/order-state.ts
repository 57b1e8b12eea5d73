import type { ExistingOrderState, OrderBody, OrderState } from '@onsite/domain';
import type { OrderDetailView } from './order-detail/order-detail.js';

/**
 * What the folded domain state of an order holds that its detail does not show (D83): who declined it, what a
 * closed order reopens to, and the order it was reordered from. Everything else of the state is in the detail, so
 * the orders projection stores only this beside it (`order_states`) instead of the whole state a second time.
 */
export interface OrderStateRest {
  readonly declinedBy?: Extract<ExistingOrderState, { status: 'DECLINED' }>['declinedBy'];
  readonly reopensTo?: Extract<ExistingOrderState, { status: 'CLOSED' }>['reopensTo'];
  readonly reorderedFrom?: OrderBody['reorderedFrom'];
}

/** The part of `state` that `stateFromDetail` cannot take from the detail. */
export function restOfState(state: ExistingOrderState): OrderStateRest {
  return {
    ...(state.status === 'DECLINED' ? { declinedBy: state.declinedBy } : {}),
    ...(state.status === 'CLOSED' ? { reopensTo: state.reopensTo } : {}),
    ...(state.order.reorderedFrom ? { reorderedFrom: state.order.reorderedFrom } : {}),
  };
}

/**
 * The folded state again, from the detail it gave and its rest: the same state evolveOrder returned, as stored
 * (the optional fields the detail shows as null are absent). Checked over every order event type in
 * order-state.unit.test.ts, so a field added to the state and not to the detail or the rest fails there.
 */
export function stateFromDetail(detail: OrderDetailView, rest: OrderStateRest): ExistingOrderState {
  const order: OrderBody = {
    orderId: detail._id,
    refId: detail.refId,
    customer: detail.customer,
    creationType: detail.creationType,
    type: detail.type,
    content: detail.content,
    offers: detail.offers,
    ...(detail.po ? { po: detail.po } : {}),
    termsAccepted: detail.termsAccepted,
    supervisorUserIds: detail.supervisorUserIds,
    ...(detail.ownerUserId !== null ? { ownerUserId: detail.ownerUserId } : {}),
    ...(detail.financialInfo ? { financialInfo: detail.financialInfo } : {}),
    feedback: detail.feedback,
    ...(detail.job ? { job: detail.job } : {}),
    hasChanges: detail.hasChanges,
    orderNotCompleted: detail.orderNotCompleted,
    previousStatus: detail.previousStatus,
    shortNotice: detail.shortNotice,
    ...(rest.reorderedFrom ? { reorderedFrom: rest.reorderedFrom } : {}),
  };
  switch (detail.status) {
    case 'OFFERED':
      return { status: detail.status, openOfferId: detail.openOfferId!, order };
    case 'DECLINED':
      return { status: detail.status, declinedBy: rest.declinedBy!, order };
    case 'CLOSED':
      return { status: detail.status, reopensTo: rest.reopensTo!, order };
    case 'DELETED':
      return { status: detail.status, deletedForever: detail.deletedForever, order };
    default:
      return { status: detail.status, order };
  }
}

/** The state before an event: none while the order has no detail yet. */
export function stateBefore(detail: OrderDetailView | null, rest: OrderStateRest | undefined): OrderState {
  return detail ? stateFromDetail(detail, rest ?? {}) : { status: 'none' };
}
