import type { OrderStatus } from '../statuses.js';
import type { FeedbackEntry, PurchaseOrder } from '../types.js';

/** What an order waits for from its customer (the home page's action-required table). */
export const CUSTOMER_ACTIONS = ['DECIDE_ON_OFFER', 'ADD_PO_NUMBER', 'GIVE_FEEDBACK', 'FINISH_DRAFT', 'FINISH_CHANGE'] as const;
export type CustomerAction = (typeof CUSTOMER_ACTIONS)[number];

/** The facts of an order the rule reads. */
export interface CustomerActionFacts {
  readonly status: OrderStatus;
  readonly openOfferId: string | null;
  readonly po: PurchaseOrder | null;
  readonly feedback: readonly FeedbackEntry[];
  readonly hasChanges: boolean;
}

/** The PO number of a customer who has none (yet): a PO number is required, and '-' says there is none. */
export const NO_PO_NUMBER = '-';

/**
 * An open offer to accept or reject; an accepted order whose PO number is still '-' while it can be edited; a
 * completed job without feedback; a draft never sent; a change begun and not sent again.
 */
export function customerActionsOf(order: CustomerActionFacts): CustomerAction[] {
  const actions: CustomerAction[] = [];
  if (order.status === 'OFFERED' && order.openOfferId && !order.hasChanges) actions.push('DECIDE_ON_OFFER');
  if (order.status === 'ORDER_SUBMITTED' && order.po?.number.trim() === NO_PO_NUMBER) actions.push('ADD_PO_NUMBER');
  if (order.status === 'JOB_COMPLETED' && order.feedback.length === 0) actions.push('GIVE_FEEDBACK');
  if (order.status === 'INCOMPLETE' && !order.hasChanges) actions.push('FINISH_DRAFT');
  if (order.hasChanges) actions.push('FINISH_CHANGE');
  return actions;
}
